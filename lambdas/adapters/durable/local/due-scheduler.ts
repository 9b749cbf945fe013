/**
 * Wakes the local durable engine when its earliest due item falls due: one timer, re-armed after
 * every pass and moved earlier when something earlier is scheduled. It holds one time, never the
 * due items (they are in the table), so 10,000 waiting executions cost it nothing; after a restart
 * `arm()` reads the earliest one, and anything that fell due while the process was down runs at once.
 *
 * The timer only says when to look: a pass runs what is due by the clock, so under a test's
 * manual clock a timer firing early finds nothing, and tests run passes themselves.
 */
import type { Clock } from '../../../core/clock';

/** setTimeout's longest delay; a later due time is reached by re-arming. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface DueSchedulerOptions {
  readonly clock: Clock;
  /** When the earliest due item falls due (undefined: none). */
  readonly nextDueAt: () => Promise<number | undefined>;
  /** Runs what is due now. */
  readonly runDue: () => Promise<unknown>;
  readonly onError: (err: unknown) => void;
}

export class DueScheduler {
  private timer: NodeJS.Timeout | undefined;
  private armedFor: number | undefined;
  private closed = false;

  constructor(private readonly options: DueSchedulerOptions) {}

  /** Reads the earliest due time from the table and sets the timer for it. */
  async arm(): Promise<void> {
    const next = await this.options.nextDueAt();
    this.clear();
    if (next !== undefined) this.set(next);
  }

  /** Something falls due at `dueAt`: wake up then, if that is earlier than the timer set. */
  note(dueAt: number): void {
    if (this.armedFor === undefined || dueAt < this.armedFor) this.set(dueAt);
  }

  close(): void {
    this.closed = true;
    this.clear();
  }

  private set(dueAt: number): void {
    if (this.closed) return;
    this.clear();
    this.armedFor = dueAt;
    const delay = Math.min(Math.max(0, dueAt - this.options.clock.now().getTime()), MAX_TIMER_MS);
    // unref: a pending wake-up alone does not keep the process alive (the server does).
    this.timer = setTimeout(() => void this.fire(), delay).unref();
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = undefined;
  }

  private async fire(): Promise<void> {
    this.timer = undefined;
    this.armedFor = undefined;
    try {
      await this.options.runDue();
      if (!this.closed) await this.arm();
    } catch (err) {
      this.options.onError(err);
      // Look again a little later rather than never.
      if (!this.closed && this.armedFor === undefined) this.set(this.options.clock.now().getTime() + 1000);
    }
  }
}
