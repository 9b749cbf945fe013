/**
 * A generated project's auth rate limits over HTTP (CONTRACT "Generated project API": per client
 * address and per account, defaults in the design document, configurable per project, 429
 * `RATE_LIMITED` with `Retry-After`). The service runs each blueprint's own limits (not the raised
 * ones other tests use); every test deploys its own project, so counters never mix. The golden
 * IRs are used as committed, from before blueprints had `auth.rateLimits`: they get the defaults.
 */
import { ManualClock } from '../../lambdas/core/clock';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { goldenIr } from '../support/golden-ir';
import { startTestService, type ApiResponse, type TestService } from '../support/local-service';
import { deployIr, joinProject, latestCode, newProjectAccount, type ProjectApiClient } from '../support/project-api';

const DAY_MS = 86_400_000;
// The start of a (future) UTC day plus a second: every window (minute, 15 minutes, hour, day)
// starts together, so no test straddles a window boundary unless it moves the clock.
const clock = new ManualClock(Math.ceil(Date.now() / DAY_MS) * DAY_MS + 1000);
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ clock, projectAuthRateLimits: null });
});
afterAll(() => service.stop());

/** A fresh day for each test: its windows start empty whatever the tests before it did. */
beforeEach(() => clock.set(Math.ceil(clock.now().getTime() / DAY_MS) * DAY_MS + DAY_MS + 1000));

/** Recipe blog: single-tenant, so a signup needs only email and password. */
const deploy = (ir: BlueprintIR = goldenIr('02-recipe-blog')) => deployIr(service, ir);

function expectRateLimited(res: ApiResponse, maxRetryAfter: number): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: expect.any(String), code: 'RATE_LIMITED' });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
}

const signup = (api: ProjectApiClient) => api.request('POST', '/auth/signup', { body: newProjectAccount('burst') });

describe('signup, per client address', () => {
  it('allows 20 a minute from one address, then 429 with Retry-After until the minute ends', async () => {
    const api = await deploy();
    const remaining: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await signup(api);
      expect(res.status).toBe(201);
      expect(res.headers.get('x-ratelimit-limit')).toBe('20');
      remaining.push(res.headers.get('x-ratelimit-remaining') as string);
    }
    expect(remaining).toEqual(Array.from({ length: 20 }, (_, i) => String(19 - i)));
    const refused = await signup(api);
    expectRateLimited(refused, 60);
    expect(Number(refused.headers.get('retry-after'))).toBe(59);
    // Nothing was created for the refused request.
    const refusedAccount = newProjectAccount('refused');
    expectRateLimited(await api.request('POST', '/auth/signup', { body: refusedAccount }), 60);
    expect((await service.request('GET', `/_local/mail?to=${encodeURIComponent(refusedAccount.email)}&project=${api.projectId}`)).body.items).toEqual([]);

    clock.advance(30_000);
    expect(Number((await signup(api)).headers.get('retry-after'))).toBe(29);
    clock.advance(30_000);
    expect((await signup(api)).status).toBe(201);
  });

  it('is counted per project: another project on the same address is not affected', async () => {
    const small: BlueprintIR = withLimits(goldenIr('02-recipe-blog'), { signup: [{ limit: 1, windowSeconds: 60 }] });
    const [a, b] = [await deploy(small), await deploy(small)];
    expect((await signup(a)).status).toBe(201);
    expectRateLimited(await signup(a), 60);
    expect((await signup(b)).status).toBe(201);
  });
});

describe('login, per pair of client address and account', () => {
  it('allows 10 a minute per account, then 429 RATE_LIMITED; another account on the same address still logs in', async () => {
    const api = await deploy();
    const victim = await joinProject(service, api);
    const bystander = await joinProject(service, api);
    // joinProject logged in once: 9 more make the minute's 10.
    for (let i = 0; i < 9; i++) {
      const res = await api.request('POST', '/auth/login', { body: { email: victim.email, password: `Wrong-Passw0rd-${i}` } });
      // The lock-out (ACCOUNT_LOCKED) answers some of these; never the rate limit.
      expect([401, 429]).toContain(res.status);
      expect(res.body.code).not.toBe('RATE_LIMITED');
    }
    clock.advance(20_000); // past any lock-out, within the minute
    const limited = await api.request('POST', '/auth/login', { body: { email: victim.email, password: victim.password } });
    expectRateLimited(limited, 40);
    // The same account spelled differently is the same account.
    expectRateLimited(await api.request('POST', '/auth/login', { body: { email: `  ${victim.email.toUpperCase()} `, password: victim.password } }), 40);
    expect((await api.request('POST', '/auth/login', { body: { email: bystander.email, password: bystander.password } })).status).toBe(200);

    clock.advance(40_000);
    expect((await api.request('POST', '/auth/login', { body: { email: victim.email, password: victim.password } })).status).toBe(200);
  });
});

