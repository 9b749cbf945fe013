/**
 * Work the local service runs in the background of its own process, standing in for Step
 * Functions (blueprint generations, deployments): each run at most once at a time per id,
 * started only after the current request has answered (as StartExecution returns at once),
 * and awaitable as a whole (`idle()`: tests, shutdown). State lives in the table, so a run
 * cut short by a restart is resumed by its owner, not here.
 */
export class BackgroundRuns {
  private readonly running = new Map<string, Promise<void>>();

  /** @param onError told about a run that threw (the run's own failure handling failed too). */
  constructor(private readonly onError: (id: string, err: unknown) => void) {}

  start(id: string, run: () => Promise<void>): void {
    if (this.running.has(id)) return;
    const promise = (async () => {
      // Let the 202 go out first.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        await run();
      } catch (err) {
        this.onError(id, err);
      }
    })().finally(() => this.running.delete(id));
    this.running.set(id, promise);
  }

  async idle(): Promise<void> {
    await Promise.all([...this.running.values()]);
  }
}
