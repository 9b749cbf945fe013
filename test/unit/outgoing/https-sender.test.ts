/**
 * The sender (lambdas/adapters/outgoing/https-sender.ts) against receivers this test starts on
 * free loopback ports: the signed headers verify, 3xx and 500 are failures, timeouts end the
 * attempt, refused addresses never connect, the answer is capped, the connection goes to the
 * address that was checked (not a second DNS answer), and TLS checks the host name.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutgoingRequestError } from '../../../lambdas/core/outgoing/outgoing-failure';
import { verifySignature } from '../../../lambdas/core/outgoing/signature';
import { HttpsSender, type HttpsSenderOptions } from '../../../lambdas/adapters/outgoing/https-sender';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Reply = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const servers: http.Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

/** A receiver on 127.0.0.1 (or ::1); what it received, and how it answers (200 `{"ok":true}` by default). */
async function receiver(reply: Reply = (_req, res) => res.end('{"ok":true}'), host = '127.0.0.1', server: http.Server = http.createServer()) {
  const received: Received[] = [];
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      reply(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  servers.push(server);
  const port = (server.address() as AddressInfo).port;
  return { port, received };
}

const loopbackSender = (options: Partial<HttpsSenderOptions> = {}) => new HttpsSender({ allowedAddresses: ['loopback'], ...options });

async function failure(promise: Promise<unknown>): Promise<OutgoingRequestError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof OutgoingRequestError) return err;
    throw err;
  }
  throw new Error('expected an OutgoingRequestError');
}

it('posts the JSON body with the delivery, timestamp and a signature the receiver verifies', async () => {
  const { port, received } = await receiver();
  const sender = loopbackSender({ nowSeconds: () => 1_700_000_000 });
  const answer = await sender.send({ url: `http://127.0.0.1:${port}/hooks/bgs?x=1`, body: { order: 42, name: 'Zoë' }, secret: 'a-secret-of-16+chars', deliveryId: 'del-1' });
  expect(answer).toEqual({ status: 200, deliveryId: 'del-1', body: '{"ok":true}', truncated: false, address: '127.0.0.1' });
  const [got] = received;
  expect(got).toMatchObject({ method: 'POST', url: '/hooks/bgs?x=1', body: '{"order":42,"name":"Zoë"}' });
  expect(got!.headers).toMatchObject({ 'content-type': 'application/json', 'x-bgs-delivery': 'del-1', 'x-bgs-timestamp': '1700000000' });
  expect(verifySignature({ secret: 'a-secret-of-16+chars', body: got!.body, timestamp: got!.headers['x-bgs-timestamp'] as string, signature: got!.headers['x-bgs-signature'] as string, nowSeconds: 1_700_000_010 })).toEqual({ ok: true, timestamp: 1_700_000_000 });
  // Without a secret: no signature, a fresh delivery id.
  const unsigned = await sender.send({ url: `http://127.0.0.1:${port}/`, body: [] });
  expect(unsigned.deliveryId).toMatch(/^[0-9a-f-]{36}$/);
  expect(received[1]!.headers['x-bgs-signature']).toBeUndefined();
});

it('a 500, a 404 and a 3xx are typed failures with the status; a redirect is not followed', async () => {
  const { port: followed, received: followedReceived } = await receiver();
  const statuses: Record<string, number> = { '/500': 500, '/404': 404, '/302': 302, '/429': 429 };
  const { port } = await receiver((req, res) => {
    const status = statuses[req.url ?? ''] ?? 200;
    res.writeHead(status, status === 302 ? { location: `http://127.0.0.1:${followed}/` } : {}).end('no');
  });
  const sender = loopbackSender();
  const e500 = await failure(sender.send({ url: `http://127.0.0.1:${port}/500`, body: {} }));
  expect([e500.kind, e500.status, e500.retryable]).toEqual(['status', 500, true]);
  const e404 = await failure(sender.send({ url: `http://127.0.0.1:${port}/404`, body: {} }));
  expect([e404.kind, e404.status, e404.retryable]).toEqual(['status', 404, false]);
  expect((await failure(sender.send({ url: `http://127.0.0.1:${port}/429`, body: {} }))).retryable).toBe(true);
  const e302 = await failure(sender.send({ url: `http://127.0.0.1:${port}/302`, body: {} }));
  expect([e302.kind, e302.status, e302.retryable]).toEqual(['redirect', 302, false]);
  expect(followedReceived).toHaveLength(0);
});

