/**
 * The local stand-in for the S3 lifecycle rule of a project's bucket (lib/project/project-files.ts):
 * staging objects (uploads, lambdas/core/project-api/file-keys.ts) older than their grant's lifetime
 * plus a margin were never attached, and are deleted. On AWS S3 does this once a day in whole
 * days; here a periodic sweep does it to the second, from the same age limit.
 *
 * The age is the object's own (its Last-Modified): an upload happens while its URL is valid, so
 * that age is never shorter than the time since its grant was made (file-keys.ts says why the
 * limit is past the grant's end).
 */
import { STAGING_PREFIX } from '../lambdas/core/project-api/file-keys';
import type { ListedObject } from '../lambdas/ports/file-storage';

/** What a sweep needs of a bucket (S3FileStorage has it). */
export interface SweptStorage {
  list(prefix: string): AsyncIterable<ListedObject>;
  delete(key: string): Promise<void>;
}

/** Deletes the staging objects of `storage` older than `maxAgeSeconds` at `now`; returns their keys. */
export async function sweepStagingObjects(storage: SweptStorage, maxAgeSeconds: number, now: Date): Promise<string[]> {
  const cutoff = now.getTime() - maxAgeSeconds * 1000;
  const deleted: string[] = [];
  for await (const object of storage.list(STAGING_PREFIX)) {
    if (object.lastModified.getTime() >= cutoff) continue;
    await storage.delete(object.key);
    deleted.push(object.key);
  }
  return deleted;
}

export interface PeriodicSweeperProps {
  /** One sweep over everything (the project host's). */
  readonly sweep: () => Promise<unknown>;
  /** Pause between the end of one sweep and the start of the next. */
  readonly intervalMs: number;
  /** Told about a failed sweep; the next one runs anyway. */
  readonly onError: (err: unknown) => void;
}

/**
 * Runs `sweep` every `intervalMs` until stopped. Sweeps never overlap (the next is scheduled
 * when one ends), the timer does not keep the process alive, and stop() waits for a running sweep.
 */
export class PeriodicSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(private readonly props: PeriodicSweeperProps) {
    if (!Number.isInteger(props.intervalMs) || props.intervalMs < 1) throw new RangeError(`intervalMs must be a positive integer, got ${props.intervalMs}`);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.props
        .sweep()
        .then(
          () => undefined,
          (err: unknown) => this.props.onError(err),
        )
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.props.intervalMs);
    this.timer.unref();
  }
}
