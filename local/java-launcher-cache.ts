/**
 * Compiles the DynamoDB Local loopback launcher (a Java source file) once and keeps the class in
 * a per-user cache, so later starts run a compiled class instead of compiling the source in
 * memory each time (the single-source launch costs ~1.6 s of CPU per start).
 *
 * The class is code that will run, so the cache is trusted only when nobody but this user (or
 * root) can write to it: the cache root is owner-only (0700), every directory above it belongs
 * to this user or root and is not writable by others (sticky directories like /tmp excepted),
 * and a cached class directory and its files belong to this user and are owner-writable only.
 * A cached directory is named by a key over the source's SHA-256, the Java that runs it and the
 * DynamoDB Local it is compiled against, so a changed source or Java never meets a stale class.
 * javac writes into a fresh temporary directory that is renamed into place in one step: two
 * starts at once never see a half-written class (the loser of the rename uses the winner's).
 *
 * When no class can be cached or compiled (no javac beside the Java, an unsafe cache, a failed
 * compile), the caller falls back to the single-source launch, which is still loopback-only.
 */
import { ENV } from '../lambdas/shared/env';
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, delimiter, dirname, isAbsolute, join } from 'node:path';

/** What a start runs: a cached class (compiled just now or earlier), or the source file itself. */
export type PreparedLauncher =
  | { readonly kind: 'compiled' | 'cached'; readonly classDir: string; readonly className: string }
  | { readonly kind: 'source'; readonly reason: string };

export interface LauncherCacheInput {
  /** The launcher's Java source file (its base name is the class name). */
  readonly sourceFile: string;
  /** The Java executable that will run the class (a path or a name looked up on PATH). */
  readonly java: string;
  /** The javac to compile with. @default the javac beside the Java's real path */
  readonly javac?: string;
  /** The classpath the launcher compiles against (DynamoDB Local's jars). */
  readonly classPath: string;
  /** Where compiled classes are kept. @default {@link defaultLauncherCacheDir} */
  readonly cacheDir?: string;
  /** Environment of javac. */
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * The per-user cache: `$XDG_CACHE_HOME/bgs/java-launchers`, else `~/.cache/bgs/java-launchers`.
 * Per user rather than per data directory, so `npm start`, every test run (in-memory
 * databases, fresh temp data directories) and every data directory share one compile; and in
 * the user's home rather than a predictable path in /tmp, which another local user could create first.
 */
export function defaultLauncherCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env[ENV.XDG_CACHE_HOME];
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'bgs', 'java-launchers');
}

/**
 * The cache key of a compiled launcher: the source's bytes, the Java installation that runs it
 * (its real home and its `release` file, which names the exact version), and the classpath it
 * is compiled against (DynamoDB Local's versioned directory).
 */
export function launcherCacheKey(parts: { source: Buffer | string; javaHome: string; javaRelease: string; classPath: string }): string {
  const hash = createHash('sha256');
  for (const part of [createHash('sha256').update(parts.source).digest('hex'), parts.javaHome, parts.javaRelease, parts.classPath]) {
    hash.update(`${Buffer.byteLength(part)}:${part}\n`);
  }
  return hash.digest('hex').slice(0, 32);
}

/** The real path of a Java executable (found on PATH when it is a bare name), or undefined. */
export function resolveExecutable(command: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = command.includes('/') ? [command] : (env[ENV.PATH] ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, command));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return realpathSync(candidate);
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** Why a directory may not hold code we run, or undefined when only this user (or root) can change it. */
export function unsafeDirectoryReason(dir: string, uid: number): string | undefined {
  const stat = lstatSync(dir);
  if (!stat.isDirectory()) return `${dir} is not a directory`;
  if (stat.uid !== uid) return `${dir} belongs to another user (uid ${stat.uid})`;
  if ((stat.mode & 0o022) !== 0) return `${dir} is writable by others (mode ${(stat.mode & 0o777).toString(8)})`;
  for (const name of readdirSync(dir)) {
    const entry = lstatSync(join(dir, name));
    if (!entry.isFile()) return `${join(dir, name)} is not a regular file`;
    if (entry.uid !== uid) return `${join(dir, name)} belongs to another user (uid ${entry.uid})`;
    if ((entry.mode & 0o022) !== 0) return `${join(dir, name)} is writable by others`;
  }
  return undefined;
}

/** Why the directories above the cache do not protect it, or undefined when they do. */
function unsafeAncestorReason(dir: string, uid: number): string | undefined {
  for (let current = dirname(dir); ; current = dirname(current)) {
    const stat = statSync(current);
    if (stat.uid !== uid && stat.uid !== 0) return `${current} belongs to another user (uid ${stat.uid})`;
    // A sticky directory (like /tmp) lets nobody rename or remove another user's entries.
    if ((stat.mode & 0o022) !== 0 && (stat.mode & 0o1000) === 0) return `${current} is writable by others`;
    if (dirname(current) === current) return undefined;
  }
}

