/**
 * Issue 21, item 2: the local stores are not open to anyone. Against `npm start` as a user runs
 * it: every listener of the service's process group (DynamoDB Local's Java included) is on
 * loopback; no port of it gives anything to a request that is unsigned or signed with other
 * credentials (the old fixed `local`/`local` pair included); an existing data directory of
 * the shared-database layout keeps its data, and AWS_REGION does not change what is seen.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { ListBucketsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { SHARED_DB_FILE } from '../../local/dynamodb-local';
import { LOCAL_CREDENTIALS_FILE_NAME, LOCAL_REGION, readLocalCredentials } from '../../lambdas/adapters/local-credentials';
import { describeAndDeploy } from '../support/deploy-flow';
import { callApi, newAccount } from '../support/local-service';
import { isLoopback, listeningSockets } from '../support/listening-sockets';
import { startServiceProcess, waitFor, type ServiceProcess } from '../support/service-process';

const IDENTITY_TABLE = 'bgs-local-identity';
const DESCRIPTION = 'A task tracker for teams. Each organization has projects, and projects contain tasks. A task has a title and a status (pending, active or done). Tasks can carry a file attachment (PDF, up to 10 MB). Every organization\'s data must be isolated from the others.';
const silentLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

async function stopGroup(service: ServiceProcess): Promise<void> {
  process.kill(-service.child.pid!, 'SIGTERM');
  await waitFor(() => service.groupPids().length === 0, 20_000);
}

/** What a request with these credentials (undefined: unsigned) reads from a port, as text; '' for nothing. */
async function dynamoReads(port: number, credentials: { accessKeyId: string; secretAccessKey: string }): Promise<string> {
  const client = new DynamoDBClient({ endpoint: `http://127.0.0.1:${port}`, region: LOCAL_REGION, credentials, maxAttempts: 1, logger: silentLogger });
  const read: string[] = [];
  try {
    const tables = await client.send(new ListTablesCommand({})).catch(() => undefined);
    if (tables?.TableNames?.length) read.push(`tables ${tables.TableNames.join(',')}`);
    const scan = await client.send(new ScanCommand({ TableName: IDENTITY_TABLE })).catch(() => undefined);
    if (scan?.Items?.length) read.push(`${scan.Items.length} identity items`);
  } finally {
    client.destroy();
  }
  return read.join('; ');
}

async function s3Reads(port: number, credentials: { accessKeyId: string; secretAccessKey: string }, bucket: string): Promise<string> {
  const client = new S3Client({ endpoint: `http://127.0.0.1:${port}`, region: LOCAL_REGION, credentials, forcePathStyle: true, maxAttempts: 1, logger: silentLogger });
  const read: string[] = [];
  try {
    const buckets = await client.send(new ListBucketsCommand({})).catch(() => undefined);
    if (buckets) read.push(`bucket list (${buckets.Buckets?.length ?? 0})`);
    for (const name of new Set([bucket, ...(buckets?.Buckets ?? []).map((b) => b.Name as string)])) {
      const objects = await client.send(new ListObjectsV2Command({ Bucket: name })).catch(() => undefined);
      if (objects) read.push(`objects of ${name}`);
    }
  } finally {
    client.destroy();
  }
  return read.join('; ');
}

