/**
 * The webhook routes of every generated API (CONTRACT "Generated project API", issue 27 item 2):
 * an organization's admins manage its subscriptions (`/v1/webhooks`) and read and redeliver
 * their deliveries (`/v1/webhooks/{id}/deliveries`); and their schemas. A single-tenant project
 * has them too (its one organization). What a delivery carries and how it is signed: README
 * "Webhooks".
 */
import { MAX_ENDPOINT_SECRET_LENGTH, MAX_ENDPOINT_URL_LENGTH, MIN_ENDPOINT_SECRET_LENGTH } from '../../outgoing/endpoint';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_PATTERN, webhookEventTypes } from '../../project-api/webhook-events';
import type { RouteBuilder } from './route-builder';
import { ID_PARAMS, NEXT_CURSOR, RECORD_ID, TIMESTAMP, objectSchema, responseObject } from './schema-parts';
import type { JsonSchema } from './types';

/** Subscriptions an organization may have. */
export const MAX_WEBHOOKS_PER_ORG = 20;
/** Event types one subscription may name. */
export const MAX_WEBHOOK_EVENTS = 100;

export function defineWebhookSchemas(b: RouteBuilder): void {
  const types = webhookEventTypes(b.ir);
  const events: JsonSchema = {
    type: 'array',
    minItems: 1,
    maxItems: MAX_WEBHOOK_EVENTS,
    items: { type: 'string', pattern: WEBHOOK_EVENT_PATTERN, maxLength: 128 },
    description: `Event types: <entity>.created, <entity>.updated, <entity>.deleted, <entity>.* or * (this API's: ${types.join(', ')}).`,
  };
  const url: JsonSchema = { type: 'string', minLength: 1, maxLength: MAX_ENDPOINT_URL_LENGTH, description: 'Where deliveries are POSTed: https, on a public address.' };
  const secret: JsonSchema = {
    type: 'string',
    minLength: MIN_ENDPOINT_SECRET_LENGTH,
    maxLength: MAX_ENDPOINT_SECRET_LENGTH,
    description: 'Signs every delivery (X-BGS-Signature). Left out on create, one is generated; it is returned by the create only.',
  };
  const active: JsonSchema = { type: 'boolean', description: 'An inactive subscription gets no deliveries.' };
  b.define('WebhookCreateRequest', objectSchema({ url, events, secret, active: { ...active, default: true } }, ['url', 'events']));
  b.define('WebhookUpdateRequest', objectSchema({ url, events, secret, active }, []));
  b.define(
    'Webhook',
    responseObject(
      {
        id: { type: 'string' },
        url: { type: 'string' },
        events: { type: 'array', items: { type: 'string' } },
        active: { type: 'boolean' },
        secret: { type: 'string', description: 'Only in the answer to the create: store it, it is never shown again.' },
        secret_hint: { type: 'string', description: "The secret's last 4 characters." },
        created_at: TIMESTAMP,
        updated_at: TIMESTAMP,
      },
      ['id', 'url', 'events', 'active', 'secret_hint', 'created_at', 'updated_at'],
      "A subscription of the caller's organization to its records' changes.",
    ),
  );
  b.define('WebhookList', responseObject({ items: { type: 'array', items: b.ref('Webhook') } }, ['items'], `Every subscription of the organization (at most ${MAX_WEBHOOKS_PER_ORG}), oldest first.`));
  b.define(
    'WebhookDelivery',
    responseObject(
      {
        id: { type: 'string', description: 'Also the X-BGS-Delivery header of every attempt.' },
        webhook_id: { type: 'string' },
        type: { type: 'string', description: 'The event type (task.created).' },
        status: { type: 'string', enum: [...WEBHOOK_DELIVERY_STATUSES] },
        attempts: { type: 'integer' },
        response_code: { type: 'integer', nullable: true, description: 'The HTTP status of the last answer.' },
        last_error: { type: 'string', nullable: true },
        created_at: TIMESTAMP,
        updated_at: TIMESTAMP,
        next_attempt_at: { ...TIMESTAMP, nullable: true, description: 'When the next attempt is due (pending only).' },
      },
      ['id', 'webhook_id', 'type', 'status', 'attempts', 'response_code', 'last_error', 'created_at', 'updated_at', 'next_attempt_at'],
    ),
  );
  b.define('WebhookDeliveryList', responseObject({ items: { type: 'array', items: b.ref('WebhookDelivery') }, next_cursor: NEXT_CURSOR }, ['items', 'next_cursor']));
}

