/**
 * Lambda's "Durable Execution Status Change" events (EventBridge, source `aws.lambda`), as the
 * project stack's rule hands them to workflow-execution-ends.lambda.ts: for an execution of the
 * project's workflow function that ended FAILED, TIMED_OUT or STOPPED, its instance is ended
 * (execution-ends.ts). The event names the execution but carries neither its input (which names
 * the instance and its organization) nor its error, so the execution is read once by its ARN.
 *
 * A failure to read or write throws, so EventBridge retries the event and, after its retries,
 * parks it in the rule target's dead-letter queue. An event of another shape, of a status the
 * handler records itself, or of an execution Lambda no longer keeps is logged and dropped:
 * retrying it would never succeed.
 */
import * as z from 'zod';
import type { Clock } from '../../core/clock';
import { DurableExecutionNotFoundError, type DurableExecutionSummary } from '../../ports/durable-executions';
import type { WorkflowInstanceStore } from '../../ports/workflow-instances';
import { endInstanceOfExecution, isUnrecordedEnd, type InstanceEndOutcome } from './execution-ends';

/** The event's source and detail type (the rule's pattern uses the same constants). */
export const EXECUTION_STATUS_EVENT = { source: 'aws.lambda', detailType: 'Durable Execution Status Change' } as const;

const ExecutionStatusEventSchema = z.object({
  source: z.literal(EXECUTION_STATUS_EVENT.source),
  'detail-type': z.literal(EXECUTION_STATUS_EVENT.detailType),
  detail: z.object({
    durableExecutionArn: z.string().min(1),
    durableExecutionName: z.string().optional(),
    status: z.string().min(1),
  }),
});

export interface ExecutionStatusEventPorts {
  /** Reads an execution by its ARN (LambdaDurableExecutions.summary). */
  readonly summary: (executionArn: string) => Promise<DurableExecutionSummary>;
  readonly instances: Pick<WorkflowInstanceStore, 'finish'>;
  readonly clock: Clock;
  /** Where dropped events are told (the function's logger). */
  readonly log: (message: string, detail: Record<string, unknown>) => void;
}

export type ExecutionStatusEventOutcome = InstanceEndOutcome | 'ignored' | 'execution-gone';

export function createExecutionStatusEventHandler(ports: ExecutionStatusEventPorts): (event: unknown) => Promise<ExecutionStatusEventOutcome> {
  return async (event) => {
    const parsed = ExecutionStatusEventSchema.safeParse(event);
    if (!parsed.success) {
      ports.log('Not a durable execution status change: dropped', { issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) });
      return 'ignored';
    }
    const { durableExecutionArn, durableExecutionName, status } = parsed.data.detail;
    // RUNNING and SUCCEEDED: the handler records those itself (the rule leaves them out too).
    if (!isUnrecordedEnd(status)) return 'ignored';
    let execution: DurableExecutionSummary;
    try {
      execution = await ports.summary(durableExecutionArn);
    } catch (err) {
      if (!(err instanceof DurableExecutionNotFoundError)) throw err;
      ports.log('The execution is no longer kept: its instance cannot be found from it', { durableExecutionArn, durableExecutionName, status });
      return 'execution-gone';
    }
    const outcome = await endInstanceOfExecution(ports.instances, ports.clock, { input: execution.input, status, ...(execution.error ? { error: execution.error } : {}) });
    if (outcome === 'not-an-instance') ports.log('The execution names no workflow instance: nothing to end', { durableExecutionArn, durableExecutionName, status });
    return outcome;
  };
}
