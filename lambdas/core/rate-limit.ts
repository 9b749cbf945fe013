/**
 * Fixed-window rate limiting, the pure part. A window is a whole minute (by default) of the
 * injected clock; the store counts hits per (category, subject, window) with an atomic ADD and
 * this decides. Each answer reports the limit and what remains; a refusal says when to retry.
 */

export interface RateWindow {
  /** Epoch seconds the window starts at (inclusive). */
  readonly start: number;
  /** Epoch seconds the window ends at (exclusive). */
  readonly end: number;
}

export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window resets (at least 1 when refused). */
  readonly retryAfterSeconds: number;
}

export function windowOf(now: Date, windowSeconds: number): RateWindow {
  const epoch = Math.floor(now.getTime() / 1000);
  const start = epoch - (epoch % windowSeconds);
  return { start, end: start + windowSeconds };
}

/** `count` is the number of hits in the window including this one. */
export function decide(count: number, limit: number, now: Date, window: RateWindow): RateDecision {
  const allowed = count <= limit;
  const secondsLeft = Math.max(1, Math.ceil(window.end - now.getTime() / 1000));
  return { allowed, limit, remaining: Math.max(0, limit - count), retryAfterSeconds: allowed ? 0 : secondsLeft };
}

export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return { 'x-ratelimit-limit': String(decision.limit), 'x-ratelimit-remaining': String(decision.remaining) };
}

export type RateLimits = Readonly<Record<'auth' | 'project' | 'generation' | 'deployment', number>>;

/** The contract's defaults, per minute. */
export const DEFAULT_RATE_LIMITS: RateLimits = { auth: 10, project: 100, generation: 10, deployment: 5 };

/** Parses `auth=10,project=100` (unnamed categories keep their defaults); throws on nonsense. */
export function parseRateLimits(text: string | undefined): RateLimits {
  const limits: Record<string, number> = { ...DEFAULT_RATE_LIMITS };
  if (!text || text.trim() === '') return limits as unknown as RateLimits;
  for (const part of text.split(',')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    if (!name || !(name in DEFAULT_RATE_LIMITS) || !value || !/^\d+$/.test(value) || Number(value) < 1) {
      throw new Error(`Invalid rate limit "${part}": expected <auth|project|generation|deployment>=<positive integer>`);
    }
    limits[name] = Number(value);
  }
  return limits as unknown as RateLimits;
}
