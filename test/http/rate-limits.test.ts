/** The contract's rate limits at the HTTP level, with the default limits and a clock the test moves. */
import { ManualClock } from '../../lambdas/core/clock';
import { newAccount, signUpAndLogin, startTestService, type TestService } from '../support/local-service';

describe('rate limits (contract defaults)', () => {
  // Start at the beginning of a minute so no test straddles a window boundary.
  const clock = new ManualClock(Math.ceil(Date.now() / 60_000) * 60_000 + 1000);
  let svc: TestService;

  beforeAll(async () => {
    svc = await startTestService({ clock, rateLimits: '' });
  });
  afterAll(() => svc.stop());

  it('allows 10 authentication requests a minute per address and account, then answers 429 with Retry-After', async () => {
    const victim = newAccount('victim');
    await svc.request('POST', '/auth/signup', { body: victim }); // request 1 for this pair
    const remaining: number[] = [];
    for (let i = 2; i <= 10; i++) {
      const res = await svc.request('POST', '/auth/login', { body: { ...victim, password: `Wrong-Password-${i}` } });
      expect([401, 429]).toContain(res.status);
      // The 429s here would be the identity's own lock-out (ACCOUNT_LOCKED), never RATE_LIMITED.
      expect(res.body.code).not.toBe('RATE_LIMITED');
      expect(res.headers.get('x-ratelimit-limit')).toBe('10');
      remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
    }
    expect(remaining).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 0]);

    const limited = await svc.request('POST', '/auth/login', { body: victim });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');

    // Another account from the same address is not shut out.
    const other = newAccount('other');
    expect((await svc.request('POST', '/auth/signup', { body: other })).status).toBe(201);
    expect((await svc.request('POST', '/auth/login', { body: other })).status).toBe(200);

    // The next minute opens a new window.
    clock.advance(60_000);
    const later = await svc.request('POST', '/auth/login', { body: { ...victim, password: 'Wrong-Password-x' } });
    expect(later.status).not.toBe(429);
  });

  it('counts project operations per user: 100 a minute', async () => {
    clock.advance(60_000);
    const user = await signUpAndLogin(svc);
    const other = await signUpAndLogin(svc);
    const statuses: number[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => svc.request('GET', '/projects', { token: user.accessToken })));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    const over = await svc.request('GET', '/auth/me', { token: user.accessToken });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    expect(over.headers.get('x-ratelimit-limit')).toBe('100');
    expect((await svc.request('GET', '/projects', { token: other.accessToken })).status).toBe(200);
  });
});
