/**
 * The local deployment runner (the port: lambdas/ports/deployment-runner.ts): runs a deployment
 * the deploy route stored as `pending` in this process, with all state in the table, so a
 * restart resumes what was unfinished (as the LocalOrchestrator does for generations). On AWS a
 * Step Functions execution will run it (with project stacks, the next issue).
 */
import type { DeploymentRunner } from '../../ports/deployment-runner';
import { BackgroundRuns } from '../background-runs';
import { runDeployment, type DeploymentServices } from './run-deployment';

/** @deprecated Temporary: import the port (lambdas/ports/deployment-runner.ts); the composition root still names it here. */

/** Runs deployments in the background of this process; `idle()` waits for them (tests, shutdown). */
export class LocalDeploymentRunner implements DeploymentRunner {
  // runDeployment ends a failed deployment itself; an error reaching the runner is the table (or
  // the services) being unreachable: the deployment stays unfinished and a restart resumes it.
  private readonly runs = new BackgroundRuns((deploymentId, err) => console.error('local deployment run failed before services were ready', deploymentId, err));

  constructor(private readonly services: () => Promise<DeploymentServices>) {}

  async start(deploymentId: string): Promise<void> {
    this.runs.start(deploymentId, async () => {
      const services = await this.services();
      try {
        await runDeployment(services, deploymentId);
      } catch (err) {
        services.logger.error('local deployment run failed', { deploymentId, error: err as Error });
      }
    });
  }

  /** Resumes every deployment the table lists as unfinished (after a restart). */
  async resumePending(): Promise<number> {
    const services = await this.services();
    const pending = await services.deployments.pending();
    for (const id of pending) await this.start(id);
    return pending.length;
  }

  idle(): Promise<void> {
    return this.runs.idle();
  }
}
