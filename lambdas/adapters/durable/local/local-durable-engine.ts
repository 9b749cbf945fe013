/**
 * The local durable engine: the durable executions port run in-process. The workflow handler is
 * the one Lambda runs (`withDurableExecution`), given a transport over the project's table
 * instead of Lambda's; a scheduler in the same table drives waits, retry delays and callback
 * timeouts, and catches up after a restart.
 *
 *   start -> execution item (idempotent by name) -> invoke
 *   invoke (invoker.ts) -> handler -> checkpoints (checkpoint-store.ts: token-fenced transactions)
 *   due items / callbacks (due-store.ts) -> operation changed -> invoke again
 *   stop -> STOPPED, tokens void; later due items and callbacks do nothing
 *
 * Tests inject a manual clock, move it, and call runDue() (it returns once the invocations it
 * caused have settled); on the system clock the scheduler's timer calls it.
 */
import { withDurableExecution, type DurableExecutionConfig, type DurableExecutionHandler, type ErrorObject } from '@aws/durable-execution-sdk-js';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { systemClock, type Clock } from '../../../core/clock';
import {
  assertDurableExecutionName,
  DurableExecutionFinishedError,
  DurableExecutionNotFoundError,
  type DurableCallbackError,
  type DurableExecutionInspector,
  type DurableExecutions,
  type DurableExecutionView,
  type DurableStartResult,
} from '../../../ports/durable-executions';
import { CheckpointStore } from './checkpoint-store';
import { DueScheduler } from './due-scheduler';
import { callbackFailure, DueStore, type DueItem } from './due-store';
import { ExecutionStore } from './execution-store';
import { Invoker } from './invoker';
import type { CallbackOutcome, DueEntry } from './operation-transitions';
import { toOperationView } from './stored-operation';
import { localExecutionArn, TableDurableClient } from './table-durable-client';

export interface LocalDurableEngineOptions {
  readonly doc: DynamoDBDocumentClient;
  /** The project's table (project-table.ts); the engine's keys are in project-table-keys.ts. */
  readonly tableName: string;
  /** The workflow handler, as the Lambda function wraps it. */
  readonly handler: DurableExecutionHandler;
  /** Further SDK settings (plugins, logger); the transport is the engine's. */
  readonly handlerConfig?: Omit<DurableExecutionConfig, 'durableExecutionClient' | 'client'>;
  readonly clock?: Clock;
  /** Where failures of background work go (a due pass, an invocation's bookkeeping). */
  readonly onError?: (err: unknown) => void;
  /**
   * Told when an execution ends FAILED outside what its handler could record itself (a checkpoint
   * refused, a handler that threw on every attempt): its input (JSON text) and error.
   */
  readonly onExecutionFailed?: (instanceId: string, input: string | undefined, error: { message?: string; type?: string } | undefined) => Promise<void>;
  /** How long an invocation may run before it counts as lost (Lambda's 15 minutes). */
  readonly leaseMs?: number;
}

/** Due items handled per Query page and at once. */
const DUE_PAGE = 100;
const DUE_CONCURRENCY = 16;

export class LocalDurableEngine implements DurableExecutions, DurableExecutionInspector {
  private readonly clock: Clock;
  private readonly executions: ExecutionStore;
  private readonly dues: DueStore;
  private readonly invoker: Invoker;
  private readonly scheduler: DueScheduler;
  private readonly onError: (err: unknown) => void;
  private duePass: Promise<number> | undefined;

  constructor(options: LocalDurableEngineOptions) {
    const table = { doc: options.doc, tableName: options.tableName };
    const onError = options.onError ?? ((err: unknown) => console.error('local durable engine:', err));
    this.onError = onError;
    this.clock = options.clock ?? systemClock;
    this.executions = new ExecutionStore(table);
    this.dues = new DueStore(table, this.executions);
    const onScheduled = (due: readonly DueEntry[]) => {
      for (const entry of due) this.scheduler.note(entry.dueAt);
    };
    const checkpoints = new CheckpointStore(table, this.executions);
    const client = new TableDurableClient({ executions: this.executions, checkpoints, clock: this.clock, onScheduled });
    this.invoker = new Invoker({
      executions: this.executions,
      onOperationsKnown: (instanceId, token, ids) => checkpoints.knowOperations(instanceId, token, ids),
      handler: withDurableExecution(options.handler, { ...options.handlerConfig, durableExecutionClient: client }),
      clock: this.clock,
      onScheduled,
      onError: (err) => onError(err),
      ...(options.onExecutionFailed
        ? { onFailed: (id: string, input: string | undefined, error: ErrorObject | undefined) => options.onExecutionFailed!(id, input, error ? { message: error.ErrorMessage, type: error.ErrorType } : undefined) }
        : {}),
      ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
    });
    this.scheduler = new DueScheduler({ clock: this.clock, nextDueAt: () => this.dues.nextDueAt(), runDue: () => this.runDue(), onError });
  }

