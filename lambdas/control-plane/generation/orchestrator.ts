/**
 * The local orchestrator (the port: lambdas/ports/generation-orchestrator.ts): runs the same
 * step functions Step Functions runs on AWS, in this process, with all state in the table, so a
 * restart resumes.
 */
import type { GenerationOrchestrator } from '../../ports/generation-orchestrator';
import type { GenerationServices } from './run-generation';
import { runGeneration } from './run-generation';
import { BackgroundRuns } from '../background-runs';

/** @deprecated Temporary: import the port (lambdas/ports/generation-orchestrator.ts); the composition root still names it here. */

/** Runs generations in the background of this process; `idle()` waits for them (tests, shutdown). */
export class LocalOrchestrator implements GenerationOrchestrator {
  private readonly runs = new BackgroundRuns((blueprintId, err) => console.error('local generation failed before services were ready', blueprintId, err));

  /**
   * @param stepDelayMs a pause before each step (local testing knob `BGS_GENERATION_STEP_DELAY_MS`:
   *   lets a test stop the service between steps and watch the generation resume)
   */
  constructor(
    private readonly services: () => Promise<GenerationServices>,
    private readonly stepDelayMs = 0,
  ) {}

  async start(blueprintId: string): Promise<void> {
    this.runs.start(blueprintId, async () => {
      const services = await this.services();
      try {
        await runGeneration(services, blueprintId, this.stepDelayMs);
      } catch (err) {
        services.logger.error('local generation failed', { blueprintId, error: err as Error });
      }
    });
  }

  /** Resumes every generation the table lists as pending (after a restart). */
  async resumePending(): Promise<number> {
    const services = await this.services();
    const pending = await services.blueprints.pending();
    for (const id of pending) await this.start(id);
    return pending.length;
  }

  idle(): Promise<void> {
    return this.runs.idle();
  }
}
