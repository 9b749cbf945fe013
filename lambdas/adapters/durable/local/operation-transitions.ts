/**
 * How an operation changes, as Lambda's durable execution service changes it (the testing
 * package's checkpoint server is the reference, confirmed by runs: LAB-NOTES "The durable SDK runs
 * a handler locally against a custom store"). Pure: the store reads, this decides, the store writes.
 *
 *   by a checkpoint (the handler's OperationUpdate):
 *     WAIT START(WaitSeconds)          -> STARTED, ScheduledEndTimestamp, a due `wait`
 *     STEP RETRY(NextAttemptDelay)     -> PENDING, Attempt + 1, NextAttemptTimestamp, a due `retry`
 *     CALLBACK START(TimeoutSeconds)   -> STARTED with a new CallbackId (+ a due `callback-timeout`)
 *     SUCCEED / FAIL                   -> SUCCEEDED / FAILED (a step counts the attempt)
 *   by time or a sender (elapse, completeCallback): the due item's transition, then a re-invocation.
 */
import type { ErrorObject, OperationStatus, OperationUpdate } from '@aws/durable-execution-sdk-js';
import type { StoredOperation } from './stored-operation';

/** What a due item does when its time comes; `invoke` re-runs the execution itself (a retried or lost invocation). */
export type DueKind = 'wait' | 'retry' | 'callback-timeout' | 'invoke';

export interface DueEntry {
  readonly dueAt: number;
  /** '' for `invoke`. */
  readonly operationId: string;
  readonly kind: DueKind;
}

export interface UpdateEffect {
  readonly operation: StoredOperation;
  /** A due item to add (a new wait, retry delay or callback timeout). */
  readonly schedule?: DueEntry;
  /** A due item that no longer applies (a cancelled wait or callback). */
  readonly unschedule?: DueEntry;
  /** A new callback: its id -> this operation. */
  readonly newCallbackId?: string;
  /** An EXECUTION update (the SDK's path for a result too large for the invocation's answer). */
  readonly endsExecution?: { readonly status: 'SUCCEEDED' | 'FAILED'; readonly result?: string; readonly error?: ErrorObject };
}

export interface UpdateContext {
  readonly now: number;
  /** The start order a new operation gets. */
  readonly seq: number;
  readonly newCallbackId: () => string;
}

const seconds = (value: number | undefined): number => Math.max(0, value ?? 0) * 1000;

/** The error a timed-out callback carries (the handler turns it into CallbackTimeoutError). */
export const CALLBACK_TIMED_OUT: ErrorObject = { ErrorType: 'CallbackTimeout', ErrorMessage: 'Callback timed out' };

/** The due item an operation is waiting on now, if any. */
export function pendingDue(op: StoredOperation): DueEntry | undefined {
  if (op.type === 'WAIT' && op.status === 'STARTED' && op.scheduledEndAt !== undefined) return { dueAt: op.scheduledEndAt, operationId: op.id, kind: 'wait' };
  if (op.type === 'STEP' && op.status === 'PENDING' && op.nextAttemptAt !== undefined) return { dueAt: op.nextAttemptAt, operationId: op.id, kind: 'retry' };
  if (op.type === 'CALLBACK' && op.status === 'STARTED' && op.timeoutAt !== undefined) return { dueAt: op.timeoutAt, operationId: op.id, kind: 'callback-timeout' };
  return undefined;
}

