/**
 * Password hashing of the local identity: scrypt from node:crypto. Every hash carries its
 * parameters (`scrypt$N$r$p$salt$key`), so raising them later leaves existing hashes verifiable.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** N = 2^15, r = 8 (32 MiB, tens of ms per hash here). */
const SCRYPT_PARAMS = { N: 1 << 15, r: 8, p: 1 } as const;
const SCRYPT_KEYLEN = 32;
const SCRYPT_SALT_BYTES = 16;

function scryptAsync(password: string, salt: Buffer, keylen: number, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // maxmem must exceed 128 * N * r, or Node refuses parameters above its 32 MiB default.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT_SALT_BYTES);
  const key = await scryptAsync(password, salt, SCRYPT_KEYLEN, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) throw new Error('Unreadable password hash');
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scryptAsync(typeof password === 'string' ? password : '', Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash of a random password with the current parameters, verified when the email is unknown:
 * the same work, so the same time, as a known one.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
