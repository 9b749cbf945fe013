/**
 * Outgoing endpoints over HTTP on the local service (CONTRACT "Outgoing endpoints"): PUT, GET,
 * DELETE by the project's owner; secrets never answered and kept encrypted in the data directory
 * (mode 0600, AES-256-GCM); bad input 400 with the contract's codes; another user's or an unknown
 * project 404; the stored secret signs what the sender sends to a receiver on loopback.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { HttpsSender } from '../../lambdas/adapters/outgoing/https-sender';
import { DynamoEndpointRepository } from '../../lambdas/adapters/dynamodb/endpoint-repository';
import { LocalEndpointSecrets } from '../../lambdas/adapters/secrets/local-endpoint-secrets';
import { verifySignature } from '../../lambdas/core/outgoing/signature';
import { testDynamoClient } from '../support/dynamo';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';

let service: TestService;
let owner: { accessToken: string };
let projectId: string;

beforeAll(async () => {
  service = await startTestService();
  owner = await signUpAndLogin(service);
  const project = await service.request('POST', '/projects', { token: owner.accessToken, body: { name: 'Hooks', description: 'A shop. An order has a total and a status (open or paid). Members can create orders.' } });
  expect(project.status).toBe(201);
  projectId = project.body.id as string;
});
afterAll(() => service.stop());

const put = (name: string, body: unknown, token = owner.accessToken, project = projectId) => service.request('PUT', `/projects/${project}/endpoints/${name}`, { token, body });
const list = (token = owner.accessToken, project = projectId) => service.request('GET', `/projects/${project}/endpoints`, { token });
const remove = (name: string, token = owner.accessToken, project = projectId) => service.request('DELETE', `/projects/${project}/endpoints/${name}`, { token });

it('creates, lists, changes and deletes an endpoint; the secret is never answered', async () => {
  const created = await put('billing', { url: 'https://hooks.example.com/bgs', secret: 'whsec_0123456789abcdef' });
  expect(created.status).toBe(200);
  expect(created.body).toEqual({ name: 'billing', url: 'https://hooks.example.com/bgs', hasSecret: true, updatedAt: expect.any(String) });
  expect(created.text).not.toContain('whsec_');

  // Without `secret` the stored one is kept; `null` removes it.
  const moved = await put('billing', { url: 'https://hooks.example.com/v2' });
  expect(moved.body).toMatchObject({ url: 'https://hooks.example.com/v2', hasSecret: true });
  expect((await put('audit', { url: 'https://audit.example.com' })).body).toMatchObject({ name: 'audit', url: 'https://audit.example.com/', hasSecret: false });

  const listed = await list();
  expect(listed.status).toBe(200);
  expect(listed.body.items.map((e: { name: string; hasSecret: boolean }) => [e.name, e.hasSecret])).toEqual([
    ['audit', false],
    ['billing', true],
  ]);
  expect(listed.text).not.toContain('whsec_');
  expect(listed.text).not.toContain('secretRef');

  expect((await put('billing', { url: 'https://hooks.example.com/v2', secret: null })).body.hasSecret).toBe(false);

  const deleted = await remove('audit');
  expect([deleted.status, deleted.text]).toEqual([204, '']);
  expect((await remove('audit')).body).toEqual({ error: 'Endpoint not found', code: 'NOT_FOUND' });
  expect((await list()).body.items.map((e: { name: string }) => e.name)).toEqual(['billing']);
});

it('keeps secrets encrypted in the data directory, owner-only, and removes a replaced or deleted one', async () => {
  const secretsDir = join(service.dataDir, 'endpoint-secrets');
  const before = new Set(readdirSync(secretsDir));
  await put('crm', { url: 'https://crm.example.com/in', secret: 'plain-text-must-not-appear' });
  const added = readdirSync(secretsDir).filter((f) => !before.has(f));
  expect(added).toHaveLength(1);
  const file = join(secretsDir, added[0]!);
  expect(readFileSync(file, 'utf8')).not.toContain('plain-text-must-not-appear');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(statSync(join(service.dataDir, 'endpoint-secrets.key')).mode & 0o777).toBe(0o600);

  // A new secret replaces the file; deleting the endpoint removes it.
  await put('crm', { url: 'https://crm.example.com/in', secret: 'another-secret-0123456789' });
  const replaced = readdirSync(secretsDir).filter((f) => !before.has(f));
  expect(replaced).toHaveLength(1);
  expect(replaced[0]).not.toBe(added[0]);
  await remove('crm');
  expect(readdirSync(secretsDir).filter((f) => !before.has(f))).toEqual([]);
});

it('answers bad input with 400 VALIDATION_ERROR and the field', async () => {
  const cases: [string, unknown, string][] = [
    ['Billing', { url: 'https://a.example.com' }, 'path.name'],
    ['send-invoice', { url: 'https://a.example.com' }, 'path.name'],
    ['x'.repeat(65), { url: 'https://a.example.com' }, 'path.name'],
    ['ok', { url: 'not a url' }, 'body.url'],
    ['ok', { url: 'ftp://a.example.com/' }, 'body.url'],
    ['ok', { url: 'https://user:pw@a.example.com/' }, 'body.url'],
    ['ok', { url: 'http://169.254.169.254/latest/meta-data/' }, 'body.url'],
    ['ok', { url: 'http://10.0.0.1/' }, 'body.url'],
    ['ok', { url: 'https://[::ffff:169.254.169.254]/' }, 'body.url'],
    ['ok', { url: 'https://a.example.com', secret: 'short' }, 'body.secret'],
    ['ok', { url: 'https://a.example.com', secret: 'has a space in it, sixteen+' }, 'body.secret'],
    ['ok', { url: 'https://a.example.com', extra: 1 }, 'body'],
    ['ok', {}, 'body.url'],
  ];
  for (const [name, body, path] of cases) {
    const res = await put(name, body);
    expect([name, body, res.status, res.body.code]).toEqual([name, body, 400, 'VALIDATION_ERROR']);
    expect([name, body, res.body.details.map((d: { path: string }) => d.path)]).toEqual([name, body, expect.arrayContaining([path])]);
  }
  expect((await remove('Bad-Name')).status).toBe(400);
  const malformed = await service.request('PUT', `/projects/${projectId}/endpoints/ok`, { token: owner.accessToken, rawBody: '{', headers: { 'content-type': 'application/json' } });
  expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION_ERROR']);
});

it('takes http and loopback URLs locally (a receiver on this machine), never the metadata address', async () => {
  expect((await put('local_receiver', { url: 'http://127.0.0.1:9/hook' })).status).toBe(200);
  expect((await put('local_name', { url: 'http://localhost:9/hook' })).status).toBe(200);
  expect((await put('metadata', { url: 'http://169.254.169.254/' })).status).toBe(400);
  await remove('local_receiver');
  await remove('local_name');
});

it("answers 404 for another user's project, an unknown one, and a malformed id; 401 without a token", async () => {
  const mallory = await signUpAndLogin(service);
  await put('guarded', { url: 'https://a.example.com', secret: 'whsec_0123456789abcdef' });
  for (const res of [await put('guarded', { url: 'https://evil.example.com' }, mallory.accessToken), await list(mallory.accessToken), await remove('guarded', mallory.accessToken)]) {
    expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
  }
  const unknown = '00000000-0000-4000-8000-000000000000';
  expect((await list(owner.accessToken, unknown)).status).toBe(404);
  expect((await put('x', { url: 'https://a.example.com' }, owner.accessToken, unknown)).status).toBe(404);
  expect((await remove('x', owner.accessToken, unknown)).status).toBe(404);
  expect((await list(owner.accessToken, 'not-a-uuid')).status).toBe(404);
  expect((await service.request('GET', `/projects/${projectId}/endpoints`)).status).toBe(401);
  // Still the owner's, unchanged.
  const mine = (await list()).body.items.find((e: { name: string }) => e.name === 'guarded');
  expect(mine).toMatchObject({ url: 'https://a.example.com/', hasSecret: true });
  await remove('guarded');
});

it('refuses changes on an archived project (409) but lets its endpoints be deleted', async () => {
  const other = await service.request('POST', '/projects', { token: owner.accessToken, body: { name: 'Old', description: 'A notes app. A note has a title. Members can create notes.' } });
  const id = other.body.id as string;
  expect((await put('kept', { url: 'https://a.example.com', secret: 'whsec_0123456789abcdef' }, owner.accessToken, id)).status).toBe(200);
  expect((await service.request('DELETE', `/projects/${id}`, { token: owner.accessToken })).status).toBe(200);
  const refused = await put('kept', { url: 'https://b.example.com' }, owner.accessToken, id);
  expect([refused.status, refused.body.code]).toEqual([409, 'CONFLICT']);
  expect((await list(owner.accessToken, id)).body.items).toHaveLength(1);
  expect((await remove('kept', owner.accessToken, id)).status).toBe(204);
});

it('the stored secret signs what the sender sends to a receiver on loopback', async () => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  try {
    const port = (receiver.address() as AddressInfo).port;
    expect((await put('receiver', { url: `http://127.0.0.1:${port}/in`, secret: 'whsec_signing_0123456789' })).status).toBe(200);
    // What the runtime will do: read the endpoint and its secret, send.
    const endpoint = await new DynamoEndpointRepository(DynamoDBDocumentClient.from(testDynamoClient()), service.tables.controlPlane).get(projectId, 'receiver');
    const secret = await new LocalEndpointSecrets(service.dataDir).read(endpoint!.secretRef!);
    expect(secret).toBe('whsec_signing_0123456789');
    await new HttpsSender({ allowedAddresses: ['loopback'] }).send({ url: endpoint!.url, body: { hello: 'world' }, secret });
    const [got] = received;
    expect(verifySignature({ secret: 'whsec_signing_0123456789', body: got!.body, timestamp: got!.headers['x-bgs-timestamp'] as string, signature: got!.headers['x-bgs-signature'] as string, nowSeconds: Math.floor(Date.now() / 1000) }).ok).toBe(true);
  } finally {
    await new Promise((r) => receiver.close(r));
    await remove('receiver');
  }
});
