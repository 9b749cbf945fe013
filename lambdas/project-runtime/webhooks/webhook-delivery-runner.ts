/**
 * One attempt of a webhook delivery, run from its queued job (ports/event-jobs.ts
 * `webhookDelivery`). The job only names the delivery; its item says whether anything is left to
 * do, so a job that comes twice or late does nothing:
 *   - no such delivery (expired), or it has ended: nothing;
 *   - its next attempt is not due yet: a copy of an earlier attempt's job, nothing (the job of
 *     the due attempt is queued);
 *   - an attempt is in flight: rejected, so the queue brings the job again once it has ended or
 *     its runner is known dead;
 *   - its subscription was deleted or is inactive: ended as failed, nothing sent (an admin may
 *     redeliver it once the subscription is active again);
 *   - else the attempt is taken (one conditional write: two runners never both send), sent through
 *     THE outgoing sender (signed with the subscription's secret, the delivery id in
 *     X-BGS-Delivery, private and metadata addresses refused), and recorded. A failure queues the
 *     next attempt with its backoff (webhook-retries.ts) BEFORE it is recorded, so a crash between
 *     the two leaves a job that finds the attempt lapsed and makes it again, never a delivery that
 *     waits for nothing.
 */
import type { Clock } from '../../core/clock';
import { OutgoingRequestError } from '../../core/outgoing/outgoing-failure';
import type { EventJob, EventJobQueue } from '../../ports/event-jobs';
import type { OutgoingSender } from '../../ports/outgoing-sender';
import type { WebhookAttemptOutcome, WebhookStore } from '../../ports/webhooks';
import { DEFAULT_WEBHOOK_RETRY_POLICY, retryDelaySeconds, type WebhookRetryPolicy } from './webhook-retries';

/** How long an attempt holds its delivery: past the sender's total timeout (10 s), with room to record it. */
export const ATTEMPT_LEASE_SECONDS = 60;
/** A job this early is still taken as due (queues and clocks are not exact to the millisecond). */
const DUE_SLACK_MS = 1000;

export type WebhookDeliveryJob = Extract<EventJob, { kind: 'webhookDelivery' }>;

/** A job that must come again later (an attempt of its delivery is under way). */
export class WebhookAttemptInFlightError extends Error {
  constructor(deliveryId: string) {
    super(`An attempt of webhook delivery ${deliveryId} is under way; try the job again later`);
    this.name = 'WebhookAttemptInFlightError';
  }
}

export interface WebhookDeliveryRunnerProps {
  readonly store: WebhookStore;
  readonly queue: EventJobQueue;
  readonly sender: OutgoingSender;
  readonly clock: Clock;
  /** @default DEFAULT_WEBHOOK_RETRY_POLICY */
  readonly retries?: WebhookRetryPolicy;
  /** Told about an attempt that failed for a reason of ours, not the receiver's. */
  readonly onInternalError?: (err: unknown, job: WebhookDeliveryJob) => void;
}

export function webhookDeliveryRunner(props: WebhookDeliveryRunnerProps): (job: WebhookDeliveryJob) => Promise<void> {
  const policy = props.retries ?? DEFAULT_WEBHOOK_RETRY_POLICY;
  return async (job) => {
    const { store } = props;
    const delivery = await store.getDelivery(job.orgId, job.webhookId, job.deliveryId);
    if (!delivery || delivery.status !== 'pending') return;
    const now = props.clock.now();
    if (delivery.nextAttemptAt !== null && Date.parse(delivery.nextAttemptAt) > now.getTime() + DUE_SLACK_MS) return;
    if (delivery.inFlightUntil !== null && Date.parse(delivery.inFlightUntil) > now.getTime()) throw new WebhookAttemptInFlightError(delivery.id);
    const subscription = await store.get(job.orgId, job.webhookId);
    if (!subscription || !subscription.active) {
      await store.abandon(delivery, subscription ? 'the webhook is inactive' : 'the webhook was deleted', now.toISOString());
      return;
    }
    const taken = await store.beginAttempt(delivery, now.toISOString(), new Date(now.getTime() + ATTEMPT_LEASE_SECONDS * 1000).toISOString());
    if (!taken) return;
    let outcome: WebhookAttemptOutcome;
    try {
      const answer = await props.sender.send({ url: subscription.url, body: taken.payload, secret: subscription.secret, deliveryId: taken.id });
      outcome = { kind: 'succeeded', responseCode: answer.status, at: props.clock.now().toISOString() };
    } catch (err) {
      const known = err instanceof OutgoingRequestError;
      if (!known) props.onInternalError?.(err, job);
      const ended = props.clock.now();
      const delay = retryDelaySeconds(policy, taken.attempts, known ? err.kind : 'internal');
      outcome = {
        kind: 'failed',
        responseCode: known ? (err.status ?? null) : null,
        // The sender's reasons are short and safe to show (no body, no secret); ours are not shown.
        error: known ? err.message : 'the delivery could not be attempted (internal error)',
        at: ended.toISOString(),
        nextAttemptAt: delay === null ? null : new Date(ended.getTime() + delay * 1000).toISOString(),
      };
      if (delay !== null) await props.queue.send(job, delay);
    }
    await store.finishAttempt(taken, outcome);
  };
}
