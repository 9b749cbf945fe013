/**
 * The local stand-in for EventBridge Scheduler: it runs a project's scheduled jobs at the times
 * of their expressions (schedule-expression.ts, in each job's time zone) by the host's clock.
 *
 * It remembers, per job, the last occurrence it ran (project-table-keys.ts scheduleStateKey), so:
 *   - a restart after missed occurrences runs the latest missed one ONCE, at once (not each of
 *     them: a nightly job down for a week runs once, not seven times), then goes on at the next;
 *   - a job new to the project starts with its next occurrence (nothing from before it existed);
 *   - the claim of an occurrence is a conditional write, so two processes never both run it.
 * Between occurrences it holds one timer (due-scheduler.ts); tests move a manual clock and call runDue().
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { IrSchedule } from '../../core/blueprint/ir';
import type { Clock } from '../../core/clock';
import { parseScheduleExpression, type ScheduleExpression } from '../../core/blueprint/schedule-expression';
import { DueScheduler } from '../durable/local/due-scheduler';
import { isConditionalCheckFailed } from '../dynamodb/transaction-errors';
import { scheduleStateKey } from '../project-data/project-table-keys';

/** How far back a restart looks for a missed occurrence (a yearly job down for a year still runs). */
const CATCH_UP_MS = 400 * 86_400_000;

export interface LocalSchedulerProps {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly schedules: readonly IrSchedule[];
  readonly clock: Clock;
  /** Runs one occurrence (every organization's run). */
  readonly run: (schedule: IrSchedule, occurrence: string) => Promise<unknown>;
  readonly onError: (err: unknown) => void;
}

interface Job {
  readonly schedule: IrSchedule;
  readonly expression: ScheduleExpression;
}

export class LocalScheduler {
  private readonly jobs: Job[];
  private readonly timer: DueScheduler;
  private pass: Promise<number> | undefined;

  constructor(private readonly props: LocalSchedulerProps) {
    this.jobs = props.schedules.flatMap((schedule) => {
      const read = parseScheduleExpression(schedule.expression, schedule.timezone);
      // A deployed blueprint was validated; one that is not readable runs nothing rather than everything.
      if (!read.ok) {
        props.onError(new Error(`scheduled job ${schedule.name}: ${read.error}`));
        return [];
      }
      return [{ schedule, expression: read.value }];
    });
    this.timer = new DueScheduler({ clock: props.clock, nextDueAt: () => this.nextDueAt(), runDue: () => this.runDue(), onError: props.onError });
  }

  /** Catches up (the latest missed occurrence of each job, once) and arms the timer. */
  async start(): Promise<void> {
    await this.runDue();
    await this.timer.arm();
  }

  async stop(): Promise<void> {
    this.timer.close();
    await this.pass;
  }

  /** Runs every job whose occurrence is due by the clock (the latest one each); resolves to how many ran. */
  runDue(): Promise<number> {
    this.pass ??= this.runPass().finally(() => (this.pass = undefined));
    return this.pass;
  }

  private async runPass(): Promise<number> {
    const now = this.props.clock.now();
    let ran = 0;
    for (const job of this.jobs) {
      try {
        const last = await this.lastRun(job);
        if (last === undefined) {
          // New to the project: its first occurrence is the next one.
          await this.claim(job, null, new Date(now.getTime()).toISOString());
          continue;
        }
        const due = job.expression.latestAtOrBefore(now, Math.min(CATCH_UP_MS, now.getTime() - Date.parse(last)));
        if (!due || due.getTime() <= Date.parse(last)) continue;
        const occurrence = due.toISOString();
        if (!(await this.claim(job, last, occurrence))) continue;
        await this.props.run(job.schedule, occurrence);
        ran += 1;
      } catch (err) {
        // One job failing to run must not keep the others from theirs.
        this.props.onError(err);
      }
    }
    return ran;
  }

  /**
   * The next time any job is due: the occurrence after the last one it ran (not after now: a timer
   * that fires a millisecond early finds nothing due, and an occurrence counted from a `now` just
   * past it would be skipped).
   */
  private async nextDueAt(): Promise<number | undefined> {
    const now = this.props.clock.now();
    const times: number[] = [];
    for (const job of this.jobs) {
      const last = await this.lastRun(job);
      const next = job.expression.next(last === undefined ? now : new Date(last))?.getTime();
      if (next !== undefined) times.push(next);
    }
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  private async lastRun(job: Job): Promise<string | undefined> {
    const got = await this.props.doc.send(new GetCommand({ TableName: this.props.tableName, Key: scheduleStateKey(job.schedule.name), ConsistentRead: true }));
    return typeof got.Item?.last === 'string' ? got.Item.last : undefined;
  }

  /** Moves the job's last occurrence from `from` (null: none yet) to `to`; false when another pass moved it first. */
  private async claim(job: Job, from: string | null, to: string): Promise<boolean> {
    try {
      await this.props.doc.send(
        new UpdateCommand({
          TableName: this.props.tableName,
          Key: scheduleStateKey(job.schedule.name),
          UpdateExpression: 'SET #last = :to, kind = :kind',
          ConditionExpression: from === null ? 'attribute_not_exists(#last)' : '#last = :from',
          ExpressionAttributeNames: { '#last': 'last' },
          ExpressionAttributeValues: { ':to': to, ':kind': 'schedule-state', ...(from === null ? {} : { ':from': from }) },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  }
}
