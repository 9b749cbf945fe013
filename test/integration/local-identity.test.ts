/**
 * The local identity adapter and the local outbox against the run's DynamoDB Local, with a
 * manual clock for expiry and lock-out.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import {
  DEFAULT_TOKEN_LIFETIMES,
  LocalIdentity,
  type LocalIdentityProps,
} from '../../lambdas/adapters/identity/local-identity';
import { generateSigningKeys, loadOrCreateSigningKeys, type SigningKeys } from '../../lambdas/adapters/identity/signing-keys';
import { LocalOutbox } from '../../lambdas/adapters/local-outbox';
import { ManualClock } from '../../lambdas/core/clock';
import { AccountLockedError, HttpError } from '../../lambdas/core/errors';
import { createTestTable, testDynamoClient } from '../support/dynamo';

const PASSWORD = 'Correct1horse';
const WRONG = 'Wrong1horse';

let doc: DynamoDBDocumentClient;
let tableName: string;
let keys: SigningKeys;
let poolCounter = 0;

beforeAll(async () => {
  ({ tableName } = await createTestTable('identity'));
  // A plain document client (no marshalling options), as the services wire it: the adapters
  // must not depend on removeUndefinedValues.
  doc = DynamoDBDocumentClient.from(testDynamoClient());
  keys = await generateSigningKeys();
});

afterAll(() => doc.destroy());

/** A fresh pool in the shared table; each test gets its own, so tests cannot see each other. */
function setup(overrides: Partial<LocalIdentityProps> = {}) {
  // Start at the real time: the table's TTL attribute must never look long past.
  const clock = new ManualClock(Date.now());
  const outbox = new LocalOutbox({ doc, tableName, clock });
  const poolId = `pool-${++poolCounter}`;
  const identity = new LocalIdentity({
    doc,
    tableName,
    keys,
    poolId,
    clientId: `client-${poolId}`,
    issuer: `http://127.0.0.1:3000/local-identity/${poolId}`,
    outbox,
    clock,
    ...overrides,
  });
  const email = `user-${poolId}@example.com`;
  return { identity, outbox, clock, poolId, email };
}

/** The thrown HttpError (fails the test if the promise resolves or throws something else). */
async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

async function latestCode(outbox: LocalOutbox, to: string): Promise<string> {
  // Sign-up notices (signUpPrivately) carry no code.
  const mail = (await outbox.list({ to, limit: 10 })).find((item) => item.code !== '');
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail.code;
}

async function confirmedUser(ctx: ReturnType<typeof setup>, password = PASSWORD): Promise<string> {
  await ctx.identity.signUp({ email: ctx.email, password });
  await ctx.identity.confirmSignUp({ email: ctx.email, code: await latestCode(ctx.outbox, ctx.email) });
  return ctx.email;
}

