/**
 * `npm start` as a user runs it compiles DynamoDB Local's loopback launcher once into the
 * per-user cache (`$XDG_CACHE_HOME/bgs/java-launchers`) and a restart reuses the class as it
 * is; with a cache others could write to it still starts (from the source file) and says why
 * the cache was not used, writing no class there.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServiceProcess, waitFor, type ServiceProcess } from '../support/service-process';

const WARNING = /DynamoDB Local's launcher ran from source/;

async function stopGroup(service: ServiceProcess): Promise<void> {
  process.kill(-service.child.pid!, 'SIGTERM');
  await waitFor(() => service.groupPids().length === 0, 20_000);
}

describe('npm start and the compiled DynamoDB Local launcher', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bgs-launcher-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles into the per-user cache at the first start and reuses the class at a restart', async () => {
    const cacheHome = join(dir, 'cache-home');
    const launchers = join(cacheHome, 'bgs', 'java-launchers');
    const first = await startServiceProcess(join(dir, 'data'), { XDG_CACHE_HOME: cacheHome });
    await stopGroup(first);
    expect(first.output()).not.toMatch(WARNING);
    expect(statSync(launchers).mode & 0o777).toBe(0o700);
    const [classDir] = readdirSync(launchers);
    const classFile = join(launchers, classDir!, 'DynamoDbLocalLoopback.class');
    const before = statSync(classFile);

    const second = await startServiceProcess(join(dir, 'data'), { XDG_CACHE_HOME: cacheHome });
    await stopGroup(second);
    expect(second.output()).not.toMatch(WARNING);
    expect(readdirSync(launchers)).toEqual([classDir]);
    const after = statSync(classFile);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  }, 120_000);

  it('starts from the source file, and says why, when others could write to the cache', async () => {
    const open = join(dir, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const service = await startServiceProcess(join(dir, 'data-open'), { XDG_CACHE_HOME: join(open, 'cache') });
    await stopGroup(service);
    expect(service.output()).toMatch(/DynamoDB Local's launcher ran from source \(a slower start\): the launcher cache is not private: .*open is writable by others/);
    expect(readdirSync(join(open, 'cache', 'bgs', 'java-launchers'))).toEqual([]);
  }, 120_000);
});
