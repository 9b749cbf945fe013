import { decide, parseRateLimits, rateLimitHeaders, windowOf, DEFAULT_RATE_LIMITS } from '../../lambdas/core/rate-limit';

describe('rate windows', () => {
  it('are whole minutes of the clock', () => {
    const w = windowOf(new Date('2026-11-22T10:15:42.500Z'), 60);
    expect(new Date(w.start * 1000).toISOString()).toBe('2026-11-22T10:15:00.000Z');
    expect(w.end - w.start).toBe(60);
    expect(windowOf(new Date('2026-11-22T10:15:59.999Z'), 60)).toEqual(w);
    expect(windowOf(new Date('2026-11-22T10:16:00.000Z'), 60).start).toBe(w.end);
  });

  it('allow up to the limit, then refuse with the seconds left in the window', () => {
    const now = new Date('2026-11-22T10:15:42.500Z');
    const w = windowOf(now, 60);
    expect(decide(10, 10, now, w)).toEqual({ allowed: true, limit: 10, remaining: 0, retryAfterSeconds: 0 });
    expect(decide(1, 10, now, w)).toMatchObject({ allowed: true, remaining: 9 });
    expect(decide(11, 10, now, w)).toEqual({ allowed: false, limit: 10, remaining: 0, retryAfterSeconds: 18 });
    expect(decide(11, 10, new Date('2026-11-22T10:15:59.900Z'), w).retryAfterSeconds).toBe(1);
  });

  it('render the X-RateLimit headers', () => {
    expect(rateLimitHeaders({ allowed: true, limit: 100, remaining: 42, retryAfterSeconds: 0 })).toEqual({
      'x-ratelimit-limit': '100',
      'x-ratelimit-remaining': '42',
    });
  });

  it('parse configured limits, keeping the contract defaults for the rest', () => {
    expect(parseRateLimits(undefined)).toEqual(DEFAULT_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMITS).toEqual({ auth: 10, project: 100, generation: 10, deployment: 5 });
    expect(parseRateLimits('auth=1000, project=5000')).toEqual({ ...DEFAULT_RATE_LIMITS, auth: 1000, project: 5000 });
    for (const bad of ['auth', 'auth=0', 'auth=-1', 'login=5', 'auth=ten']) expect(() => parseRateLimits(bad)).toThrow(/Invalid rate limit/);
  });
});
