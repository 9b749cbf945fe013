/**
 * What a webhook delivery carries (README "Webhooks"): one JSON object per record change,
 *
 *   { id, type, occurred_at, org_id, data, previous? }
 *
 * `id` names the event (the same for every subscription that gets it; the X-BGS-Delivery header
 * names the delivery), `type` is `<entity>.created|updated|deleted`, `data` the record as the API
 * shows it (after the change; for a deletion, as it was), `previous` the record before an update.
 * Ids come from the change, so the same change delivered again makes the same event and delivery.
 */
import { recordIdFor } from '../../core/project-api/record-id';
import { webhookEventType } from '../../core/project-api/webhook-events';
import type { RecordChange } from '../../ports/record-changes';

/** A type, not an interface: it is stored as a plain JSON object. */
export type WebhookEvent = {
  readonly id: string;
  readonly type: string;
  readonly occurred_at: string;
  readonly org_id: string | null;
  readonly data: Readonly<Record<string, unknown>>;
  readonly previous?: Readonly<Record<string, unknown>>;
};

/**
 * Time-shaped ids seeded by the change: its stream time (the same on every delivery of one
 * stream record) and its change id.
 */
const atOf = (change: RecordChange): Date => {
  const at = new Date(change.at);
  return Number.isNaN(at.getTime()) ? new Date(0) : at;
};

/** The event a change makes. */
export function webhookEventOf(change: RecordChange): WebhookEvent {
  const data = (change.kind === 'deleted' ? change.before : change.after) ?? {};
  // The record's own updated_at is exact; the stream's time is not (DynamoDB Local gives minutes).
  const stamped = change.kind !== 'deleted' && typeof data.updated_at === 'string' ? data.updated_at : change.at;
  return {
    id: recordIdFor(atOf(change), `event\n${change.changeId}`),
    type: webhookEventType(change.entity, change.kind),
    occurred_at: stamped,
    org_id: change.orgId,
    data: { ...data },
    ...(change.kind === 'updated' && change.before ? { previous: { ...change.before } } : {}),
  };
}

/** The id of the delivery of a change to one subscription: made once, however often the change comes. */
export const webhookDeliveryIdOf = (change: RecordChange, webhookId: string): string => recordIdFor(atOf(change), `delivery\n${change.changeId}\n${webhookId}`);
