/**
 * The compiled-launcher cache (local/java-launcher-cache.ts) without a JVM: a Java home
 * made of a `release` file and an executable `java`, and a javac that is a shell script writing
 * the class file and recording each call. What it shows: the first call compiles, later calls
 * reuse the class without compiling; a changed source or Java gets a new key; concurrent first
 * calls all get one complete class; a class dir someone loosened is never used; no javac, a
 * failing javac or a cache others can write to fall back to the source launch.
 * (The real javac and DynamoDB Local: test/integration/dynamodb-local-launcher.test.ts.)
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  defaultLauncherCacheDir,
  launcherCacheKey,
  prepareLoopbackLauncher,
  resolveExecutable,
  unsafeDirectoryReason,
  type LauncherCacheInput,
} from '../../local/java-launcher-cache';

const uid = process.getuid!();

describe('launcherCacheKey', () => {
  const base = { source: 'class A {}', javaHome: '/jdk', javaRelease: 'JAVA_VERSION="17.0.15"', classPath: '/lib/a.jar' };
  it('is stable for the same inputs and changes with each of them', () => {
    expect(launcherCacheKey(base)).toBe(launcherCacheKey({ ...base }));
    const keys = [
      launcherCacheKey(base),
      launcherCacheKey({ ...base, source: 'class A {} ' }),
      launcherCacheKey({ ...base, javaHome: '/jdk21' }),
      launcherCacheKey({ ...base, javaRelease: 'JAVA_VERSION="21.0.2"' }),
      launcherCacheKey({ ...base, classPath: '/lib/b.jar' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('cannot be forged by moving text between parts', () => {
    // Joined with a separator alone, these two would hash the same text.
    expect(launcherCacheKey({ ...base, javaHome: '/jdk', javaRelease: 'X\n' })).not.toBe(launcherCacheKey({ ...base, javaHome: '/jdk\nX', javaRelease: '' }));
  });
});

describe('defaultLauncherCacheDir', () => {
  it('is under XDG_CACHE_HOME when it is absolute, else under ~/.cache', () => {
    expect(defaultLauncherCacheDir({ XDG_CACHE_HOME: '/c' })).toBe('/c/bgs/java-launchers');
    expect(defaultLauncherCacheDir({ XDG_CACHE_HOME: 'relative' })).toMatch(/\/\.cache\/bgs\/java-launchers$/);
    expect(defaultLauncherCacheDir({})).toMatch(/\/\.cache\/bgs\/java-launchers$/);
  });
});

describe('prepareLoopbackLauncher', () => {
  let dir: string;
  let javaHome: string;
  let source: string;
  let cache: string;
  let javacLog: string;
  let javac: string;

  /** A javac that records its call, waits a little (so concurrent calls overlap) and writes the class. */
  function writeJavac(path: string, body: string): string {
    writeFileSync(path, `#!/bin/sh\necho "$*" >> ${javacLog}\nsleep 0.2\n${body}\n`, { mode: 0o755 });
    return path;
  }
  const input = (extra: Partial<LauncherCacheInput> = {}): LauncherCacheInput => ({
    sourceFile: source,
    java: join(javaHome, 'bin', 'java'),
    javac,
    classPath: '/lib/DynamoDBLocal.jar',
    cacheDir: cache,
    ...extra,
  });
  const javacCalls = () => (existsSync(javacLog) ? readFileSync(javacLog, 'utf8').trim().split('\n').length : 0);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bgs-launcher-unit-'));
    javaHome = join(dir, 'jdk');
    mkdirSync(join(javaHome, 'bin'), { recursive: true });
    writeFileSync(join(javaHome, 'bin', 'java'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(javaHome, 'release'), 'JAVA_VERSION="17.0.15"\n');
    source = join(dir, 'Launcher.java');
    writeFileSync(source, 'public class Launcher {}\n');
    cache = join(dir, 'cache');
    javacLog = join(dir, 'javac.log');
    // The last two arguments are `-d <dir>` then the source: write the class into <dir>.
    javac = writeJavac(join(dir, 'javac'), 'for a; do prev2="$prev"; prev="$a"; done\nprintf CAFEBABE > "$prev2/Launcher.class"');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles once, then reuses the class without compiling', async () => {
    const first = await prepareLoopbackLauncher(input());
    expect(first).toMatchObject({ kind: 'compiled', className: 'Launcher' });
    if (first.kind === 'source') throw new Error(first.reason);
    expect(readdirSync(first.classDir)).toEqual(['Launcher.class']);
    expect(statSync(cache).mode & 0o777).toBe(0o700);
    expect(statSync(join(first.classDir, 'Launcher.class')).mode & 0o777).toBe(0o600);
    const before = statSync(first.classDir);

    const second = await prepareLoopbackLauncher(input());
    expect(second).toEqual({ kind: 'cached', classDir: first.classDir, className: 'Launcher' });
    expect(javacCalls()).toBe(1);
    const after = statSync(first.classDir);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    // -proc:none: no annotation processor on the classpath runs at compile time.
    expect(readFileSync(javacLog, 'utf8')).toMatch(/-proc:none/);
  });

  it('compiles again into a new directory when the source or the Java changes', async () => {
    const first = await prepareLoopbackLauncher(input());
    writeFileSync(source, 'public class Launcher { /* changed */ }\n');
    const changedSource = await prepareLoopbackLauncher(input());
    writeFileSync(join(javaHome, 'release'), 'JAVA_VERSION="17.0.16"\n');
    const changedJava = await prepareLoopbackLauncher(input());
    expect([first.kind, changedSource.kind, changedJava.kind]).toEqual(['compiled', 'compiled', 'compiled']);
    const dirs = [first, changedSource, changedJava].map((p) => (p.kind === 'source' ? p.reason : p.classDir));
    expect(new Set(dirs).size).toBe(3);
    expect(javacCalls()).toBe(3);
  });

  it('gives concurrent first starts one complete class and leaves no temporary directory', async () => {
    const all = await Promise.all([1, 2, 3, 4].map(() => prepareLoopbackLauncher(input())));
    const dirs = new Set(all.map((p) => (p.kind === 'source' ? p.reason : p.classDir)));
    expect(dirs.size).toBe(1);
    expect(all.every((p) => p.kind !== 'source')).toBe(true);
    expect(readdirSync(cache)).toEqual([...dirs].map((d) => d.split('/').pop()));
  });

  it('never runs a class directory or file that others could have written: it compiles afresh', async () => {
    const first = await prepareLoopbackLauncher(input());
    if (first.kind === 'source') throw new Error(first.reason);
    chmodSync(join(first.classDir, 'Launcher.class'), 0o666);
    expect(unsafeDirectoryReason(first.classDir, uid)).toMatch(/writable by others/);
    const again = await prepareLoopbackLauncher(input());
    expect(again.kind).toBe('compiled');
    expect(statSync(join(first.classDir, 'Launcher.class')).mode & 0o777).toBe(0o600);

    chmodSync(first.classDir, 0o777);
    expect((await prepareLoopbackLauncher(input())).kind).toBe('compiled');
    writeFileSync(join(first.classDir, 'Extra.class'), 'x', { mode: 0o600 });
    expect((await prepareLoopbackLauncher(input())).kind).toBe('cached'); // an own, private file is fine
    expect(javacCalls()).toBe(3);
  });

  it('makes a loose cache root owner-only, and refuses a cache below a directory others can write to', async () => {
    mkdirSync(cache, { mode: 0o755 });
    chmodSync(cache, 0o755);
    expect((await prepareLoopbackLauncher(input())).kind).toBe('compiled');
    expect(statSync(cache).mode & 0o777).toBe(0o700);

    const open = join(dir, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const refused = await prepareLoopbackLauncher(input({ cacheDir: join(open, 'cache') }));
    expect(refused).toEqual({ kind: 'source', reason: expect.stringMatching(/not private: .*open is writable by others/) });
  });

  it('falls back to the source launch without javac, with a failing javac, or with an unknown Java', async () => {
    expect(await prepareLoopbackLauncher(input({ javac: undefined }))).toEqual({ kind: 'source', reason: expect.stringMatching(/no javac at .*jdk\/bin\/javac/) });
    const failing = writeJavac(join(dir, 'failing-javac'), 'echo "Launcher.java:1: error: boom" >&2; exit 1');
    expect(await prepareLoopbackLauncher(input({ javac: failing }))).toEqual({ kind: 'source', reason: expect.stringMatching(/failed: Launcher.java:1: error: boom/) });
    expect(readdirSync(cache)).toEqual([]);
    expect(await prepareLoopbackLauncher(input({ java: '/nonexistent/bin/java' }))).toEqual({ kind: 'source', reason: expect.stringMatching(/was not found/) });
    rmSync(join(javaHome, 'release'));
    expect(await prepareLoopbackLauncher(input())).toEqual({ kind: 'source', reason: expect.stringMatching(/release .*missing/) });
  });

  it('finds a bare Java name on PATH, by its real path', () => {
    expect(resolveExecutable('java', { PATH: `/nonexistent:${join(javaHome, 'bin')}` })).toBe(join(javaHome, 'bin', 'java'));
    expect(resolveExecutable('java', { PATH: '/nonexistent' })).toBeUndefined();
  });
});
