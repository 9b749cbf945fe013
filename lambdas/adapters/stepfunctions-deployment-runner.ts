/**
 * The deployment runner on AWS (lambdas/ports/deployment-runner.ts): one execution of the
 * deployment state machine per deployment, named after it, so a retried start is the same
 * execution (lib/control-plane/deployment-workflow.ts runs the stack steps one task at a time).
 */
import { ExecutionAlreadyExists, StartExecutionCommand, type SFNClient } from '@aws-sdk/client-sfn';
import type { DeploymentRunner } from '../ports/deployment-runner';

export class StepFunctionsDeploymentRunner implements DeploymentRunner {
  constructor(
    private readonly client: SFNClient,
    private readonly stateMachineArn: string,
  ) {}

  async start(deploymentId: string): Promise<void> {
    try {
      await this.client.send(new StartExecutionCommand({ stateMachineArn: this.stateMachineArn, name: deploymentId, input: JSON.stringify({ deploymentId }) }));
    } catch (err) {
      if (!(err instanceof ExecutionAlreadyExists)) throw err;
    }
  }
}
