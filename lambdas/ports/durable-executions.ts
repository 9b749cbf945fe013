/**
 * What a project's runtime needs to drive durable executions (one per workflow instance), the
 * same on AWS and locally:
 *   - AWS: Lambda durable functions (lambdas/adapters/durable/lambda-durable-executions.ts);
 *   - locally: the same durable handler run in-process against the project's table
 *     (lambdas/adapters/durable/local/local-durable-engine.ts).
 *
 * An execution is named by its instance id (Lambda's DurableExecutionName), so starting is
 * idempotent: a retried trigger finds the execution its first attempt started. A callback is
 * named by the opaque id the engine handed the handler (`ctx.waitForCallback`); keeping a map
 * from an instance and an event name to that id is the caller's business (the SDK knows only ids).
 */
import { ConflictError, NotFoundError } from '../core/errors';

/** Lambda's rule for a DurableExecutionName; the local engine keeps it too, so ids work on both. */
const EXECUTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export const isDurableExecutionName = (instanceId: string): boolean => EXECUTION_NAME.test(instanceId);

/** An instance id that cannot name an execution is a server bug (the runtime makes the ids), not a client's fault. */
export function assertDurableExecutionName(instanceId: string): void {
  if (!isDurableExecutionName(instanceId)) throw new RangeError(`"${instanceId}" cannot name a durable execution (1-64 of A-Z a-z 0-9 _ -)`);
}

export interface DurableStartResult {
  /** false: an execution with this id existed already, and this call started nothing. */
  readonly started: boolean;
  /** The execution's ARN (locally an ARN-like id); absent when AWS refused a second start without naming the first. */
  readonly executionArn?: string;
}

/** A failure a callback reports (SendDurableExecutionCallbackFailure): what the handler's CallbackError carries. */
export interface DurableCallbackError {
  readonly message: string;
  readonly type?: string;
  /** Structured detail, serialized as the handler reads it (ErrorData). */
  readonly data?: string;
}

export interface DurableExecutions {
  /**
   * Starts the execution `instanceId` with `input` (JSON), asynchronously: it returns once the
   * start is recorded, not when the execution finishes. A second start with the same id starts
   * nothing and answers `started: false`.
   */
  start(instanceId: string, input: unknown): Promise<DurableStartResult>;
  /**
   * Completes a pending callback with `result`, sent as its JSON text (the handler reads it with a
   * JSON serdes). DurableExecutionNotFoundError: no such callback; DurableExecutionFinishedError:
   * it already completed, timed out, or its execution ended.
   */
  sendCallbackSuccess(callbackId: string, result: unknown): Promise<void>;
  /** Fails a pending callback (the handler sees a CallbackError); errors as sendCallbackSuccess. */
  sendCallbackFailure(callbackId: string, error: DurableCallbackError): Promise<void>;
  /** Stops a running execution; nothing due for it runs afterwards. Errors: not found, or already finished. */
  stop(instanceId: string): Promise<void>;
}

/** Lambda's execution statuses (TIMED_OUT: its execution timeout elapsed). */
export type DurableExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'STOPPED';

/** One operation of an execution, as the admin view shows it. */
export interface DurableOperationView {
  readonly id: string;
  readonly parentId?: string;
  readonly name?: string;
  /** STEP, WAIT, CALLBACK, CONTEXT, ... (the SDK's OperationType). */
  readonly type: string;
  readonly subType?: string;
  /** STARTED, PENDING, READY, SUCCEEDED, FAILED, TIMED_OUT, ... (the SDK's OperationStatus). */
  readonly status: string;
  readonly startedAt?: string;
  readonly endedAt?: string;
  /** The serialized result (a step's output, a callback's result). */
  readonly result?: string;
  readonly error?: { readonly message?: string; readonly type?: string };
  /** Steps: attempts made so far. */
  readonly attempt?: number;
  /** When a wait elapses, a retry is due or a callback times out. */
  readonly dueAt?: string;
}

export interface DurableExecutionView {
  readonly instanceId: string;
  readonly status: DurableExecutionStatus;
  readonly startedAt: string;
  readonly endedAt?: string;
  /** The handler's serialized result (SUCCEEDED). */
  readonly result?: string;
  readonly error?: { readonly message?: string; readonly type?: string };
  /** In start order. */
  readonly operations: readonly DurableOperationView[];
}

/** An execution by its ARN, as a status-change event names it: how it stands and what it was started with. */
export interface DurableExecutionSummary {
  readonly status: DurableExecutionStatus;
  /** The input it was started with (JSON text). */
  readonly input?: string;
  readonly error?: { readonly message?: string; readonly type?: string };
}

/** The admin view's status query (the local engine answers it; the AWS transport does not yet). */
export interface DurableExecutionInspector {
  /** DurableExecutionNotFoundError for an unknown id. */
  describe(instanceId: string): Promise<DurableExecutionView>;
}

/** No execution or callback with that id: the routes answer 404. */
export class DurableExecutionNotFoundError extends NotFoundError {
  constructor(what: string) {
    super(`${what} not found`);
  }
}

/** The execution already ended, or the callback was already completed or timed out: 409. */
export class DurableExecutionFinishedError extends ConflictError {}
