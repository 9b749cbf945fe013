/**
 * The end of a durable execution that its handler could not record itself, applied to its
 * workflow instance, so no instance stays `running` or `waiting` for an execution that is gone.
 * The handler records every end it reaches (its `end` step); these are the others:
 *   - FAILED     the handler threw past its retries, a checkpoint was refused, the code failed
 *                outside a step (a replay that no longer matches, an out-of-memory crash)
 *   - TIMED_OUT  the execution ran past its execution timeout (366 days)
 *   - STOPPED    StopDurableExecution from outside the API (the console, the CLI); the API's own
 *                cancel ends the instance itself, and whichever end comes second changes nothing
 * Locally the engine reports FAILED as it happens (composition-workflows.ts); on AWS Lambda's
 * "Durable Execution Status Change" events reach workflow-execution-ends.lambda.ts. Both call
 * `endInstanceOfExecution`, which is idempotent: an instance that already ended keeps its end.
 */
import * as z from 'zod';
import type { Clock } from '../../core/clock';
import type { DurableExecutionStatus } from '../../ports/durable-executions';
import type { WorkflowInstanceStatus, WorkflowInstanceStore } from '../../ports/workflow-instances';

/** The statuses an execution can end in without its handler recording the end. */
export const UNRECORDED_END_STATUSES = ['FAILED', 'TIMED_OUT', 'STOPPED'] as const satisfies readonly DurableExecutionStatus[];
export type UnrecordedEndStatus = (typeof UNRECORDED_END_STATUSES)[number];

export const isUnrecordedEnd = (status: string): status is UnrecordedEndStatus => (UNRECORDED_END_STATUSES as readonly string[]).includes(status);

/** An execution that ended, as its engine describes it. */
export interface EndedExecution {
  /** The execution's input (JSON text): a WorkflowExecutionInput, which names the instance and its organization. */
  readonly input: string | undefined;
  readonly status: UnrecordedEndStatus;
  readonly error?: { readonly message?: string; readonly type?: string };
}

/** What the instance needs from the execution's input; anything else in it is the workflow's. */
const ExecutionInputSchema = z.object({
  instanceId: z.string().min(1),
  orgId: z.string().min(1).nullable(),
});

const INSTANCE_END: Record<UnrecordedEndStatus, (error: EndedExecution['error']) => { status: WorkflowInstanceStatus; error?: string }> = {
  FAILED: (error) => ({ status: 'failed', error: `The workflow engine ended it: ${error?.message ?? error?.type ?? 'unknown error'}` }),
  TIMED_OUT: () => ({ status: 'failed', error: 'Its durable execution ran past the longest an execution may run (366 days)' }),
  STOPPED: () => ({ status: 'cancelled' }),
};

export type InstanceEndOutcome = 'ended' | 'already-ended' | 'not-an-instance';

/**
 * Ends the instance of `execution` as its end says. `already-ended`: the handler (or the API's
 * cancel) recorded an end first, which stands. `not-an-instance`: the input names no instance
 * (an execution started by hand with other input), so there is nothing to end.
 */
export async function endInstanceOfExecution(
  instances: Pick<WorkflowInstanceStore, 'finish'>,
  clock: Clock,
  execution: EndedExecution,
): Promise<InstanceEndOutcome> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(execution.input ?? 'null');
  } catch {
    return 'not-an-instance';
  }
  const input = ExecutionInputSchema.safeParse(parsed);
  if (!input.success) return 'not-an-instance';
  const end = INSTANCE_END[execution.status](execution.error);
  const ended = await instances.finish(input.data.orgId, input.data.instanceId, { ...end, at: clock.now().toISOString() });
  return ended ? 'ended' : 'already-ended';
}
