/**
 * The deployment runner port: starts a deployment that the deploy route has stored as
 * `pending`. On AWS a Step Functions execution will run it (with project stacks, the next
 * issue); locally, the local runner runs it in this process with all state in the table, so
 * a restart resumes what was unfinished (as the LocalOrchestrator does for generations).
 */
import { runDeployment, type DeploymentServices } from './run-deployment';

export interface DeploymentRunner {
  start(deploymentId: string): Promise<void>;
}

/** Runs deployments in the background of this process; `idle()` waits for them (tests, shutdown). */
export class LocalDeploymentRunner implements DeploymentRunner {
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly services: () => Promise<DeploymentServices>) {}

  async start(deploymentId: string): Promise<void> {
    if (this.running.has(deploymentId)) return;
    const run = (async () => {
      // Let the 202 go out first, as on AWS where StartExecution returns at once.
      await new Promise((resolve) => setImmediate(resolve));
      let services: DeploymentServices | undefined;
      try {
        services = await this.services();
        await runDeployment(services, deploymentId);
      } catch (err) {
        // runDeployment ends a failed deployment itself; this is the table (or the services)
        // being unreachable. The deployment stays unfinished and a restart resumes it.
        if (services) services.logger.error('local deployment run failed', { deploymentId, error: err as Error });
        else console.error('local deployment run failed before services were ready', deploymentId, err);
      }
    })().finally(() => this.running.delete(deploymentId));
    this.running.set(deploymentId, run);
  }

  /** Resumes every deployment the table lists as unfinished (after a restart). */
  async resumePending(): Promise<number> {
    const services = await this.services();
    const pending = await services.deployments.pending();
    for (const id of pending) await this.start(id);
    return pending.length;
  }

  async idle(): Promise<void> {
    await Promise.all([...this.running.values()]);
  }
}
