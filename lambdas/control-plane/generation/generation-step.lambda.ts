/**
 * The Step Functions task of blueprint generation: runs one named step (or completes / fails
 * the generation) over the state in the table. The state machine passes only ids.
 */
import { generationStepServices } from '../composition/background-services';
import { countMetric, OPERATIONS_METRICS } from '../../shared/operations-metrics';
import { completeGeneration, runStep, type StepRunResult } from './run-generation';
import { GENERATION_STEPS } from './steps';

export interface GenerationTaskInput {
  readonly blueprintId: string;
  /** A step name, `complete` after the last step, or `fail` from the state machine's catch. */
  readonly step: string;
  /** The error Step Functions caught (for `fail`). */
  readonly error?: { Error?: string; Cause?: string };
}

export interface GenerationTaskOutput {
  readonly blueprintId: string;
  /** `continue` to the next step, or `stop` (the generation failed or had already ended). */
  readonly next: 'continue' | 'stop';
  readonly result: StepRunResult | 'completed';
}

export const handler = async (input: GenerationTaskInput): Promise<GenerationTaskOutput> => {
  const services = await generationStepServices();
  services.logger.appendKeys({ blueprintId: input.blueprintId, step: input.step });
  if (input.step === 'complete') {
    await completeGeneration(services, input.blueprintId);
    return { blueprintId: input.blueprintId, next: 'stop', result: 'completed' };
  }
  if (input.step === 'fail') {
    services.logger.error('generation failed in the state machine', { error: input.error, ...countMetric(OPERATIONS_METRICS.generationsFailed) });
    await services.blueprints.finish(input.blueprintId, { status: 'failed', error: 'Generation failed unexpectedly', validation: null }, services.clock.now());
    return { blueprintId: input.blueprintId, next: 'stop', result: 'failed' };
  }
  const step = GENERATION_STEPS.find((s) => s.name === input.step);
  if (!step) throw new Error(`unknown generation step ${input.step}`);
  const result = await runStep(services, input.blueprintId, step);
  return { blueprintId: input.blueprintId, next: result === 'done' || result === 'skipped' ? 'continue' : 'stop', result };
};
