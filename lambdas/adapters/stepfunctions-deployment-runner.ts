/**
 * The deployment runner on AWS (lambdas/ports/deployment-runner.ts): one execution of the
 * deployment state machine per deployment, named after it, so a retried start is the same
 * execution (lib/control-plane/deployment-workflow.ts runs the stack steps one task at a time).
 */
import type { SFNClient } from '@aws-sdk/client-sfn';
import type { DeploymentRunner } from '../ports/deployment-runner';
import { startExecutionOnce } from './stepfunctions-start';

export class StepFunctionsDeploymentRunner implements DeploymentRunner {
  constructor(
    private readonly client: SFNClient,
    private readonly stateMachineArn: string,
  ) {}

  start(deploymentId: string): Promise<void> {
    return startExecutionOnce(this.client, this.stateMachineArn, deploymentId, { deploymentId });
  }
}