  /**
   * Starts the scheduler: what fell due while no engine ran is run at once, and so are the
   * invocations a previous process left under way (one engine per table: they died with it).
   */
  async open(): Promise<void> {
    for (const instanceId of await this.executions.inFlight()) {
      if (!this.invoker.isRunning(instanceId)) void this.invoker.invoke(instanceId);
    }
    await this.scheduler.arm();
  }

  /** Stops waking up and waits for running invocations. The table keeps everything for the next engine. */
  async close(): Promise<void> {
    this.scheduler.close();
    await this.settled();
  }

  async start(instanceId: string, input: unknown): Promise<DurableStartResult> {
    assertDurableExecutionName(instanceId);
    const started = await this.executions.create(instanceId, JSON.stringify(input ?? null), this.clock.now().getTime());
    if (started) void this.invoker.invoke(instanceId);
    return { started, executionArn: localExecutionArn(instanceId) };
  }

  async sendCallbackSuccess(callbackId: string, result: unknown): Promise<void> {
    await this.completeCallback(callbackId, { result: JSON.stringify(result ?? null) });
  }

  async sendCallbackFailure(callbackId: string, error: DurableCallbackError): Promise<void> {
    await this.completeCallback(callbackId, { error: callbackFailure(error) });
  }

  async stop(instanceId: string): Promise<void> {
    assertDurableExecutionName(instanceId);
    const outcome = await this.executions.stop(instanceId, this.clock.now().getTime());
    if (outcome === 'not-found') throw new DurableExecutionNotFoundError(`Durable execution ${instanceId}`);
    if (outcome === 'finished') throw new DurableExecutionFinishedError(`Durable execution ${instanceId} already ended`);
  }

  async describe(instanceId: string): Promise<DurableExecutionView> {
    const execution = await this.executions.get(instanceId);
    if (!execution) throw new DurableExecutionNotFoundError(`Durable execution ${instanceId}`);
    const operations = await this.executions.allOperations(instanceId);
    const iso = (ms: number) => new Date(ms).toISOString();
    return {
      instanceId,
      status: execution.status,
      startedAt: iso(execution.startedAt),
      ...(execution.endedAt !== undefined ? { endedAt: iso(execution.endedAt) } : {}),
      ...(execution.result !== undefined ? { result: execution.result } : {}),
      ...(execution.error ? { error: { ...(execution.error.ErrorMessage !== undefined ? { message: execution.error.ErrorMessage } : {}), ...(execution.error.ErrorType !== undefined ? { type: execution.error.ErrorType } : {}) } } : {}),
      operations: operations.map(toOperationView),
    };
  }

  /**
   * Runs every item due by the clock, and the invocations they cause, until nothing more is due
   * now (a retry without delay falls due at once); resolves when those invocations have settled.
   * Answers how many due items it handled. One pass at a time: a call during a pass waits for it
   * and then runs its own.
   */
  async runDue(): Promise<number> {
    while (this.duePass) await this.duePass.catch(() => undefined);
    const pass = this.pass().finally(() => {
      this.duePass = undefined;
    });
    this.duePass = pass;
    return pass;
  }

  /** Resolves when no invocation runs (of `instanceId`, when given). */
  settled(instanceId?: string): Promise<void> {
    return this.invoker.settled(instanceId);
  }

  private async completeCallback(callbackId: string, outcome: CallbackOutcome): Promise<void> {
    const answer = await this.dues.completeCallback(callbackId, outcome, this.clock.now().getTime());
    if (answer.outcome === 'not-found') throw new DurableExecutionNotFoundError('Callback');
    if (answer.outcome === 'closed') throw new DurableExecutionFinishedError('The callback is already closed (completed, timed out, or its execution ended)');
    void this.invoker.invoke(answer.instanceId);
  }

  private async pass(): Promise<number> {
    let handled = 0;
    for (;;) {
      await this.settled();
      const now = this.clock.now().getTime();
      let after: DueItem | undefined;
      let progressed = false;
      for (;;) {
        const page = await this.dues.due(now, DUE_PAGE, after);
        if (page.length === 0) break;
        after = page[page.length - 1];
        for (let i = 0; i < page.length; i += DUE_CONCURRENCY) {
          const results = await Promise.all(page.slice(i, i + DUE_CONCURRENCY).map((due) => this.handle(due, now)));
          handled += results.filter(Boolean).length;
          progressed ||= results.some(Boolean);
        }
      }
      // Invocations may have made new items due now (a retry without delay): look again once they settle.
      if (!progressed) return handled;
    }
  }

  /** One due item; true when it was handled (not left for later). */
  private async handle(due: DueItem, now: number): Promise<boolean> {
    // A lease of an invocation running here: it ends by itself, and takes its lease along.
    if (due.kind === 'invoke' && this.invoker.isRunning(due.instanceId)) return false;
    try {
      const change = await this.dues.apply(due, now);
      if (change.outcome === 'invoke') void this.invoker.invoke(change.instanceId);
      return true;
    } catch (err) {
      // Left in place: the next pass tries it again.
      this.onError(err);
      return false;
    }
  }
}
