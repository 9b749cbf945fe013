/**
 * What changes a local durable execution from outside an invocation: due items (a wait elapsed,
 * a retry delay over, a callback timed out, an invocation to run again) and callbacks completed
 * by a sender. Each change is one transaction: the operation (conditioned on its status as
 * read), the due item gone, and the operation's id added to the execution's updatedIds (the next
 * invocation's UpdatedOperationIds), conditioned on the execution still running.
 *
 * Due items live in one partition ordered by due time, so what is due is one Query and the next
 * wake-up is its first item: the engine holds no more than that time in memory.
 */
import type { ErrorObject } from '@aws/durable-execution-sdk-js';
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DURABLE_DUE_PARTITION, durableCallbackKey, durableDueKey, durableDueUpperBound, durableExecutionKey, durableOperationKey } from '../../project-data/project-table-keys';
import { transact, type DurableTable, type TransactItem } from './durable-table';
import type { ExecutionStore } from './execution-store';
import { completeCallback, elapse, pendingDue, type CallbackOutcome, type DueEntry, type DueKind } from './operation-transitions';
import { operationAttributes, type StoredOperation } from './stored-operation';

export interface DueItem extends DueEntry {
  readonly instanceId: string;
}

/** What a due item or a callback led to. */
export type ExternalChange =
  /** The execution has something new to run: invoke it. */
  | { readonly outcome: 'invoke'; readonly instanceId: string }
  /** Nothing to do (the execution ended, the operation moved on). */
  | { readonly outcome: 'nothing' };

export type CallbackAnswer = { readonly outcome: 'invoke'; readonly instanceId: string } | { readonly outcome: 'not-found' } | { readonly outcome: 'closed' };

const toDue = (item: Record<string, unknown>): DueItem => ({
  instanceId: String(item.instanceId),
  operationId: String(item.operationId ?? ''),
  kind: item.kind as DueKind,
  dueAt: Number(item.dueAt),
});

export class DueStore {
  constructor(
    private readonly table: DurableTable,
    private readonly executions: ExecutionStore,
  ) {}

  /** Up to `limit` items due at `now`, earliest first; `after` continues from the last one seen. */
  async due(now: number, limit: number, after?: DueItem): Promise<DueItem[]> {
    const out = await this.table.doc.send(
      new QueryCommand({
        TableName: this.table.tableName,
        KeyConditionExpression: 'PK = :pk AND SK <= :upTo',
        ExpressionAttributeValues: { ':pk': DURABLE_DUE_PARTITION, ':upTo': durableDueUpperBound(now) },
        ConsistentRead: true,
        Limit: limit,
        ...(after ? { ExclusiveStartKey: durableDueKey(after.dueAt, after.instanceId, after.operationId) } : {}),
      }),
    );
    return (out.Items ?? []).map(toDue);
  }

  /** When the earliest due item falls due (undefined: nothing is waiting). */
  async nextDueAt(): Promise<number | undefined> {
    const out = await this.table.doc.send(
      new QueryCommand({ TableName: this.table.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': DURABLE_DUE_PARTITION }, ConsistentRead: true, Limit: 1 }),
    );
    const first = out.Items?.[0];
    return first ? Number(first.dueAt) : undefined;
  }

  async remove(due: DueItem): Promise<void> {
    await this.table.doc.send(new DeleteCommand({ TableName: this.table.tableName, Key: durableDueKey(due.dueAt, due.instanceId, due.operationId) }));
  }

  /** Applies a due item's transition (`invoke` items are the engine's: it knows whether the execution runs here now). */
  async apply(due: DueItem, now: number): Promise<ExternalChange> {
    const execution = await this.executions.get(due.instanceId);
    if (!execution || execution.status !== 'RUNNING') {
      await this.remove(due);
      return { outcome: 'nothing' };
    }
    if (due.kind === 'invoke') {
      await this.remove(due);
      return { outcome: 'invoke', instanceId: due.instanceId };
    }
    const op = (await this.executions.operations(due.instanceId, [due.operationId])).get(due.operationId);
    const next = op ? elapse(op, due.kind, now) : undefined;
    // The operation moved on (completed before its timeout, cancelled), or its due time moved.
    if (!op || !next || pendingDue(op)?.dueAt !== due.dueAt) {
      await this.remove(due);
      return { outcome: 'nothing' };
    }
    const refused = await transact(this.table, this.change(due.instanceId, op, next, due));
    // Refused: the execution stopped or the operation changed meanwhile; the next pass sees which.
    return refused.length === 0 ? { outcome: 'invoke', instanceId: due.instanceId } : { outcome: 'nothing' };
  }

  /** A sender's answer to a callback. */
  async completeCallback(callbackId: string, outcome: CallbackOutcome, now: number): Promise<CallbackAnswer> {
    const pointer = await this.table.doc.send(new GetCommand({ TableName: this.table.tableName, Key: durableCallbackKey(callbackId), ConsistentRead: true }));
    if (!pointer.Item) return { outcome: 'not-found' };
    const instanceId = String(pointer.Item.instanceId);
    const operationId = String(pointer.Item.operationId);
    const execution = await this.executions.get(instanceId);
    if (!execution || execution.status !== 'RUNNING') return { outcome: 'closed' };
    const op = (await this.executions.operations(instanceId, [operationId])).get(operationId);
    const next = op ? completeCallback(op, outcome, now) : undefined;
    if (!op || !next) return { outcome: 'closed' };
    const timeout = pendingDue(op);
    const refused = await transact(this.table, this.change(instanceId, op, next, timeout ? { ...timeout, instanceId } : undefined));
    return refused.length === 0 ? { outcome: 'invoke', instanceId } : { outcome: 'closed' };
  }

  /** The operation's new state (as read before), its due item gone, the execution told (conditioned on running). */
  private change(instanceId: string, before: StoredOperation, after: StoredOperation, due: DueItem | undefined): TransactItem[] {
    const { tableName } = this.table;
    return [
      {
        Update: {
          TableName: tableName,
          Key: durableExecutionKey(instanceId),
          UpdateExpression: 'ADD updatedIds :id',
          ConditionExpression: '#status = :running',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':id': new Set([after.id]), ':running': 'RUNNING' },
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: { ...durableOperationKey(instanceId, after.id), ...operationAttributes(after) },
          ConditionExpression: '#status = :read',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':read': before.status },
        },
      },
      ...(due ? [{ Delete: { TableName: tableName, Key: durableDueKey(due.dueAt, instanceId, due.operationId) } }] : []),
    ];
  }
}

/** A sender's failure as the SDK's error object. */
export const callbackFailure = (error: { message: string; type?: string; data?: string }): ErrorObject => ({
  ErrorMessage: error.message,
  ...(error.type !== undefined ? { ErrorType: error.type } : {}),
  ...(error.data !== undefined ? { ErrorData: error.data } : {}),
});
