/**
 * Webhooks against DynamoDB Local and a receiver on loopback: the store (the per-organization
 * limit under concurrency, a delete that counts once), the change consumer (one organization's
 * changes reach only its own subscriptions; a change delivered twice makes one delivery and one
 * request), the runner through THE outgoing sender (signatures verify with the documented recipe;
 * retries stop after the configured attempts; redelivery; an inactive or deleted subscription gets
 * nothing), the lists by status, and SSRF refused at subscription and at delivery time.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ManualClock } from '../../lambdas/core/clock';
import { verifySignature } from '../../lambdas/core/outgoing/signature';
import { HttpsSender } from '../../lambdas/adapters/outgoing/https-sender';
import { ensureProjectTable } from '../../lambdas/adapters/project-data/project-table';
import { DynamoWebhookStore } from '../../lambdas/adapters/project-data/webhook-store';
import type { RecordChange } from '../../lambdas/ports/record-changes';
import type { WebhookSubscription } from '../../lambdas/ports/webhooks';
import { webhookPieces, webhookUrlCheck } from '../../lambdas/project-runtime/composition-webhooks';
import { WebhookAttemptInFlightError, type WebhookDeliveryJob } from '../../lambdas/project-runtime/webhooks/webhook-delivery-runner';
import { newRecordId } from '../../lambdas/core/project-api/record-id';
import { MemoryEventJobQueue } from '../support/memory-event-jobs';
import { testDynamoClient } from '../support/dynamo';

const client = testDynamoClient();
const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
const tableName = `t-webhooks-${randomBytes(4).toString('hex')}`;
const store = new DynamoWebhookStore({ doc, tableName });

interface Received {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** A receiver on loopback: answers each path with the status a test set (200 by default) and keeps what came. */
class Receiver {
  readonly received: Received[] = [];
  readonly statuses = new Map<string, number>();
  private server!: Server;
  base = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(this.statuses.get(req.url ?? '') ?? 200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const receiver = new Receiver();
const clock = new ManualClock(Date.now());
const queue = new MemoryEventJobQueue(clock);
const pieces = webhookPieces({
  doc,
  tableName,
  cursorSecret: 'test-cursor-secret',
  queue,
  allowedAddresses: ['loopback'],
  sender: new HttpsSender({ allowedAddresses: ['loopback'], totalTimeoutMs: 5000 }),
  clock,
  retries: { maxAttempts: 3, firstDelaySeconds: 30, factor: 2 },
});
const run = (job: Parameters<typeof pieces.runDelivery>[0]) => pieces.runDelivery(job);
const runDue = () => queue.runDue((job) => run(job as WebhookDeliveryJob));

beforeAll(async () => {
  await ensureProjectTable(client, tableName);
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
  client.destroy();
});

let changes = 0;
function change(orgId: string | null, kind: RecordChange['kind'] = 'created', entity = 'Task'): RecordChange {
  changes += 1;
  const id = newRecordId(clock.now());
  const record = { id, org_id: orgId, title: `t${changes}`, updated_at: clock.now().toISOString() };
  return {
    changeId: `change-${changes}-${randomBytes(4).toString('hex')}`,
    entity,
    orgId,
    recordId: id,
    kind,
    ...(kind !== 'created' ? { before: { ...record, title: 'before' } } : {}),
    ...(kind !== 'deleted' ? { after: record } : {}),
    at: clock.now().toISOString(),
  };
}

async function subscribe(orgId: string | null, path: string, extra: Partial<WebhookSubscription> = {}): Promise<WebhookSubscription> {
  const at = clock.now().toISOString();
  const subscription: WebhookSubscription = { id: newRecordId(clock.now()), orgId, url: `${receiver.base}${path}`, events: ['task.*'], secret: `whsec_${randomBytes(32).toString('base64url')}`, active: true, createdAt: at, updatedAt: at, ...extra };
  expect(await store.create(subscription, 20)).toBe('created');
  return subscription;
}

test('the per-organization limit holds under concurrent creates; a delete frees one place once', async () => {
  const at = clock.now().toISOString();
  const make = () => ({ id: newRecordId(clock.now()), orgId: 'org-limit', url: 'https://example.com/hook', events: ['*'], secret: 's'.repeat(32), active: true, createdAt: at });
  const results = await Promise.all(Array.from({ length: 5 }, () => store.create(make(), 3)));
  expect(results.filter((r) => r === 'created')).toHaveLength(3);
  expect(results.filter((r) => r === 'limit')).toHaveLength(2);
  const all = await store.listAll('org-limit');
  expect(all).toHaveLength(3);
  expect(await store.remove('org-limit', all[0]!.id)).toBe(true);
  expect(await store.remove('org-limit', all[0]!.id)).toBe(false);
  expect(await store.create(make(), 3)).toBe('created');
  expect(await store.create(make(), 3)).toBe('limit');
  // Another organization's subscriptions are neither listed nor found.
  expect(await store.listAll('org-other')).toEqual([]);
  expect(await store.get('org-other', all[1]!.id)).toBeNull();
  expect(await store.update('org-other', all[1]!.id, { active: false, updatedAt: at })).toBeNull();
});

test("a change reaches only its organization's active subscriptions that want it, signed with the documented recipe", async () => {
  const a = await subscribe('org-a', '/a');
  const aDeletesOnly = await subscribe('org-a', '/a-deletes', { events: ['task.deleted'] });
  await subscribe('org-a', '/a-inactive', { active: false });
  await subscribe('org-b', '/b');
  const made = change('org-a', 'updated');
  await pieces.consumer.consume(made);
  expect(queue.pending.map((p) => [p.job, p.delaySeconds])).toEqual([[{ kind: 'webhookDelivery', orgId: 'org-a', webhookId: a.id, deliveryId: expect.any(String) }, 0]]);
  await runDue();
  expect(receiver.at('/b')).toEqual([]);
  expect(receiver.at('/a-deletes')).toEqual([]);
  expect(receiver.at('/a-inactive')).toEqual([]);
  const [got] = receiver.at('/a');
  expect(got).toBeDefined();
  // The receiver's check: HMAC-SHA256 of "<timestamp>.<raw body>" under the secret, hex, as v1=.
  const verified = verifySignature({ secret: a.secret, body: got!.body, timestamp: got!.headers['x-bgs-timestamp'] as string, signature: got!.headers['x-bgs-signature'] as string, nowSeconds: Math.floor(Date.now() / 1000) });
  expect(verified.ok).toBe(true);
  expect(verifySignature({ secret: aDeletesOnly.secret, body: got!.body, timestamp: got!.headers['x-bgs-timestamp'] as string, signature: got!.headers['x-bgs-signature'] as string, nowSeconds: Math.floor(Date.now() / 1000) }).ok).toBe(false);
  const payload = JSON.parse(got!.body) as Record<string, unknown>;
  expect(Object.keys(payload)).toEqual(['id', 'type', 'occurred_at', 'org_id', 'data', 'previous']);
  expect(payload).toMatchObject({ type: 'task.updated', org_id: 'org-a', data: made.after, previous: made.before });
  const deliveryId = got!.headers['x-bgs-delivery'] as string;
  const delivery = await store.getDelivery('org-a', a.id, deliveryId);
  expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, responseCode: 200, lastError: null, nextAttemptAt: null, inFlightUntil: null, type: 'task.updated' });
});