function finished(op: StoredOperation, status: OperationStatus, now: number, result: string | undefined, error: ErrorObject | undefined): StoredOperation {
  return {
    ...op,
    status,
    endedAt: now,
    ...(result !== undefined ? { result } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(op.type === 'STEP' ? { attempt: (op.attempt ?? 0) + 1, nextAttemptAt: undefined } : {}),
  };
}

/** A new operation's record before its action applies. */
function created(update: OperationUpdate, context: UpdateContext): StoredOperation {
  if (!update.Id || !update.Type) throw new Error('An operation update needs an Id and a Type');
  const op: StoredOperation = {
    id: update.Id,
    type: update.Type,
    status: 'STARTED',
    seq: context.seq,
    startedAt: context.now,
    ...(update.ParentId !== undefined ? { parentId: update.ParentId } : {}),
    ...(update.Name !== undefined ? { name: update.Name } : {}),
    ...(update.SubType !== undefined ? { subType: update.SubType } : {}),
  };
  if (update.Type === 'CONTEXT' && update.ContextOptions?.ReplayChildren !== undefined) return { ...op, replayChildren: update.ContextOptions.ReplayChildren };
  return op;
}

/** One OperationUpdate of a checkpoint applied to the operation it names (`existing` undefined: a new one). */
export function applyUpdate(existing: StoredOperation | undefined, update: OperationUpdate, context: UpdateContext): UpdateEffect {
  const { now } = context;
  const op = existing ?? created(update, context);
  const endsExecution = (status: 'SUCCEEDED' | 'FAILED') =>
    update.Type === 'EXECUTION' ? { endsExecution: { status, ...(update.Payload !== undefined ? { result: update.Payload } : {}), ...(update.Error ? { error: update.Error } : {}) } } : {};
  switch (update.Action) {
    case 'SUCCEED':
      return { operation: finished(op, 'SUCCEEDED', now, update.Payload, undefined), ...endsExecution('SUCCEEDED') };
    case 'FAIL':
      return { operation: finished(op, 'FAILED', now, update.Payload, update.Error), ...endsExecution('FAILED') };
    case 'RETRY': {
      const nextAttemptAt = now + seconds(update.StepOptions?.NextAttemptDelaySeconds);
      const operation: StoredOperation = {
        ...op,
        status: 'PENDING',
        attempt: (op.attempt ?? 0) + 1,
        nextAttemptAt,
        ...(update.Payload !== undefined ? { result: update.Payload } : {}),
        ...(update.Error ? { error: update.Error } : {}),
      };
      return { operation, schedule: { dueAt: nextAttemptAt, operationId: op.id, kind: 'retry' } };
    }
    case 'CANCEL': {
      const due = pendingDue(op);
      return { operation: { ...op, status: 'CANCELLED', endedAt: now }, ...(due ? { unschedule: due } : {}) };
    }
    case 'START':
    default:
      return started(existing, op, update, context);
  }
}

function started(existing: StoredOperation | undefined, op: StoredOperation, update: OperationUpdate, context: UpdateContext): UpdateEffect {
  const { now } = context;
  // A repeated START of a wait or callback changes nothing (its timer and id stand); a step's
  // START after READY is its next attempt.
  if (existing && (existing.type === 'WAIT' || existing.type === 'CALLBACK')) return { operation: existing };
  if (existing) return { operation: { ...existing, status: 'STARTED', nextAttemptAt: undefined } };
  if (op.type === 'WAIT') {
    const scheduledEndAt = now + seconds(update.WaitOptions?.WaitSeconds);
    return { operation: { ...op, scheduledEndAt }, schedule: { dueAt: scheduledEndAt, operationId: op.id, kind: 'wait' } };
  }
  if (op.type === 'CALLBACK') {
    const callbackId = context.newCallbackId();
    const timeout = update.CallbackOptions?.TimeoutSeconds;
    if (timeout === undefined || timeout <= 0) return { operation: { ...op, callbackId }, newCallbackId: callbackId };
    const timeoutAt = now + seconds(timeout);
    return { operation: { ...op, callbackId, timeoutAt }, newCallbackId: callbackId, schedule: { dueAt: timeoutAt, operationId: op.id, kind: 'callback-timeout' } };
  }
  return { operation: op };
}

/**
 * What a due item does to its operation, or undefined when the operation has moved on (a
 * callback completed before its timeout, a cancelled wait): then the item only goes away.
 */
export function elapse(op: StoredOperation, kind: Exclude<DueKind, 'invoke'>, now: number): StoredOperation | undefined {
  if (pendingDue(op)?.kind !== kind) return undefined;
  switch (kind) {
    case 'wait':
      return { ...op, status: 'SUCCEEDED', endedAt: now };
    case 'retry':
      return { ...op, status: 'READY' };
    case 'callback-timeout':
      return { ...op, status: 'TIMED_OUT', endedAt: now, error: CALLBACK_TIMED_OUT };
  }
}

export type CallbackOutcome = { readonly result: string } | { readonly error: ErrorObject };

/** A sender's answer to a callback, or undefined when it is no longer waiting (completed, timed out, cancelled). */
export function completeCallback(op: StoredOperation, outcome: CallbackOutcome, now: number): StoredOperation | undefined {
  if (op.type !== 'CALLBACK' || op.status !== 'STARTED') return undefined;
  return 'result' in outcome ? { ...op, status: 'SUCCEEDED', endedAt: now, result: outcome.result } : { ...op, status: 'FAILED', endedAt: now, error: outcome.error };
}
