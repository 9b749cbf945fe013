/**
 * Runs of event handlers and scheduled jobs in the project's own table (ports/event-runs.ts), one
 * item each (project-table-keys.ts eventRunKey). What each write guarantees:
 *
 *   recordFirst   conditioned on the run not existing: a change or an occurrence delivered twice
 *                 finds the first one's item and runs nothing
 *   claimAttempt  conditioned on the status (retrying) and the attempts read: of two deliveries
 *                 of one retry job, one claims the attempt; an attempt `running` since a time
 *                 (its process died) is taken over on that time, once
 *   finish        a parked run enters the organization's failure list (GSI1, sparse: only parked
 *                 runs carry its keys); a succeeded run expires after SUCCEEDED_RUN_DAYS (kept
 *                 that long it still dedupes every redelivery a stream or a queue can make)
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CursorKey } from '../../core/cursor';
import type { KeyedPage } from '../../ports/keyed-page';
import type { AttemptOutcome, EventRun, EventRunStatus, EventRunStore, NewEventRun } from '../../ports/event-runs';
import type { Clock } from '../../core/clock';
import { isConditionalCheckFailed } from '../dynamodb/transaction-errors';
import { PROJECT_TTL_ATTRIBUTE as TTL_ATTRIBUTE } from './project-table';
import { PARKED_RUN_INDEX, eventRunKey, parkedRunPartition } from './project-table-keys';

/** How long a succeeded run is kept to recognise a repeated change (streams keep changes 24 hours). */
export const SUCCEEDED_RUN_DAYS = 7;

export interface EventRunStoreProps {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly clock: Clock;
}

export class DynamoEventRunStore implements EventRunStore {
  constructor(private readonly props: EventRunStoreProps) {}

  async get(orgId: string | null, runId: string): Promise<EventRun | null> {
    const got = await this.props.doc.send(new GetCommand({ TableName: this.props.tableName, Key: eventRunKey(orgId, runId), ConsistentRead: true }));
    return got.Item ? runOf(got.Item) : null;
  }