describe('forgot and reset password, per account', () => {
  it('mails at most 5 reset codes an hour per account', async () => {
    const api = await deploy();
    const user = await joinProject(service, api);
    const other = await joinProject(service, api);
    for (let i = 0; i < 5; i++) expect((await api.request('POST', '/auth/forgot-password', { body: { email: user.email } })).status).toBe(202);
    const refused = await api.request('POST', '/auth/forgot-password', { body: { email: user.email } });
    expectRateLimited(refused, 3600);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    const mails = await service.request('GET', `/_local/mail?to=${encodeURIComponent(user.email)}&project=${api.projectId}`);
    expect(mails.body.items.filter((m: { subject: string }) => /reset/i.test(m.subject))).toHaveLength(5);
    // An unknown email is limited the same way (the answers do not tell accounts apart).
    for (let i = 0; i < 5; i++) expect((await api.request('POST', '/auth/forgot-password', { body: { email: 'nobody@example.org' } })).status).toBe(202);
    expectRateLimited(await api.request('POST', '/auth/forgot-password', { body: { email: 'nobody@example.org' } }), 3600);
    expect((await api.request('POST', '/auth/forgot-password', { body: { email: other.email } })).status).toBe(202);
  });

  it('allows 10 resets per 15 minutes per account; a refused password is not a wrong code', async () => {
    const api = await deploy();
    const user = await joinProject(service, api);
    expect((await api.request('POST', '/auth/forgot-password', { body: { email: user.email } })).status).toBe(202);
    const code = await latestCode(service, api.projectId, user.email);
    for (let i = 0; i < 10; i++) {
      const weak = await api.request('POST', '/auth/reset-password', { body: { email: user.email, code, newPassword: 'weakpassword' } });
      expect(weak.status).toBe(400);
    }
    expectRateLimited(await api.request('POST', '/auth/reset-password', { body: { email: user.email, code, newPassword: 'N3w-Password!' } }), 900);
    clock.advance(900_000);
    expect((await api.request('POST', '/auth/reset-password', { body: { email: user.email, code, newPassword: 'N3w-Password!' } })).status).toBe(200);
  });
});

