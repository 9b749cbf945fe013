/** Every kind of bad token gets 401 with the contract's body (DESIGN.md "Tokens"). */
import { join } from 'node:path';
import { SignJWT, generateKeyPair, type CryptoKey } from 'jose';
import { ManualClock } from '../../lambdas/core/clock';
import { loadOrCreateSigningKeys } from '../../lambdas/adapters/identity/signing-keys';
import { LOCAL_CONTROL_PLANE_ISSUER } from '../../local/local-service';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';

describe('access tokens on the control plane', () => {
  const clock = new ManualClock(Date.now());
  let svc: TestService;
  let user: Awaited<ReturnType<typeof signUpAndLogin>>;

  beforeAll(async () => {
    svc = await startTestService({ clock });
    user = await signUpAndLogin(svc);
  });
  afterAll(() => svc.stop());

  const expect401 = async (token: string | undefined, code = 'UNAUTHORIZED', header?: string) => {
    const res = await svc.request('GET', '/projects', { token, headers: header ? { authorization: header } : undefined });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String), code });
    expect(res.text).not.toMatch(/at .*\.ts|stack/i);
  };

  /** A token like the service's own, with some claims or the key changed. */
  async function token(claims: Record<string, unknown>, options: { key?: CryptoKey; alg?: string } = {}) {
    const keys = await loadOrCreateSigningKeys(join(svc.dataDir, 'identity', 'signing-keys.json'));
    const now = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT({ token_use: 'access', client_id: 'bgs-control-plane-local', ...claims })
      .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: keys.kid })
      .setSubject(user.userId)
      .setIssuer((claims.iss as string) ?? LOCAL_CONTROL_PLANE_ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(options.key ?? keys.privateKey);
  }

  it('accepts the real access token, and a well-formed token signed with the real key', async () => {
    expect((await svc.request('GET', '/projects', { token: user.accessToken })).status).toBe(200);
    expect((await svc.request('GET', '/projects', { token: await token({}) })).status).toBe(200);
  });

  it('refuses a missing or malformed Authorization header', async () => {
    await expect401(undefined);
    await expect401(undefined, 'UNAUTHORIZED', `Basic ${Buffer.from('a:b').toString('base64')}`);
    await expect401(undefined, 'UNAUTHORIZED', 'Bearer not-a-jwt');
    await expect401(undefined, 'UNAUTHORIZED', `Bearer ${user.accessToken}x`);
  });

  it('refuses a token signed with another key (forged)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    await expect401(await token({}, { key: privateKey as CryptoKey }));
  });

  it('refuses alg none', async () => {
    const [, payload] = user.accessToken.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await expect401(`${header}.${payload}.`);
  });

  it('refuses another issuer and another audience (client id)', async () => {
    await expect401(await token({ iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_other' }));
    await expect401(await token({ client_id: 'another-client' }));
  });

  it('refuses an ID token and a refresh token used as access tokens', async () => {
    await expect401(user.idToken);
    await expect401(user.refreshToken);
  });

  it('answers TOKEN_EXPIRED once the access token has expired', async () => {
    clock.advance(3601 * 1000);
    try {
      await expect401(user.accessToken, 'TOKEN_EXPIRED');
      // The refresh token still works and gives a valid access token.
      const refreshed = await svc.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } });
      expect(refreshed.status).toBe(200);
      expect((await svc.request('GET', '/projects', { token: refreshed.body.accessToken })).status).toBe(200);
    } finally {
      clock.advance(-3601 * 1000);
    }
  });
});
