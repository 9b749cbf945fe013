/**
 * Work a generated project does later, outside the request or the record change that caused it
 * (issue 27): a webhook delivery's attempt, an event handler's or a scheduled job's retry, a
 * scheduled job's run for one organization. Every job names a table item that holds its state
 * (a delivery, a run), so a job delivered twice, or late, finds out there whether it still has
 * anything to do: the queue is at least once, never the record of what happened.
 *
 * On AWS the queue is an SQS queue with a dead-letter queue (adapters/event-jobs/sqs-event-jobs.ts;
 * SQS delays at most 15 minutes, so a job due later carries `notBefore` and is sent on again when
 * it arrives early). Locally it is a partition of the project's table ordered by due time, run by
 * the host's scheduler, so it survives a restart (adapters/event-jobs/local-event-jobs.ts).
 */

export type EventJob =
  /** One attempt of a webhook delivery (its item says the subscription, the payload and the attempts so far). */
  | { readonly kind: 'webhookDelivery'; readonly orgId: string | null; readonly webhookId: string; readonly deliveryId: string }
  /** One more attempt of an event handler's or a scheduled job's failed run (its run item holds what to redo). */
  | { readonly kind: 'runRetry'; readonly orgId: string | null; readonly runId: string }
  /** A scheduled job's occurrence for one organization (AWS fans a run out per organization this way). */
  | { readonly kind: 'scheduleRun'; readonly orgId: string | null; readonly schedule: string; readonly occurrence: string };

export type EventJobKind = EventJob['kind'];

export interface QueuedEventJob {
  readonly job: EventJob;
  /** ISO 8601: not to be run before (a queue that cannot delay that long hands it in early). */
  readonly notBefore: string;
}

export interface EventJobQueue {
  /** Queues `job` to run `delaySeconds` from now (0: as soon as possible). */
  send(job: EventJob, delaySeconds: number): Promise<void>;
}

/** Runs one job; rejects to have it delivered again (the queue's own retries, then its dead-letter queue). */
export type EventJobRunner = (job: EventJob) => Promise<void>;

/**
 * A job that came too soon to be run (the attempt before it is still being recorded): the queue
 * sends it again after `delaySeconds`, as no failure (it does not count towards the dead-letter
 * queue, and SQS does not keep it for a visibility timeout).
 */
export class EventJobDeferredError extends Error {
  constructor(
    message: string,
    readonly delaySeconds: number,
  ) {
    super(message);
    this.name = 'EventJobDeferredError';
  }
}
