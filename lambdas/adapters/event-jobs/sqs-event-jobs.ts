/**
 * The event-job queue on AWS (ports/event-jobs.ts): an SQS queue with a dead-letter queue
 * (ProjectEvents). SQS delays a message at most 15 minutes, so every message carries the time
 * it is due (`notBefore`); the worker (eventJobsHandler) sends one that arrives early on again
 * with the time left, and runs the others (one a runner defers is sent again after the delay it
 * asks for). A runner that throws leaves its message on the queue:
 * SQS hands it in again after the visibility timeout, and after the queue's receive limit it
 * waits in the dead-letter queue.
 */
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import type { Clock } from '../../core/clock';
import { EventJobDeferredError, type EventJob, type EventJobQueue, type EventJobRunner, type QueuedEventJob } from '../../ports/event-jobs';

/** SQS's longest delay. */
export const MAX_SQS_DELAY_SECONDS = 900;

/** What a message's body holds: checked, since anyone allowed to send to the queue could send anything. */
const OrgId = z.string().min(1).nullable();
const Message = z.object({
  job: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('webhookDelivery'), orgId: OrgId, webhookId: z.string().min(1), deliveryId: z.string().min(1) }),
    z.object({ kind: z.literal('runRetry'), orgId: OrgId, runId: z.string().min(1) }),
    z.object({ kind: z.literal('scheduleRun'), orgId: OrgId, schedule: z.string().min(1), occurrence: z.string().min(1) }),
  ]),
  notBefore: z.iso.datetime(),
});

export interface SqsEventJobsProps {
  readonly client: SQSClient;
  readonly queueUrl: string;
  readonly clock: Clock;
}

export class SqsEventJobs implements EventJobQueue {
  constructor(private readonly props: SqsEventJobsProps) {}

  async send(job: EventJob, delaySeconds: number): Promise<void> {
    const delay = Math.max(0, Math.ceil(delaySeconds));
    const message: QueuedEventJob = { job, notBefore: new Date(this.props.clock.now().getTime() + delay * 1000).toISOString() };
    await this.props.client.send(
      new SendMessageCommand({ QueueUrl: this.props.queueUrl, MessageBody: JSON.stringify(message), DelaySeconds: Math.min(delay, MAX_SQS_DELAY_SECONDS) }),
    );
  }
}

export interface EventJobsHandlerOptions {
  readonly queue: EventJobQueue;
  readonly clock: Clock;
  /** Builds the runner on first use (the cold start reads the blueprint). */
  readonly runner: () => Promise<EventJobRunner>;
  /** Told about a message that failed (retried by SQS) or could not be read (dropped). */
  readonly log: (message: string, detail: Record<string, unknown>) => void;
}

/** The event-jobs function's handler: an SQS event source mapping with ReportBatchItemFailures. */
export function createEventJobsHandler(options: EventJobsHandlerOptions): (event: SQSEvent) => Promise<SQSBatchResponse> {
  return async (event) => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    await Promise.all(
      event.Records.map(async (record) => {
        let parsed: z.infer<typeof Message>;
        try {
          parsed = Message.parse(JSON.parse(record.body));
        } catch (err) {
          // Not a job this code sent: sending it back would only fill the dead-letter queue with it.
          options.log('An event-job message that is no job was dropped', { messageId: record.messageId, error: String(err) });
          return;
        }
        try {
          const early = Date.parse(parsed.notBefore) - options.clock.now().getTime();
          if (early > 1000) {
            await options.queue.send(parsed.job, early / 1000);
            return;
          }
          try {
            await (await options.runner())(parsed.job as EventJob);
          } catch (err) {
            // Too soon (the attempt it follows is still being recorded): sent again after the delay, not kept for a visibility timeout.
            if (!(err instanceof EventJobDeferredError)) throw err;
            await options.queue.send(parsed.job, err.delaySeconds);
          }
        } catch (err) {
          options.log('An event job failed; SQS hands it in again', { messageId: record.messageId, kind: parsed.job.kind, error: String(err) });
          failures.push({ itemIdentifier: record.messageId });
        }
      }),
    );
    return { batchItemFailures: failures };
  };
}