it('ends an attempt that takes longer than the total timeout, and one that cannot connect', async () => {
  const { port } = await receiver(() => {
    /* never answers */
  });
  const slow = await failure(loopbackSender({ totalTimeoutMs: 300 }).send({ url: `http://127.0.0.1:${port}/`, body: {} }));
  expect([slow.kind, slow.retryable]).toEqual(['timeout', true]);
  // A resolver that never answers is inside the total time too.
  const hanging = await failure(loopbackSender({ totalTimeoutMs: 200, resolveAll: () => new Promise(() => undefined) }).send({ url: 'http://receiver.test/', body: {} }));
  expect(hanging.kind).toBe('timeout');
  // Nothing listens on a closed port: a network failure, not a hang.
  const closed = http.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise((r) => closed.close(r));
  const refused = await failure(loopbackSender().send({ url: `http://127.0.0.1:${closedPort}/`, body: {} }));
  expect([refused.kind, refused.reason]).toEqual(['network', 'the connection failed (ECONNREFUSED)']);
});

it('refuses loopback and other non-public addresses unless allowed, before connecting', async () => {
  const { port, received } = await receiver();
  const strict = new HttpsSender({ allowedAddresses: [] });
  for (const url of [`http://127.0.0.1:${port}/`, `https://127.0.0.1:${port}/`, `https://[::ffff:127.0.0.1]:${port}/`, 'https://169.254.169.254/latest/meta-data/', `https://localhost:${port}/`]) {
    expect([url, (await failure(strict.send({ url, body: {} }))).kind]).toEqual([url, 'refused_address']);
  }
  // A name whose answers include a refused address is refused as a whole.
  const resolveAll = async () => [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ];
  const mixed = await failure(new HttpsSender({ allowedAddresses: [], resolveAll }).send({ url: 'https://hooks.example.com/', body: {} }));
  expect([mixed.kind, mixed.reason]).toEqual(['refused_address', 'the host resolves to a private address, which outgoing requests may not reach']);
  const metadata = await failure(loopbackSender({ resolveAll: async () => [{ address: '::ffff:169.254.169.254', family: 6 }] }).send({ url: 'http://rebind.test/', body: {} }));
  expect(metadata.kind).toBe('refused_address');
  const missing = await failure(loopbackSender({ resolveAll: async () => Promise.reject(Object.assign(new Error('x'), { code: 'ENOTFOUND' })) }).send({ url: 'http://nowhere.test/', body: {} }));
  expect([missing.kind, missing.reason]).toEqual(['dns', 'the host name did not resolve (ENOTFOUND)']);
  expect(received).toHaveLength(0);
});

it('connects to the address it checked: the name is resolved once, and a later answer cannot move the connection', async () => {
  const { port, received } = await receiver();
  let lookups = 0;
  // First answer loopback (allowed here), every later one the metadata address: DNS rebinding.
  const resolveAll = async () => (lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '169.254.169.254', family: 4 }]);
  const answer = await loopbackSender({ resolveAll }).send({ url: `http://rebinding.test:${port}/`, body: { a: 1 } });
  expect([answer.status, answer.address, lookups]).toEqual([200, '127.0.0.1', 1]);
  // The Host header keeps the name.
  expect(received[0]!.headers.host).toBe(`rebinding.test:${port}`);
});

it('reaches an IPv6 loopback receiver', async () => {
  const { port } = await receiver(undefined, '::1');
  expect((await loopbackSender().send({ url: `http://[::1]:${port}/`, body: {} })).address).toBe('::1');
});

it('reads at most maxResponseBytes of the answer', async () => {
  const { port } = await receiver((_req, res) => res.end('x'.repeat(100_000)));
  const answer = await loopbackSender({ maxResponseBytes: 1000 }).send({ url: `http://127.0.0.1:${port}/`, body: {} });
  expect([answer.body.length, answer.truncated]).toEqual([1000, true]);
});

describe('TLS', () => {
  let dir: string;
  let ca: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bgs-tls-'));
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=receiver.test', '-addext', 'subjectAltName=DNS:receiver.test'], { stdio: 'ignore' });
    ca = readFileSync(cert, 'utf8');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const tlsServer = () => https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) });

  it('verifies the certificate against the host name while connecting to the pinned address', async () => {
    const { port, received } = await receiver(undefined, '127.0.0.1', tlsServer());
    const resolveAll = async () => [{ address: '127.0.0.1', family: 4 }];
    const sender = loopbackSender({ resolveAll, ca });
    expect((await sender.send({ url: `https://receiver.test:${port}/`, body: {} })).status).toBe(200);
    // Another name on the same address: the certificate does not cover it.
    const wrongName = await failure(sender.send({ url: `https://other.test:${port}/`, body: {} }));
    expect([wrongName.kind, wrongName.reason]).toEqual(['network', 'the connection failed (ERR_TLS_CERT_ALTNAME_INVALID)']);
    // Without the test's CA the self-signed certificate is not trusted.
    const untrusted = await failure(loopbackSender({ resolveAll }).send({ url: `https://receiver.test:${port}/`, body: {} }));
    expect(untrusted.kind).toBe('network');
    expect(received).toHaveLength(1);
  });
});
