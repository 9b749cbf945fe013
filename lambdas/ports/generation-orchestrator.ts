/**
 * Starts a blueprint generation stored as `processing`. On AWS a Step Functions execution runs
 * the steps (lambdas/adapters/stepfunctions-orchestrator.ts; the state machine is built from
 * GENERATION_STEPS); locally LocalOrchestrator runs them in process
 * (lambdas/control-plane/generation/orchestrator.ts). All state is in the store, so a restart resumes.
 */
export interface GenerationOrchestrator {
  /** Starting one twice is harmless: a run skips the steps already done and stops at an ended generation. */
  start(blueprintId: string): Promise<void>;
}