async function unsignedReads(port: number, bucket: string): Promise<string> {
  const read: string[] = [];
  const dynamo = await fetch(`http://127.0.0.1:${port}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables' },
    body: '{}',
  }).catch(() => undefined);
  if (dynamo?.ok && /TableNames/.test(await dynamo.text())) read.push('unsigned ListTables');
  const s3 = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
  if (s3?.ok && /ListAllMyBucketsResult/.test(await s3.text())) read.push('unsigned ListBuckets');
  const objects = await fetch(`http://127.0.0.1:${port}/${bucket}?list-type=2`).catch(() => undefined);
  if (objects?.ok && /ListBucketResult/.test(await objects.text())) read.push(`unsigned listing of ${bucket}`);
  return read.join('; ');
}

describe('the local stores of `npm start`', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bgs-local-stores-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('listen on loopback only, and give nothing to unsigned requests or other credentials', async () => {
    const service = await startServiceProcess(join(dataDir, 'a'));
    try {
      const account = newAccount('stores');
      expect((await callApi(service.url, 'POST', '/auth/signup', { body: account })).status).toBe(201);
      const token = (await callApi(service.url, 'POST', '/auth/login', { body: account })).body.accessToken as string;
      // A deployed project: its bucket exists, so there is a bucket to list.
      const deployed = await describeAndDeploy(service.url, token, 'Secret', DESCRIPTION);
      const bucket = `bgs-${deployed.projectId.toLowerCase()}`;

      const sockets = listeningSockets(service.groupPids());
      // The gateway, both fronts and DynamoDB Local itself at least; none on another address.
      expect(sockets.length).toBeGreaterThanOrEqual(4);
      expect(sockets.some((s) => s.command === 'java')).toBe(true);
      expect(sockets.filter((s) => !isLoopback(s.address))).toEqual([]);

      const others = [
        { accessKeyId: 'local', secretAccessKey: 'local' }, // the old fixed pair
        { accessKeyId: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`, secretAccessKey: randomBytes(20).toString('hex') },
      ];
      const leaks: string[] = [];
      for (const { port, command } of sockets) {
        const found = [await unsignedReads(port, bucket)];
        for (const credentials of others) found.push(await dynamoReads(port, credentials), await s3Reads(port, credentials, bucket));
        for (const what of found.filter(Boolean)) leaks.push(`${command}:${port} ${what}`);
      }
      expect(leaks).toEqual([]);

      // The probes can read: with the data directory's own credentials they do, on the fronts.
      const own = readLocalCredentials(join(dataDir, 'a', LOCAL_CREDENTIALS_FILE_NAME));
      const readable: string[] = [];
      for (const { port, command } of sockets) {
        for (const what of [await dynamoReads(port, own.dynamodb), await s3Reads(port, own.s3, bucket)].filter(Boolean)) readable.push(`${command} ${what}`);
      }
      expect(readable).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^node tables .*bgs-local-identity.*; \d+ identity items$/),
          expect.stringMatching(new RegExp(`^node bucket list \\(\\d+\\); objects of ${bucket}`)),
        ]),
      );

      // The credentials that do work are the data directory's, readable by its owner only.
      expect(statSync(join(dataDir, 'a', LOCAL_CREDENTIALS_FILE_NAME)).mode & 0o777).toBe(0o600);
      expect(statSync(join(dataDir, 'a')).mode & 0o777).toBe(0o700);
    } finally {
      await stopGroup(service);
    }
  });

  it('moves a shared-database data directory to the new layout at start, whatever AWS_REGION says', async () => {
    const dir = join(dataDir, 'b');
    const account = newAccount('legacy');
    const first = await startServiceProcess(dir);
    let projectId: string;
    try {
      expect((await callApi(first.url, 'POST', '/auth/signup', { body: account })).status).toBe(201);
      const token = (await callApi(first.url, 'POST', '/auth/login', { body: account })).body.accessToken as string;
      const created = await callApi(first.url, 'POST', '/projects', { token, body: { name: 'Legacy', description: 'Made before the stores were locked' } });
      expect(created.status).toBe(201);
      projectId = created.body.id as string;
      expect((await callApi(first.url, 'GET', `/projects/${projectId}`, { token })).status).toBe(200);
    } finally {
      await stopGroup(first);
    }

    // The layout of a data directory from before: one shared database, no credentials file.
    // (DynamoDB Local's file content does not depend on its name; the integration test of the
    // migration makes its old database with a real -sharedDb DynamoDB Local.)
    const dbDir = join(dir, 'dynamodb');
    const [current] = readdirSync(dbDir).filter((f) => f.endsWith('.db'));
    renameSync(join(dbDir, current!), join(dbDir, SHARED_DB_FILE));
    unlinkSync(join(dir, LOCAL_CREDENTIALS_FILE_NAME));

    const second = await startServiceProcess(dir, { AWS_REGION: 'eu-west-1', AWS_DEFAULT_REGION: 'eu-west-1' });
    try {
      const login = await callApi(second.url, 'POST', '/auth/login', { body: account });
      expect(login.status).toBe(200);
      const projects = await callApi(second.url, 'GET', '/projects', { token: login.body.accessToken });
      expect([projects.status, projects.body.items.map((p: { id: string }) => p.id)]).toEqual([200, [projectId]]);
    } finally {
      await stopGroup(second);
    }
    const files = readdirSync(dbDir);
    expect(files).not.toContain(SHARED_DB_FILE);
    expect(files.filter((f) => new RegExp(`^BGSL[A-Z2-7]+_${LOCAL_REGION}\\.db$`).test(f))).toHaveLength(1);
    expect(existsSync(join(dir, LOCAL_CREDENTIALS_FILE_NAME))).toBe(true);
  });
});
