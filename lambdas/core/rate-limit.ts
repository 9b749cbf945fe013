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

/** One fixed window: at most `limit` hits per `windowSeconds`. */
export interface RateRule {
  readonly limit: number;
  readonly windowSeconds: number;
}

/**
 * Several windows counted at once (20 a minute AND 200 an hour): refused when any refuses (then
 * the one that lasts longest says when to retry), else the one with the least left speaks for
 * all, so `X-RateLimit-Remaining` never promises more than the tightest window allows.
 */
export function combineDecisions(decisions: readonly RateDecision[]): RateDecision {
  if (decisions.length === 0) throw new Error('combineDecisions needs at least one decision');
  const refused = decisions.filter((d) => !d.allowed);
  if (refused.length > 0) return refused.reduce((a, b) => (b.retryAfterSeconds > a.retryAfterSeconds ? b : a));
  return decisions.reduce((a, b) => (b.remaining < a.remaining || (b.remaining === a.remaining && b.limit < a.limit) ? b : a));
}

/**
 * The part of a client address that rate limits count: an IPv4 address as it is, an IPv6
 * address by its /64 prefix (one subscriber usually gets a whole /64, so counting single IPv6
 * addresses would let one client rotate through 2^64 of them); IPv4-mapped IPv6 as IPv4.
 */
export function addressKey(address: string): string {
  const ip = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('::') as [string?, string?];
  const left = head === '' ? [] : head.split(':');
  const right = ip.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? group.replace(/^0+(?=.)/, '') : group))
    .join(':')}::/64`;
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
