/**
 * Endpoint secrets of the local service, encrypted at rest in the data directory:
 *
 *   <dataDir>/endpoint-secrets.key          32 random bytes (base64), mode 0600, made once
 *   <dataDir>/endpoint-secrets/<sha256(ref)>.json   { version, iv, tag, ciphertext } (AES-256-GCM)
 *
 * The reference is the GCM additional data, so a file copied under another reference does not
 * decrypt. File names are hashes of the reference: no reference can reach outside the folder.
 * Files are written whole (a temp file renamed into place), readable by the owner only. As with
 * local-credentials.ts, a damaged or missing key is an error, never a reason to make a new one
 * (the stored secrets would silently become unreadable).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { EndpointSecretReader, EndpointSecrets } from '../../ports/endpoint-secrets';
import { newEndpointSecretRef } from '../../core/outgoing/endpoint';

export const LOCAL_ENDPOINT_SECRETS_KEY_FILE = 'endpoint-secrets.key';
export const LOCAL_ENDPOINT_SECRETS_DIR = 'endpoint-secrets';
const FORMAT_VERSION = 1;

interface StoredSecret {
  readonly version: number;
  readonly iv: string;
  readonly tag: string;
  readonly ciphertext: string;
}

/** Writes `text` to a new owner-only temp file next to `target`; its path. */
function writeTemp(target: string, text: string): string {
  const tmp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return tmp;
}

/** The data directory's key, made on first use; concurrent first uses agree on one (only the first hard link wins). */
function loadOrCreateKey(dataDir: string): Buffer {
  const file = join(dataDir, LOCAL_ENDPOINT_SECRETS_KEY_FILE);
  const read = (): Buffer | undefined => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    const key = Buffer.from(text.trim(), 'base64');
    if (key.length !== 32) throw new Error(`The endpoint secrets key ${file} is damaged (not 32 bytes); restore it from a backup`);
    return key;
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const tmp = writeTemp(file, `${randomBytes(32).toString('base64')}\n`);
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
  const made = read();
  if (!made) throw new Error(`The endpoint secrets key ${file} vanished right after it was made`);
  return made;
}

export class LocalEndpointSecrets implements EndpointSecrets, EndpointSecretReader {
  private key: Buffer | undefined;
  private readonly dir: string;

  constructor(private readonly dataDir: string) {
    this.dir = join(dataDir, LOCAL_ENDPOINT_SECRETS_DIR);
  }

  private keyOf(): Buffer {
    this.key ??= loadOrCreateKey(this.dataDir);
    return this.key;
  }

  private fileOf(ref: string): string {
    return join(this.dir, `${createHash('sha256').update(ref).digest('hex')}.json`);
  }

  async store(projectId: string, endpointName: string, secret: string): Promise<string> {
    const ref = newEndpointSecretRef(projectId, endpointName);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyOf(), iv);
    cipher.setAAD(Buffer.from(ref, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const stored: StoredSecret = { version: FORMAT_VERSION, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), ciphertext: ciphertext.toString('base64') };
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const file = this.fileOf(ref);
    renameSync(writeTemp(file, JSON.stringify(stored)), file);
    return ref;
  }

  async remove(ref: string): Promise<void> {
    try {
      unlinkSync(this.fileOf(ref));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  async read(ref: string): Promise<string | undefined> {
    let stored: StoredSecret;
    try {
      stored = JSON.parse(readFileSync(this.fileOf(ref), 'utf8')) as StoredSecret;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    if (stored.version !== FORMAT_VERSION) throw new Error(`Endpoint secret ${ref} has an unknown format`);
    const decipher = createDecipheriv('aes-256-gcm', this.keyOf(), Buffer.from(stored.iv, 'base64'));
    decipher.setAAD(Buffer.from(ref, 'utf8'));
    decipher.setAuthTag(Buffer.from(stored.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(stored.ciphertext, 'base64')), decipher.final()]).toString('utf8');
  }
}
