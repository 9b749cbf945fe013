/**
 * Webhook subscriptions and deliveries in the project's own table (ports/webhooks.ts). The keys
 * are project-table-keys.ts's; what each write guarantees:
 *
 *   create / remove   one transaction with the organization's subscription count, so the limit
 *                     holds under concurrent creates and a repeated delete counts once
 *   createDelivery    conditional on the delivery not existing: its id comes from the change and
 *                     the subscription, so a change delivered twice makes one delivery
 *   beginAttempt      conditional on the delivery being pending, its attempts as read and no
 *                     attempt in flight: of two runners of one job, one sends
 *   finishAttempt     conditional on the attempts it began with: a redelivery that reset the
 *                     delivery meanwhile is not overwritten by the attempt it replaced
 *
 * A delivery's body is stored gzipped (a record may hold 350 KB, and an update carries it twice);
 * a body still over MAX_STORED_BODY_BYTES leaves `previous` out and says so. Deliveries expire
 * DELIVERY_RETENTION_DAYS after they were made or last redelivered (the table's TTL).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CursorKey } from '../../core/cursor';
import type { KeyedPage } from '../../ports/keyed-page';
import type {
  NewWebhookDelivery,
  NewWebhookSubscription,
  WebhookAttemptOutcome,
  WebhookChanges,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookStore,
  WebhookSubscription,
} from '../../ports/webhooks';
import { cancellationCodes, isConditionalCheckFailed } from '../dynamodb/transaction-errors';
import { PROJECT_TTL_ATTRIBUTE, projectIndexKeys } from './project-table';
import {
  WEBHOOK_DELIVERY_INDEXES,
  WEBHOOK_SK_PREFIX,
  webhookCountKey,
  webhookDeliveryKey,
  webhookDeliveryListPartition,
  webhookDeliverySortKey,
  webhookDeliveryStatusPartition,
  webhookKey,
  webhookPartition,
} from './project-table-keys';

/** How long a delivery stays listable and redeliverable after it was made or last redelivered. */
export const DELIVERY_RETENTION_DAYS = 30;
/** The largest gzipped body kept in a delivery item (an item holds 400 KB with its other attributes). */
export const MAX_STORED_BODY_BYTES = 300_000;

const ALL = projectIndexKeys(WEBHOOK_DELIVERY_INDEXES.all);
const BY_STATUS = projectIndexKeys(WEBHOOK_DELIVERY_INDEXES.status);

export interface WebhookStoreProps {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
}

const expiryOf = (at: string): number => Math.floor(Date.parse(at) / 1000) + DELIVERY_RETENTION_DAYS * 86_400;

export class DynamoWebhookStore implements WebhookStore {
  constructor(private readonly props: WebhookStoreProps) {}

