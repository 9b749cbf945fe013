/**
 * One operation of a local durable execution as the table holds it (flat attributes, times in
 * epoch milliseconds), and the two shapes made from it: the SDK's wire operation (what the handler
 * replays) and the admin view's. Pure.
 */
import type { ErrorObject, OperationStatus, OperationType, WireOperation } from '@aws/durable-execution-sdk-js';
import type { DurableOperationView } from '../../../ports/durable-executions';

export interface StoredOperation {
  readonly id: string;
  readonly parentId?: string;
  readonly name?: string;
  readonly type: OperationType;
  readonly subType?: string;
  readonly status: OperationStatus;
  /** Start order within the execution (the admin view lists by it). */
  readonly seq: number;
  readonly startedAt: number;
  readonly endedAt?: number;
  /** EXECUTION: the handler's input (JSON text). */
  readonly input?: string;
  /** STEP / CONTEXT / CALLBACK: the serialized result. */
  readonly result?: string;
  readonly error?: ErrorObject;
  /** STEP: attempts made. */
  readonly attempt?: number;
  /** STEP: when the next attempt is due (status PENDING). */
  readonly nextAttemptAt?: number;
  /** WAIT: when it elapses. */
  readonly scheduledEndAt?: number;
  /** CALLBACK: the id a sender completes it with. */
  readonly callbackId?: string;
  /** CALLBACK: when it times out unless completed. */
  readonly timeoutAt?: number;
  /** CONTEXT: whether its children are replayed (ContextOptions.ReplayChildren). */
  readonly replayChildren?: boolean;
}

const iso = (ms: number | undefined): string | undefined => (ms === undefined ? undefined : new Date(ms).toISOString());

/** Drops absent members: the SDK and DynamoDB both prefer a missing key to an undefined one. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The operation as the SDK reads it from an invocation event or a state page (timestamps as ISO strings, as on the wire). */
export function toWireOperation(op: StoredOperation): WireOperation {
  const wire: WireOperation = compact({
    Id: op.id,
    ParentId: op.parentId,
    Name: op.name,
    Type: op.type,
    SubType: op.subType,
    Status: op.status,
    StartTimestamp: iso(op.startedAt),
    EndTimestamp: iso(op.endedAt),
  });
  switch (op.type) {
    case 'EXECUTION':
      wire.ExecutionDetails = compact({ InputPayload: op.input });
      break;
    case 'STEP':
      wire.StepDetails = compact({ Attempt: op.attempt, NextAttemptTimestamp: iso(op.nextAttemptAt), Result: op.result, Error: op.error });
      break;
    case 'WAIT':
      wire.WaitDetails = compact({ ScheduledEndTimestamp: iso(op.scheduledEndAt) });
      break;
    case 'CALLBACK':
      wire.CallbackDetails = compact({ CallbackId: op.callbackId, Result: op.result, Error: op.error });
      break;
    case 'CONTEXT':
      wire.ContextDetails = compact({ ReplayChildren: op.replayChildren, Result: op.result, Error: op.error });
      break;
    case 'CHAINED_INVOKE':
      wire.ChainedInvokeDetails = compact({ Result: op.result, Error: op.error });
      break;
  }
  return wire;
}

/** The operation as the admin view shows it (the callback id stays out: it completes the callback). */
export function toOperationView(op: StoredOperation): DurableOperationView {
  const error = op.error ? compact({ message: op.error.ErrorMessage, type: op.error.ErrorType }) : undefined;
  return compact({
    id: op.id,
    parentId: op.parentId,
    name: op.name,
    type: op.type,
    subType: op.subType,
    status: op.status,
    startedAt: iso(op.startedAt),
    endedAt: iso(op.endedAt),
    result: op.result,
    error,
    attempt: op.attempt,
    dueAt: iso(op.scheduledEndAt ?? op.nextAttemptAt ?? (op.status === 'STARTED' ? op.timeoutAt : undefined)),
  });
}

/** The item attributes of an operation (undefined members dropped). */
export const operationAttributes = (op: StoredOperation): Record<string, unknown> => compact({ ...op });
