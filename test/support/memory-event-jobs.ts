/**
 * An in-memory event-job queue for tests of what queues jobs (webhook deliveries): it keeps what
 * was sent with its delay, and runs the jobs due at a test's clock through a runner, as the local
 * queue and SQS would hand them on (at least once: a test may run a job twice on purpose).
 */
import type { Clock } from '../../lambdas/core/clock';
import type { EventJob, EventJobQueue } from '../../lambdas/ports/event-jobs';

export interface SentJob {
  readonly job: EventJob;
  readonly delaySeconds: number;
  /** Due at, in ms of the queue's clock. */
  readonly dueAt: number;
}

export class MemoryEventJobQueue implements EventJobQueue {
  /** Every job ever sent, in order. */
  readonly sent: SentJob[] = [];
  private waiting: SentJob[] = [];

  constructor(private readonly clock: Clock) {}

  send(job: EventJob, delaySeconds: number): Promise<void> {
    const entry = { job, delaySeconds, dueAt: this.clock.now().getTime() + delaySeconds * 1000 };
    this.sent.push(entry);
    this.waiting.push(entry);
    return Promise.resolve();
  }

  /** Jobs not yet run. */
  get pending(): readonly SentJob[] {
    return this.waiting;
  }

  /**
   * Runs every job due now (and those they queue, when due), in due order; a job whose run
   * rejects stays queued, as a queue would bring it again. Returns how many runs there were.
   */
  async runDue(runner: (job: EventJob) => Promise<void>): Promise<number> {
    let runs = 0;
    for (;;) {
      const now = this.clock.now().getTime();
      const due = this.waiting.filter((entry) => entry.dueAt <= now).sort((a, b) => a.dueAt - b.dueAt)[0];
      if (!due) return runs;
      this.waiting = this.waiting.filter((entry) => entry !== due);
      runs += 1;
      try {
        await runner(due.job);
      } catch (err) {
        this.waiting.push(due);
        throw err;
      }
    }
  }
}
