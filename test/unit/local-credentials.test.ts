/**
 * The local stores' credentials (issue 21, item 2): random and secret per data directory,
 * owner-only on disk, the same on every later start, never silently replaced; the database
 * of the old shared layout moved to the name DynamoDB Local now looks for; the parser of
 * /proc's socket tables the loopback test relies on.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseFileName, migrateSharedDatabase, SHARED_DB_FILE } from '../../local/dynamodb-local';
import {
  generateLocalCredentials,
  LOCAL_REGION,
  loadOrCreateLocalCredentials,
  localCredentialsFile,
  readLocalCredentials,
} from '../../lambdas/adapters/local-credentials';
import { decodeProcAddress, isLoopback } from '../support/listening-sockets';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bgs-local-credentials-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('local credentials', () => {
  it('are random, with access key ids of letters and digits (DynamoDB Local\'s rule), one pair per store', () => {
    const a = generateLocalCredentials();
    const b = generateLocalCredentials();
    for (const pair of [a.dynamodb, a.s3, b.dynamodb, b.s3]) {
      expect(pair.accessKeyId).toMatch(/^[A-Z0-9]{36}$/);
      expect(pair.secretAccessKey.length).toBeGreaterThanOrEqual(40);
    }
    // The S3 key id appears in presigned URLs: it must never be the DynamoDB one, which names the database.
    expect(a.dynamodb.accessKeyId).not.toBe(a.s3.accessKeyId);
    expect(new Set([a.dynamodb.accessKeyId, b.dynamodb.accessKeyId, a.dynamodb.secretAccessKey, b.dynamodb.secretAccessKey]).size).toBe(4);
  });

  it('are made once per data directory, owner-only, and read back the same on later starts', () => {
    const file = localCredentialsFile(join(dir, 'data'));
    const first = loadOrCreateLocalCredentials(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'data')).mode & 0o777).toBe(0o700);
    expect(loadOrCreateLocalCredentials(file)).toEqual(first);
    expect(readLocalCredentials(file)).toEqual(first);
    // No temp file left behind.
    expect(readdirSync(join(dir, 'data'))).toEqual(['local-credentials.json']);
  });

  it('tighten a file others can read, and never replace a damaged one', () => {
    const file = localCredentialsFile(dir);
    const made = loadOrCreateLocalCredentials(file);
    chmodSync(file, 0o644);
    expect(readLocalCredentials(file)).toEqual(made);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    writeFileSync(file, '{"version":1,"dynamodb":{"accessKeyId":"x"}}');
    expect(() => loadOrCreateLocalCredentials(file)).toThrow(/damaged/);
    expect(readFileSync(file, 'utf8')).toBe('{"version":1,"dynamodb":{"accessKeyId":"x"}}');
    expect(() => readLocalCredentials(join(dir, 'missing.json'))).toThrow(/does not exist/);
  });
});

describe('migrating the shared database', () => {
  const KEY = 'BGSLABC234';
  const target = () => join(dir, databaseFileName(KEY));

  it('names the file as DynamoDB Local does without -sharedDb', () => {
    expect(databaseFileName(KEY)).toBe(`${KEY}_${LOCAL_REGION}.db`);
  });

  it('moves the shared database and a hot journal beside it to the credentials\' name', () => {
    writeFileSync(join(dir, SHARED_DB_FILE), 'db');
    writeFileSync(join(dir, `${SHARED_DB_FILE}-journal`), 'journal');
    expect(migrateSharedDatabase(dir, KEY)).toBe(true);
    expect(readFileSync(target(), 'utf8')).toBe('db');
    expect(readFileSync(`${target()}-journal`, 'utf8')).toBe('journal');
    expect(existsSync(join(dir, SHARED_DB_FILE))).toBe(false);
    expect(migrateSharedDatabase(dir, KEY)).toBe(false);
  });

  it('never overwrites a database that already has the new name, and does nothing without an old one', () => {
    writeFileSync(join(dir, SHARED_DB_FILE), 'old');
    writeFileSync(target(), 'new');
    expect(migrateSharedDatabase(dir, KEY)).toBe(false);
    expect(readFileSync(target(), 'utf8')).toBe('new');
    expect(readFileSync(join(dir, SHARED_DB_FILE), 'utf8')).toBe('old');
    rmSync(join(dir, SHARED_DB_FILE));
    rmSync(target());
    expect(migrateSharedDatabase(dir, KEY)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('/proc socket addresses', () => {
  it('decode IPv4, IPv6 and v4-mapped addresses and tell loopback apart', () => {
    expect(decodeProcAddress('0100007F')).toBe('127.0.0.1');
    expect(decodeProcAddress('00000000')).toBe('0.0.0.0');
    expect(decodeProcAddress('00000000000000000000000000000000')).toBe('::');
    expect(decodeProcAddress('00000000000000000000000001000000')).toBe('::1');
    expect(decodeProcAddress('0000000000000000FFFF00000100007F')).toBe('::ffff:127.0.0.1');
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.2', '::ffff:10.0.0.1'].some(isLoopback)).toBe(false);
  });
});
