/**
 * A checkpoint of a local durable execution: checks the token, reads the operations the updates
 * name, applies the updates (operation-transitions.ts) and writes the result in one transaction
 * conditioned on the token, which it replaces. So a stale token (an older invocation, a stopped
 * execution) is refused, and a checkpoint lost on the way back only costs its invocation.
 *
 * Each operation is its own item (a checkpoint may carry 256 KB; an item holds 400 KB). A
 * checkpoint of more than 100 writes (a large map or parallel) is written in several
 * transactions: only the first is conditioned on the token, so a stop landing between them can
 * leave the later part written to a stopped execution (harmless: nothing runs it again).
 *
 * The execution item a checkpoint writes is remembered under the token it hands back, so the next
 * checkpoint with that token skips reading it (a third of a checkpoint's round trips). That is
 * safe because every change to the item that matters here replaces the token or the status (a
 * checkpoint, a new invocation, a stop, an invocation's end), and the transaction is conditioned
 * on both: a remembered item that is no longer current makes the write refused, as a stale token.
 *
 * Likewise the execution's operations, when its invocation was handed all of them: an update of
 * an id not among them starts a new operation (nothing but a checkpoint creates one), so it is not
 * read first, and an operation this store's last checkpoint wrote is taken as it wrote it. Each
 * write stays conditioned on what it was taken from (the item absent, or its status as taken): a
 * callback or a due time that changed it meanwhile makes the checkpoint a conflict, and the engine
 * runs the execution again from the table.
 */
import { randomBytes } from 'node:crypto';
import type { OperationUpdate } from '@aws/durable-execution-sdk-js';
import { durableCallbackKey, durableDueKey, durableExecutionKey, durableOperationKey } from '../../project-data/project-table-keys';
import { MAX_TRANSACTION_ITEMS, transact, type DurableTable, type TransactItem } from './durable-table';
import { dueItem, type ExecutionStore } from './execution-store';
import { applyUpdate, type DueEntry, type UpdateEffect } from './operation-transitions';
import { operationAttributes, type StoredOperation } from './stored-operation';

/** The token is not the execution's current one (or the execution is not running): the invocation is fenced off. */
export class StaleCheckpointTokenError extends Error {}

/** An operation changed between this checkpoint's read and its write (a callback or a due time): the invocation ends and runs again. */
export class CheckpointConflictError extends Error {}

export interface CheckpointResult {
  readonly token: string;
  /** The operations as this checkpoint left them. */
  readonly operations: readonly StoredOperation[];
  /** The due items it added (the scheduler's next wake-up may move earlier). */
  readonly scheduled: readonly DueEntry[];
}

/** Executions whose last checkpoint is remembered (the oldest is forgotten first: it only costs a read). */
const REMEMBERED_EXECUTIONS = 1000;

const newCallbackId = (): string => randomBytes(24).toString('base64url');
const dueKeyOf = (instanceId: string, due: DueEntry): string => durableDueKey(due.dueAt, instanceId, due.operationId).SK;

interface KnownOperations {
  readonly token: string;
  readonly ids: ReadonlySet<string>;
  readonly written: ReadonlyMap<string, StoredOperation>;
}

/** What a checkpoint needs of the execution item: its invocation and how many operations it has. */
interface CheckpointBase {
  readonly token: string;
  readonly invocation: string;
  readonly opCount: number;
}

export class CheckpointStore {
  /** The execution item as this store's last checkpoint of each execution left it, under the token it handed back. */
  private readonly written = new Map<string, CheckpointBase>();
  /**
   * Every operation id of an execution, and the operations this store's checkpoints wrote since,
   * under the token they are known for (an invocation's, then each checkpoint's).
   */
  private readonly known = new Map<string, KnownOperations>();

  constructor(
    private readonly table: DurableTable,
    private readonly executions: ExecutionStore,
  ) {}

