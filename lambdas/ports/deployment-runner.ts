/**
 * Starts a deployment the deploy route stored as `pending`. Locally LocalDeploymentRunner runs
 * it in process (lambdas/control-plane/deployment/runner.ts); on AWS a Step Functions execution
 * will. All state is in the store, so a restart resumes what was unfinished.
 */
export interface DeploymentRunner {
  start(deploymentId: string): Promise<void>;
}
