/** The orchestrator on AWS: one Step Functions execution per generation, named after the blueprint. */
import { ExecutionAlreadyExists, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { GenerationOrchestrator } from '../ports/generation-orchestrator';

export class StepFunctionsOrchestrator implements GenerationOrchestrator {
  constructor(
    private readonly client: SFNClient,
    private readonly stateMachineArn: string,
  ) {}

  async start(blueprintId: string): Promise<void> {
    try {
      await this.client.send(
        new StartExecutionCommand({ stateMachineArn: this.stateMachineArn, name: blueprintId, input: JSON.stringify({ blueprintId }) }),
      );
    } catch (err) {
      // The name is the blueprint id: a retried start of the same generation is the same execution.
      if (!(err instanceof ExecutionAlreadyExists)) throw err;
    }
  }
}
