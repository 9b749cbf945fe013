/**
 * The pure parts of a generated API's auth rate limits: windows combined, client addresses,
 * the IR field (optional; blueprints from before it load and get the defaults), the route
 * manifest and OpenAPI that carry the limits, the spec's optional `## Rate limits` section
 * (parse, render, checks, build), and how the runtime names subjects and recognizes wrong codes.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AUTH_RATE_LIMIT_CATEGORIES, authRateLimitsOf, rulesText } from '../../lambdas/core/blueprint/auth-rate-limits';
import { buildBlueprint } from '../../lambdas/core/blueprint/build-blueprint';
import { AUTH_RATE_CATEGORIES, BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { projectApi } from '../../lambdas/core/blueprint/project-routes';
import { renderOpenApi } from '../../lambdas/core/blueprint/render/openapi';
import { ValidationError } from '../../lambdas/core/errors';
import { addressKey, combineDecisions, decide, windowOf } from '../../lambdas/core/rate-limit';
import { editSpec } from '../../lambdas/core/spec/offline-author/edits';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { EXAMPLE_SPEC } from '../../lambdas/core/spec/spec-example';
import type { SpecDocument } from '../../lambdas/core/spec/spec-model';
import { toHttpError } from '../../lambdas/adapters/identity/cognito-errors';
import { isCodeRejection, rateSubject } from '../../lambdas/project-runtime/auth-rate-limit';
import { RATE_LIMITED_EXAMPLE } from '../fixtures/producers/spec-format';
import { goldenIr } from '../support/golden-ir';

const FIXTURES = join(__dirname, '..', 'fixtures');

describe('windows and addresses (core/rate-limit.ts)', () => {
  const now = new Date('2026-11-22T10:15:42.000Z');
  const minute = windowOf(now, 60);
  const hour = windowOf(now, 3600);

  it('combine several windows: refused when any refuses (the longest wait), else the one with least left', () => {
    expect(combineDecisions([decide(5, 20, now, minute), decide(150, 200, now, hour)])).toEqual({ allowed: true, limit: 20, remaining: 15, retryAfterSeconds: 0 });
    expect(combineDecisions([decide(5, 20, now, minute), decide(199, 200, now, hour)])).toMatchObject({ limit: 200, remaining: 1 });
    expect(combineDecisions([decide(21, 20, now, minute), decide(201, 200, now, hour)])).toEqual({ allowed: false, limit: 200, remaining: 0, retryAfterSeconds: 3600 - 942 });
    expect(combineDecisions([decide(21, 20, now, minute), decide(2, 200, now, hour)])).toEqual({ allowed: false, limit: 20, remaining: 0, retryAfterSeconds: 18 });
    expect(() => combineDecisions([])).toThrow();
  });

  it('count IPv4 addresses as they are and IPv6 addresses by their /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:aaaa:bbbb:1:2:3:4')).toBe('2001:db8:aaaa:bbbb::/64');
    expect(addressKey('2001:DB8:AAAA:BBBB::99')).toBe('2001:db8:aaaa:bbbb::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:0db8:0000:0000:ffff::1')).toBe(addressKey('2001:db8::2'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('the IR field (optional, defaults applied when read)', () => {
  const goldens = readdirSync(join(FIXTURES, 'blueprint')).filter((f) => f.endsWith('.ir.json'));

  it.each(goldens)('%s, as committed before the field existed, loads and gets the defaults', (file) => {
    const ir = BlueprintIR.parse(JSON.parse(readFileSync(join(FIXTURES, 'blueprint', file), 'utf8')));
    expect(ir.auth.rateLimits).toBeUndefined();
    const limits = authRateLimitsOf(ir);
    for (const category of AUTH_RATE_CATEGORIES) expect(limits[category]).toEqual(AUTH_RATE_LIMIT_CATEGORIES[category].defaults);
  });

  it('the defaults are the documented ones (login as the control plane)', () => {
    const text = Object.fromEntries(AUTH_RATE_CATEGORIES.map((c) => [c, rulesText(AUTH_RATE_LIMIT_CATEGORIES[c].defaults)]));
    expect(text).toEqual({
      signup: '20 per minute and 200 per hour',
      login: '10 per minute',
      confirm: '10 per 15 minutes',
      forgotPassword: '5 per hour and 20 per day',
      resetPassword: '10 per 15 minutes',
      wrongCodes: '5 per 15 minutes and 20 per day',
      signupNotices: '1 per hour and 3 per day',
      signupCodes: '5 per day',
    });
    expect(Object.fromEntries(AUTH_RATE_CATEGORIES.map((c) => [c, AUTH_RATE_LIMIT_CATEGORIES[c].per]))).toEqual({
      signup: 'address',
      login: 'addressAndAccount',
      confirm: 'account',
      forgotPassword: 'account',
      resetPassword: 'account',
      wrongCodes: 'account',
      signupNotices: 'account',
      signupCodes: 'account',
    });
  });

  it('a blueprint sets some categories; the others keep their defaults', () => {
    const ir = goldenIr('02-recipe-blog');
    const own = BlueprintIR.parse({ ...ir, auth: { ...ir.auth, rateLimits: { signup: [{ limit: 3, windowSeconds: 10 }] } } });
    expect(authRateLimitsOf(own).signup).toEqual([{ limit: 3, windowSeconds: 10 }]);
    expect(authRateLimitsOf(own).login).toEqual(AUTH_RATE_LIMIT_CATEGORIES.login.defaults);
  });

  it.each([
    ['a zero limit', { signup: [{ limit: 0, windowSeconds: 60 }] }],
    ['a window over a day', { signup: [{ limit: 1, windowSeconds: 86_401 }] }],
    ['no window', { signup: [] }],
    ['four windows', { signup: [1, 2, 3, 4].map((n) => ({ limit: n, windowSeconds: n })) }],
    ['an unknown category', { refresh: [{ limit: 1, windowSeconds: 60 }] }],
    ['an unknown key in a window', { signup: [{ limit: 1, windowSeconds: 60, burst: 2 }] }],
  ])('refuses %s', (_, rateLimits) => {
    const ir = goldenIr('02-recipe-blog');
    expect(BlueprintIR.safeParse({ ...ir, auth: { ...ir.auth, rateLimits } }).success).toBe(false);
  });
});

describe('the route manifest and the OpenAPI', () => {
  const ir = goldenIr('01-task-tracker');
  const api = projectApi(ir);
  const route = (id: string) => api.routes.find((r) => r.id === id)!;

  it('each auth route says what it counts, per whom, with the project windows; confirm and reset also count wrong codes', () => {
    const rates = Object.fromEntries(api.routes.filter((r) => r.rateLimit).map((r) => [r.id, [r.rateLimit!.category, r.rateLimit!.per]]));
    expect(rates).toEqual({
      'auth.signup': ['signup', 'address'],
      'auth.confirm': ['confirm', 'account'],
      'auth.login': ['login', 'addressAndAccount'],
      'auth.forgotPassword': ['forgotPassword', 'account'],
      'auth.resetPassword': ['resetPassword', 'account'],
    });
    expect(api.routes.filter((r) => r.wrongCodeLimit).map((r) => r.id)).toEqual(['auth.confirm', 'auth.resetPassword']);
    expect(route('auth.confirm').wrongCodeLimit).toEqual({ category: 'wrongCodes', per: 'account', rules: [...AUTH_RATE_LIMIT_CATEGORIES.wrongCodes.defaults] });
    expect(route('auth.refresh').rateLimit).toBeUndefined();
    expect(route('auth.me').rateLimit).toBeUndefined();
    for (const id of Object.keys(rates)) expect(route(id).responses['429']?.description).toMatch(/RATE_LIMITED/);
    expect(route('auth.signup').responses['429']?.description).toBe('Too many signups per client address, at most 20 per minute and 200 per hour (RATE_LIMITED); see Retry-After');
    expect(route('auth.login').responses['429']?.description).toMatch(/^Locked after repeated failures \(ACCOUNT_LOCKED\); or too many logins/);
  });

  it('carries a blueprint own windows', () => {
    const own = projectApi({ ...ir, auth: { ...ir.auth, rateLimits: { forgotPassword: [{ limit: 2, windowSeconds: 600 }] } } });
    const forgot = own.routes.find((r) => r.id === 'auth.forgotPassword')!;
    expect(forgot.rateLimit?.rules).toEqual([{ limit: 2, windowSeconds: 600 }]);
    expect(forgot.responses['429']?.description).toContain('at most 2 per 10 minutes');
  });

  it('publishes 429 with Retry-After and the X-RateLimit headers on the rate-limited routes only', () => {
    const doc = renderOpenApi({ ir, serverUrl: 'https://api.example.com' }) as { paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>> };
    for (const path of ['/auth/signup', '/auth/confirm', '/auth/login', '/auth/forgot-password', '/auth/reset-password']) {
      const responses = doc.paths[path]!.post!.responses;
      expect(Object.keys(responses['429']?.headers ?? {})).toEqual(['Retry-After']);
      const success = Object.entries(responses).find(([status]) => status.startsWith('2'))![1];
      expect(Object.keys(success.headers ?? {})).toEqual(['X-RateLimit-Limit', 'X-RateLimit-Remaining']);
    }
    expect(doc.paths['/auth/refresh']!.post!.responses['429']).toBeUndefined();
    expect(doc.paths['/auth/refresh']!.post!.responses['200']!.headers).toBeUndefined();
  });
});

describe("the spec's optional `## Rate limits` section", () => {
  const markdown = readFileSync(join(FIXTURES, 'spec', 'rate-limits.md'), 'utf8');
  const parsed = (text: string): SpecDocument => {
    const result = parseSpec(text);
    if (!result.ok) throw new Error(result.errors.map((e) => `line ${e.line}: ${e.message}`).join('\n'));
    return result.spec;
  };
  const errorsOf = (text: string) => {
    const result = parseSpec(text);
    if (result.ok) throw new Error('expected errors');
    return result.errors.map((e) => e.message);
  };
  const section = (rows: string) => `${renderSpec(EXAMPLE_SPEC)}\n## Rate limits\n\n| Limit | Requests | Window |\n|---|---|---|\n${rows}\n`;

  it('round-trips through parse and render (the golden is the example with the section)', () => {
    expect(markdown).toBe(renderSpec({ ...EXAMPLE_SPEC, rateLimits: RATE_LIMITED_EXAMPLE }));
    const spec = parsed(markdown);
    expect(spec.rateLimits).toEqual(RATE_LIMITED_EXAMPLE);
    expect(renderSpec(spec)).toBe(markdown);
    expect(markdown).toContain('| signup | 20 | minute |\n| signup | 100 | hour |\n| wrong codes | 3 | 15 minutes |\n| forgot password | 2 | day |');
  });

  it('is absent from a spec without it (nothing changes for existing specs)', () => {
    const spec = parsed(renderSpec(EXAMPLE_SPEC));
    expect('rateLimits' in spec).toBe(false);
    expect(renderSpec(spec)).not.toContain('Rate limits');
  });

  it('accepts other spellings of names and windows, and renders them canonically', () => {
    const spec = parsed(section('| Forgot-Password | 7 | 1 hour |\n| LOGIN | 30 | 2 minutes |\n| signup | 5 | 30 seconds |'));
    expect(spec.rateLimits).toEqual([
      { limit: 'forgotPassword', requests: 7, windowSeconds: 3600 },
      { limit: 'login', requests: 30, windowSeconds: 120 },
      { limit: 'signup', requests: 5, windowSeconds: 30 },
    ]);
    expect(renderSpec(spec)).toContain('| forgot password | 7 | hour |\n| login | 30 | 2 minutes |\n| signup | 5 | 30 seconds |');
  });

  it.each([
    ['an unknown limit', '| refresh | 5 | minute |', /unknown limit 'refresh' \(the limits are signup, login, confirm, forgot password, reset password, wrong codes, signup notices, signup codes\)/],
    ['a window that is not one', '| signup | 5 | fortnight |', /'fortnight' is not a window/],
    ['requests that are not a number', '| signup | many | minute |', /requests must be a whole number/],
    ['zero requests', '| signup | 0 | minute |', /signup: requests must be a whole number from 1 to 1000000/],
    ['a fraction', '| signup | 2.5 | minute |', /signup: requests must be a whole number from 1 to 1000000/],
    ['a window over a day', '| signup | 5 | 2 days |', /signup: a window lasts from 1 second to 1 day/],
    ['a window given twice', '| signup | 5 | minute |\n| signup | 9 | 60 seconds |', /signup: the minute window is given twice \(rows 1 and 2\)/],
    ['four windows', '| login | 1 | second |\n| login | 2 | minute |\n| login | 3 | hour |\n| login | 4 | day |', /login: at most 3 windows per limit/],
  ])('reports %s', (_, rows, message) => {
    const errors = errorsOf(section(rows));
    expect(errors.some((e) => message.test(e))).toBe(true);
  });

  it('reports an empty table, stray text and a section out of order', () => {
    expect(errorsOf(section('').trimEnd() + '\n')).toEqual([expect.stringMatching(/no rows; leave the section out/)]);
    expect(errorsOf(`${renderSpec(EXAMPLE_SPEC)}\n## Rate limits\n\nsignup: 5 a minute\n`).join('\n')).toMatch(/## Rate limits holds one table/);
    const early = renderSpec(EXAMPLE_SPEC).replace('## Workflows', '## Rate limits\n\n| Limit | Requests | Window |\n|---|---|---|\n| signup | 5 | minute |\n\n## Workflows');
    expect(errorsOf(early).join('\n')).toMatch(/section '## Workflows' is out of order|'## Rate limits' is out of order/);
  });

  it('becomes the IR field, grouped per limit in the IR order, and takes effect in the manifest', () => {
    const ir = buildBlueprint(parsed(markdown), { projectId: 'p1', specVersion: 1 });
    expect(ir.auth.rateLimits).toEqual({
      signup: [
        { limit: 20, windowSeconds: 60 },
        { limit: 100, windowSeconds: 3600 },
      ],
      forgotPassword: [{ limit: 2, windowSeconds: 86_400 }],
      wrongCodes: [{ limit: 3, windowSeconds: 900 }],
    });
    expect(Object.keys(ir.auth.rateLimits!)).toEqual(['signup', 'forgotPassword', 'wrongCodes']);
    expect(BlueprintIR.parse(ir)).toEqual(ir);
    expect(projectApi(ir).routes.find((r) => r.id === 'auth.confirm')?.wrongCodeLimit?.rules).toEqual([{ limit: 3, windowSeconds: 900 }]);
    expect('rateLimits' in buildBlueprint(EXAMPLE_SPEC, { projectId: 'p1', specVersion: 1 }).auth).toBe(false);
  });

  it('survives a chat edit of the spec', () => {
    const edited = editSpec(parsed(markdown), 'add a field notes (text) to Team');
    expect(edited.understood).toBe(true);
    expect(edited.spec.rateLimits).toEqual(RATE_LIMITED_EXAMPLE);
  });
});

describe('the runtime: whom a request counts, and what a wrong code is', () => {
  const event = (sourceIp: string, headers: Record<string, string> = {}) => ({ requestContext: { http: { sourceIp } }, headers }) as never;

  it('counts the address API Gateway saw, never a forwarded header, and the account by its normalized email', () => {
    expect(rateSubject('address', event('203.0.113.9', { 'x-forwarded-for': '198.51.100.1' }), {})).toBe('ip:203.0.113.9');
    expect(rateSubject('address', event('198.51.100.1'), {})).toBe('ip:198.51.100.1');
    expect(rateSubject('account', event('203.0.113.9'), { email: ' Ada@Example.org ' })).toBe('email:ada@example.org');
    expect(rateSubject('addressAndAccount', event('2001:db8:1:2::7'), { email: 'ada@example.org' })).toBe('ip:2001:db8:1:2::/64|email:ada@example.org');
  });

  it('recognizes a wrong code from either identity, and nothing else', () => {
    const cognito = (name: string, op: 'confirmSignUp' | 'resetPassword') => toHttpError(Object.assign(new Error('x'), { name, $metadata: {} }), op);
    expect(isCodeRejection(cognito('CodeMismatchException', 'confirmSignUp'))).toBe(true);
    expect(isCodeRejection(cognito('ExpiredCodeException', 'resetPassword'))).toBe(true);
    expect(isCodeRejection(new ValidationError('The code is wrong or has expired', [{ path: 'code', message: 'is wrong or has expired; ask for a new one' }]))).toBe(true);
    expect(isCodeRejection(new ValidationError('bad', [{ path: 'body.code', message: 'must be the 6-digit code' }]))).toBe(true);
    expect(isCodeRejection(new ValidationError('weak', [{ path: 'body.newPassword', message: 'too short' }]))).toBe(false);
    expect(isCodeRejection(cognito('InvalidPasswordException', 'resetPassword'))).toBe(false);
    expect(isCodeRejection(new Error('boom'))).toBe(false);
  });
});
