/**
 * The deployer the control-plane routes use on AWS: a preview (and the data-loss check of a
 * deploy or rollback) is asked of the deployment step function, which alone may synthesize and
 * read project stacks and project tables (lib/control-plane/deployment-workflow.ts), so a route's
 * role holds one lambda:InvokeFunction instead of wildcards over every project. Deployments and
 * destroys themselves run in the deployment state machine, started by the deployment runner.
 */
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { destructiveChanges, type DeployPreview, type PreviewChange } from '../core/deploy/deploy-preview';
import type { DeployInput, DeployResult, DestroyInput, DestroyResult, PreviewInput, ProjectDeployer } from '../ports/project-deployer';
import { withBackoff } from './throttling';

export class InvokedProjectDeployer implements ProjectDeployer {
  constructor(
    private readonly client: LambdaClient,
    private readonly functionName: string,
  ) {}

  async preview(input: PreviewInput): Promise<DeployPreview> {
    const answer = await withBackoff(() => this.client.send(new InvokeCommand({ FunctionName: this.functionName, Payload: Buffer.from(JSON.stringify({ step: 'preview', projectId: input.projectId, ir: input.ir })) })));
    const text = answer.Payload ? Buffer.from(answer.Payload).toString('utf8') : '';
    if (answer.FunctionError) {
      let message: string | undefined;
      try {
        message = (JSON.parse(text) as { errorMessage?: string }).errorMessage;
      } catch {
        message = undefined;
      }
      throw new Error(`the preview failed: ${message ?? answer.FunctionError}`);
    }
    return JSON.parse(text) as DeployPreview;
  }

  async dataLoss(input: PreviewInput): Promise<readonly PreviewChange[]> {
    return destructiveChanges(await this.preview(input));
  }

  deploy(_input: DeployInput): Promise<DeployResult> {
    return Promise.reject(new Error('On AWS a deployment runs in the deployment state machine (the deployment runner starts it)'));
  }

  destroy(_input: DestroyInput): Promise<DestroyResult> {
    return Promise.reject(new Error('On AWS a destroy runs in the deployment state machine (the deployment runner starts it)'));
  }
}
