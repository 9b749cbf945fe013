/**
 * DynamoDB Local's loopback launcher is compiled once and its class reused: with the machine's
 * real javac (wrapped to record its calls) and DynamoDB Local, the first start compiles into
 * the cache, the second runs the cached class without calling javac and without touching the
 * cache; two first starts at once both answer and leave one class; a cached class still
 * listens on loopback only.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { localDynamoClient, startDynamoDbLocal, type DynamoDbLocal } from '../../local/dynamodb-local';
import { generateSigningCredentials } from '../../lambdas/adapters/local-credentials';
import { isLoopback, listeningSockets } from '../support/listening-sockets';

const jdkBin = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin') : dirname(realpathSync(execFileSync('which', ['java'], { encoding: 'utf8' }).trim()));

describe('the compiled DynamoDB Local launcher', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bgs-launcher-'));
  const javacLog = join(dir, 'javac.log');
  const javac = join(dir, 'javac');
  writeFileSync(javac, `#!/bin/sh\necho "$*" >> '${javacLog}'\nexec '${join(jdkBin, 'javac')}' "$@"\n`, { mode: 0o755 });
  const javacCalls = () => (existsSync(javacLog) ? readFileSync(javacLog, 'utf8').trim().split('\n').length : 0);
  const started: DynamoDbLocal[] = [];
  const start = async (cache: string) => {
    const credentials = generateSigningCredentials();
    const db = await startDynamoDbLocal({ credentials, launcherCacheDir: cache, javacCommand: javac });
    started.push(db);
    const client = localDynamoClient(db.endpoint, credentials);
    try {
      expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
    } finally {
      client.destroy();
    }
    return db;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map((db) => db.stop()));
    rmSync(javacLog, { force: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles at the first start and runs the cached class, unchanged, at the next', async () => {
    const cache = join(dir, 'cache-sequential');
    const first = await start(cache);
    expect(first.launcher.kind).toBe('compiled');
    if (first.launcher.kind === 'source') throw new Error(first.launcher.reason);
    const classDir = first.launcher.classDir;
    const before = statSync(join(classDir, 'DynamoDbLocalLoopback.class'));
    await first.stop();
    started.splice(started.indexOf(first), 1);

    const second = await start(cache);
    expect(second.launcher).toEqual({ kind: 'cached', classDir, className: 'DynamoDbLocalLoopback' });
    expect(javacCalls()).toBe(1);
    const after = statSync(join(classDir, 'DynamoDbLocalLoopback.class'));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    // The Java runs the class, not the source file.
    const commandLine = readFileSync(`/proc/${second.process.pid}/cmdline`, 'utf8').split('\0');
    expect(commandLine).toContain('DynamoDbLocalLoopback');
    expect(commandLine.some((arg) => arg.endsWith('.java'))).toBe(false);
    // Still bound to loopback only.
    const sockets = listeningSockets([second.process.pid!]);
    expect(sockets.length).toBeGreaterThan(0);
    expect(sockets.filter((s) => !isLoopback(s.address))).toEqual([]);
  }, 120_000);

  it('starts twice at once on an empty cache: both answer, one class is kept', async () => {
    const cache = join(dir, 'cache-concurrent');
    const [a, b] = await Promise.all([start(cache), start(cache)]);
    expect([a!.launcher.kind, b!.launcher.kind].sort()).toEqual(expect.arrayContaining(['compiled']));
    expect(readdirSync(cache)).toHaveLength(1);
    expect(readdirSync(join(cache, readdirSync(cache)[0]!))).toEqual(['DynamoDbLocalLoopback.class']);
  }, 120_000);
});