  async recordFirst(run: NewEventRun, outcome: AttemptOutcome | { readonly status: 'running' }): Promise<boolean> {
    const item = { ...eventRunKey(run.orgId, run.id), kind: 'event-run', ...toItem(run), updatedAt: run.createdAt, ...this.outcomeAttributes(run.orgId, run.id, outcome, run.createdAt) };
    try {
      await this.props.doc.send(new PutCommand({ TableName: this.props.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  }

  async claimAttempt(orgId: string | null, runId: string, attempts: number, options?: { readonly staleSince: string }): Promise<EventRun | null> {
    // A stale attempt is taken over as the same attempt (its count stays); a waiting run's next one counts.
    const stale = options?.staleSince;
    try {
      const got = await this.props.doc.send(
        new UpdateCommand({
          TableName: this.props.tableName,
          Key: eventRunKey(orgId, runId),
          UpdateExpression: 'SET #status = :running, attempts = :next, updatedAt = :at',
          ConditionExpression: stale ? '#status = :running AND attempts = :attempts AND updatedAt = :since' : '#status = :retrying AND attempts = :attempts',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':running': 'running',
            ':attempts': attempts,
            ':next': stale ? attempts : attempts + 1,
            ':at': this.now(),
            ...(stale ? { ':since': stale } : { ':retrying': 'retrying' }),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return got.Attributes ? runOf(got.Attributes) : null;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return null;
      throw err;
    }
  }

  async finish(orgId: string | null, runId: string, outcome: AttemptOutcome): Promise<void> {
    const at = this.now();
    const attributes = this.outcomeAttributes(orgId, runId, outcome, at);
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = { ':at': at };
    const sets = ['updatedAt = :at'];
    const removes: string[] = [];
    for (const [name, value] of Object.entries({ status: undefined, error: undefined, nextAttemptAt: undefined, [PARKED_RUN_INDEX.pk]: undefined, [PARKED_RUN_INDEX.sk]: undefined, [TTL_ATTRIBUTE]: undefined, ...attributes })) {
      const alias = `#a${Object.keys(names).length}`;
      const ref = name === 'status' ? '#status' : alias;
      if (name !== 'status') names[alias] = name;
      if (value === undefined) removes.push(ref);
      else {
        values[`:v${sets.length}`] = value;
        sets.push(`${ref} = :v${sets.length}`);
      }
    }
    await this.props.doc.send(
      new UpdateCommand({
        TableName: this.props.tableName,
        Key: eventRunKey(orgId, runId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }

  async listParked(orgId: string | null, limit: number, cursor?: CursorKey): Promise<KeyedPage<EventRun>> {
    const got = await this.props.doc.send(
      new QueryCommand({
        TableName: this.props.tableName,
        IndexName: PARKED_RUN_INDEX.index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': PARKED_RUN_INDEX.pk },
        ExpressionAttributeValues: { ':pk': parkedRunPartition(orgId) },
        ScanIndexForward: false,
        Limit: limit,
        ...(cursor ? { ExclusiveStartKey: cursor } : {}),
      }),
    );
    return { items: (got.Items ?? []).map(runOf), ...(got.LastEvaluatedKey ? { lastKey: got.LastEvaluatedKey as CursorKey } : {}) };
  }

  async unpark(orgId: string | null, runId: string, maxAttempts: number): Promise<EventRun | null> {
    const at = this.now();
    try {
      const got = await this.props.doc.send(
        new UpdateCommand({
          TableName: this.props.tableName,
          Key: eventRunKey(orgId, runId),
          UpdateExpression: 'SET #status = :retrying, maxAttempts = :max, nextAttemptAt = :at, updatedAt = :at REMOVE #pk, #sk',
          ConditionExpression: '#status = :parked',
          ExpressionAttributeNames: { '#status': 'status', '#pk': PARKED_RUN_INDEX.pk, '#sk': PARKED_RUN_INDEX.sk },
          ExpressionAttributeValues: { ':retrying': 'retrying', ':parked': 'parked', ':max': maxAttempts, ':at': at },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return got.Attributes ? runOf(got.Attributes) : null;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return null;
      throw err;
    }
  }

  /** The attributes an outcome sets; those it leaves undefined are removed. */
  private outcomeAttributes(orgId: string | null, runId: string, outcome: AttemptOutcome | { readonly status: 'running' }, at: string): Record<string, unknown> {
    switch (outcome.status) {
      case 'running':
        return { status: 'running' };
      case 'succeeded':
        return { status: 'succeeded', [TTL_ATTRIBUTE]: Math.floor(this.props.clock.now().getTime() / 1000) + SUCCEEDED_RUN_DAYS * 86_400 };
      case 'retrying':
        return { status: 'retrying', error: outcome.error, nextAttemptAt: outcome.nextAttemptAt };
      case 'parked':
        return { status: 'parked', error: outcome.error, [PARKED_RUN_INDEX.pk]: parkedRunPartition(orgId), [PARKED_RUN_INDEX.sk]: `${at}#${runId}` };
    }
  }

  private now(): string {
    return this.props.clock.now().toISOString();
  }
}

function toItem(run: NewEventRun): Record<string, unknown> {
  return {
    id: run.id,
    orgId: run.orgId,
    runKind: run.kind,
    name: run.name,
    attempts: run.attempts,
    maxAttempts: run.maxAttempts,
    ...(run.record ? { record: run.record } : {}),
    ...(run.occurrence ? { occurrence: run.occurrence } : {}),
    ...(run.changeId ? { changeId: run.changeId } : {}),
    input: run.input,
    createdAt: run.createdAt,
  };
}

function runOf(item: Record<string, unknown>): EventRun {
  return {
    id: String(item.id),
    orgId: (item.orgId as string | null | undefined) ?? null,
    kind: item.runKind === 'schedule' ? 'schedule' : 'handler',
    name: String(item.name),
    status: item.status as EventRunStatus,
    attempts: Number(item.attempts),
    maxAttempts: Number(item.maxAttempts),
    ...(item.record ? { record: item.record as { entity: string; id: string } } : {}),
    ...(typeof item.occurrence === 'string' ? { occurrence: item.occurrence } : {}),
    ...(typeof item.changeId === 'string' ? { changeId: item.changeId } : {}),
    input: (item.input as Record<string, unknown> | undefined) ?? {},
    ...(typeof item.error === 'string' ? { error: item.error } : {}),
    ...(typeof item.nextAttemptAt === 'string' ? { nextAttemptAt: item.nextAttemptAt } : {}),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  };
}
