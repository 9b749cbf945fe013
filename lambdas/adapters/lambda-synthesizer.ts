/**
 * Synthesizes a project's template by invoking the synthesis function (project-synth.lambda.ts):
 * the CDK runs there, bundled apart, so the functions that call this carry no aws-cdk-lib. The
 * request is the blueprint and where the code is; the answer the template (~50 KB; Lambda's
 * synchronous payload limit is 6 MB). A failed synthesis comes back as the function's error.
 */
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import type { SynthesisRequest } from '../core/deploy/synthesis-request';
import type { CloudFormationTemplate } from '../core/deploy/template-diff';
import { withBackoff } from './throttling';

export class LambdaSynthesizer {
  constructor(
    private readonly client: LambdaClient,
    private readonly functionName: string,
  ) {}

  async synthesize(request: SynthesisRequest): Promise<CloudFormationTemplate> {
    const answer = await withBackoff(() => this.client.send(new InvokeCommand({ FunctionName: this.functionName, Payload: Buffer.from(JSON.stringify(request)) })));
    const text = answer.Payload ? Buffer.from(answer.Payload).toString('utf8') : '';
    if (answer.FunctionError) {
      const message = (() => {
        try {
          return (JSON.parse(text) as { errorMessage?: string }).errorMessage;
        } catch {
          return undefined;
        }
      })();
      throw new Error(`the synthesis failed: ${message ?? answer.FunctionError}`);
    }
    const parsed = JSON.parse(text) as { template?: CloudFormationTemplate };
    if (!parsed.template) throw new Error('the synthesis function answered no template');
    return parsed.template;
  }
}