  /** An invocation was handed every operation of the execution (its event's state had no further page). */
  knowOperations(instanceId: string, token: string, ids: Iterable<string>): void {
    this.remember(this.known, instanceId, { token, ids: new Set(ids), written: new Map() });
  }

  async checkpoint(instanceId: string, token: string, updates: readonly OperationUpdate[], now: number): Promise<CheckpointResult> {
    const execution = await this.base(instanceId, token);
    const remembered = this.known.get(instanceId);
    const known = remembered?.token === token ? remembered : undefined;
    this.written.delete(instanceId);
    this.known.delete(instanceId);
    const result = await this.write(instanceId, execution, updates, now, known);
    this.remember(this.written, instanceId, { token: result.token, invocation: execution.invocation, opCount: execution.opCount + result.created });
    if (known) {
      const written = new Map(known.written);
      for (const op of result.operations) written.set(op.id, op);
      this.remember(this.known, instanceId, { token: result.token, ids: new Set([...known.ids, ...written.keys()]), written });
    }
    return result;
  }

  /** Kept per execution, the most recent last; the oldest is forgotten first (it only costs a read). */
  private remember<T>(map: Map<string, T>, instanceId: string, value: T): void {
    map.delete(instanceId);
    map.set(instanceId, value);
    if (map.size > REMEMBERED_EXECUTIONS) map.delete(map.keys().next().value!);
  }

  /** The execution item as the token's checkpoint left it, or as read; refused unless running under this token. */
  private async base(instanceId: string, token: string): Promise<CheckpointBase> {
    const remembered = this.written.get(instanceId);
    if (remembered?.token === token) return remembered;
    const execution = await this.executions.get(instanceId);
    if (!execution || execution.status !== 'RUNNING' || execution.token !== token || !execution.invocation) {
      throw new StaleCheckpointTokenError(`Invalid checkpoint token for durable execution ${instanceId}`);
    }
    return { token, invocation: execution.invocation, opCount: execution.opCount };
  }

  private async write(instanceId: string, execution: CheckpointBase, updates: readonly OperationUpdate[], now: number, known: KnownOperations | undefined): Promise<CheckpointResult & { created: number }> {
    const { token } = execution;
    const operationIds = updates.flatMap((update) => (update.Type !== 'EXECUTION' && update.Id ? [update.Id] : []));
    // With every id known, a new operation is not looked for, and one written here is taken as written.
    const unread = known ? operationIds.filter((id) => known.ids.has(id) && !known.written.has(id)) : operationIds;
    const read = await this.executions.operations(instanceId, unread);
    if (known) for (const id of operationIds) if (known.written.has(id) && !read.has(id)) read.set(id, known.written.get(id)!);

    // Updates apply in order; one checkpoint may start and finish the same operation.
    const working = new Map(read);
    const effects: UpdateEffect[] = [];
    let created = 0;
    for (const update of updates) {
      if (update.Type === 'EXECUTION') {
        const input: StoredOperation = { id: update.Id ?? '', type: 'EXECUTION', status: 'STARTED', seq: 0, startedAt: now };
        effects.push(applyUpdate(input, update, { now, seq: 0, newCallbackId }));
        continue;
      }
      const before = update.Id ? working.get(update.Id) : undefined;
      const effect = applyUpdate(before, update, { now, seq: execution.opCount + created + 1, newCallbackId });
      if (!before) created += 1;
      working.set(effect.operation.id, effect.operation);
      effects.push(effect);
    }

    const nextToken = `${execution.invocation}.${randomBytes(12).toString('base64url')}`;
    const items = [this.executionUpdate(instanceId, token, nextToken, created, effects), ...this.writes(instanceId, read, working, effects)];
    for (let start = 0; start < items.length; start += MAX_TRANSACTION_ITEMS) {
      const refused = await transact(this.table, items.slice(start, start + MAX_TRANSACTION_ITEMS));
      if (refused.includes(0) && start === 0) throw new StaleCheckpointTokenError(`Invalid checkpoint token for durable execution ${instanceId}`);
      if (refused.length > 0) throw new CheckpointConflictError(`An operation of durable execution ${instanceId} changed during the checkpoint`);
    }
    const changed = new Set(operationIds);
    return {
      token: nextToken,
      operations: [...working.values()].filter((op) => changed.has(op.id)),
      scheduled: this.netDues(instanceId, effects).scheduled,
      created,
    };
  }

