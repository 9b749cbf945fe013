/**
 * The auth routes of a generated API (`/auth/*`: signup, confirm, login, refresh, forgot and
 * reset password, me), their schemas, and the rate limits each carries as data (the project's
 * windows from auth-rate-limits.ts: the runtime counts them, the OpenAPI and the design document
 * state them).
 */
import type { AuthRateCategory } from '../ir';
import { AUTH_RATE_LIMIT_CATEGORIES, authRateLimitsOf, rulesText, subjectText } from '../auth-rate-limits';
import { PROJECT_API_ERROR_CODES } from '../../errors';
import { camelCase } from '../../text/case';
import type { RouteBuilder } from './route-builder';
import type { Builtin } from './schema-names';
import { CODE, EMAIL, objectSchema, responseObject } from './schema-parts';
import type { JsonSchema, RouteAction, RouteRateLimit } from './types';

/** The role names of the project (a member's `role`). */
export const roleSchema = (b: RouteBuilder): JsonSchema => ({ type: 'string', enum: [...b.roleNames] });

/** The Error schema, on every error answer of every route; its codes are those a generated API answers (errors.ts). */
export function defineErrorSchema(b: RouteBuilder): void {
  b.define(
    'Error',
    responseObject(
      {
        error: { type: 'string', description: 'Human-readable message.' },
        code: { type: 'string', enum: [...PROJECT_API_ERROR_CODES], description: 'Machine-readable code (VALIDATION_ERROR, UNAUTHORIZED, NOT_FOUND, ...).' },
        details: {
          type: 'array',
          description: 'Validation errors: which input and why.',
          items: responseObject({ path: { type: 'string' }, message: { type: 'string' } }, ['path', 'message']),
        },
      },
      ['error', 'code'],
      'Every error answer: `{ error, code }`, plus `details` for validation errors.',
    ),
  );
}

export function defineAuthSchemas(b: RouteBuilder): void {
  const { ir, multi } = b;
  const policy = ir.auth.passwordPolicy;
  const rules = [
    `at least ${policy.minLength} characters`,
    ...(policy.requireUppercase ? ['an uppercase letter'] : []),
    ...(policy.requireLowercase ? ['a lowercase letter'] : []),
    ...(policy.requireDigit ? ['a digit'] : []),
    ...(policy.requireSymbol ? ['a symbol'] : []),
  ];
  const password: JsonSchema = { type: 'string', minLength: policy.minLength, maxLength: 256, description: `Password policy: ${rules.join(', ')}.` };

  b.define('Message', responseObject({ message: { type: 'string' } }, ['message']));
  b.define(
    'SignupRequest',
    objectSchema(
      {
        email: EMAIL,
        password,
        ...(multi
          ? {
              orgName: { type: 'string', minLength: 1, maxLength: 120, description: 'Creates an organization; the new user becomes its admin. Give this or inviteCode.' },
              inviteCode: { type: 'string', minLength: 1, maxLength: 256, description: 'Joins the organization of an invitation with its role. Give this or orgName.' },
            }
          : {}),
      },
      ['email', 'password'],
      multi ? { description: 'Multi-tenant: exactly one of orgName and inviteCode is required.' } : {},
    ),
  );
  b.define(
    'SignupResult',
    responseObject({ userId: { type: 'string' }, email: { type: 'string', format: 'email' }, confirmed: { type: 'boolean', description: 'False until the emailed code is confirmed.' } }, [
      'userId',
      'email',
      'confirmed',
    ]),
  );
  b.define('ConfirmRequest', objectSchema({ email: EMAIL, code: CODE }, ['email', 'code']));
  b.define('LoginRequest', objectSchema({ email: EMAIL, password: { type: 'string', minLength: 1, maxLength: 256 } }, ['email', 'password']));
  const lifetimes = ir.auth.tokenLifetimes;
  b.define(
    'Tokens',
    responseObject(
      {
        accessToken: { type: 'string', description: `JWT for \`Authorization: Bearer\`; valid ${lifetimes.accessSeconds} s.` },
        refreshToken: { type: 'string', description: `Exchanged at /auth/refresh for new tokens; valid ${lifetimes.refreshSeconds} s.` },
        idToken: { type: 'string', description: `JWT describing the user; valid ${lifetimes.idSeconds} s. Not accepted as an access token.` },
        expiresIn: { type: 'integer', description: 'Seconds until the access token expires.' },
      },
      ['accessToken', 'refreshToken', 'idToken', 'expiresIn'],
    ),
  );
  b.define('RefreshRequest', objectSchema({ refreshToken: { type: 'string', minLength: 1, maxLength: 8192 } }, ['refreshToken']));
  b.define(
    'RefreshedTokens',
    responseObject({ accessToken: { type: 'string' }, idToken: { type: 'string' }, expiresIn: { type: 'integer' } }, ['accessToken', 'idToken', 'expiresIn']),
  );
  b.define('ForgotPasswordRequest', objectSchema({ email: EMAIL }, ['email']));
  b.define('ResetPasswordRequest', objectSchema({ email: EMAIL, code: CODE, newPassword: password }, ['email', 'code', 'newPassword']));
  const orgId: JsonSchema = multi ? { type: 'string', description: "The user's organization." } : { type: 'string', nullable: true, description: 'Null: the project is single-tenant.' };
  b.define('Me', responseObject({ id: { type: 'string' }, email: { type: 'string', format: 'email' }, org_id: orgId, role: roleSchema(b) }, ['id', 'email', 'org_id', 'role']));
}