const TMP_PREFIX = '.compiling-';
/** A compile that has not finished in this long was abandoned (its process died). */
const ABANDONED_AFTER_MS = 10 * 60_000;

/** Removes what compiles killed before their rename left behind. */
function removeAbandonedTemporaries(root: string): void {
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    try {
      if (name.startsWith(TMP_PREFIX) && Date.now() - lstatSync(path).mtimeMs > ABANDONED_AFTER_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // another start removed it first
    }
  }
}

function runJavac(javac: string, args: string[], env: NodeJS.ProcessEnv | undefined): Promise<void> {
  return new Promise((done, fail) => {
    execFile(javac, args, { env, timeout: 120_000 }, (err, _stdout, stderr) =>
      err ? fail(new Error(`${javac} failed: ${(stderr || err.message).trim()}`)) : done(),
    );
  });
}

/**
 * Finds or compiles the launcher's class. Never throws for a cache or compile problem: it
 * answers `{kind: 'source', reason}` and the caller runs the source file as before.
 */
export async function prepareLoopbackLauncher(input: LauncherCacheInput): Promise<PreparedLauncher> {
  try {
    return await findOrCompile(input);
  } catch (err) {
    return { kind: 'source', reason: (err as Error).message };
  }
}

async function findOrCompile(input: LauncherCacheInput): Promise<PreparedLauncher> {
  const uid = process.getuid?.();
  if (uid === undefined) return { kind: 'source', reason: 'file ownership cannot be checked on this platform' };
  const className = basename(input.sourceFile, '.java');
  const java = resolveExecutable(input.java, input.env);
  if (!java) return { kind: 'source', reason: `${input.java} was not found` };
  const javaHome = dirname(dirname(java));
  const releaseFile = join(javaHome, 'release');
  if (!existsSync(releaseFile)) return { kind: 'source', reason: `${releaseFile} (the Java version) is missing` };
  const javac = input.javac ?? join(dirname(java), 'javac');
  if (!resolveExecutable(javac, input.env)) return { kind: 'source', reason: `no javac at ${javac}` };

  let root: string;
  try {
    const requested = input.cacheDir ?? defaultLauncherCacheDir(input.env);
    mkdirSync(requested, { recursive: true, mode: 0o700 });
    root = realpathSync(requested);
    const stat = lstatSync(root);
    if (stat.uid !== uid) return { kind: 'source', reason: `the launcher cache ${root} belongs to another user` };
    if ((stat.mode & 0o077) !== 0) chmodSync(root, 0o700);
    const ancestors = unsafeAncestorReason(root, uid);
    if (ancestors) return { kind: 'source', reason: `the launcher cache is not private: ${ancestors}` };
  } catch (err) {
    return { kind: 'source', reason: `the launcher cache cannot be made: ${(err as Error).message}` };
  }

  const key = launcherCacheKey({ source: readFileSync(input.sourceFile), javaHome, javaRelease: readFileSync(releaseFile, 'utf8'), classPath: input.classPath });
  const classDir = join(root, `${className}-${key}`);
  const usable = (): boolean => existsSync(join(classDir, `${className}.class`)) && unsafeDirectoryReason(classDir, uid) === undefined;
  if (existsSync(classDir)) {
    if (usable()) return { kind: 'cached', classDir, className };
    // Ours but not as we left it (a looser mode, a foreign file): never run it, compile afresh.
    rmSync(classDir, { recursive: true, force: true });
  }

  removeAbandonedTemporaries(root);
  const tmp = mkdtempSync(join(root, TMP_PREFIX));
  try {
    // -proc:none: no annotation processor from the jars on the classpath runs at compile time.
    await runJavac(javac, ['-proc:none', '-implicit:none', '-nowarn', '-cp', input.classPath, '-d', tmp, input.sourceFile], input.env);
    // Owner-only whatever the umask: a group-writable class would be refused at the next start.
    for (const name of readdirSync(tmp)) chmodSync(join(tmp, name), 0o600);
    try {
      renameSync(tmp, classDir);
    } catch (err) {
      // Another start renamed its class into place first: use that one.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
      rmSync(tmp, { recursive: true, force: true });
      return usable() ? { kind: 'cached', classDir, className } : { kind: 'source', reason: `${classDir} appeared but is not usable` };
    }
    return usable() ? { kind: 'compiled', classDir, className } : { kind: 'source', reason: `javac left no usable ${className}.class` };
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    return { kind: 'source', reason: (err as Error).message };
  }
}
