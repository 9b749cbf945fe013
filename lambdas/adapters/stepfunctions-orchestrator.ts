/** The orchestrator on AWS: one Step Functions execution per generation, named after the blueprint. */
import type { SFNClient } from '@aws-sdk/client-sfn';
import type { GenerationOrchestrator } from '../ports/generation-orchestrator';
import { startExecutionOnce } from './stepfunctions-start';

export class StepFunctionsOrchestrator implements GenerationOrchestrator {
  constructor(
    private readonly client: SFNClient,
    private readonly stateMachineArn: string,
  ) {}

  start(blueprintId: string): Promise<void> {
    return startExecutionOnce(this.client, this.stateMachineArn, blueprintId, { blueprintId });
  }
}