test('a change delivered twice, and its jobs run twice, make one delivery and one request', async () => {
  const s = await subscribe('org-dup', '/dup');
  const made = change('org-dup');
  await pieces.consumer.consume(made);
  await pieces.consumer.consume({ ...made });
  // Both passes queued the job (the second finds the delivery not yet attempted).
  expect(queue.pending).toHaveLength(2);
  const [first, second] = queue.pending.map((p) => p.job as WebhookDeliveryJob);
  // Run at once: one takes the attempt; the other finds it taken, or in flight (rejected, so a queue brings it again).
  const results = await Promise.allSettled([run(first!), run(second!)]);
  for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(WebhookAttemptInFlightError);
  await run(second!);
  await runDue();
  expect(receiver.at('/dup')).toHaveLength(1);
  expect((await store.listDeliveries('org-dup', s.id, { limit: 10 })).items).toHaveLength(1);
  // Once attempted, the same change queues nothing more.
  await pieces.consumer.consume({ ...made });
  expect(queue.pending).toHaveLength(0);
});

test('retries back off and stop after the configured attempts; redelivery sends it again', async () => {
  const s = await subscribe('org-retry', '/flaky');
  receiver.statuses.set('/flaky', 500);
  const sentBefore = queue.sent.length;
  await pieces.consumer.consume(change('org-retry'));
  await runDue();
  const [job] = queue.sent.slice(sentBefore).map((p) => p.job as WebhookDeliveryJob);
  let delivery = await store.getDelivery('org-retry', s.id, job!.deliveryId);
  expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseCode: 500 });
  expect(delivery!.lastError).toContain('HTTP 500');
  expect(Date.parse(delivery!.nextAttemptAt!) - clock.now().getTime()).toBe(30_000);
  // Not due yet: a copy of the job does nothing.
  await run(job!);
  expect(receiver.at('/flaky')).toHaveLength(1);
  clock.advance(30_000);
  await runDue();
  expect(await store.getDelivery('org-retry', s.id, job!.deliveryId)).toMatchObject({ status: 'pending', attempts: 2 });
  clock.advance(60_000);
  await runDue();
  delivery = await store.getDelivery('org-retry', s.id, job!.deliveryId);
  expect(delivery).toMatchObject({ status: 'failed', attempts: 3, responseCode: 500, nextAttemptAt: null });
  expect(queue.sent.slice(sentBefore).map((p) => p.delaySeconds)).toEqual([0, 30, 60]);
  clock.advance(600_000);
  await runDue();
  expect(receiver.at('/flaky')).toHaveLength(3);
  expect((await store.listDeliveries('org-retry', s.id, { status: 'failed', limit: 10 })).items.map((d) => d.id)).toEqual([job!.deliveryId]);
  expect((await store.listDeliveries('org-retry', s.id, { status: 'pending', limit: 10 })).items).toEqual([]);

  // Redelivery: pending again with a fresh count, and this time the receiver takes it.
  receiver.statuses.set('/flaky', 204);
  const reset = await store.reset('org-retry', s.id, job!.deliveryId, clock.now().toISOString());
  expect(reset).toMatchObject({ status: 'pending', attempts: 0 });
  await queue.send(job!, 0);
  await runDue();
  expect(await store.getDelivery('org-retry', s.id, job!.deliveryId)).toMatchObject({ status: 'succeeded', attempts: 1, responseCode: 204, lastError: null });
  const bodies = receiver.at('/flaky').map((r) => r.body);
  expect(bodies).toHaveLength(4);
  // Every attempt carries the same bytes and the same delivery id.
  expect(new Set(bodies).size).toBe(1);
  expect(new Set(receiver.at('/flaky').map((r) => r.headers['x-bgs-delivery'])).size).toBe(1);
  expect((await store.listDeliveries('org-retry', s.id, { status: 'succeeded', limit: 10 })).items.map((d) => d.id)).toEqual([job!.deliveryId]);
  expect(await store.reset('org-retry', s.id, newRecordId(clock.now()), clock.now().toISOString())).toBeNull();
});

