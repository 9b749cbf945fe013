/**
 * The local identity's RS256 signing key pair. It is generated once per data directory and
 * kept on disk, so tokens issued before a restart stay valid after it and the JWKS a verifier
 * cached does not go stale. The file holds the private key: it is created with mode 0600 and
 * published atomically, never half-written and never replaced by a second key.
 */
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

export const SIGNING_ALG = 'RS256';
const MODULUS_LENGTH = 2048;
const FILE_FORMAT_VERSION = 1;

export interface PublicJwk extends JWK {
  kty: 'RSA';
  n: string;
  e: string;
  kid: string;
  alg: typeof SIGNING_ALG;
  use: 'sig';
}

export interface SigningKeys {
  /** Key id (RFC 7638 thumbprint of the public key), written into every token header. */
  readonly kid: string;
  readonly alg: typeof SIGNING_ALG;
  /** For jose `SignJWT.sign`. Never leaves the process except in the keys file. */
  readonly privateKey: CryptoKey;
  /** For jose `jwtVerify` inside the process (others use the published JWKS). */
  readonly publicKey: CryptoKey;
  /** The document served at `/.well-known/jwks.json`: public parts only. */
  publicJwks(): { keys: PublicJwk[] };
}

interface StoredKeys {
  version: number;
  kid: string;
  alg: typeof SIGNING_ALG;
  privateJwk: JWK;
  createdAt: string;
}

/** A fresh key pair held in memory only (tests, and anything that must not share keys). */
export async function generateSigningKeys(): Promise<SigningKeys> {
  return fromStored(await generateStored());
}

/**
 * Loads the key pair from `file`, creating it (and its directory) on the first start.
 * Concurrent first starts agree on one key: each writes its own temp file, and only the first
 * hard link onto `file` succeeds (link, unlike rename, refuses to replace an existing file);
 * the others read the winner's key.
 */
export async function loadOrCreateSigningKeys(file: string): Promise<SigningKeys> {
  const existing = await readStored(file);
  if (existing) return fromStored(existing);

  const dir = dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stored = await generateStored();
  const tmp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  // `wx`: a unique temp name that must not exist, created with 0600 from the first byte, so the
  // private key is never readable by others, not even for a moment.
  const handle = await open(tmp, 'wx', 0o600);
  try {
    await handle.chmod(0o600); // the umask cannot widen a mode, but be explicit about the result
    await handle.writeFile(`${JSON.stringify(stored, null, 2)}\n`, 'utf8');
    await handle.sync(); // the content is on disk before the name appears
  } finally {
    await handle.close();
  }
  try {
    await link(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another start published its key first: use that one.
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  await syncDir(dir);

  const published = await readStored(file);
  if (!published) throw new Error(`Signing keys file ${file} vanished right after it was created`);
  return fromStored(published);
}

async function generateStored(): Promise<StoredKeys> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { modulusLength: MODULUS_LENGTH, extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(publicPart(privateJwk), 'sha256');
  return { version: FILE_FORMAT_VERSION, kid, alg: SIGNING_ALG, privateJwk, createdAt: new Date().toISOString() };
}

async function fromStored(stored: StoredKeys): Promise<SigningKeys> {
  const publicJwk: PublicJwk = { ...publicPart(stored.privateJwk), kid: stored.kid, alg: SIGNING_ALG, use: 'sig' };
  const privateKey = (await importJWK(stored.privateJwk, SIGNING_ALG)) as CryptoKey;
  const publicKey = (await importJWK(publicJwk, SIGNING_ALG)) as CryptoKey;
  return {
    kid: stored.kid,
    alg: SIGNING_ALG,
    privateKey,
    publicKey,
    // A fresh copy each time, so a caller editing the answer cannot alter the keys.
    publicJwks: () => ({ keys: [{ ...publicJwk }] }),
  };
}

/** Only the public members of an RSA JWK (the thumbprint and JWKS must never see d, p, q...). */
function publicPart(jwk: JWK): { kty: 'RSA'; n: string; e: string } {
  if (jwk.kty !== 'RSA' || typeof jwk.n !== 'string' || typeof jwk.e !== 'string') {
    throw new Error('Signing key is not an RSA key');
  }
  return { kty: 'RSA', n: jwk.n, e: jwk.e };
}

/** The stored keys, or null when the file does not exist yet. A damaged file is an error, not
 * a reason to mint new keys silently (that would invalidate every token issued so far). */
async function readStored(file: string): Promise<StoredKeys | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let parsed: Partial<StoredKeys>;
  try {
    parsed = JSON.parse(text) as Partial<StoredKeys>;
  } catch {
    throw damaged(file, 'it is not JSON');
  }
  const jwk = parsed.privateJwk;
  if (
    parsed.version !== FILE_FORMAT_VERSION ||
    parsed.alg !== SIGNING_ALG ||
    typeof parsed.kid !== 'string' ||
    !jwk ||
    jwk.kty !== 'RSA' ||
    typeof jwk.d !== 'string' ||
    typeof jwk.n !== 'string' ||
    typeof jwk.e !== 'string'
  ) {
    throw damaged(file, 'it does not hold an RS256 private key');
  }
  // A copy restored with a loose umask would expose the private key: tighten it back.
  const mode = (await stat(file)).mode & 0o777;
  if ((mode & 0o077) !== 0) await chmod(file, 0o600);
  return parsed as StoredKeys;
}

function damaged(file: string, why: string): Error {
  return new Error(
    `Signing keys file ${file} is damaged (${why}). Delete it to create new keys; tokens issued with the old keys will stop working.`,
  );
}

/** Makes the new directory entry durable; best effort, as some platforms cannot open a directory. */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Not fatal: the file content itself was synced before it was linked.
  }
}
