/**
 * Local durable executions in the project's table: the execution item (status, the invocation
 * running it and its current checkpoint token, the operations changed since it last ran) and the
 * reads of its operations. Keys: project-table-keys.ts.
 *
 * Fencing: an invocation gets a fresh id and token when it begins; every checkpoint replaces the
 * token, and every write of an invocation is conditioned on its token or id. A stop, a newer
 * invocation or a finished execution thus refuses whatever an older invocation still sends.
 */
import { randomBytes } from 'node:crypto';
import type { ErrorObject } from '@aws/durable-execution-sdk-js';
import { BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  DURABLE_OPERATION_SK_PREFIX,
  DURABLE_RUNNING_PARTITION,
  durableDueKey,
  durableExecutionKey,
  durableExecutionPartition,
  durableInputOperationKey,
  durableOperationKey,
  durableRunningKey,
  type ItemKey,
} from '../../project-data/project-table-keys';
import type { DurableExecutionStatus } from '../../../ports/durable-executions';
import { conditionally, transact, type DurableTable } from './durable-table';
import type { DueEntry } from './operation-transitions';
import { operationAttributes, type StoredOperation } from './stored-operation';

export interface StoredExecution {
  readonly instanceId: string;
  readonly status: DurableExecutionStatus;
  readonly startedAt: number;
  readonly endedAt?: number;
  readonly result?: string;
  readonly error?: ErrorObject;
  /** The running invocation and its current checkpoint token (absent between invocations). */
  readonly invocation?: string;
  readonly token?: string;
  /** When the running invocation's lease lapses: its due `invoke` item re-runs a lost invocation. */
  readonly leaseDueAt?: number;
  /** Operations so far (the next one's start order). */
  readonly opCount: number;
  /** Operations changed by time or a sender since the last invocation began (the next event's UpdatedOperationIds). */
  readonly updatedIds: readonly string[];
  /** Invocations in a row that ended by throwing. */
  readonly failedInvocations: number;
}

/** The invocation that just began. */
export interface InvocationGrant {
  readonly invocation: string;
  readonly token: string;
  readonly leaseDueAt: number;
  readonly updatedIds: readonly string[];
}

/** What an invocation's end records. */
export type InvocationEnd =
  | { readonly status: 'SUCCEEDED'; readonly result?: string }
  | { readonly status: 'FAILED'; readonly error: ErrorObject }
  | { readonly status: 'PENDING' }
  | { readonly status: 'THREW'; readonly error: ErrorObject; readonly retryAt: number | undefined };

const newId = (): string => randomBytes(12).toString('base64url');
/** The id of an execution's own EXECUTION operation (any id works: the SDK takes the first operation given). */
const inputOperationId = (instanceId: string): string => `${instanceId}-input`;

export function dueItem(instanceId: string, due: DueEntry): Record<string, unknown> {
  return { ...durableDueKey(due.dueAt, instanceId, due.operationId), instanceId, operationId: due.operationId, kind: due.kind, dueAt: due.dueAt };
}

function toExecution(item: Record<string, unknown>): StoredExecution {
  const ids = item.updatedIds;
  return {
    ...(item as unknown as StoredExecution),
    opCount: Number(item.opCount ?? 0),
    failedInvocations: Number(item.failedInvocations ?? 0),
    updatedIds: ids instanceof Set ? [...(ids as Set<string>)] : [],
  };
}

function toOperation(item: Record<string, unknown>): StoredOperation {
  const { PK: _pk, SK: _sk, ...op } = item;
  return op as unknown as StoredOperation;
}

export class ExecutionStore {
  constructor(private readonly table: DurableTable) {}

