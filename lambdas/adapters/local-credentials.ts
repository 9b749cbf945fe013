/**
 * The one place for the credentials and the region of the local stores (DynamoDB Local behind
 * its verifying front, the object store behind its own). Every local client takes them from
 * here: the local service, the project host, the control-plane handlers (through the file named
 * in BGS_LOCAL_CREDENTIALS_FILE) and the tests.
 *
 * Why per data directory and random: the stores listen on loopback, where any local process or
 * any web page in the user's browser can reach them. DynamoDB Local checks no signature and
 * separates its databases by access key id and region only, so the access key id of the
 * DynamoDB pair is itself a secret. The object store's access key id is not: it is part of every
 * presigned URL handed to a generated API's users. Hence two pairs, never one.
 *
 * The file holds secrets: created with mode 0600 in a 0700 directory, published atomically (a
 * hard link of a complete temp file), never replaced once it exists.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, openSync, closeSync, writeSync, fsyncSync, readFileSync, unlinkSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';

/**
 * The one region of every local client, whatever AWS_REGION says: DynamoDB Local keeps one
 * database per access key id AND region, so a client in another region would see none of the
 * data. The object store's front accepts signatures for this region only.
 */
export const LOCAL_REGION = 'us-east-1';

export interface SigningCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

/** The file's name inside the data directory. */
export const LOCAL_CREDENTIALS_FILE_NAME = 'local-credentials.json';

const FILE_FORMAT_VERSION = 1;

export interface LocalCredentials {
  /** DynamoDB (through the front; the access key id also names DynamoDB Local's database). */
  readonly dynamodb: SigningCredentials;
  /** The object store (its access key id appears in presigned URLs). */
  readonly s3: SigningCredentials;
}

interface StoredCredentials extends LocalCredentials {
  readonly version: number;
  readonly createdAt: string;
}

export function localCredentialsFile(dataDir: string): string {
  return join(dataDir, LOCAL_CREDENTIALS_FILE_NAME);
}

/** RFC 4648 base32 (A-Z, 2-7): letters and digits only, as DynamoDB Local wants access key ids. */
function base32(bytes: Buffer): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/**
 * One fresh pair: a 160-bit access key id (DynamoDB Local 2+ accepts only letters and digits
 * there, and it names a file) and a 240-bit secret.
 */
export function generateSigningCredentials(): SigningCredentials {
  return { accessKeyId: `BGSL${base32(randomBytes(20))}`, secretAccessKey: randomBytes(30).toString('base64url') };
}

export function generateLocalCredentials(): LocalCredentials {
  return { dynamodb: generateSigningCredentials(), s3: generateSigningCredentials() };
}

/**
 * The credentials kept in `file`, created (with its directory) on the first start. Concurrent
 * first starts agree on one pair: only the first hard link onto `file` succeeds.
 */
export function loadOrCreateLocalCredentials(file: string): LocalCredentials {
  const existing = readStored(file);
  if (existing) return existing;
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stored: StoredCredentials = { version: FILE_FORMAT_VERSION, createdAt: new Date().toISOString(), ...generateLocalCredentials() };
  const tmp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  // `wx` with 0600: readable by the owner only from the first byte.
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(stored, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
  const published = readStored(file);
  if (!published) throw new Error(`Local credentials file ${file} vanished right after it was created`);
  return published;
}

/** The credentials of an existing file (the control-plane handlers: the local service made it). */
export function readLocalCredentials(file: string): LocalCredentials {
  const stored = readStored(file);
  if (!stored) throw new Error(`Local credentials file ${file} does not exist (the local service creates it at start)`);
  return stored;
}

function readStored(file: string): LocalCredentials | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  // Tighten a file that was made readable by others (a copy, an archive restored with another
  // umask): the secrets stay usable, and from now on they are the owner's only.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  let parsed: Partial<StoredCredentials>;
  try {
    parsed = JSON.parse(text) as Partial<StoredCredentials>;
  } catch {
    throw damaged(file, 'it is not JSON');
  }
  if (parsed.version !== FILE_FORMAT_VERSION) throw damaged(file, `its version is not ${FILE_FORMAT_VERSION}`);
  const dynamodb = pair(parsed.dynamodb);
  const s3 = pair(parsed.s3);
  if (!dynamodb || !s3) throw damaged(file, 'it lacks an access key id or a secret');
  // A damaged file is an error, never a reason to mint new credentials: new ones would open
  // another, empty DynamoDB Local database and the user's data would seem gone.
  if (!/^[A-Za-z0-9]+$/.test(dynamodb.accessKeyId)) throw damaged(file, 'the DynamoDB access key id must be letters and digits');
  return { dynamodb, s3 };
}

function pair(value: unknown): SigningCredentials | undefined {
  const v = value as Partial<SigningCredentials> | undefined;
  if (typeof v?.accessKeyId !== 'string' || typeof v.secretAccessKey !== 'string' || !v.accessKeyId || !v.secretAccessKey) return undefined;
  return { accessKeyId: v.accessKeyId, secretAccessKey: v.secretAccessKey };
}

function damaged(file: string, why: string): Error {
  return new Error(`Local credentials file ${file} is damaged (${why}). Restore it from a backup: the data in DynamoDB Local is filed under its access key id.`);
}

/**
 * The configuration of a DynamoDB client of the local stores. A fresh credentials object each
 * time: the SDK writes a `$source` marker into the object it is given.
 */
export function localDynamoClientConfig(endpoint: string, credentials: SigningCredentials): DynamoDBClientConfig {
  return {
    endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
  };
}