describe('wrong codes, per account across reissued codes', () => {
  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it('stops guessing after 5 wrong codes in 15 minutes although forgot-password issued new codes', async () => {
    const api = await deploy();
    const user = await joinProject(service, api);
    const guesses: number[] = [];
    // Each new code would allow 5 attempts of its own; the account's counter does not restart.
    for (let round = 0; round < 3; round++) {
      expect((await api.request('POST', '/auth/forgot-password', { body: { email: user.email } })).status).toBe(202);
      const code = await latestCode(service, api.projectId, user.email);
      for (let i = 0; i < 2; i++) {
        const res = await api.request('POST', '/auth/reset-password', { body: { email: user.email, code: wrongCodeFor(code), newPassword: 'N3w-Password!' } });
        guesses.push(res.status);
      }
    }
    expect(guesses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right code is not tried once the window is full: it stays usable afterwards.
    const code = await latestCode(service, api.projectId, user.email);
    const blocked = await api.request('POST', '/auth/reset-password', { body: { email: user.email, code, newPassword: 'N3w-Password!' } });
    expectRateLimited(blocked, 900);
    expect(Number(blocked.headers.get('x-ratelimit-limit'))).toBe(5);
    expect((await api.request('POST', '/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(200);

    clock.advance(900_000);
    expect((await api.request('POST', '/auth/reset-password', { body: { email: user.email, code, newPassword: 'N3w-Password!' } })).status).toBe(200);
    expect((await api.request('POST', '/auth/login', { body: { email: user.email, password: 'N3w-Password!' } })).status).toBe(200);
  });

  it('counts wrong confirmation and reset codes together, and allows 20 a day', async () => {
    const api = await deploy();
    const account = newProjectAccount('unconfirmed');
    expect((await api.request('POST', '/auth/signup', { body: account })).status).toBe(201);
    const statuses: number[] = [];
    for (let quarter = 0; quarter < 5; quarter++) {
      for (let i = 0; i < 3; i++) statuses.push((await api.request('POST', '/auth/confirm', { body: { email: account.email, code: '000000' } })).status);
      for (let i = 0; i < 2; i++) statuses.push((await api.request('POST', '/auth/reset-password', { body: { email: account.email, code: '000000', newPassword: 'N3w-Password!' } })).status);
      clock.advance(900_000);
    }
    // 5 wrong codes per 15 minutes, four quarters of an hour: the 20th of the day is the last one.
    expect(statuses).toEqual([...Array<number>(20).fill(400), 429, 429, 429, 429, 429]);
    const code = await latestCode(service, api.projectId, account.email);
    const refused = await api.request('POST', '/auth/confirm', { body: { email: account.email, code } });
    expectRateLimited(refused, 86_400);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(900);
  });

  it('holds under parallel guesses: at most 5 codes are tried', async () => {
    const api = await deploy();
    const account = newProjectAccount('parallel');
    expect((await api.request('POST', '/auth/signup', { body: account })).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => api.request('POST', '/auth/confirm', { body: { email: account.email, code: String(100000 + i) } })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('does not count right codes: a user who confirms and resets keeps every guess', async () => {
    const api = await deploy(withLimits(goldenIr('02-recipe-blog'), { wrongCodes: [{ limit: 1, windowSeconds: 900 }] }));
    const user = await joinProject(service, api); // one right confirmation code
    for (let i = 0; i < 3; i++) {
      expect((await api.request('POST', '/auth/forgot-password', { body: { email: user.email } })).status).toBe(202);
      const code = await latestCode(service, api.projectId, user.email);
      expect((await api.request('POST', '/auth/reset-password', { body: { email: user.email, code, newPassword: `N3w-Password-${i}` } })).status).toBe(200);
    }
    expect((await api.request('POST', '/auth/confirm', { body: { email: user.email, code: '000000' } })).status).toBe(400);
    expectRateLimited(await api.request('POST', '/auth/confirm', { body: { email: user.email, code: '000000' } }), 900);
  });
});

describe('limits configured in the blueprint', () => {
  it('take effect: small windows, their own Retry-After, a new window after them; refused requests count too', async () => {
    const api = await deploy(withLimits(goldenIr('02-recipe-blog'), { signup: [{ limit: 2, windowSeconds: 10 }, { limit: 4, windowSeconds: 3600 }] }));
    expect((await signup(api)).headers.get('x-ratelimit-limit')).toBe('2');
    expect((await signup(api)).status).toBe(201);
    const refused = await signup(api);
    expectRateLimited(refused, 10);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('2');
    clock.advance(10_000);
    const third = await signup(api);
    expect(third.status).toBe(201);
    // The hour has counted four requests (the refused one too): the hour's window speaks now.
    expect([third.headers.get('x-ratelimit-limit'), third.headers.get('x-ratelimit-remaining')]).toEqual(['4', '0']);
    clock.advance(10_000);
    // The hour's window is full although the 10-second one is new: the hour decides Retry-After.
    const hourly = await signup(api);
    expectRateLimited(hourly, 3600);
    expect(Number(hourly.headers.get('retry-after'))).toBeGreaterThan(10);
  });

  it('leave the other categories at their defaults, and a multi-tenant golden IR as committed works', async () => {
    const api = await deployIr(service, goldenIr('01-task-tracker'));
    const founder = newProjectAccount('founder');
    const res = await api.request('POST', '/auth/signup', { body: { ...founder, orgName: 'Acme' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-ratelimit-limit')).toBe('20');
    const small = await deploy(withLimits(goldenIr('02-recipe-blog'), { signup: [{ limit: 1, windowSeconds: 10 }] }));
    const login = await small.request('POST', '/auth/login', { body: { email: founder.email, password: founder.password } });
    expect(login.headers.get('x-ratelimit-limit')).toBe('10');
  });
});

function withLimits(ir: BlueprintIR, rateLimits: NonNullable<BlueprintIR['auth']['rateLimits']>): BlueprintIR {
  return { ...ir, auth: { ...ir.auth, rateLimits } };
}