  /** Records a new execution and its input; false when one with this id exists (nothing written). */
  async create(instanceId: string, input: string, now: number): Promise<boolean> {
    const { tableName } = this.table;
    const inputOp: StoredOperation = { id: inputOperationId(instanceId), type: 'EXECUTION', status: 'STARTED', seq: 0, startedAt: now, input };
    const refused = await transact(this.table, [
      {
        Put: {
          TableName: tableName,
          Item: { ...durableExecutionKey(instanceId), instanceId, status: 'RUNNING', startedAt: now, opCount: 0, failedInvocations: 0 },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      { Put: { TableName: tableName, Item: { ...durableInputOperationKey(instanceId), ...operationAttributes(inputOp) } } },
    ]);
    return refused.length === 0;
  }

  async get(instanceId: string): Promise<StoredExecution | undefined> {
    const out = await this.table.doc.send(new GetCommand({ TableName: this.table.tableName, Key: durableExecutionKey(instanceId), ConsistentRead: true }));
    return out.Item ? toExecution(out.Item) : undefined;
  }

  async inputOperation(instanceId: string): Promise<StoredOperation | undefined> {
    const out = await this.table.doc.send(new GetCommand({ TableName: this.table.tableName, Key: durableInputOperationKey(instanceId), ConsistentRead: true }));
    return out.Item ? toOperation(out.Item) : undefined;
  }

  /** One page of the execution's operations (the input operation not included); `marker` continues a page. */
  async operationPage(instanceId: string, marker: string | undefined, limit: number): Promise<{ operations: StoredOperation[]; nextMarker?: string }> {
    const out = await this.table.doc.send(
      new QueryCommand({
        TableName: this.table.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': durableExecutionPartition(instanceId), ':prefix': DURABLE_OPERATION_SK_PREFIX },
        ConsistentRead: true,
        Limit: limit,
        ...(marker ? { ExclusiveStartKey: { PK: durableExecutionPartition(instanceId), SK: marker } } : {}),
      }),
    );
    const last = out.LastEvaluatedKey?.SK;
    return { operations: (out.Items ?? []).map(toOperation), ...(typeof last === 'string' ? { nextMarker: last } : {}) };
  }

  /** Every operation, the input first, in start order (the admin view). */
  async allOperations(instanceId: string): Promise<StoredOperation[]> {
    const all: StoredOperation[] = [];
    let marker: string | undefined;
    do {
      const page = await this.operationPage(instanceId, marker, 1000);
      all.push(...page.operations);
      marker = page.nextMarker;
    } while (marker);
    const input = await this.inputOperation(instanceId);
    return [...(input ? [input] : []), ...all.sort((a, b) => a.seq - b.seq)];
  }

  /** The operations with these ids (consistent reads), by id. */
  async operations(instanceId: string, ids: readonly string[]): Promise<Map<string, StoredOperation>> {
    const found = new Map<string, StoredOperation>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += 100) {
      let keys: ItemKey[] = unique.slice(i, i + 100).map((id) => durableOperationKey(instanceId, id));
      while (keys.length > 0) {
        const out = await this.table.doc.send(new BatchGetCommand({ RequestItems: { [this.table.tableName]: { Keys: keys, ConsistentRead: true } } }));
        for (const item of out.Responses?.[this.table.tableName] ?? []) found.set(String(item.id), toOperation(item));
        keys = (out.UnprocessedKeys?.[this.table.tableName]?.Keys ?? []) as ItemKey[];
      }
    }
    return found;
  }

  /**
   * Begins an invocation of a running execution: a new invocation id and token (fencing off any
   * older one), a lease whose due item re-runs the execution should the invocation hang or its
   * process die, an in-flight item a restarted engine re-runs at once, and the operations changed
   * since the last one (taken off the execution). undefined: not running.
   */
  async beginInvocation(instanceId: string, now: number, leaseMs: number): Promise<InvocationGrant | undefined> {
    const current = await this.get(instanceId);
    if (!current || current.status !== 'RUNNING') {
      // An execution that ended in its last invocation's checkpoint may leave its in-flight item.
      await this.table.doc.send(new DeleteCommand({ TableName: this.table.tableName, Key: durableRunningKey(instanceId) }));
      return undefined;
    }
    const invocation = newId();
    const token = `${invocation}.${newId()}`;
    const leaseDueAt = now + leaseMs;
    const lease = dueItem(instanceId, { dueAt: leaseDueAt, operationId: '', kind: 'invoke' });
    const oldLease = current.leaseDueAt !== undefined && current.leaseDueAt !== leaseDueAt ? durableDueKey(current.leaseDueAt, instanceId, '') : undefined;
    const taken = current.updatedIds;
    const refused = await transact(this.table, [
      {
        Update: {
          TableName: this.table.tableName,
          Key: durableExecutionKey(instanceId),
          // DELETE takes away only the ids read above: one a sender adds meanwhile stays for the next invocation.
          UpdateExpression: `SET #invocation = :invocation, #token = :token, leaseDueAt = :lease${taken.length > 0 ? ' DELETE updatedIds :taken' : ''}`,
          ConditionExpression: '#status = :running AND (attribute_not_exists(#invocation) OR #invocation = :previous)',
          ExpressionAttributeNames: { '#invocation': 'invocation', '#token': 'token', '#status': 'status' },
          ExpressionAttributeValues: {
            ':invocation': invocation,
            ':token': token,
            ':lease': leaseDueAt,
            ':running': 'RUNNING',
            ':previous': current.invocation ?? '',
            ...(taken.length > 0 ? { ':taken': new Set(taken) } : {}),
          },
        },
      },
      { Put: { TableName: this.table.tableName, Item: lease } },
      { Put: { TableName: this.table.tableName, Item: { ...durableRunningKey(instanceId), instanceId, invocation } } },
      ...(oldLease ? [{ Delete: { TableName: this.table.tableName, Key: oldLease } }] : []),
    ]);
    return refused.length === 0 ? { invocation, token, leaseDueAt, updatedIds: taken } : undefined;
  }

  /**
   * Records how an invocation ended, if it is still the execution's invocation (a fenced one
   * records nothing): the final status and result, or nothing more for PENDING, or a thrown
   * invocation's retry (a due `invoke`) or, out of retries, FAILED. Answers the execution as it
   * is now, undefined when fenced.
   */
  async endInvocation(instanceId: string, grant: InvocationGrant, end: InvocationEnd, now: number): Promise<StoredExecution | undefined> {
    const names: Record<string, string> = { '#invocation': 'invocation', '#token': 'token', '#status': 'status' };
    const values: Record<string, unknown> = { ':invocation': grant.invocation, ':running': 'RUNNING' };
    let set = 'failedInvocations = :zero';
    values[':zero'] = 0;
    if (end.status === 'SUCCEEDED' || end.status === 'FAILED' || (end.status === 'THREW' && end.retryAt === undefined)) {
      set += ', #status = :final, endedAt = :now';
      values[':final'] = end.status === 'SUCCEEDED' ? 'SUCCEEDED' : 'FAILED';
      values[':now'] = now;
      if (end.status === 'SUCCEEDED' && end.result !== undefined) {
        set += ', #result = :result';
        names['#result'] = 'result';
        values[':result'] = end.result;
      }
      if (end.status !== 'SUCCEEDED') {
        set += ', #error = :error';
        names['#error'] = 'error';
        values[':error'] = end.error;
      }
    } else if (end.status === 'THREW') {
      set = 'failedInvocations = failedInvocations + :one';
      delete values[':zero'];
      values[':one'] = 1;
    }
    const ended = await conditionally(() =>
      this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: durableExecutionKey(instanceId),
          UpdateExpression: `SET ${set} REMOVE #invocation, #token, leaseDueAt`,
          ConditionExpression: '#invocation = :invocation AND #status = :running',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      ),
    );
    // The lease goes either way: a fenced invocation's lease was replaced already, or ends here harmlessly.
    if (ended && end.status === 'THREW' && end.retryAt !== undefined) {
      await this.table.doc.send(new PutCommand({ TableName: this.table.tableName, Item: dueItem(instanceId, { dueAt: end.retryAt, operationId: '', kind: 'invoke' }) }));
    }
    if (ended) {
      // Left over (an unprocessed item): a later spurious invocation replays and suspends again, harmlessly.
      const gone = [durableDueKey(grant.leaseDueAt, instanceId, ''), durableRunningKey(instanceId)].map((Key) => ({ DeleteRequest: { Key } }));
      await this.table.doc.send(new BatchWriteCommand({ RequestItems: { [this.table.tableName]: gone } }));
    }
    return ended ? this.get(instanceId) : undefined;
  }