export function authRoutes(b: RouteBuilder): void {
  const { ir, multi } = b;
  const base = { kind: 'auth' as const, tag: 'Auth', level: 'public' as const };
  const post = (name: string, action: RouteAction, operationId: string, summary: string, body: Builtin) => ({
    ...base,
    id: `auth.${camelCase(name)}`,
    operationId,
    method: 'POST' as const,
    path: `/auth/${name}`,
    action,
    summary,
    request: { body: b.ref(body) },
  });
  const lock = ir.auth.lockout;
  // The project's limits (auth-rate-limits.ts: the blueprint's, else the defaults), as data.
  const limits = authRateLimitsOf(ir);
  const limit = (category: AuthRateCategory): RouteRateLimit => ({ category, per: AUTH_RATE_LIMIT_CATEGORIES[category].per, rules: limits[category].map((rule) => ({ ...rule })) });
  const limited = (...rates: RouteRateLimit[]) =>
    `${rates.map((rate) => `Too many ${AUTH_RATE_LIMIT_CATEGORIES[rate.category].counts} ${subjectText(rate.per)}, at most ${rulesText(rate.rules)}`).join(', or ')} (RATE_LIMITED); see Retry-After`;
  const codeLimit = limit('wrongCodes');
  // The identity service's own trouble, never the caller's (adapters/identity/cognito-errors.ts).
  const mailQuota: [number, string] = [503, "No more email can be sent today: the user pool's daily email quota is used up (SERVICE_UNAVAILABLE); try again later"];
  const tokenTrigger: [number, string] = [503, "The user pool's pre token generation trigger failed (SERVICE_UNAVAILABLE); try again later"];
  const signup = limit('signup');
  b.add(
    {
      ...post('signup', 'auth.signup', 'signUp', multi ? 'Create an account (and an organization, or join one with an invite code)' : 'Create an account', 'SignupRequest'),
      rateLimit: signup,
      signupMailLimits: { notices: limit('signupNotices'), codes: limit('signupCodes') },
    },
    { status: 201, description: 'Account created; a verification code is emailed. The same answer when the email is taken (its owner is emailed instead) or waits for confirmation', schema: b.ref('SignupResult') },
    [
      [400, multi ? 'Invalid input, neither orgName nor inviteCode, an unknown or expired invite code, or a password the policy refuses (VALIDATION_ERROR)' : 'Invalid input or a password the policy refuses (VALIDATION_ERROR)'],
      [429, limited(signup)],
      mailQuota,
    ],
  );
  const confirm = limit('confirm');
  b.add({ ...post('confirm', 'auth.confirm', 'confirmSignUp', 'Confirm an account with the emailed code', 'ConfirmRequest'), rateLimit: confirm, wrongCodeLimit: codeLimit }, {
    status: 200,
    description: 'Account confirmed',
    schema: b.ref('Message'),
  }, [[400, 'Invalid input, or a wrong or expired code (VALIDATION_ERROR)'], [429, limited(confirm, codeLimit)]]);
  const login = limit('login');
  b.add(
    {
      ...post('login', 'auth.login', 'logIn', `Sign in with email and password (locked for ${lock.baseSeconds} s after ${lock.threshold} failures, doubling up to ${lock.maxSeconds / 60} min)`, 'LoginRequest'),
      rateLimit: login,
    },
    { status: 200, description: 'Access, refresh and ID tokens', schema: b.ref('Tokens') },
    [
      [401, 'Wrong email or password; an unknown email gets the same answer (INVALID_CREDENTIALS)'],
      [403, 'The account is not confirmed yet (USER_NOT_CONFIRMED)'],
      [429, `Locked after repeated failures (ACCOUNT_LOCKED); or ${limited(login).replace(/^Too/, 'too')}`],
      tokenTrigger,
    ],
  );
  b.add(post('refresh', 'auth.refresh', 'refreshTokens', 'Exchange a refresh token for new access and ID tokens', 'RefreshRequest'), {
    status: 200,
    description: 'New tokens',
    schema: b.ref('RefreshedTokens'),
  }, [[401, 'Invalid or expired refresh token (UNAUTHORIZED)'], tokenTrigger]);
  const forgot = limit('forgotPassword');
  b.add({ ...post('forgot-password', 'auth.forgotPassword', 'forgotPassword', 'Email a password reset code', 'ForgotPasswordRequest'), rateLimit: forgot }, {
    status: 202,
    description: 'A code is emailed if the account exists (the answer is the same either way)',
    schema: b.ref('Message'),
  }, [[429, limited(forgot)], mailQuota]);
  const reset = limit('resetPassword');
  b.add({ ...post('reset-password', 'auth.resetPassword', 'resetPassword', 'Set a new password with the emailed code', 'ResetPasswordRequest'), rateLimit: reset, wrongCodeLimit: codeLimit }, {
    status: 200,
    description: 'Password changed',
    schema: b.ref('Message'),
  }, [[400, 'Invalid input, a wrong or expired code, or a password the policy refuses (VALIDATION_ERROR)'], [429, limited(reset, codeLimit)]]);
  b.add(
    { ...base, id: 'auth.me', operationId: 'getMe', method: 'GET', path: '/auth/me', action: 'auth.me', level: 'authenticated', summary: 'The signed-in user with its organization and role', request: {} },
    { status: 200, description: 'The caller', schema: b.ref('Me') },
    [[403, 'The account has no role (or, multi-tenant, no organization) in this project (FORBIDDEN)'], [404, 'The account is not a member of this project (NOT_FOUND)']],
  );
}