export function webhookRoutes(b: RouteBuilder): void {
  const base = { kind: 'webhooks' as const, tag: 'Webhooks', level: 'admin' as const };
  const collection = '/v1/webhooks';
  const item = `${collection}/{id}`;
  const stored = [403, 'The caller is not an admin by their stored role (FORBIDDEN)'] as [number, string];
  b.add(
    { ...base, id: 'webhooks.list', operationId: 'listWebhooks', method: 'GET', path: collection, action: 'webhooks.list', summary: "List the organization's webhook subscriptions", request: {} },
    { status: 200, description: 'Every subscription', schema: b.ref('WebhookList') },
    [stored],
  );
  b.add(
    { ...base, id: 'webhooks.create', operationId: 'createWebhook', method: 'POST', path: collection, action: 'webhooks.create', summary: "Subscribe a URL to changes of the organization's records", request: { body: b.ref('WebhookCreateRequest') } },
    { status: 201, description: 'The subscription, with its secret (shown this once)', schema: b.ref('Webhook') },
    [
      [400, 'Invalid input, an unknown event type, or a URL that is not https or names a private or metadata address (VALIDATION_ERROR)'],
      stored,
      [409, `The organization has ${MAX_WEBHOOKS_PER_ORG} subscriptions already (CONFLICT)`],
    ],
  );
  b.add(
    { ...base, id: 'webhooks.read', operationId: 'getWebhook', method: 'GET', path: item, action: 'webhooks.read', summary: 'Read a subscription (its secret is not shown)', request: { params: ID_PARAMS } },
    { status: 200, description: 'The subscription', schema: b.ref('Webhook') },
    [stored, 404],
  );
  b.add(
    { ...base, id: 'webhooks.update', operationId: 'updateWebhook', method: 'PATCH', path: item, action: 'webhooks.update', summary: 'Change a subscription: URL, events, secret, active', request: { params: ID_PARAMS, body: b.ref('WebhookUpdateRequest') } },
    { status: 200, description: 'The subscription', schema: b.ref('Webhook') },
    [stored, 404],
  );
  b.add(
    { ...base, id: 'webhooks.delete', operationId: 'deleteWebhook', method: 'DELETE', path: item, action: 'webhooks.delete', summary: 'Delete a subscription (its pending deliveries are not sent)', request: { params: ID_PARAMS } },
    { status: 204, description: 'Deleted' },
    [stored, 404],
  );
  b.add(
    {
      ...base,
      id: 'webhooks.deliveries',
      operationId: 'listWebhookDeliveries',
      method: 'GET',
      path: `${item}/deliveries`,
      action: 'webhooks.deliveries',
      summary: "A subscription's deliveries, newest first",
      request: { params: ID_PARAMS, query: b.pageQuery({ status: { type: 'string', enum: [...WEBHOOK_DELIVERY_STATUSES], description: 'Only deliveries in this status.' } }) },
    },
    { status: 200, description: 'A page of deliveries', schema: b.ref('WebhookDeliveryList') },
    [stored, 404],
  );
  b.add(
    {
      ...base,
      id: 'webhooks.redeliver',
      operationId: 'redeliverWebhookDelivery',
      method: 'POST',
      path: `${item}/deliveries/{delivery_id}/redeliver`,
      action: 'webhooks.redeliver',
      summary: 'Send a delivery again: it is pending again, with a fresh count of attempts',
      request: { params: objectSchema({ id: RECORD_ID, delivery_id: { ...RECORD_ID, description: 'Delivery id.' } }, ['id', 'delivery_id']) },
    },
    { status: 202, description: 'The delivery, queued', schema: b.ref('WebhookDelivery') },
    [stored, 404],
  );
}
