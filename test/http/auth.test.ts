/** Control-plane accounts through the local gateway: signup, confirm, login, refresh, me, forgot and reset. */
import { MeResponse, SignUpResponse, TokensResponse } from '../../lambdas/control-plane/schemas';
import { newAccount, signUpAndLogin, startTestService, type TestService } from '../support/local-service';

describe('control-plane auth (local default: accounts confirmed at signup)', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(() => svc.stop());

  it('signs up, logs in, refreshes and answers /auth/me', async () => {
    const account = newAccount();
    const signup = await svc.request('POST', '/auth/signup', { body: { ...account, email: account.email.toUpperCase() } });
    expect(signup.status).toBe(201);
    expect(SignUpResponse.parse(signup.body)).toEqual({ userId: expect.any(String), email: account.email, confirmed: true });

    const login = await svc.request('POST', '/auth/login', { body: account });
    expect(login.status).toBe(200);
    const tokens = TokensResponse.parse(login.body);
    expect(tokens.expiresIn).toBe(3600);

    const me = await svc.request('GET', '/auth/me', { token: tokens.accessToken });
    expect(me.status).toBe(200);
    expect(MeResponse.parse(me.body)).toEqual({ id: signup.body.userId, email: account.email, createdAt: expect.any(String) });

    const refreshed = await svc.request('POST', '/auth/refresh', { body: { refreshToken: tokens.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.body).sort()).toEqual(['accessToken', 'expiresIn', 'idToken']);
    const meAgain = await svc.request('GET', '/auth/me', { token: refreshed.body.accessToken });
    expect(meAgain.body.id).toBe(signup.body.userId);
  });

  it('refuses a second account for the same email (any case) with 409', async () => {
    const account = newAccount();
    expect((await svc.request('POST', '/auth/signup', { body: account })).status).toBe(201);
    const again = await svc.request('POST', '/auth/signup', { body: { ...account, email: account.email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: expect.any(String), code: 'CONFLICT' });
  });

  it('explains a password that breaks the policy', async () => {
    const res = await svc.request('POST', '/auth/signup', { body: { email: newAccount().email, password: 'short' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const messages = (res.body.details as { path: string; message: string }[]).map((d) => `${d.path}: ${d.message}`).join('\n');
    expect(messages).toMatch(/body\.password: .*8/);
    expect(messages).toMatch(/uppercase/);
    expect(messages).toMatch(/digit|number/);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const account = newAccount();
    await svc.request('POST', '/auth/signup', { body: account });
    const wrong = await svc.request('POST', '/auth/login', { body: { ...account, password: 'Wrong-Password-1' } });
    const unknown = await svc.request('POST', '/auth/login', { body: { email: newAccount().email, password: 'Wrong-Password-1' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: expect.any(String), code: 'INVALID_CREDENTIALS' });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('rejects bad bodies with 400 / 413 / 415 and says what is wrong', async () => {
    const unknownField = await svc.request('POST', '/auth/signup', { body: { ...newAccount(), isAdmin: true } });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.details).toEqual([{ path: 'body', message: expect.stringContaining('isAdmin') }]);

    const badEmail = await svc.request('POST', '/auth/login', { body: { email: 'not-an-email', password: 'x' } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.details[0].path).toBe('body.email');

    const malformed = await svc.request('POST', '/auth/login', { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'The request body is not valid JSON', code: 'VALIDATION_ERROR' });

    const empty = await svc.request('POST', '/auth/login', { headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);

    const notJson = await svc.request('POST', '/auth/login', { rawBody: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(notJson.status).toBe(415);
    expect(notJson.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const huge = await svc.request('POST', '/auth/login', { body: { email: 'a@b.co', password: 'x'.repeat(1_100_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('resets a forgotten password with the emailed code', async () => {
    const { email, password, refreshToken } = await signUpAndLogin(svc);
    const forgot = await svc.request('POST', '/auth/forgot-password', { body: { email } });
    expect(forgot.status).toBe(202);
    const unknown = await svc.request('POST', '/auth/forgot-password', { body: { email: newAccount().email } });
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(forgot.body);

    const mail = await svc.request('GET', `/_local/mail?to=${encodeURIComponent(email)}`);
    expect(mail.status).toBe(200);
    const code = mail.body.items[0].code as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.body.items[0]).toMatchObject({ to: email, projectId: null });

    const wrongCode = await svc.request('POST', '/auth/reset-password', { body: { email, code: code === '000000' ? '111111' : '000000', newPassword: 'New-Password-42' } });
    expect(wrongCode.status).toBe(400);
    const weak = await svc.request('POST', '/auth/reset-password', { body: { email, code, newPassword: 'weak' } });
    expect(weak.status).toBe(400);
    expect(weak.body.details[0].path).toBe('body.newPassword');

    const reset = await svc.request('POST', '/auth/reset-password', { body: { email, code, newPassword: 'New-Password-42' } });
    expect(reset.status).toBe(200);
    expect((await svc.request('POST', '/auth/login', { body: { email, password } })).status).toBe(401);
    expect((await svc.request('POST', '/auth/login', { body: { email, password: 'New-Password-42' } })).status).toBe(200);
    // Refresh tokens issued before the reset no longer work.
    expect((await svc.request('POST', '/auth/refresh', { body: { refreshToken } })).status).toBe(401);
  });

  it('serves the outbox only with a recipient', async () => {
    const res = await svc.request('GET', '/_local/mail');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('control-plane auth with email confirmation on', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ autoConfirm: false });
  });
  afterAll(() => svc.stop());

  it('needs the emailed code before login', async () => {
    const account = newAccount();
    const signup = await svc.request('POST', '/auth/signup', { body: account });
    expect(signup.status).toBe(201);
    expect(signup.body.confirmed).toBe(false);

    const early = await svc.request('POST', '/auth/login', { body: account });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('USER_NOT_CONFIRMED');

    const mail = await svc.request('GET', `/_local/mail?to=${encodeURIComponent(account.email)}`);
    const code = mail.body.items[0].code as string;
    const wrong = await svc.request('POST', '/auth/confirm', { body: { email: account.email, code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    const confirm = await svc.request('POST', '/auth/confirm', { body: { email: account.email, code } });
    expect(confirm.status).toBe(200);
    expect((await svc.request('POST', '/auth/login', { body: account })).status).toBe(200);
  });
});
