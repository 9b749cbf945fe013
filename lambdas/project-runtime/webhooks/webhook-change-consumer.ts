/**
 * What a record change does to webhooks: the active subscriptions OF THE CHANGE'S ORGANIZATION
 * that want its type get one delivery each, queued at once. Deliveries are keyed by (change,
 * subscription) (webhook-payload.ts), so a change that comes again makes none anew; it queues the
 * delivery again only while no attempt has been made, in case the first pass stopped between the
 * two (a duplicate job finds the attempt taken and does nothing). A write the store rejected never
 * reaches the stream, so it makes no delivery.
 */
import { wantsEvent } from '../../core/project-api/webhook-events';
import type { EventJobQueue } from '../../ports/event-jobs';
import type { RecordChangeConsumer } from '../../ports/record-changes';
import type { WebhookStore } from '../../ports/webhooks';
import { webhookDeliveryIdOf, webhookEventOf } from './webhook-payload';

export interface WebhookChangeConsumerProps {
  readonly store: WebhookStore;
  readonly queue: EventJobQueue;
  /** When a delivery was made (its created_at): the processing time, the stream's is approximate. */
  readonly now: () => Date;
}

export function webhookChangeConsumer(props: WebhookChangeConsumerProps): RecordChangeConsumer {
  return async (change) => {
    const event = webhookEventOf(change);
    // Only this organization's subscriptions are read: another's are never even seen.
    const subscriptions = (await props.store.listAll(change.orgId)).filter((s) => s.active && wantsEvent(s.events, event.type));
    for (const subscription of subscriptions) {
      const id = webhookDeliveryIdOf(change, subscription.id);
      const job = { kind: 'webhookDelivery', orgId: change.orgId, webhookId: subscription.id, deliveryId: id } as const;
      const made = await props.store.createDelivery({ id, webhookId: subscription.id, orgId: change.orgId, type: event.type, payload: event, createdAt: props.now().toISOString() });
      if (made === 'exists') {
        const before = await props.store.getDelivery(change.orgId, subscription.id, id);
        if (!before || before.status !== 'pending' || before.attempts > 0) continue;
      }
      await props.queue.send(job, 0);
    }
  };
}