test('a delivery of an inactive or deleted subscription is not sent', async () => {
  const inactive = await subscribe('org-off', '/off');
  const deleted = await subscribe('org-off', '/gone');
  await pieces.consumer.consume(change('org-off'));
  await store.update('org-off', inactive.id, { active: false, updatedAt: clock.now().toISOString() });
  await store.remove('org-off', deleted.id);
  await runDue();
  expect(receiver.at('/off')).toEqual([]);
  expect(receiver.at('/gone')).toEqual([]);
  const [off] = (await store.listDeliveries('org-off', inactive.id, { limit: 10 })).items;
  expect(off).toMatchObject({ status: 'failed', attempts: 0, lastError: 'the webhook is inactive' });
  const [gone] = (await store.listDeliveries('org-off', deleted.id, { limit: 10 })).items;
  expect(gone).toMatchObject({ status: 'failed', attempts: 0, lastError: 'the webhook was deleted' });
});

test('SSRF: private and metadata targets are refused when subscribing and again when delivering', async () => {
  const resolveAll = (host: string) => Promise.resolve(host === 'inside.example' ? [{ address: '10.1.2.3', family: 4 }] : host === 'meta.example' ? [{ address: '169.254.169.254', family: 4 }] : [{ address: '93.184.215.14', family: 4 }]);
  const aws = webhookUrlCheck([], resolveAll);
  expect(await aws('https://hooks.example.com/x')).toBeNull();
  expect(await aws('http://hooks.example.com/x')).toBe('must be an https URL');
  expect(await aws('https://169.254.169.254/latest/meta-data')).toContain('metadata');
  expect(await aws('https://10.0.0.1/x')).toContain('private');
  expect(await aws('https://127.0.0.1/x')).toContain('loopback');
  expect(await aws('https://localhost/x')).toContain('loopback');
  expect(await aws('https://inside.example/x')).toContain('private address');
  expect(await aws('https://meta.example/x')).toContain('metadata address');
  expect(await aws('https://user:pw@hooks.example.com/x')).toContain('user name');
  // Locally loopback is allowed (a receiver on the same machine), nothing else is.
  const local = webhookUrlCheck(['loopback'], resolveAll);
  expect(await local(`${receiver.base}/x`)).toBeNull();
  expect(await local('http://169.254.169.254/')).toContain('metadata');

  // A stored URL the sender refuses (a deployment that allows no loopback) fails at once, unsent and not retried.
  const strictQueue = new MemoryEventJobQueue(clock);
  const strict = webhookPieces({ doc, tableName, cursorSecret: 'x', queue: strictQueue, allowedAddresses: [], sender: new HttpsSender({ allowedAddresses: [] }), clock });
  const s = await subscribe('org-ssrf', '/ssrf');
  await strict.consumer.consume(change('org-ssrf'));
  await strictQueue.runDue((job) => strict.runDelivery(job as WebhookDeliveryJob));
  expect(receiver.at('/ssrf')).toEqual([]);
  const [delivery] = (await store.listDeliveries('org-ssrf', s.id, { limit: 10 })).items;
  expect(delivery).toMatchObject({ status: 'failed', attempts: 1, responseCode: null });
  expect(delivery!.lastError).toMatch(/http or https|https URL|loopback/);
  expect(strictQueue.sent).toHaveLength(1);
});

