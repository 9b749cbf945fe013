/**
 * The local event-job queue (ports/event-jobs.ts): a partition of the project's table ordered by
 * due time (project-table-keys.ts eventJobKey), woken by the same DueScheduler the local durable
 * engine uses. A job is deleted once its runner resolved, so one that was due while the service
 * was down runs when it starts again; one whose runner threw is put back a little later, at
 * most MAX_DELIVERIES times, and then kept under its dead-letter key with why (what the SQS
 * queue's dead-letter queue does on AWS).
 *
 * Each job runs at least once: a crash between the runner and the delete runs it again, which
 * the runners allow for (every job names the item that holds its state). A runner that defers a
 * job (EventJobDeferredError: it came before the attempt it follows was recorded) has it put back
 * after the delay it asks for, as no failure.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../../core/clock';
import { EventJobDeferredError, type EventJob, type EventJobQueue, type EventJobRunner } from '../../ports/event-jobs';
import { DueScheduler } from '../durable/local/due-scheduler';
import { EVENT_JOB_PARTITION, eventJobDueAt, eventJobDueUpperBound, eventJobKey } from '../project-data/project-table-keys';

/** Deliveries of a job whose runner throws, before it is set aside (SQS: maxReceiveCount). */
export const MAX_DELIVERIES = 5;
/** Deferrals of one job before it is set aside (a job whose run is never recorded would otherwise come back forever). */
export const MAX_DEFERRALS = 100;
/** The pause before a job whose runner threw comes again. */
const REDELIVERY_DELAY_MS = 30_000;
/** Jobs run per pass, at most this many at once. */
const PASS_SIZE = 25;
/** Where jobs that failed MAX_DELIVERIES times are kept (never due: their time is the far future). */
const DEAD_LETTER_DUE_MS = 999_999_999_999_999;

export interface LocalEventJobsProps {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly clock: Clock;
  readonly onError: (err: unknown) => void;
}

export class LocalEventJobs implements EventJobQueue {
  private runner: EventJobRunner | undefined;
  private readonly scheduler: DueScheduler;
  private pass: Promise<number> | undefined;
  private open = false;

  constructor(private readonly props: LocalEventJobsProps) {
    this.scheduler = new DueScheduler({ clock: props.clock, nextDueAt: () => this.nextDueAt(), runDue: () => this.runDue(), onError: props.onError });
  }

  /** Who runs the jobs (set once the runners, which send jobs here themselves, are built). */
  setRunner(runner: EventJobRunner): void {
    this.runner = runner;
  }

  async send(job: EventJob, delaySeconds: number): Promise<void> {
    await this.put(job, this.props.clock.now().getTime() + Math.max(0, delaySeconds) * 1000, 0);
  }

  /** Arms the wake-up for the earliest job: what fell due while the service was down runs now. */
  async start(): Promise<void> {
    this.open = true;
    await this.scheduler.arm();
  }

  async stop(): Promise<void> {
    this.open = false;
    this.scheduler.close();
    await this.pass;
  }

  /** Runs every job due by the clock, passes after passes until none is due; resolves to how many ran. */
  runDue(): Promise<number> {
    this.pass ??= this.drain().finally(() => (this.pass = undefined));
    return this.pass;
  }

  /** Resolves once no job is due (a test's moved clock, a job's follow-up sent with no delay). */
  async settled(): Promise<void> {
    while ((await this.runDue()) > 0);
  }

  /** Jobs set aside after MAX_DELIVERIES failed deliveries (tests, the operator). */
  async deadLetters(): Promise<Array<{ job: EventJob; error: string }>> {
    const got = await this.props.doc.send(
      new QueryCommand({ TableName: this.props.tableName, KeyConditionExpression: 'PK = :pk AND SK > :after', ExpressionAttributeValues: { ':pk': EVENT_JOB_PARTITION, ':after': eventJobDueUpperBound(DEAD_LETTER_DUE_MS - 1) } }),
    );
    return (got.Items ?? []).map((item) => ({ job: item.job as EventJob, error: String(item.error ?? '') }));
  }

  private async drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const due = await this.props.doc.send(
        new QueryCommand({
          TableName: this.props.tableName,
          KeyConditionExpression: 'PK = :pk AND SK <= :now',
          ExpressionAttributeValues: { ':pk': EVENT_JOB_PARTITION, ':now': eventJobDueUpperBound(this.props.clock.now().getTime()) },
          Limit: PASS_SIZE,
        }),
      );
      const items = due.Items ?? [];
      if (items.length === 0) return ran;
      await Promise.all(items.map((item) => this.runOne(item)));
      ran += items.length;
    }
  }

  private async runOne(item: Record<string, unknown>): Promise<void> {
    const job = item.job as EventJob;
    const deliveries = Number(item.deliveries ?? 0) + 1;
    try {
      if (!this.runner) throw new Error('The event-job queue has no runner');
      await this.runner(job);
    } catch (err) {
      if (err instanceof EventJobDeferredError && Number(item.deferrals ?? 0) < MAX_DEFERRALS) {
        const dueAt = this.props.clock.now().getTime() + err.delaySeconds * 1000;
        await this.put(job, dueAt, deliveries - 1, undefined, String(item.jobId), Number(item.deferrals ?? 0) + 1);
        await this.props.doc.send(new DeleteCommand({ TableName: this.props.tableName, Key: { PK: String(item.PK), SK: String(item.SK) } }));
        return;
      }
      const error = err instanceof Error ? err.message : String(err);
      this.props.onError(err);
      const dueAt = deliveries >= MAX_DELIVERIES ? DEAD_LETTER_DUE_MS : this.props.clock.now().getTime() + REDELIVERY_DELAY_MS;
      await this.put(job, dueAt, deliveries, error, String(item.jobId));
    }
    await this.props.doc.send(new DeleteCommand({ TableName: this.props.tableName, Key: { PK: String(item.PK), SK: String(item.SK) } }));
  }

  private async put(job: EventJob, dueAtMs: number, deliveries: number, error?: string, jobId: string = randomUUID(), deferrals = 0): Promise<void> {
    await this.props.doc.send(
      new PutCommand({ TableName: this.props.tableName, Item: { ...eventJobKey(dueAtMs, jobId), kind: 'event-job', jobId, job, deliveries, deferrals, ...(error ? { error } : {}) } }),
    );
    if (this.open && dueAtMs < DEAD_LETTER_DUE_MS) this.scheduler.note(dueAtMs);
  }

  private async nextDueAt(): Promise<number | undefined> {
    const first = await this.props.doc.send(
      new QueryCommand({
        TableName: this.props.tableName,
        KeyConditionExpression: 'PK = :pk AND SK < :dead',
        ExpressionAttributeValues: { ':pk': EVENT_JOB_PARTITION, ':dead': eventJobDueUpperBound(DEAD_LETTER_DUE_MS - 1) },
        Limit: 1,
      }),
    );
    const item = first.Items?.[0];
    return item ? eventJobDueAt(String(item.SK)) : undefined;
  }
}
