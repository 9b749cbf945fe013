/**
 * Retries an AWS call that was throttled, with exponential backoff and full jitter (the AWS
 * Architecture Blog's "Exponential Backoff And Jitter"). The SDK's own retry middleware does this
 * for a few attempts; a deployment polls CloudFormation for minutes and must outlast a burst of
 * throttling, so its adapters wrap their calls in this as well, with more attempts. Only
 * throttling is retried here: any other error is the caller's to read.
 */

/** The error names AWS services throttle with (CloudFormation says `Throttling`, S3 `SlowDown`). */
const THROTTLING_NAMES = new Set(['Throttling', 'ThrottlingException', 'TooManyRequestsException', 'RequestLimitExceeded', 'SlowDown', 'ProvisionedThroughputExceededException']);

export const isThrottling = (err: unknown): boolean => THROTTLING_NAMES.has((err as { name?: string } | null)?.name ?? '');

export interface BackoffOptions {
  /** Attempts in all, the first included. @default 8 */
  readonly attempts?: number;
  /** The first pause's ceiling, ms; it doubles per attempt. @default 200 */
  readonly baseMs?: number;
  /** The longest pause, ms. @default 10_000 */
  readonly maxMs?: number;
  /** How to pause (tests pass one that records and returns at once). @default setTimeout */
  readonly sleep?: (ms: number) => Promise<void>;
  /** 0..1 (tests pass a fixed one). @default Math.random */
  readonly random?: () => number;
}

export async function withBackoff<T>(call: () => Promise<T>, options: BackoffOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 8;
  const base = options.baseMs ?? 200;
  const max = options.maxMs ?? 10_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (!isThrottling(err) || attempt >= attempts) throw err;
      await sleep(Math.floor(random() * Math.min(max, base * 2 ** (attempt - 1))));
    }
  }
}
