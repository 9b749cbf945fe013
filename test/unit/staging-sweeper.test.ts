/**
 * Uploads never attached (issue 21, item 4): the age limit both the S3 lifecycle rule and the
 * local sweeper derive (lambdas/core/project-api/file-keys.ts), one sweep over a bucket, and the
 * periodic runner the local project host starts and stops (local/staging-sweeper.ts).
 */
import {
  finalKeyOf,
  GRANT_GRACE_SECONDS,
  STAGING_PREFIX,
  stagingExpirationDays,
  stagingKeyOf,
  stagingMaxAgeSeconds,
} from '../../lambdas/core/project-api/file-keys';
import { PeriodicSweeper, sweepStagingObjects, type SweptStorage } from '../../local/staging-sweeper';

describe('file keys', () => {
  it('staging keys are the final keys under the staging prefix; organizations never share a prefix', () => {
    const tasks = { collection: 'tasks' };
    expect(finalKeyOf('ORG1', tasks, 'R1', 'k')).toBe('ORG1/tasks/R1/k');
    expect(finalKeyOf(null, tasks, 'R1', 'k')).toBe('shared/tasks/R1/k');
    expect(stagingKeyOf('ORG1', tasks, 'R1', 'k')).toBe(`${STAGING_PREFIX}ORG1/tasks/R1/k`);
    expect(finalKeyOf('ORG1', tasks, 'R1', 'k').startsWith(STAGING_PREFIX)).toBe(false);
  });

  it('a staging object is swept only after its grant (URL lifetime + the time to attach) has ended', () => {
    const limits = { signedUrlSeconds: 3600 };
    expect(stagingMaxAgeSeconds(limits)).toBeGreaterThan(limits.signedUrlSeconds + GRANT_GRACE_SECONDS);
    // S3 counts whole days (at least 1), rounded up.
    expect(stagingExpirationDays(limits)).toBe(2);
    expect(stagingExpirationDays(limits) * 86400).toBeGreaterThanOrEqual(stagingMaxAgeSeconds(limits));
    expect(stagingExpirationDays({ signedUrlSeconds: 1 })).toBe(2);
    expect(stagingExpirationDays({ signedUrlSeconds: 7 * 86400 })).toBe(9);
  });
});

/** A bucket in memory: key -> last modified. */
function memoryStorage(objects: Record<string, Date>): SweptStorage & { keys(): string[]; prefixes: string[] } {
  const store = new Map(Object.entries(objects));
  const prefixes: string[] = [];
  return {
    prefixes,
    keys: () => [...store.keys()].sort(),
    async *list(prefix) {
      prefixes.push(prefix);
      for (const [key, lastModified] of store) if (key.startsWith(prefix)) yield { key, lastModified };
    },
    delete: async (key) => {
      store.delete(key);
    },
  };
}

describe('sweepStagingObjects', () => {
  it('deletes staging objects older than the limit, and nothing else', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    const storage = memoryStorage({
      'staging/O/tasks/R/old': ago(101),
      'staging/O/tasks/R/edge': ago(100),
      'staging/O/tasks/R/young': ago(5),
      'O/tasks/R/attached-long-ago': ago(10_000),
    });
    expect(await sweepStagingObjects(storage, 100, now)).toEqual(['staging/O/tasks/R/old']);
    expect(storage.keys()).toEqual(['O/tasks/R/attached-long-ago', 'staging/O/tasks/R/edge', 'staging/O/tasks/R/young']);
    expect(storage.prefixes).toEqual([STAGING_PREFIX]);
  });
});

describe('PeriodicSweeper', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('sweeps repeatedly without overlapping, survives a failing sweep, and stops (waiting for a running sweep)', async () => {
    let running = 0;
    let maxRunning = 0;
    let calls = 0;
    let finished = 0;
    const errors: unknown[] = [];
    const sweeper = new PeriodicSweeper({
      intervalMs: 5,
      onError: (err) => errors.push(err),
      sweep: async () => {
        calls += 1;
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await sleep(15);
        running -= 1;
        finished += 1;
        if (calls === 2) throw new Error('storage unavailable');
      },
    });
    sweeper.start();
    sweeper.start(); // a second start is a no-op (still one loop)
    const deadline = Date.now() + 5000;
    while (calls < 4 && Date.now() < deadline) await sleep(5);
    await sweeper.stop();
    expect(calls).toBeGreaterThanOrEqual(4);
    expect(maxRunning).toBe(1);
    expect(errors).toEqual([new Error('storage unavailable')]);
    // stop() waited for the sweep that was running, and nothing runs after it.
    expect(finished).toBe(calls);
    const after = calls;
    await sleep(40);
    expect(calls).toBe(after);
  });

  it('does not sweep before the first interval, nor ever when stopped first', async () => {
    let calls = 0;
    const sweeper = new PeriodicSweeper({ intervalMs: 30, onError: () => undefined, sweep: async () => void (calls += 1) });
    sweeper.start();
    await sweeper.stop();
    await sleep(60);
    expect(calls).toBe(0);
  });

  it('refuses an interval that is not a positive integer', () => {
    for (const intervalMs of [0, -1, 1.5, Number.NaN]) {
      expect(() => new PeriodicSweeper({ intervalMs, onError: () => undefined, sweep: async () => undefined })).toThrow(RangeError);
    }
  });
});
