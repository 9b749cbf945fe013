/**
 * The pure parts of the per-account bounds on the mails a generated API's signup sends
 * (auth-rate-limits.ts `signupNotices`, `signupCodes`): their defaults, the IR field and the spec
 * section that set them, the signup route that carries them, the design document that names them,
 * and the runtime's budget that counts them (only mails sent; past a bound, `false`, never an error).
 */
import { AUTH_RATE_LIMIT_CATEGORIES, authRateLimitsOf } from '../../lambdas/core/blueprint/auth-rate-limits';
import { buildBlueprint } from '../../lambdas/core/blueprint/build-blueprint';
import { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { projectApi } from '../../lambdas/core/blueprint/project-routes';
import { renderDesignDoc } from '../../lambdas/core/blueprint/render/design-doc';
import type { RateDecision, RateRule } from '../../lambdas/core/rate-limit';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { EXAMPLE_SPEC } from '../../lambdas/core/spec/spec-example';
import type { RateLimiter, RateTicket } from '../../lambdas/ports/rate-limiter';
import { signupMailBudget } from '../../lambdas/project-runtime/auth-rate-limit';
import { goldenIr } from '../support/golden-ir';

describe('the defaults and the IR', () => {
  it('1 notice an hour and 3 a day, 5 replacement codes a day, per account', () => {
    expect(AUTH_RATE_LIMIT_CATEGORIES.signupNotices).toMatchObject({ per: 'account', defaults: [{ limit: 1, windowSeconds: 3600 }, { limit: 3, windowSeconds: 86_400 }] });
    expect(AUTH_RATE_LIMIT_CATEGORIES.signupCodes).toMatchObject({ per: 'account', defaults: [{ limit: 5, windowSeconds: 86_400 }] });
  });

  it('a golden IR from before the fields loads and gets them; a blueprint may set them', () => {
    const ir = BlueprintIR.parse(goldenIr('01-task-tracker'));
    expect(authRateLimitsOf(ir).signupNotices).toEqual(AUTH_RATE_LIMIT_CATEGORIES.signupNotices.defaults);
    const own = BlueprintIR.parse({ ...ir, auth: { ...ir.auth, rateLimits: { signupCodes: [{ limit: 2, windowSeconds: 86_400 }] } } });
    expect(authRateLimitsOf(own).signupCodes).toEqual([{ limit: 2, windowSeconds: 86_400 }]);
    expect(authRateLimitsOf(own).signupNotices).toEqual(AUTH_RATE_LIMIT_CATEGORIES.signupNotices.defaults);
  });

  it("the spec's `## Rate limits` section names them `signup notices` and `signup codes`", () => {
    const text = `${renderSpec(EXAMPLE_SPEC)}\n## Rate limits\n\n| Limit | Requests | Window |\n|---|---|---|\n| signup notices | 2 | day |\n| signup codes | 1 | day |\n`;
    const parsed = parseSpec(text);
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
    expect(buildBlueprint(parsed.spec, { projectId: 'p1', specVersion: 1 }).auth.rateLimits).toEqual({
      signupNotices: [{ limit: 2, windowSeconds: 86_400 }],
      signupCodes: [{ limit: 1, windowSeconds: 86_400 }],
    });
    expect(renderSpec(parsed.spec)).toContain('| signup notices | 2 | day |');
  });
});

describe('the route manifest and the design document', () => {
  const ir = goldenIr('01-task-tracker');

  it('only signup carries the mail limits, with the project windows; they publish no 429 of their own', () => {
    const routes = projectApi(ir).routes;
    expect(routes.filter((r) => r.signupMailLimits).map((r) => r.id)).toEqual(['auth.signup']);
    const signup = routes.find((r) => r.id === 'auth.signup')!;
    expect(signup.signupMailLimits).toEqual({
      notices: { category: 'signupNotices', per: 'account', rules: [...AUTH_RATE_LIMIT_CATEGORIES.signupNotices.defaults] },
      codes: { category: 'signupCodes', per: 'account', rules: [...AUTH_RATE_LIMIT_CATEGORIES.signupCodes.defaults] },
    });
    expect(signup.responses['429']?.description).not.toMatch(/notice|code/i);
    const own = projectApi({ ...ir, auth: { ...ir.auth, rateLimits: { signupNotices: [{ limit: 2, windowSeconds: 600 }] } } });
    expect(own.routes.find((r) => r.id === 'auth.signup')!.signupMailLimits?.notices.rules).toEqual([{ limit: 2, windowSeconds: 600 }]);
  });

  it('the design document lists both rows and says the answer does not change', () => {
    const doc = renderDesignDoc({ ir, specMarkdown: '', apiBaseUrl: 'https://api.example.com', deployed: false });
    expect(doc).toContain('| `POST /auth/signup` (mail) | sign-up attempt notices per account | 1 per hour and 3 per day |');
    expect(doc).toContain('| `POST /auth/signup` (mail) | verification codes of repeated signups per account | 5 per day |');
    expect(doc).toMatch(/answers exactly as before, never 429/);
  });
});

/** A limiter that counts in memory, one window per rule, and records refunds. */
function memoryLimiter(options: { refundFails?: boolean } = {}) {
  const counts = new Map<string, number>();
  const calls: { category: string; subject: string; rules: readonly RateRule[] }[] = [];
  let refunds = 0;
  const limiter: RateLimiter = {
    hit: () => Promise.reject(new Error('not used')),
    hitAll: async (category, subject, rules): Promise<RateTicket> => {
      calls.push({ category, subject, rules });
      const keys = rules.map((rule) => `${category}|${subject}|${rule.windowSeconds}`);
      for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
      const allowed = rules.every((rule, i) => counts.get(keys[i]!)! <= rule.limit);
      const decision: RateDecision = { allowed, limit: rules[0]!.limit, remaining: 0, retryAfterSeconds: allowed ? 0 : 60 };
      return {
        decision,
        refund: async () => {
          if (options.refundFails) throw new Error('table unavailable');
          refunds += 1;
          for (const key of keys) counts.set(key, counts.get(key)! - 1);
        },
      };
    },
  };
  return { limiter, calls, refunds: () => refunds };
}

describe("the runtime's mail budget (auth-rate-limit.ts signupMailBudget)", () => {
  const route = projectApi(goldenIr('02-recipe-blog')).routes.find((r) => r.id === 'auth.signup')!;
  const event = { requestContext: { http: { sourceIp: '203.0.113.9' } }, headers: {} } as never;
  const logger = { warn: jest.fn() };
  const services = (limiter: RateLimiter) => ({ rateLimiter: limiter, logger }) as never;

  it('counts per account by the normalized email, in the category of each mail', async () => {
    const { limiter, calls } = memoryLimiter();
    const budget = signupMailBudget(route, services(limiter), event, { email: '  Ada@Example.ORG ' })!;
    await budget.notice();
    await budget.replacement();
    expect(calls).toEqual([
      { category: 'auth-signupNotices', subject: 'email:ada@example.org', rules: route.signupMailLimits!.notices.rules },
      { category: 'auth-signupCodes', subject: 'email:ada@example.org', rules: route.signupMailLimits!.codes.rules },
    ]);
  });

  it('allows the window’s mails, then refuses and takes the refused hit back (so the day keeps room for the next hour)', async () => {
    const { limiter, refunds } = memoryLimiter();
    const budget = signupMailBudget(route, services(limiter), event, { email: 'ada@example.org' })!;
    expect([await budget.notice(), await budget.notice(), await budget.notice()]).toEqual([true, false, false]);
    expect(refunds()).toBe(2);
    const five = await Promise.all([1, 2, 3, 4, 5, 6].map(() => budget.replacement()));
    expect(five.filter(Boolean)).toHaveLength(5);
  });

  it('a refund that fails still refuses the mail, without an error', async () => {
    const { limiter } = memoryLimiter({ refundFails: true });
    const budget = signupMailBudget(route, services(limiter), event, { email: 'ada@example.org' })!;
    expect(await budget.notice()).toBe(true);
    await expect(budget.notice()).resolves.toBe(false);
    expect(logger.warn).toHaveBeenCalled();
  });

  it('none for a route without mail limits', () => {
    const login = projectApi(goldenIr('02-recipe-blog')).routes.find((r) => r.id === 'auth.login')!;
    expect(signupMailBudget(login, services(memoryLimiter().limiter), event, { email: 'ada@example.org' })).toBeUndefined();
  });
});
