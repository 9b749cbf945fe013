/**
 * Runs generation steps over the stored state: one step (what a Step Functions task does) or
 * every step not yet done (what the local orchestrator does, also after a restart).
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import { PartTooLargeError, type BlueprintRepository } from '../../ports/blueprint-repository';
import type { ProjectRepository } from '../../ports/project-repository';
import type { SpecRepository } from '../../ports/spec-repository';
import type { Clock } from '../../core/clock';
import { countMetric, OPERATIONS_METRICS } from '../../shared/operations-metrics';
import { GENERATION_STEPS, type GenerationStep } from './steps';

export interface GenerationServices {
  readonly blueprints: BlueprintRepository;
  readonly specs: SpecRepository;
  readonly projects: ProjectRepository;
  readonly clock: Clock;
  readonly logger: Logger;
}

export type StepRunResult = 'done' | 'skipped' | 'failed' | 'finished';

/** Runs one named step of a generation; a step already done is skipped (never run twice). */
export async function runStep(services: GenerationServices, blueprintId: string, step: GenerationStep): Promise<StepRunResult> {
  const { blueprints, clock } = services;
  const blueprint = await blueprints.get(blueprintId);
  if (!blueprint || blueprint.status !== 'processing') return 'finished';
  if (blueprint.stepsDone.includes(step.name)) return 'skipped';
  await blueprints.startStep(blueprintId, step.label, clock.now());
  let outcome;
  try {
    outcome = await step.run({
      blueprint,
      specs: services.specs,
      projects: services.projects,
      now: () => clock.now(),
      readPart: async <T>(name: string) => {
        const part = await blueprints.getPart<T>(blueprintId, name);
        if (part === null) throw new Error(`generation ${blueprintId}: part ${name} is missing before step ${step.name}`);
        return part;
      },
    });
    if ('outputs' in outcome) {
      const recorded = await blueprints.completeStep(blueprintId, step.name, step.progress, outcome.outputs, clock.now());
      // One "done" line per step and generation: a resumed run never records a step twice.
      if (recorded) services.logger.info('generation step done', { blueprintId, step: step.name });
      return recorded ? 'done' : 'skipped';
    }
  } catch (err) {
    // A bad spec must end in a failed generation with a reason, never a stuck one or a 5xx.
    const message = err instanceof PartTooLargeError ? `The blueprint is too large to store: ${err.message}` : 'Generation failed unexpectedly';
    // Counted (EMF, operations-metrics.ts): the execution itself ends well, so only this shows the failure.
    services.logger.error('generation step failed', { blueprintId, step: step.name, error: err as Error, ...countMetric(OPERATIONS_METRICS.generationsFailed) });
    await blueprints.finish(blueprintId, { status: 'failed', error: message, validation: null }, clock.now());
    return 'failed';
  }
  await blueprints.finish(blueprintId, { status: 'failed', error: outcome.failure.error, validation: outcome.failure.validation }, clock.now());
  return 'failed';
}

/** Completes a generation after its last step: completed with the stored validation report. */
export async function completeGeneration(services: GenerationServices, blueprintId: string): Promise<void> {
  const validation = await services.blueprints.getPart<{ valid: boolean; errors: []; warnings: [] }>(blueprintId, 'validation');
  await services.blueprints.finish(blueprintId, { status: 'completed', error: null, validation }, services.clock.now());
}

/** Every remaining step, in order, then completion. */
export async function runGeneration(services: GenerationServices, blueprintId: string, stepDelayMs = 0): Promise<void> {
  for (const step of GENERATION_STEPS) {
    if (stepDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, stepDelayMs));
    const result = await runStep(services, blueprintId, step);
    if (result === 'failed' || result === 'finished') return;
  }
  await completeGeneration(services, blueprintId);
}