test('single-tenant subscriptions (no organization) get the changes without one', async () => {
  const s = await subscribe(null, '/single', { events: ['*'] });
  await pieces.consumer.consume(change(null, 'deleted', 'ExpenseReport'));
  await runDue();
  const [got] = receiver.at('/single');
  expect(JSON.parse(got!.body)).toMatchObject({ type: 'expense_report.deleted', org_id: null });
  expect((await store.listDeliveries(null, s.id, { limit: 10 })).items[0]).toMatchObject({ status: 'succeeded', type: 'expense_report.deleted' });
});

test('deliveries list newest first, a page at a time', async () => {
  const s = await subscribe('org-pages', '/pages');
  for (let i = 0; i < 3; i += 1) {
    clock.advance(1000);
    await pieces.consumer.consume(change('org-pages'));
  }
  const first = await store.listDeliveries('org-pages', s.id, { limit: 2 });
  expect(first.items).toHaveLength(2);
  expect(first.lastKey).toBeDefined();
  const second = await store.listDeliveries('org-pages', s.id, { limit: 2, startKey: first.lastKey });
  const all = [...first.items, ...second.items];
  expect(all).toHaveLength(3);
  expect(all.map((d) => d.createdAt)).toEqual([...all.map((d) => d.createdAt)].sort().reverse());
  await runDue();
});
