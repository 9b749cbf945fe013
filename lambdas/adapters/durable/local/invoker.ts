/**
 * Runs a local durable execution's handler the way Lambda invokes it: an invocation event
 * (DurableExecutionArn, a fresh CheckpointToken, InitialExecutionState with the EXECUTION
 * operation first, UpdatedOperationIds), a Lambda-like context, then the answer recorded
 * (SUCCEEDED with the result, FAILED with the error, PENDING: suspended until something is due).
 *
 * One invocation at a time per execution: a change arriving while one runs (a callback, a due
 * item) asks for another run after it, as Lambda would re-invoke. An invocation that throws (its
 * transport failed, its checkpoint raced a change) is retried after a delay, a few times, then
 * the execution fails, as Lambda's retries of a failed invocation end.
 */
import { randomUUID } from 'node:crypto';
import type { DurableExecutionInvocationInput, DurableLambdaHandler, ErrorObject } from '@aws/durable-execution-sdk-js';
import type { Context } from 'aws-lambda';
import type { Clock } from '../../../core/clock';
import type { ExecutionStore, InvocationEnd, InvocationGrant } from './execution-store';
import type { DueEntry } from './operation-transitions';
import { toWireOperation } from './stored-operation';
import { localExecutionArn, STATE_PAGE_SIZE } from './table-durable-client';

/** Lambda's longest invocation: the lease after which a lost invocation (a crashed process) runs again. */
export const INVOCATION_LEASE_MS = 15 * 60 * 1000;
/** Invocations in a row that may throw before the execution fails (Lambda retries an async invoke twice). */
export const MAX_THROWN_INVOCATIONS = 3;
const RETRY_BASE_MS = 1000;

export interface InvokerOptions {
  readonly executions: ExecutionStore;
  /** The wrapped handler: `withDurableExecution(handler, { durableExecutionClient })`. */
  readonly handler: DurableLambdaHandler;
  readonly clock: Clock;
  /** Told of a retry it scheduled (the scheduler's next wake-up). */
  readonly onScheduled: (due: readonly DueEntry[]) => void;
  readonly onError: (err: unknown, instanceId: string) => void;
  /** Told when an execution ends FAILED (the handler failed, or threw on every attempt), with its input (JSON text). */
  readonly onFailed?: (instanceId: string, input: string | undefined, error: ErrorObject | undefined) => Promise<void>;
  /** Told when an invocation is handed every operation of its execution (its checkpoints need not look for new ones). */
  readonly onOperationsKnown?: (instanceId: string, token: string, operationIds: readonly string[]) => void;
  readonly leaseMs?: number;
}

const asErrorObject = (err: unknown): ErrorObject =>
  err instanceof Error ? { ErrorType: err.name, ErrorMessage: err.message } : { ErrorType: 'Error', ErrorMessage: String(err) };

