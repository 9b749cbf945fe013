/**
 * The webhook routes of a generated project API (CONTRACT "Generated project API"): an
 * organization's admins manage its subscriptions and read and redeliver their deliveries.
 * Everything is read in the caller's organization only (another one's id is not found). As member
 * management does, these routes decide on the caller's role AS STORED (member-actions.ts
 * `storedAdmin`): a demoted admin's old token manages no webhooks. A deployment whose runtime has
 * no event-job queue answers 501 with the contract's error body.
 */
import { MAX_WEBHOOKS_PER_ORG } from '../../core/blueprint/project-routes';
import { decodeCursor, encodeCursor } from '../../core/cursor';
import { ConflictError, NotFoundError, NotImplementedError, ValidationError, type ErrorDetail } from '../../core/errors';
import { newOpaqueKey, newRecordId } from '../../core/project-api/record-id';
import { webhookEventProblems } from '../../core/project-api/webhook-events';
import type { HandlerResult } from '../../shared/http-types';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDelivery, type WebhookDeliveryStatus, type WebhookSubscription } from '../../ports/webhooks';
import type { ActionInput, Caller } from '../action-input';
import type { WebhookRuntime } from '../runtime-services';
import { storedAdmin } from './member-actions';
import { pageLimit } from './paging';

/** Generated secrets: 32 random bytes (base64url) behind a prefix that says what they are. */
export const newWebhookSecret = (): string => `whsec_${newOpaqueKey(32)}`;

/** What GET shows of a secret: enough to tell two apart, too little to sign with. */
export const secretHint = (secret: string): string => `...${secret.slice(-4)}`;

function runtimeOf(input: ActionInput): WebhookRuntime {
  const runtime = input.services.webhooks;
  if (!runtime) throw new NotImplementedError('Webhooks are not delivered in this deployment: its runtime has no event-job queue');
  return runtime;
}

interface WebhookFields {
  url?: string;
  events?: string[];
  secret?: string;
  active?: boolean;
}

/** The fields the body gives, checked against the blueprint's event types and the outgoing URL rules; 400 naming each problem. */
async function checkedFields(input: ActionInput, runtime: WebhookRuntime): Promise<WebhookFields> {
  const body = input.body as WebhookFields;
  const details: ErrorDetail[] = [];
  if (body.events !== undefined) {
    for (const problem of webhookEventProblems(input.services.ir, body.events)) details.push({ path: problem.index < 0 ? 'body.events' : `body.events.${problem.index}`, message: problem.message });
  }
  if (body.url !== undefined) {
    const problem = await runtime.urlProblem(body.url);
    if (problem !== null) details.push({ path: 'body.url', message: problem });
  }
  if (details.length > 0) throw new ValidationError(`Invalid body: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`, details);
  return { ...body, ...(body.events ? { events: [...new Set(body.events)] } : {}) };
}

async function subscriptionOf(input: ActionInput, caller: Caller, runtime: WebhookRuntime): Promise<WebhookSubscription> {
  const subscription = await runtime.store.get(caller.orgId, input.params.id as string);
  if (!subscription) throw new NotFoundError('No webhook with this id');
  return subscription;
}

/** A subscription as the API shows it; the secret only when it was just made. */
function webhookBody(subscription: WebhookSubscription, withSecret = false): Record<string, unknown> {
  return {
    id: subscription.id,
    url: subscription.url,
    events: subscription.events,
    active: subscription.active,
    ...(withSecret ? { secret: subscription.secret } : {}),
    secret_hint: secretHint(subscription.secret),
    created_at: subscription.createdAt,
    updated_at: subscription.updatedAt,
  };
}

function deliveryBody(delivery: WebhookDelivery): Record<string, unknown> {
  return {
    id: delivery.id,
    webhook_id: delivery.webhookId,
    type: delivery.type,
    status: delivery.status,
    attempts: delivery.attempts,
    response_code: delivery.responseCode,
    last_error: delivery.lastError,
    created_at: delivery.createdAt,
    updated_at: delivery.updatedAt,
    next_attempt_at: delivery.status === 'pending' ? delivery.nextAttemptAt : null,
  };
}