  async create(subscription: NewWebhookSubscription, maxPerOrg: number): Promise<'created' | 'limit'> {
    const { tableName } = this.props;
    try {
      await this.props.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: { ...webhookKey(subscription.orgId, subscription.id), kind: 'webhook', ...subscription, events: [...subscription.events], updatedAt: subscription.createdAt }, ConditionExpression: 'attribute_not_exists(PK)' } },
            {
              Update: {
                TableName: tableName,
                Key: webhookCountKey(subscription.orgId),
                UpdateExpression: 'ADD #n :one',
                ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
                ExpressionAttributeNames: { '#n': 'subscriptions' },
                ExpressionAttributeValues: { ':one': 1, ':max': maxPerOrg },
              },
            },
          ],
        }),
      );
      return 'created';
    } catch (err) {
      if (cancellationCodes(err)[1] === 'ConditionalCheckFailed') return 'limit';
      throw err;
    }
  }

  async get(orgId: string | null, id: string): Promise<WebhookSubscription | null> {
    const got = await this.props.doc.send(new GetCommand({ TableName: this.props.tableName, Key: webhookKey(orgId, id), ConsistentRead: true }));
    return got.Item ? subscriptionOf(got.Item) : null;
  }

  async listAll(orgId: string | null): Promise<WebhookSubscription[]> {
    const found: WebhookSubscription[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.props.doc.send(
        new QueryCommand({
          TableName: this.props.tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': webhookPartition(orgId), ':prefix': WEBHOOK_SK_PREFIX },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) found.push(subscriptionOf(item));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return found;
  }

  async update(orgId: string | null, id: string, changes: WebhookChanges): Promise<WebhookSubscription | null> {
    const sets: string[] = ['updatedAt = :updatedAt'];
    const values: Record<string, unknown> = { ':updatedAt': changes.updatedAt };
    for (const name of ['url', 'events', 'secret', 'active'] as const) {
      if (changes[name] === undefined) continue;
      sets.push(`#${name} = :${name}`);
      values[`:${name}`] = name === 'events' ? [...changes.events!] : changes[name];
    }
    const names = Object.fromEntries(sets.slice(1).map((set) => set.split(' ')[0]!).map((placeholder) => [placeholder, placeholder.slice(1)]));
    try {
      const updated = await this.props.doc.send(
        new UpdateCommand({
          TableName: this.props.tableName,
          Key: webhookKey(orgId, id),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(PK)',
          ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return subscriptionOf(updated.Attributes ?? {});
    } catch (err) {
      if (isConditionalCheckFailed(err)) return null;
      throw err;
    }
  }

  async remove(orgId: string | null, id: string): Promise<boolean> {
    const { tableName } = this.props;
    try {
      await this.props.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: tableName, Key: webhookKey(orgId, id), ConditionExpression: 'attribute_exists(PK)' } },
            { Update: { TableName: tableName, Key: webhookCountKey(orgId), UpdateExpression: 'ADD #n :minusOne', ExpressionAttributeNames: { '#n': 'subscriptions' }, ExpressionAttributeValues: { ':minusOne': -1 } } },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (cancellationCodes(err)[0] === 'ConditionalCheckFailed') return false;
      throw err;
    }
  }

  async createDelivery(delivery: NewWebhookDelivery): Promise<'created' | 'exists'> {
    const status: WebhookDeliveryStatus = 'pending';
    const sortKey = webhookDeliverySortKey(delivery.createdAt, delivery.id);
    const item = {
      ...webhookDeliveryKey(delivery.orgId, delivery.webhookId, delivery.id),
      kind: 'webhook-delivery',
      id: delivery.id,
      webhookId: delivery.webhookId,
      orgId: delivery.orgId,
      type: delivery.type,
      body: storedBody(delivery.payload),
      status,
      attempts: 0,
      responseCode: null,
      lastError: null,
      createdAt: delivery.createdAt,
      updatedAt: delivery.createdAt,
      nextAttemptAt: delivery.createdAt,
      [ALL.partitionKey]: webhookDeliveryListPartition(delivery.orgId, delivery.webhookId),
      [ALL.sortKey]: sortKey,
      [BY_STATUS.partitionKey]: webhookDeliveryStatusPartition(delivery.orgId, delivery.webhookId, status),
      [BY_STATUS.sortKey]: sortKey,
      [PROJECT_TTL_ATTRIBUTE]: expiryOf(delivery.createdAt),
    };
    try {
      await this.props.doc.send(new PutCommand({ TableName: this.props.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
      return 'created';
    } catch (err) {
      if (isConditionalCheckFailed(err)) return 'exists';
      throw err;
    }
  }

  async getDelivery(orgId: string | null, webhookId: string, id: string): Promise<WebhookDelivery | null> {
    const got = await this.props.doc.send(new GetCommand({ TableName: this.props.tableName, Key: webhookDeliveryKey(orgId, webhookId, id), ConsistentRead: true }));
    return got.Item ? deliveryOf(got.Item) : null;
  }

  async listDeliveries(orgId: string | null, webhookId: string, query: { status?: WebhookDeliveryStatus; limit: number; startKey?: CursorKey }): Promise<KeyedPage<WebhookDelivery>> {
    const [index, partition] = query.status ? [BY_STATUS, webhookDeliveryStatusPartition(orgId, webhookId, query.status)] : [ALL, webhookDeliveryListPartition(orgId, webhookId)];
    const got = await this.props.doc.send(
      new QueryCommand({
        TableName: this.props.tableName,
        IndexName: index.indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': index.partitionKey },
        ExpressionAttributeValues: { ':pk': partition },
        ScanIndexForward: false,
        Limit: query.limit,
        ...(query.startKey ? { ExclusiveStartKey: query.startKey } : {}),
      }),
    );
    return { items: (got.Items ?? []).map(deliveryOf), ...(got.LastEvaluatedKey ? { lastKey: got.LastEvaluatedKey as CursorKey } : {}) };
  }

  async beginAttempt(delivery: WebhookDelivery, at: string, inFlightUntil: string): Promise<WebhookDelivery | null> {
    try {
      const updated = await this.props.doc.send(
        new UpdateCommand({
          TableName: this.props.tableName,
          Key: webhookDeliveryKey(delivery.orgId, delivery.webhookId, delivery.id),
          UpdateExpression: 'SET attempts = attempts + :one, inFlightUntil = :lease, updatedAt = :at',
          ConditionExpression: '#status = :pending AND attempts = :seen AND (attribute_not_exists(inFlightUntil) OR inFlightUntil < :at)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':one': 1, ':lease': inFlightUntil, ':at': at, ':pending': 'pending', ':seen': delivery.attempts },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return deliveryOf(updated.Attributes ?? {});
    } catch (err) {
      if (isConditionalCheckFailed(err)) return null;
      throw err;
    }
  }

  async finishAttempt(delivery: WebhookDelivery, outcome: WebhookAttemptOutcome): Promise<void> {
    const status: WebhookDeliveryStatus = outcome.kind === 'succeeded' ? 'succeeded' : outcome.nextAttemptAt === null ? 'failed' : 'pending';
    await this.conditionalUpdate(delivery, 'attempts = :attempts AND #status = :pending', {
      status,
      responseCode: outcome.responseCode,
      lastError: outcome.kind === 'succeeded' ? null : outcome.error,
      nextAttemptAt: outcome.kind === 'succeeded' ? null : outcome.nextAttemptAt,
      updatedAt: outcome.at,
    }, { ':attempts': delivery.attempts });
  }

  async abandon(delivery: WebhookDelivery, reason: string, at: string): Promise<void> {
    await this.conditionalUpdate(delivery, '#status = :pending', { status: 'failed', lastError: reason, nextAttemptAt: null, updatedAt: at }, {});
  }

  async reset(orgId: string | null, webhookId: string, id: string, at: string): Promise<WebhookDelivery | null> {
    try {
      const updated = await this.props.doc.send(
        new UpdateCommand({
          TableName: this.props.tableName,
          Key: webhookDeliveryKey(orgId, webhookId, id),
          UpdateExpression: 'SET #status = :pending, attempts = :zero, nextAttemptAt = :at, updatedAt = :at, #statusPk = :statusPk, #ttl = :ttl REMOVE inFlightUntil',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#status': 'status', '#statusPk': BY_STATUS.partitionKey, '#ttl': PROJECT_TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':pending': 'pending', ':zero': 0, ':at': at, ':statusPk': webhookDeliveryStatusPartition(orgId, webhookId, 'pending'), ':ttl': expiryOf(at) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return deliveryOf(updated.Attributes ?? {});
    } catch (err) {
      if (isConditionalCheckFailed(err)) return null;
      throw err;
    }
  }

  /** Sets `fields` (and the status list the delivery is in) and ends the attempt in flight, if `condition` holds; else nothing. */
  private async conditionalUpdate(
    delivery: WebhookDelivery,
    condition: string,
    fields: { status: WebhookDeliveryStatus; lastError: string | null; nextAttemptAt: string | null; updatedAt: string; responseCode?: number | null },
    values: Record<string, unknown>,
  ): Promise<void> {
    const sets = Object.keys(fields).map((name) => `#${name} = :${name}`);
    try {
      await this.props.doc.send(
        new UpdateCommand({
          TableName: this.props.tableName,
          Key: webhookDeliveryKey(delivery.orgId, delivery.webhookId, delivery.id),
          UpdateExpression: `SET ${[...sets, '#statusPk = :statusPk'].join(', ')} REMOVE inFlightUntil`,
          ConditionExpression: condition,
          ExpressionAttributeNames: { ...Object.fromEntries(Object.keys(fields).map((name) => [`#${name}`, name])), '#statusPk': BY_STATUS.partitionKey },
          ExpressionAttributeValues: {
            ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [`:${name}`, value])),
            ':statusPk': webhookDeliveryStatusPartition(delivery.orgId, delivery.webhookId, fields.status),
            ':pending': 'pending',
            ...values,
          },
        }),
      );
    } catch (err) {
      // Reset (redelivered) or ended meanwhile: what this attempt saw no longer describes the delivery.
      if (!isConditionalCheckFailed(err)) throw err;
    }
  }
}

/** The body as stored: gzipped JSON, without `previous` when it would not fit an item. */
function storedBody(payload: Readonly<Record<string, unknown>>): Uint8Array {
  const whole = gzipSync(JSON.stringify(payload));
  if (whole.length <= MAX_STORED_BODY_BYTES || !('previous' in payload)) return whole;
  const { previous: _previous, ...rest } = payload;
  return gzipSync(JSON.stringify({ ...rest, previous_omitted: true }));
}

function subscriptionOf(item: Record<string, unknown>): WebhookSubscription {
  return {
    id: String(item.id),
    orgId: (item.orgId as string | null | undefined) ?? null,
    url: String(item.url),
    events: Array.isArray(item.events) ? (item.events as string[]) : [],
    secret: String(item.secret),
    active: item.active === true,
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  };
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function deliveryOf(item: Record<string, unknown>): WebhookDelivery {
  return {
    id: String(item.id),
    webhookId: String(item.webhookId),
    orgId: (item.orgId as string | null | undefined) ?? null,
    type: String(item.type),
    payload: item.body instanceof Uint8Array ? (JSON.parse(gunzipSync(item.body).toString('utf8')) as Record<string, unknown>) : {},
    status: item.status as WebhookDeliveryStatus,
    attempts: Number(item.attempts ?? 0),
    responseCode: typeof item.responseCode === 'number' ? item.responseCode : null,
    lastError: textOrNull(item.lastError),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
    nextAttemptAt: textOrNull(item.nextAttemptAt),
    inFlightUntil: textOrNull(item.inFlightUntil),
  };
}