  /** The execution item: the token replaced (conditioned on the old one), the operation count, and an end the SDK checkpointed itself. */
  private executionUpdate(instanceId: string, token: string, nextToken: string, created: number, effects: readonly UpdateEffect[]): TransactItem {
    const end = effects.find((effect) => effect.endsExecution)?.endsExecution;
    const names: Record<string, string> = { '#token': 'token', '#status': 'status' };
    const values: Record<string, unknown> = { ':token': token, ':next': nextToken, ':created': created, ':running': 'RUNNING' };
    let set = '#token = :next, opCount = opCount + :created';
    if (end) {
      set += ', #status = :final';
      values[':final'] = end.status;
      if (end.result !== undefined) {
        set += ', #result = :result';
        names['#result'] = 'result';
        values[':result'] = end.result;
      }
      if (end.error) {
        set += ', #error = :error';
        names['#error'] = 'error';
        values[':error'] = end.error;
      }
    }
    return {
      Update: {
        TableName: this.table.tableName,
        Key: durableExecutionKey(instanceId),
        UpdateExpression: `SET ${set}`,
        ConditionExpression: '#token = :token AND #status = :running',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  }

  /** The operations' items (new ones must not exist; changed ones must still be as read), due items and callback pointers. */
  private writes(instanceId: string, read: ReadonlyMap<string, StoredOperation>, working: ReadonlyMap<string, StoredOperation>, effects: readonly UpdateEffect[]): TransactItem[] {
    const { tableName } = this.table;
    const touched = new Set(effects.filter((effect) => !effect.endsExecution).map((effect) => effect.operation.id));
    const operations: TransactItem[] = [...touched].map((id) => {
      const op = working.get(id)!;
      const before = read.get(id);
      return {
        Put: {
          TableName: tableName,
          Item: { ...durableOperationKey(instanceId, id), ...operationAttributes(op) },
          ...(before
            ? { ConditionExpression: '#status = :read', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':read': before.status } }
            : { ConditionExpression: 'attribute_not_exists(PK)' }),
        },
      };
    });
    const { scheduled, unscheduled } = this.netDues(instanceId, effects);
    const dues: TransactItem[] = [
      ...scheduled.map((due): TransactItem => ({ Put: { TableName: tableName, Item: dueItem(instanceId, due) } })),
      ...unscheduled.map((due): TransactItem => ({ Delete: { TableName: tableName, Key: durableDueKey(due.dueAt, instanceId, due.operationId) } })),
    ];
    const pointers = effects.flatMap((effect): TransactItem[] =>
      effect.newCallbackId
        ? [{ Put: { TableName: tableName, Item: { ...durableCallbackKey(effect.newCallbackId), instanceId, operationId: effect.operation.id }, ConditionExpression: 'attribute_not_exists(PK)' } }]
        : [],
    );
    return [...operations, ...dues, ...pointers];
  }

  /** Due items added and removed, with a pair that cancels out (started and cancelled in one checkpoint) dropped. */
  private netDues(instanceId: string, effects: readonly UpdateEffect[]): { scheduled: DueEntry[]; unscheduled: DueEntry[] } {
    const added = new Map<string, DueEntry>();
    const removed = new Map<string, DueEntry>();
    for (const effect of effects) {
      if (effect.schedule) added.set(dueKeyOf(instanceId, effect.schedule), effect.schedule);
      if (effect.unschedule) {
        const key = dueKeyOf(instanceId, effect.unschedule);
        if (added.has(key)) added.delete(key);
        else removed.set(key, effect.unschedule);
      }
    }
    return { scheduled: [...added.values()], unscheduled: [...removed.values()] };
  }
}