export const webhookActions = {
  'webhooks.list': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await storedAdmin(input);
    const subscriptions = await runtimeOf(input).store.listAll(caller.orgId);
    return { body: { items: subscriptions.map((s) => webhookBody(s)) } };
  },

  'webhooks.create': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await storedAdmin(input);
    const runtime = runtimeOf(input);
    const fields = await checkedFields(input, runtime);
    const at = input.now.toISOString();
    const subscription: WebhookSubscription = {
      id: newRecordId(input.now),
      orgId: caller.orgId,
      url: fields.url!,
      events: fields.events!,
      secret: fields.secret ?? newWebhookSecret(),
      active: fields.active ?? true,
      createdAt: at,
      updatedAt: at,
    };
    const made = await runtime.store.create(subscription, MAX_WEBHOOKS_PER_ORG);
    if (made === 'limit') throw new ConflictError(`The organization has ${MAX_WEBHOOKS_PER_ORG} webhooks already, the most it may have: delete one first`);
    return { status: 201, body: webhookBody(subscription, true) };
  },

  'webhooks.read': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await storedAdmin(input);
    return { body: webhookBody(await subscriptionOf(input, caller, runtimeOf(input))) };
  },

  'webhooks.update': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await storedAdmin(input);
    const runtime = runtimeOf(input);
    const fields = await checkedFields(input, runtime);
    const updated = await runtime.store.update(caller.orgId, input.params.id as string, { ...fields, updatedAt: input.now.toISOString() });
    if (!updated) throw new NotFoundError('No webhook with this id');
    return { body: webhookBody(updated) };
  },

  'webhooks.delete': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await storedAdmin(input);
    if (!(await runtimeOf(input).store.remove(caller.orgId, input.params.id as string))) throw new NotFoundError('No webhook with this id');
    return { status: 204 };
  },

  'webhooks.deliveries': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await storedAdmin(input);
    const runtime = runtimeOf(input);
    const { status, ...paging } = input.query;
    if (status !== undefined && !WEBHOOK_DELIVERY_STATUSES.includes(status as WebhookDeliveryStatus)) {
      throw new ValidationError('Invalid query: query.status is not a delivery status', [{ path: 'query.status', message: `must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` }]);
    }
    const { limit, cursor } = pageLimit(paging, input.services.ir.limits);
    const subscription = await subscriptionOf(input, caller, runtime);
    const scope = `${input.services.projectId}/${caller.orgId ?? '-'}/webhooks/${subscription.id}/${status ?? '*'}`;
    const page = await runtime.store.listDeliveries(caller.orgId, subscription.id, {
      ...(status ? { status: status as WebhookDeliveryStatus } : {}),
      limit,
      ...(cursor ? { startKey: decodeCursor(cursor, scope, runtime.cursorSecret) } : {}),
    });
    return { body: { items: page.items.map(deliveryBody), next_cursor: page.lastKey ? encodeCursor(page.lastKey, scope, runtime.cursorSecret) : null } };
  },

  'webhooks.redeliver': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await storedAdmin(input);
    const runtime = runtimeOf(input);
    const subscription = await subscriptionOf(input, caller, runtime);
    if (!subscription.active) throw new ConflictError('The webhook is inactive: activate it (PATCH active: true) before redelivering');
    const deliveryId = input.params.delivery_id as string;
    const delivery = await runtime.store.reset(caller.orgId, subscription.id, deliveryId, input.now.toISOString());
    if (!delivery) throw new NotFoundError('No delivery with this id');
    await runtime.queue.send({ kind: 'webhookDelivery', orgId: caller.orgId, webhookId: subscription.id, deliveryId }, 0);
    return { status: 202, body: deliveryBody(delivery) };
  },
};
