/**
 * Outgoing webhooks of a generated project (CONTRACT "Generated project API", issue 27 item 2):
 * an organization's subscriptions (a URL, the event types it wants, a signing secret, active or
 * not) and the deliveries made to them, one per record change and subscription, each with its
 * attempts. The store keeps both in the project's own table
 * (lambdas/adapters/project-data/webhook-store.ts); the routes, the change consumer and the
 * delivery runner (lambdas/project-runtime/webhooks/) work through this port only.
 */
import type { CursorKey } from '../core/cursor';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '../core/project-api/webhook-events';
import type { KeyedPage } from './keyed-page';

export interface WebhookSubscription {
  readonly id: string;
  readonly orgId: string | null;
  readonly url: string;
  /** `<entity>.created|updated|deleted`, `<entity>.*` or `*` (core/project-api/webhook-events.ts). */
  readonly events: readonly string[];
  /** Signs every delivery (X-BGS-Signature); shown to the admin only when the subscription is created. */
  readonly secret: string;
  readonly active: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type NewWebhookSubscription = Omit<WebhookSubscription, 'updatedAt'>;

/** What a PATCH may change. */
export type WebhookChanges = Partial<Pick<WebhookSubscription, 'url' | 'events' | 'secret' | 'active'>> & { readonly updatedAt: string };

export { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus };

export interface WebhookDelivery {
  readonly id: string;
  readonly webhookId: string;
  readonly orgId: string | null;
  /** The event type (`task.created`). */
  readonly type: string;
  /** The body sent, byte for byte the same on every attempt (webhook-payload.ts). */
  readonly payload: Readonly<Record<string, unknown>>;
  readonly status: WebhookDeliveryStatus;
  readonly attempts: number;
  /** The HTTP status of the last attempt that got an answer; null before one did. */
  readonly responseCode: number | null;
  readonly lastError: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** When the next attempt is due (pending only); null once the delivery has ended. */
  readonly nextAttemptAt: string | null;
  /** An attempt is under way until then (a runner that died leaves it to lapse). */
  readonly inFlightUntil: string | null;
}

export type NewWebhookDelivery = Pick<WebhookDelivery, 'id' | 'webhookId' | 'orgId' | 'type' | 'payload' | 'createdAt'>;

/** How one attempt ended. */
export type WebhookAttemptOutcome =
  | { readonly kind: 'succeeded'; readonly responseCode: number; readonly at: string }
  /** `nextAttemptAt` null: no attempt left (or none worth making): the delivery has failed. */
  | { readonly kind: 'failed'; readonly responseCode: number | null; readonly error: string; readonly at: string; readonly nextAttemptAt: string | null };

export interface WebhookStore {
  /** 'limit': the organization has `maxPerOrg` subscriptions already (counted in the same transaction). */
  create(subscription: NewWebhookSubscription, maxPerOrg: number): Promise<'created' | 'limit'>;
  get(orgId: string | null, id: string): Promise<WebhookSubscription | null>;
  /** Every subscription of the organization (at most the limit: one page), oldest first. */
  listAll(orgId: string | null): Promise<WebhookSubscription[]>;
  /** null: no such subscription. */
  update(orgId: string | null, id: string, changes: WebhookChanges): Promise<WebhookSubscription | null>;
  /** false: no such subscription. Its deliveries stay until they expire, and are never sent again. */
  remove(orgId: string | null, id: string): Promise<boolean>;

  /** 'exists': this delivery was made before (the same change delivered again). */
  createDelivery(delivery: NewWebhookDelivery): Promise<'created' | 'exists'>;
  getDelivery(orgId: string | null, webhookId: string, id: string): Promise<WebhookDelivery | null>;
  /** Newest first; only those of `status` when given. */
  listDeliveries(orgId: string | null, webhookId: string, query: { status?: WebhookDeliveryStatus; limit: number; startKey?: CursorKey }): Promise<KeyedPage<WebhookDelivery>>;
  /**
   * Takes the next attempt: only a pending delivery due by `at`, with `attempts` as read and no
   * attempt in flight, so two runners of one job never both send. Returns the delivery as it is
   * now (attempts counted), or null when another runner took it or it is not due.
   */
  beginAttempt(delivery: WebhookDelivery, at: string, inFlightUntil: string): Promise<WebhookDelivery | null>;
  /** Records the attempt `attempt` took (only if no other attempt was taken meanwhile). */
  finishAttempt(delivery: WebhookDelivery, outcome: WebhookAttemptOutcome): Promise<void>;
  /** Ends a pending delivery without an attempt (its subscription is gone or inactive). */
  abandon(delivery: WebhookDelivery, reason: string, at: string): Promise<void>;
  /** Sets the delivery pending again, due at `at` (redelivery); null when there is no such delivery. */
  reset(orgId: string | null, webhookId: string, id: string, at: string): Promise<WebhookDelivery | null>;
}
