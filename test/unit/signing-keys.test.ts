import { mkdtemp, readFile, rm, stat, writeFile, chmod, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { generateSigningKeys, loadOrCreateSigningKeys } from '../../lambdas/adapters/identity/signing-keys';

describe('signing keys', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bgs-keys-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the keys file once, with mode 0600, and loads the same key afterwards', async () => {
    const file = join(dir, 'nested', 'identity-keys.json');
    const first = await loadOrCreateSigningKeys(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await loadOrCreateSigningKeys(file);
    expect(second.kid).toBe(first.kid);
    expect(second.publicJwks()).toEqual(first.publicJwks());
    // No temp file is left behind.
    expect(await readdir(join(dir, 'nested'))).toEqual(['identity-keys.json']);
  });

  it('concurrent first starts end with one key', async () => {
    const file = join(dir, 'keys.json');
    const all = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateSigningKeys(file)));
    expect(new Set(all.map((k) => k.kid)).size).toBe(1);
    const stored = JSON.parse(await readFile(file, 'utf8')) as { kid: string };
    expect(stored.kid).toBe(all[0]?.kid);
    expect(await readdir(dir)).toEqual(['keys.json']);
  });

  it('publishes only public parts, and tokens it signs verify with the JWKS', async () => {
    const keys = await generateSigningKeys();
    const jwks = keys.publicJwks();
    expect(jwks.keys).toHaveLength(1);
    const jwk = jwks.keys[0]!;
    expect(Object.keys(jwk).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: keys.kid });
    // 2048-bit modulus: 256 bytes, base64url without padding.
    expect(Buffer.from(jwk.n, 'base64url')).toHaveLength(256);

    const token = await new SignJWT({ hello: 'world' })
      .setProtectedHeader({ alg: 'RS256', kid: keys.kid })
      .setIssuedAt()
      .sign(keys.privateKey);
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks));
    expect(payload.hello).toBe('world');
    expect(protectedHeader.kid).toBe(keys.kid);

    // Another key pair's JWKS does not verify it.
    const other = await generateSigningKeys();
    await expect(jwtVerify(token, createLocalJWKSet(other.publicJwks()))).rejects.toThrow();
  });

  it('refuses a damaged keys file instead of silently minting new keys', async () => {
    const file = join(dir, 'keys.json');
    await writeFile(file, '{"version":1,"kid":', { mode: 0o600 });
    await expect(loadOrCreateSigningKeys(file)).rejects.toThrow(/damaged/);
    await writeFile(file, JSON.stringify({ version: 1, kid: 'x', alg: 'RS256', privateJwk: { kty: 'RSA', n: 'a', e: 'AQAB' } }));
    await expect(loadOrCreateSigningKeys(file)).rejects.toThrow(/does not hold an RS256 private key/);
  });

  it('tightens a keys file that became readable by others', async () => {
    const file = join(dir, 'keys.json');
    const first = await loadOrCreateSigningKeys(file);
    await chmod(file, 0o644);
    const again = await loadOrCreateSigningKeys(file);
    expect(again.kid).toBe(first.kid);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });
});