  /** The executions whose invocation was under way when last recorded (a previous process's, at open). */
  async inFlight(): Promise<string[]> {
    const ids: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.table.doc.send(
        new QueryCommand({ TableName: this.table.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': DURABLE_RUNNING_PARTITION }, ConsistentRead: true, ...(start ? { ExclusiveStartKey: start } : {}) }),
      );
      ids.push(...(out.Items ?? []).map((item) => String(item.instanceId)));
      start = out.LastEvaluatedKey;
    } while (start);
    return ids;
  }

  /** Stops a running execution: its invocation is fenced off, and nothing due for it runs. */
  async stop(instanceId: string, now: number): Promise<'stopped' | 'not-found' | 'finished'> {
    const stopped = await conditionally(() =>
      this.table.doc.send(
        new UpdateCommand({
          TableName: this.table.tableName,
          Key: durableExecutionKey(instanceId),
          UpdateExpression: 'SET #status = :stopped, endedAt = :now REMOVE #invocation, #token',
          ConditionExpression: '#status = :running',
          ExpressionAttributeNames: { '#status': 'status', '#invocation': 'invocation', '#token': 'token' },
          ExpressionAttributeValues: { ':stopped': 'STOPPED', ':running': 'RUNNING', ':now': now },
        }),
      ),
    );
    if (stopped) return 'stopped';
    return (await this.get(instanceId)) ? 'finished' : 'not-found';
  }
}