describe('LocalIdentity: signup, confirmation, login, refresh, me', () => {
  it('runs the full flow: signup -> code from the outbox -> confirm -> login -> refresh -> getUser', async () => {
    const ctx = setup({ projectId: 'proj-1' });
    const { identity, outbox } = ctx;
    const signedUp = await identity.signUp({ email: '  Ada@Example.COM ', password: PASSWORD });
    expect(signedUp).toEqual({ userId: expect.stringMatching(/^[0-9a-f-]{36}$/), confirmed: false });

    const mail = await outbox.list({ to: 'ada@example.com' });
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to: 'ada@example.com',
      projectId: 'proj-1',
      subject: 'Your verification code',
      code: expect.stringMatching(/^\d{6}$/),
    });
    expect(mail[0]?.body).toContain(mail[0]?.code);

    expect((await failure(identity.confirmSignUp({ email: 'ada@example.com', code: wrongCode(mail[0]!.code) }))).code).toBe(
      'VALIDATION_ERROR',
    );
    await identity.confirmSignUp({ email: 'ADA@example.com', code: mail[0]!.code });
    // A code works once.
    expect((await failure(identity.confirmSignUp({ email: 'ada@example.com', code: mail[0]!.code }))).statusCode).toBe(400);

    const tokens = await identity.login({ email: 'Ada@example.com', password: PASSWORD });
    expect(tokens).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      idToken: expect.any(String),
      expiresIn: 3600,
    });
    expect(await identity.getUser({ accessToken: tokens.accessToken })).toEqual({ id: signedUp.userId, email: 'ada@example.com' });

    ctx.clock.advance(60_000);
    const refreshed = await identity.refresh({ refreshToken: tokens.refreshToken });
    expect(Object.keys(refreshed).sort()).toEqual(['accessToken', 'expiresIn', 'idToken']);
    expect(refreshed.expiresIn).toBe(3600);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    // auth_time stays the time of the sign-in, as with Cognito.
    expect(decodeJwt(refreshed.accessToken).auth_time).toBe(decodeJwt(tokens.accessToken).auth_time);
    expect(await identity.getUser({ accessToken: refreshed.accessToken })).toEqual({ id: signedUp.userId, email: 'ada@example.com' });
  });

  it('confirms at signup with autoConfirm and sends no mail', async () => {
    const { identity, outbox, email } = setup({ autoConfirm: true });
    expect(await identity.signUp({ email, password: PASSWORD })).toMatchObject({ confirmed: true });
    expect(await outbox.list({ to: email })).toEqual([]);
    await expect(identity.login({ email, password: PASSWORD })).resolves.toMatchObject({ expiresIn: 3600 });
  });

  it('answers 409 CONFLICT for an email already registered, in any case', async () => {
    const { identity, email } = setup();
    await identity.signUp({ email, password: PASSWORD });
    const err = await failure(identity.signUp({ email: email.toUpperCase(), password: 'Other1password' }));
    expect([err.statusCode, err.code]).toEqual([409, 'CONFLICT']);
  });

  it('keeps pools apart in one table: the same email may exist in two pools', async () => {
    const a = setup({ autoConfirm: true });
    const b = setup({ autoConfirm: true });
    await a.identity.signUp({ email: 'same@example.com', password: PASSWORD });
    await b.identity.signUp({ email: 'same@example.com', password: 'Another1pass' });
    await expect(a.identity.login({ email: 'same@example.com', password: PASSWORD })).resolves.toBeDefined();
    expect((await failure(b.identity.login({ email: 'same@example.com', password: PASSWORD }))).code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses passwords that break the policy with 400 and details', async () => {
    const { identity, email, outbox } = setup();
    const err = await failure(identity.signUp({ email, password: 'short' }));
    expect([err.statusCode, err.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(err.details).toEqual([
      { path: 'password', message: 'must be at least 8 characters long' },
      { path: 'password', message: 'must contain an uppercase letter' },
      { path: 'password', message: 'must contain a digit' },
    ]);
    expect(err.message).toContain('password must contain a digit');
    expect((await failure(identity.signUp({ email, password: 'nodigitsHere' }))).details).toEqual([
      { path: 'password', message: 'must contain a digit' },
    ]);
    expect((await failure(identity.signUp({ email: 'not-an-email', password: PASSWORD }))).details).toEqual([
      { path: 'email', message: 'must be a valid email address' },
    ]);
    // Nothing was created: the address is still free.
    expect(await outbox.list({ to: email })).toEqual([]);
    await expect(identity.signUp({ email, password: PASSWORD })).resolves.toMatchObject({ confirmed: false });
  });

  it('says USER_NOT_CONFIRMED only to someone who knows the password', async () => {
    const { identity, email } = setup();
    await identity.signUp({ email, password: PASSWORD });
    const wrong = await failure(identity.login({ email, password: WRONG }));
    expect([wrong.statusCode, wrong.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    const right = await failure(identity.login({ email, password: PASSWORD }));
    expect([right.statusCode, right.code]).toEqual([403, 'USER_NOT_CONFIRMED']);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const { identity, email } = await (async () => {
      const ctx = setup();
      await confirmedUser(ctx);
      return ctx;
    })();
    const wrong = await failure(identity.login({ email, password: WRONG }));
    const unknown = await failure(identity.login({ email: 'nobody@example.com', password: WRONG }));
    const shape = (e: HttpError) => ({ status: e.statusCode, code: e.code, message: e.message, details: e.details, headers: e.headers });
    expect(shape(unknown)).toEqual(shape(wrong));
    expect(wrong.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('LocalIdentity: codes', () => {
  it('expires a verification code after 24 hours', async () => {
    const ctx = setup();
    await ctx.identity.signUp({ email: ctx.email, password: PASSWORD });
    const code = await latestCode(ctx.outbox, ctx.email);
    ctx.clock.advance(24 * 3600 * 1000);
    expect((await failure(ctx.identity.confirmSignUp({ email: ctx.email, code }))).code).toBe('VALIDATION_ERROR');
  });

  it('invalidates a code after 5 wrong attempts; a new code can be sent', async () => {
    const ctx = setup();
    await ctx.identity.signUp({ email: ctx.email, password: PASSWORD });
    const code = await latestCode(ctx.outbox, ctx.email);
    for (let i = 0; i < 5; i++) {
      expect((await failure(ctx.identity.confirmSignUp({ email: ctx.email, code: wrongCode(code) }))).statusCode).toBe(400);
    }
    expect((await failure(ctx.identity.confirmSignUp({ email: ctx.email, code }))).code).toBe('VALIDATION_ERROR');

    await ctx.identity.resendConfirmationCode({ email: ctx.email });
    const fresh = await latestCode(ctx.outbox, ctx.email);
    await ctx.identity.confirmSignUp({ email: ctx.email, code: fresh });
    await expect(ctx.identity.login({ email: ctx.email, password: PASSWORD })).resolves.toBeDefined();
  });

  it('answers an unknown email, a malformed code and a wrong code with the same 400', async () => {
    const ctx = setup();
    const unknown = await failure(ctx.identity.confirmSignUp({ email: 'nobody@example.com', code: '123456' }));
    expect([unknown.statusCode, unknown.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await failure(ctx.identity.confirmSignUp({ email: ctx.email, code: 'abc' }))).code).toBe('VALIDATION_ERROR');
  });
});

describe('LocalIdentity: forgot and reset password', () => {
  it('resolves for an unknown email without sending mail', async () => {
    const { identity, outbox } = setup();
    await expect(identity.forgotPassword({ email: 'ghost@example.com' })).resolves.toBeUndefined();
    expect(await outbox.list({ to: 'ghost@example.com' })).toEqual([]);
  });

  it('resets with the mailed code, and revokes the old password and refresh tokens', async () => {
    const ctx = setup();
    const { identity, outbox, email } = ctx;
    await confirmedUser(ctx);
    const before = await identity.login({ email, password: PASSWORD });

    await identity.forgotPassword({ email: email.toUpperCase() });
    const [mail] = await outbox.list({ to: email, limit: 1 });
    expect(mail).toMatchObject({ subject: 'Your password reset code', code: expect.stringMatching(/^\d{6}$/) });
    const code = mail!.code;

    const wrong = await failure(identity.resetPassword({ email, code: wrongCode(code), newPassword: 'Brand1newpass' }));
    expect([wrong.statusCode, wrong.code]).toEqual([400, 'VALIDATION_ERROR']);
    const weak = await failure(identity.resetPassword({ email, code, newPassword: 'weak' }));
    expect(weak.code).toBe('VALIDATION_ERROR');
    expect(weak.details?.every((d) => d.path === 'newPassword')).toBe(true);

    await identity.resetPassword({ email, code, newPassword: 'Brand1newpass' });
    expect((await failure(identity.resetPassword({ email, code, newPassword: 'Again1newpass' }))).code).toBe('VALIDATION_ERROR');

    expect((await failure(identity.login({ email, password: PASSWORD }))).code).toBe('INVALID_CREDENTIALS');
    const after = await identity.login({ email, password: 'Brand1newpass' });
    const revoked = await failure(identity.refresh({ refreshToken: before.refreshToken }));
    expect([revoked.statusCode, revoked.code]).toEqual([401, 'UNAUTHORIZED']);
    // A token issued after the reset (here: in the same instant) still works.
    await expect(identity.refresh({ refreshToken: after.refreshToken })).resolves.toMatchObject({ expiresIn: 3600 });
  });

  it('expires a reset code after 1 hour', async () => {
    const ctx = setup();
    await confirmedUser(ctx);
    await ctx.identity.forgotPassword({ email: ctx.email });
    const code = await latestCode(ctx.outbox, ctx.email);
    ctx.clock.advance(3600 * 1000);
    expect((await failure(ctx.identity.resetPassword({ email: ctx.email, code, newPassword: 'Brand1newpass' }))).code).toBe(
      'VALIDATION_ERROR',
    );
  });

  it('a reset also confirms an unconfirmed account (the code proves the address)', async () => {
    const ctx = setup();
    await ctx.identity.signUp({ email: ctx.email, password: PASSWORD });
    await ctx.identity.forgotPassword({ email: ctx.email });
    await ctx.identity.resetPassword({ email: ctx.email, code: await latestCode(ctx.outbox, ctx.email), newPassword: 'Brand1newpass' });
    await expect(ctx.identity.login({ email: ctx.email, password: 'Brand1newpass' })).resolves.toBeDefined();
  });
});

describe('LocalIdentity: lock-out', () => {
  /** Asserts a 429 ACCOUNT_LOCKED with this many seconds to wait. */
  async function expectLocked(p: Promise<unknown>, retrySeconds: number): Promise<void> {
    const err = await failure(p);
    expect(err).toBeInstanceOf(AccountLockedError);
    expect([err.statusCode, err.code]).toEqual([429, 'ACCOUNT_LOCKED']);
    expect((err as AccountLockedError).retryAfterSeconds).toBeCloseTo(retrySeconds, 3);
    expect(err.headers['retry-after']).toBe(String(Math.max(1, Math.ceil(retrySeconds))));
  }
  async function expectInvalid(p: Promise<unknown>): Promise<void> {
    expect((await failure(p)).code).toBe('INVALID_CREDENTIALS');
  }

  it('locks after 5 failures for 1 s, doubles per failure after a lock, caps at 900 s, resets on success', async () => {
    const ctx = setup();
    const { identity, clock, email } = ctx;
    await confirmedUser(ctx);
    const wrong = () => identity.login({ email, password: WRONG });
    const right = () => identity.login({ email, password: PASSWORD });

    for (let i = 0; i < 5; i++) await expectInvalid(wrong());
    await expectLocked(wrong(), 1);
    // During the lock even the right password is refused, and refused attempts do not count.
    await expectLocked(right(), 1);
    clock.advance(500);
    await expectLocked(wrong(), 0.5);
    clock.advance(500);

    let lock = 1;
    for (const next of [2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]) {
      // One failure after a lock ends locks again, twice as long (at most 15 minutes).
      await expectInvalid(wrong());
      await expectLocked(right(), next);
      clock.advance(next * 1000 - 1);
      await expectLocked(wrong(), 0.001);
      clock.advance(1);
      lock = next;
    }
    expect(lock).toBe(900);

    // A success resets everything: 4 failures are allowed again, the 5th locks for 1 s.
    await expect(right()).resolves.toMatchObject({ expiresIn: 3600 });
    for (let i = 0; i < 4; i++) await expectInvalid(wrong());
    await expect(right()).resolves.toBeDefined();
    for (let i = 0; i < 5; i++) await expectInvalid(wrong());
    await expectLocked(right(), 1);
  }, 120_000);

  it('treats an unknown email exactly like an account', async () => {
    const { identity, clock } = setup();
    const attempt = () => identity.login({ email: 'nobody@example.com', password: WRONG });
    for (let i = 0; i < 5; i++) await expectInvalid(attempt());
    await expectLocked(attempt(), 1);
    clock.advance(1000);
    await expectInvalid(attempt());
    await expectLocked(attempt(), 2);
  });

  it('a password reset ends a lock-out', async () => {
    const ctx = setup();
    await confirmedUser(ctx);
    for (let i = 0; i < 5; i++) await expectInvalid(ctx.identity.login({ email: ctx.email, password: WRONG }));
    await ctx.identity.forgotPassword({ email: ctx.email });
    await ctx.identity.resetPassword({ email: ctx.email, code: await latestCode(ctx.outbox, ctx.email), newPassword: 'Brand1newpass' });
    await expect(ctx.identity.login({ email: ctx.email, password: 'Brand1newpass' })).resolves.toBeDefined();
  });

  it('a burst of parallel guesses gets at most 5 passwords checked', async () => {
    const ctx = setup();
    await confirmedUser(ctx);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => ctx.identity.login({ email: ctx.email, password: WRONG })));
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as HttpError).code : 'OK'));
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(5);
    expect(codes.filter((c) => c === 'ACCOUNT_LOCKED')).toHaveLength(7);
  });
});

describe('LocalIdentity: tokens', () => {
  it('issues Cognito-shaped tokens that verify with the public JWKS', async () => {
    const ctx = setup();
    const { identity, clock, email } = ctx;
    await confirmedUser(ctx);
    const tokens = await identity.login({ email, password: PASSWORD });
    const jwks = createLocalJWKSet(keys.publicJwks());
    const currentDate = clock.now();
    const iat = Math.floor(currentDate.getTime() / 1000);

    const access = await jwtVerify(tokens.accessToken, jwks, { issuer: identity.issuer, currentDate, algorithms: ['RS256'] });
    expect(access.protectedHeader).toEqual({ alg: 'RS256', kid: keys.kid });
    expect(access.payload).toEqual({
      sub: expect.any(String),
      iss: identity.issuer,
      client_id: identity.clientId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: iat,
      iat,
      exp: iat + DEFAULT_TOKEN_LIFETIMES.accessSeconds,
      jti: expect.any(String),
      username: access.payload.sub,
    });
    expect(access.payload.aud).toBeUndefined();

    const id = await jwtVerify(tokens.idToken, jwks, { issuer: identity.issuer, audience: identity.clientId, currentDate });
    expect(id.payload).toMatchObject({ sub: access.payload.sub, token_use: 'id', email, email_verified: true, iat, exp: iat + 3600 });

    const refresh = await jwtVerify(tokens.refreshToken, jwks, { issuer: identity.issuer, currentDate });
    expect(refresh.payload).toMatchObject({ sub: access.payload.sub, client_id: identity.clientId, token_use: 'refresh', iat });
    expect(refresh.payload.exp).toBe(iat + DEFAULT_TOKEN_LIFETIMES.refreshSeconds);
    expect(decodeProtectedHeader(tokens.refreshToken)).toEqual({ alg: 'RS256', kid: keys.kid });
  });

  it('accepts only access tokens as access tokens, and only refresh tokens for refresh', async () => {
    const ctx = setup();
    await confirmedUser(ctx);
    const tokens = await ctx.identity.login({ email: ctx.email, password: PASSWORD });
    for (const accessToken of [tokens.idToken, tokens.refreshToken, 'not.a.jwt', '']) {
      const err = await failure(ctx.identity.getUser({ accessToken }));
      expect([err.statusCode, err.code]).toEqual([401, 'UNAUTHORIZED']);
    }
    for (const refreshToken of [tokens.accessToken, tokens.idToken]) {
      expect((await failure(ctx.identity.refresh({ refreshToken }))).code).toBe('UNAUTHORIZED');
    }
  });

  it('refuses an expired access token (TOKEN_EXPIRED) while the refresh token still works, until it expires too', async () => {
    const ctx = setup({ tokenLifetimes: { accessSeconds: 600, refreshSeconds: 7200 } });
    await confirmedUser(ctx);
    const tokens = await ctx.identity.login({ email: ctx.email, password: PASSWORD });
    expect(tokens.expiresIn).toBe(600);
    ctx.clock.advance(600 * 1000);
    const expired = await failure(ctx.identity.getUser({ accessToken: tokens.accessToken }));
    expect([expired.statusCode, expired.code]).toEqual([401, 'TOKEN_EXPIRED']);
    const refreshed = await ctx.identity.refresh({ refreshToken: tokens.refreshToken });
    await expect(ctx.identity.getUser({ accessToken: refreshed.accessToken })).resolves.toMatchObject({ email: ctx.email });
    ctx.clock.advance(7200 * 1000);
    expect((await failure(ctx.identity.refresh({ refreshToken: tokens.refreshToken }))).code).toBe('UNAUTHORIZED');
  });

  it('refuses tokens of another pool, another client or another key', async () => {
    const a = setup();
    await confirmedUser(a);
    const tokens = await a.identity.login({ email: a.email, password: PASSWORD });
    const b = setup(); // same table and keys, another pool (issuer and client id)
    expect((await failure(b.identity.getUser({ accessToken: tokens.accessToken }))).code).toBe('UNAUTHORIZED');
    expect((await failure(b.identity.refresh({ refreshToken: tokens.refreshToken }))).code).toBe('UNAUTHORIZED');

    // Same pool and issuer, another app client.
    const otherClient = new LocalIdentity({
      doc,
      tableName,
      keys,
      poolId: a.poolId,
      clientId: 'another-client',
      issuer: a.identity.issuer,
      outbox: a.outbox,
      clock: a.clock,
    });
    expect((await failure(otherClient.getUser({ accessToken: tokens.accessToken }))).code).toBe('UNAUTHORIZED');

    // Same pool, issuer and client, but signed with a key that is not the pool's.
    const forger = new LocalIdentity({
      doc,
      tableName,
      keys: await generateSigningKeys(),
      poolId: a.poolId,
      clientId: a.identity.clientId,
      issuer: a.identity.issuer,
      outbox: a.outbox,
      clock: a.clock,
    });
    const forged = await forger.login({ email: a.email, password: PASSWORD });
    expect((await failure(a.identity.getUser({ accessToken: forged.accessToken }))).code).toBe('UNAUTHORIZED');
  });

  it('keeps tokens valid across a restart that reloads the keys file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bgs-identity-'));
    try {
      const file = join(dir, 'identity-keys.json');
      const first = await loadOrCreateSigningKeys(file);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const ctx = setup({ keys: first, autoConfirm: true });
      await ctx.identity.signUp({ email: ctx.email, password: PASSWORD });
      const tokens = await ctx.identity.login({ email: ctx.email, password: PASSWORD });

      const reloaded = await loadOrCreateSigningKeys(file);
      expect(reloaded.kid).toBe(first.kid);
      const restarted = new LocalIdentity({
        doc,
        tableName,
        keys: reloaded,
        poolId: ctx.poolId,
        clientId: ctx.identity.clientId,
        issuer: ctx.identity.issuer,
        outbox: ctx.outbox,
        clock: ctx.clock,
      });
      await expect(restarted.getUser({ accessToken: tokens.accessToken })).resolves.toMatchObject({ email: ctx.email });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('LocalIdentity: signup without enumeration (generated APIs) and revoking refresh tokens', () => {
  it('a taken email is `taken`, not 409; its owner is mailed; the account is unchanged; signUp keeps its 409', async () => {
    const ctx = setup({ projectId: 'proj-x' });
    await confirmedUser(ctx);
    expect(await ctx.identity.signUpPrivately({ email: ctx.email.toUpperCase(), password: 'Other1password' })).toEqual({ outcome: 'taken' });
    const [notice] = await ctx.outbox.list({ to: ctx.email, limit: 1 });
    expect(notice).toMatchObject({ projectId: 'proj-x', subject: 'Sign-up attempt with your email address', code: '' });
    await expect(ctx.identity.login({ email: ctx.email, password: PASSWORD })).resolves.toMatchObject({ expiresIn: 3600 });
    expect((await failure(ctx.identity.login({ email: ctx.email, password: 'Other1password' }))).code).toBe('INVALID_CREDENTIALS');
    expect((await failure(ctx.identity.signUp({ email: ctx.email, password: PASSWORD }))).statusCode).toBe(409);
    // A bad password is a 400 whether or not the email is taken (it reveals nothing).
    expect((await failure(ctx.identity.signUpPrivately({ email: ctx.email, password: 'short' }))).statusCode).toBe(400);
  });

  it('an unconfirmed account is kept while a code is live, and replaced once none is', async () => {
    const ctx = setup();
    const first = await ctx.identity.signUpPrivately({ email: ctx.email, password: PASSWORD });
    expect(first).toEqual({ outcome: 'created', userId: expect.any(String), confirmed: false });
    const firstCode = await latestCode(ctx.outbox, ctx.email);
    expect(await ctx.identity.signUpPrivately({ email: ctx.email, password: 'Other1password' })).toEqual({ outcome: 'taken' });

    const minutes = (n: number) => n * 60 * 1000;
    ctx.clock.advance(minutes(23.5 * 60));
    // A reset code issued late (live 1 h) keeps the account someone's work in progress after the confirmation code (24 h) expired.
    await ctx.identity.forgotPassword({ email: ctx.email });
    ctx.clock.advance(minutes(45));
    expect(await ctx.identity.signUpPrivately({ email: ctx.email, password: 'Other1password' })).toEqual({ outcome: 'taken' });
    ctx.clock.advance(minutes(20));

    // Two replacements at once: one wins, the other finds the winner's live code.
    const both = await Promise.all([1, 2].map((n) => ctx.identity.signUpPrivately({ email: ctx.email, password: `Replacement${n}x` })));
    const created = both.filter((r) => r.outcome === 'created');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ replaced: first.outcome === 'created' ? first.userId : '' });
    expect((await failure(ctx.identity.confirmSignUp({ email: ctx.email, code: firstCode }))).statusCode).toBe(400);
    await ctx.identity.confirmSignUp({ email: ctx.email, code: await latestCode(ctx.outbox, ctx.email) });
    const winner = both.indexOf(created[0]!) + 1;
    await expect(ctx.identity.login({ email: ctx.email, password: `Replacement${winner}x` })).resolves.toMatchObject({ expiresIn: 3600 });
  });

  it("asks the caller's mail budget right before a notice or a replacement; refused, it sends and replaces nothing and answers `taken`", async () => {
    const asked: string[] = [];
    const budget = (allow: boolean) => ({ notice: async () => (asked.push('notice'), allow), replacement: async () => (asked.push('replacement'), allow) });
    const ctx = setup();
    expect(await ctx.identity.signUpPrivately({ email: ctx.email, password: PASSWORD }, budget(false))).toMatchObject({ outcome: 'created' });
    // A new account's code is not the budget's: nothing asked.
    expect(asked).toEqual([]);
    const mails = async () => (await ctx.outbox.list({ to: ctx.email, limit: 20 })).length;
    expect(await mails()).toBe(1);
    expect(await ctx.identity.signUpPrivately({ email: ctx.email, password: 'Other1password' }, budget(false))).toEqual({ outcome: 'taken' });
    expect([asked, await mails()]).toEqual([['notice'], 1]);

    ctx.clock.advance((24 * 3600 + 60) * 1000);
    asked.length = 0;
    expect(await ctx.identity.signUpPrivately({ email: ctx.email, password: 'Other1password' }, budget(false))).toEqual({ outcome: 'taken' });
    expect([asked, await mails()]).toEqual([['replacement'], 1]);
    expect((await failure(ctx.identity.login({ email: ctx.email, password: 'Other1password' }))).code).toBe('INVALID_CREDENTIALS');
    expect((await failure(ctx.identity.login({ email: ctx.email, password: PASSWORD }))).code).toBe('USER_NOT_CONFIRMED');
    asked.length = 0;
    expect(await ctx.identity.signUpPrivately({ email: ctx.email, password: 'Other1password' }, budget(true))).toMatchObject({ outcome: 'created', replaced: expect.any(String) });
    expect([asked, await mails()]).toEqual([['replacement'], 2]);
  });

  it('revokeRefreshTokens refuses every refresh token issued before it, old ones without a generation included', async () => {
    const ctx = setup();
    await confirmedUser(ctx);
    const tokens = await ctx.identity.login({ email: ctx.email, password: PASSWORD });
    const sub = decodeJwt(tokens.accessToken).sub as string;
    // A refresh token as issued before the generation claim existed.
    const { gen, ...before } = decodeJwt(tokens.refreshToken);
    expect(gen).toBe(0);
    const legacy = await new SignJWT(before).setProtectedHeader({ alg: 'RS256', kid: keys.kid }).sign(keys.privateKey);
    await expect(ctx.identity.refresh({ refreshToken: legacy })).resolves.toMatchObject({ expiresIn: 3600 });

    await ctx.identity.revokeRefreshTokens({ userId: sub });
    for (const refreshToken of [tokens.refreshToken, legacy]) {
      const err = await failure(ctx.identity.refresh({ refreshToken }));
      expect({ status: err.statusCode, code: err.code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    }
    const again = await ctx.identity.login({ email: ctx.email, password: PASSWORD });
    await expect(ctx.identity.refresh({ refreshToken: again.refreshToken })).resolves.toMatchObject({ expiresIn: 3600 });
    // Idempotent for unknown users.
    await expect(ctx.identity.revokeRefreshTokens({ userId: 'no-such-user' })).resolves.toBeUndefined();
  });
});

describe('LocalOutbox', () => {
  it('lists newest first, filters by project (null = control plane), honours the limit', async () => {
    const clock = new ManualClock(Date.now());
    const outbox = new LocalOutbox({ doc, tableName, clock });
    const to = `mailbox-${Date.now()}@example.com`;
    const send = (projectId: string | null, code: string) =>
      outbox.send({ to, projectId, subject: `s${code}`, body: `b${code}`, code });
    await send(null, '000001');
    clock.advance(1000);
    await send('proj-a', '000002');
    clock.advance(1000);
    await send('proj-b', '000003');
    await send('proj-a', '000004'); // same millisecond: still listed after the one sent before it

    expect((await outbox.list({ to })).map((m) => m.code)).toEqual(['000004', '000003', '000002', '000001']);
    expect((await outbox.list({ to: to.toUpperCase(), projectId: 'proj-a' })).map((m) => m.code)).toEqual(['000004', '000002']);
    expect((await outbox.list({ to, projectId: null })).map((m) => m.code)).toEqual(['000001']);
    expect((await outbox.list({ to, projectId: 'proj-a', limit: 1 })).map((m) => m.code)).toEqual(['000004']);
    expect(await outbox.list({ to: 'other@example.com' })).toEqual([]);

    const [first] = await outbox.list({ to, projectId: null });
    expect(first).toEqual({ to, projectId: null, subject: 's000001', body: 'b000001', code: '000001', sentAt: expect.any(String) });
    expect(Date.parse(first!.sentAt)).toBe(clock.now().getTime() - 2000);
  });
});

/** A six-digit code that differs from `code`. */
function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
