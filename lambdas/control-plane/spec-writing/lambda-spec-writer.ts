/**
 * The spec writer on AWS: one asynchronous invocation (InvocationType `Event`) of the writer
 * function per project, which Lambda accepts at once (202) and runs after the request has
 * answered. Lambda does not retry it (lib/control-plane/spec-writer.ts), and the writer claims
 * the project once, so a duplicate delivery writes nothing twice.
 */
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import type { SpecWriter } from './spec-writer';
import type { SpecWriterEvent } from './spec-writer-function';

export class LambdaSpecWriter implements SpecWriter {
  constructor(
    private readonly client: LambdaClient,
    private readonly functionName: string,
  ) {}

  async start(projectId: string): Promise<void> {
    const event: SpecWriterEvent = { projectId };
    const { StatusCode } = await this.client.send(
      new InvokeCommand({ FunctionName: this.functionName, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(event)) }),
    );
    if (StatusCode !== 202) throw new Error(`The spec writer ${this.functionName} did not accept the invocation (status ${StatusCode ?? 'none'})`);
  }
}