/** The context Lambda hands a handler, as much of it as a durable handler reads. */
function lambdaContext(instanceId: string, remainingMs: () => number): Context {
  const unsupported = (): never => {
    throw new Error('Not available to a durable handler');
  };
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'local-durable-engine',
    functionVersion: '$LATEST',
    invokedFunctionArn: localExecutionArn(instanceId),
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: 'local-durable-engine',
    logStreamName: instanceId,
    getRemainingTimeInMillis: remainingMs,
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

export class Invoker {
  /** The run of each execution invoked now (its promise settles when no further run is asked for). */
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private readonly leaseMs: number;

  constructor(private readonly options: InvokerOptions) {
    this.leaseMs = options.leaseMs ?? INVOCATION_LEASE_MS;
  }

  isRunning(instanceId: string): boolean {
    return this.running.has(instanceId);
  }

  /** Runs the execution (again after the current run, if one is under way); settles when it has nothing left to do now. */
  invoke(instanceId: string): Promise<void> {
    const current = this.running.get(instanceId);
    if (current) {
      this.again.add(instanceId);
      return current;
    }
    const run = this.loop(instanceId).finally(() => this.running.delete(instanceId));
    this.running.set(instanceId, run);
    return run;
  }

  /** Resolves once no invocation runs (of `instanceId`, when given), including those the finished ones asked for. */
  async settled(instanceId?: string): Promise<void> {
    if (instanceId !== undefined) {
      await this.running.get(instanceId)?.catch(() => undefined);
      return;
    }
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  private async loop(instanceId: string): Promise<void> {
    do {
      this.again.delete(instanceId);
      try {
        if (await this.once(instanceId)) this.again.add(instanceId);
      } catch (err) {
        this.options.onError(err, instanceId);
      }
    } while (this.again.has(instanceId));
  }

  /** One invocation; true when the execution changed meanwhile and must run again. */
  private async once(instanceId: string): Promise<boolean> {
    const { executions, clock } = this.options;
    const grant = await executions.beginInvocation(instanceId, clock.now().getTime(), this.leaseMs);
    if (!grant) return false;
    const event = await this.event(instanceId, grant);
    const context = lambdaContext(instanceId, () => Math.max(0, grant.leaseDueAt - clock.now().getTime()));
    let end: InvocationEnd;
    try {
      const output = await this.options.handler(event, context);
      end = output.Status === 'SUCCEEDED' ? { status: 'SUCCEEDED', ...(output.Result !== undefined ? { result: output.Result } : {}) } : output.Status === 'FAILED' ? { status: 'FAILED', error: output.Error } : { status: 'PENDING' };
    } catch (err) {
      end = await this.thrown(instanceId, err);
    }
    const after = await executions.endInvocation(instanceId, grant, end, clock.now().getTime());
    if (after?.status === 'FAILED' && this.options.onFailed) {
      await this.options.onFailed(instanceId, event.InitialExecutionState.Operations?.[0]?.ExecutionDetails?.InputPayload, 'error' in end ? end.error : undefined).catch((err: unknown) => this.options.onError(err, instanceId));
    }
    if (end.status === 'THREW' && end.retryAt !== undefined && after) this.options.onScheduled([{ dueAt: end.retryAt, operationId: '', kind: 'invoke' }]);
    // Fenced (undefined): a stop or a newer invocation owns the execution now. A change that came
    // in meanwhile (it may be what made a checkpoint throw) is run at once.
    return after !== undefined && after.status === 'RUNNING' && (end.status === 'PENDING' || end.status === 'THREW') && after.updatedIds.length > 0;
  }

  private async thrown(instanceId: string, err: unknown): Promise<InvocationEnd> {
    const failures = ((await this.options.executions.get(instanceId))?.failedInvocations ?? 0) + 1;
    const retryAt = failures < MAX_THROWN_INVOCATIONS ? this.options.clock.now().getTime() + RETRY_BASE_MS * 2 ** (failures - 1) : undefined;
    return { status: 'THREW', error: asErrorObject(err), retryAt };
  }

  private async event(instanceId: string, grant: InvocationGrant): Promise<DurableExecutionInvocationInput> {
    const { executions } = this.options;
    const input = await executions.inputOperation(instanceId);
    if (!input) throw new Error(`Durable execution ${instanceId} has no input operation`);
    const page = await executions.operationPage(instanceId, undefined, STATE_PAGE_SIZE);
    if (!page.nextMarker) this.options.onOperationsKnown?.(instanceId, grant.token, page.operations.map((op) => op.id));
    return {
      DurableExecutionArn: localExecutionArn(instanceId),
      CheckpointToken: grant.token,
      // The SDK reads the input from the first operation it is given.
      InitialExecutionState: { Operations: [input, ...page.operations].map(toWireOperation), ...(page.nextMarker ? { NextMarker: page.nextMarker } : {}) },
      ...(grant.updatedIds.length > 0 ? { UpdatedOperationIds: [...grant.updatedIds] } : {}),
    };
  }
}
