/**
 * The orchestrator port: starts a generation. On AWS, Step Functions runs the steps (the
 * state machine is built by CDK from GENERATION_STEPS); locally, the local orchestrator runs
 * the same step functions in this process, with all state in the table, so a restart resumes.
 */
import type { GenerationServices } from './run-generation';
import { runGeneration } from './run-generation';
import { BackgroundRuns } from '../background-runs';

export interface GenerationOrchestrator {
  start(blueprintId: string): Promise<void>;
}

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
