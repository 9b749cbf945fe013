/**
 * Outgoing webhooks of a deployed multi-tenant project over HTTP, locally (issue 27 item 2), with
 * the service's clock moved forward (never real waiting) and a receiver on loopback that checks
 * every signature with the recipe the README documents (written out here, not imported): the
 * routes (admin only, by stored role; event types from the blueprint; SSRF refused; the secret
 * shown once; another organization's subscriptions not found), deliveries of one organization's
 * changes to its subscriptions only, none for a write the API refused, one for a change the
 * stream hands on twice, retries that stop after the default 6 attempts, the list by status, and
 * redelivery.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeleteCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ManualClock } from '../../lambdas/core/clock';
import { testDynamoClient } from '../support/dynamo';
import { goldenIr } from '../support/golden-ir';
import { startTestService, type TestService } from '../support/local-service';
import { deployIr, invite, joinProject, login, type ProjectApiClient, type ProjectUser } from '../support/project-api';

const clock = new ManualClock(Date.parse('2026-06-01T09:00:00.000Z'));

/** The README's receiver check, as a receiver would write it: HMAC-SHA256 of "<timestamp>.<raw body>", hex, in `v1=`. */
function verified(secret: string, rawBody: string, timestamp: string, signature: string, nowSeconds: number): boolean {
  if (Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'));
  return signature.split(',').some((part) => {
    const given = Buffer.from(part.trim().replace(/^v1=/, ''));
    return part.trim().startsWith('v1=') && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

interface Received {
  readonly path: string;
  readonly body: string;
  readonly headers: IncomingMessage['headers'];
}

let service: TestService;
let api: ProjectApiClient;
let admin: ProjectUser;
let member: ProjectUser;
let otherAdmin: ProjectUser;
let receiver: Server;
let base = '';
const received: Received[] = [];
const statuses = new Map<string, number>();
const at = (path: string) => received.filter((r) => r.path === path);

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(statuses.get(req.url ?? '') ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  service = await startTestService({ clock });
  api = await deployIr(service, goldenIr('01-task-tracker'));
  admin = await joinProject(service, api, { orgName: 'Acme' });
  member = await invite(service, api, admin, 'member');
  otherAdmin = await joinProject(service, api, { orgName: 'Other' });
}, 60_000);
afterAll(async () => {
  await service.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

/** The clock moves: everybody signs in afresh (tokens expire by it). */
async function signInAgain(): Promise<void> {
  const again = (user: ProjectUser) => login(api, { email: user.email, password: user.password }, user.userId);
  [admin, member, otherAdmin] = [await again(admin), await again(member), await again(otherAdmin)];
}

/** Every change handed on, and every job due by the clock run. */
const settle = () => service.projects.workflowsSettled();

async function advance(ms: number): Promise<void> {
  await settle();
  clock.advance(ms);
  await settle();
  await signInAgain();
}

async function subscribe(user: ProjectUser, path: string, events: string[]): Promise<{ id: string; secret: string }> {
  const res = await api.request('POST', '/v1/webhooks', { token: user.accessToken, body: { url: `${base}${path}`, events } });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

async function newTask(user: ProjectUser, title: string): Promise<{ projectId: string; taskId: string }> {
  const host = await api.request('POST', '/v1/projects', { token: admin.accessToken, body: { name: `Host of ${title}` } });
  expect(host.status).toBe(201);
  const task = await api.request('POST', '/v1/tasks', { token: user.accessToken, body: { title, project_id: host.body.id } });
  expect(task.status).toBe(201);
  return { projectId: host.body.id as string, taskId: task.body.id as string };
}

async function deliveries(user: ProjectUser, webhookId: string, query = ''): Promise<Array<Record<string, unknown>>> {
  const res = await api.request('GET', `/v1/webhooks/${webhookId}/deliveries${query}`, { token: user.accessToken });
  expect(res.status).toBe(200);
  return res.body.items as Array<Record<string, unknown>>;
}

test('subscriptions: admins only, event types of the blueprint, SSRF refused, the secret shown once, per organization', async () => {
  expect((await api.request('GET', '/v1/webhooks', { token: member.accessToken })).status).toBe(403);
  expect((await api.request('POST', '/v1/webhooks', { token: member.accessToken, body: { url: `${base}/x`, events: ['*'] } })).status).toBe(403);

  const unknown = await api.request('POST', '/v1/webhooks', { token: admin.accessToken, body: { url: `${base}/x`, events: ['task.created', 'invoice.created'] } });
  expect(unknown.status).toBe(400);
  expect(unknown.body.code).toBe('VALIDATION_ERROR');
  expect(unknown.body.details).toEqual([{ path: 'body.events.1', message: expect.stringContaining("'invoice' is not one of project, task") }]);
  expect((await api.request('POST', '/v1/webhooks', { token: admin.accessToken, body: { url: `${base}/x`, events: [] } })).status).toBe(400);
  for (const url of ['http://169.254.169.254/latest/meta-data', 'https://10.0.0.8/hook', 'http://[fd00:ec2::254]/', 'ftp://example.com/x', 'https://user:pw@example.com/']) {
    const refused = await api.request('POST', '/v1/webhooks', { token: admin.accessToken, body: { url, events: ['*'] } });
    expect([url, refused.status, refused.body.details?.[0]?.path]).toEqual([url, 400, 'body.url']);
  }

  const made = await api.request('POST', '/v1/webhooks', { token: admin.accessToken, body: { url: `${base}/crud`, events: ['task.*'] } });
  expect(made.status).toBe(201);
  const secret = made.body.secret as string;
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  expect(made.body).toMatchObject({ url: `${base}/crud`, events: ['task.*'], active: true, secret_hint: `...${secret.slice(-4)}` });
  const read = await api.request('GET', `/v1/webhooks/${made.body.id as string}`, { token: admin.accessToken });
  expect(read.status).toBe(200);
  expect(read.body).not.toHaveProperty('secret');
  expect(read.text).not.toContain(secret);
  const list = await api.request('GET', '/v1/webhooks', { token: admin.accessToken });
  expect((list.body.items as { id: string }[]).map((w) => w.id)).toContain(made.body.id);
  expect(list.text).not.toContain(secret);

  // Another organization's admin finds nothing of it.
  expect((await api.request('GET', `/v1/webhooks/${made.body.id as string}`, { token: otherAdmin.accessToken })).status).toBe(404);
  expect((await api.request('GET', `/v1/webhooks/${made.body.id as string}/deliveries`, { token: otherAdmin.accessToken })).status).toBe(404);
  expect((await api.request('DELETE', `/v1/webhooks/${made.body.id as string}`, { token: otherAdmin.accessToken })).status).toBe(404);
  expect((await api.request('GET', '/v1/webhooks', { token: otherAdmin.accessToken })).body.items).toEqual([]);

  const patched = await api.request('PATCH', `/v1/webhooks/${made.body.id as string}`, { token: admin.accessToken, body: { events: ['task.deleted'], active: false } });
  expect(patched.status).toBe(200);
  expect(patched.body).toMatchObject({ events: ['task.deleted'], active: false });
  expect((await api.request('PATCH', `/v1/webhooks/${made.body.id as string}`, { token: admin.accessToken, body: { id: 'x' } })).status).toBe(400);
  expect((await api.request('DELETE', `/v1/webhooks/${made.body.id as string}`, { token: admin.accessToken })).status).toBe(204);
  expect((await api.request('GET', `/v1/webhooks/${made.body.id as string}`, { token: admin.accessToken })).status).toBe(404);
});

test("a change reaches only its organization's subscriptions, signed by the documented recipe; a refused write makes none", async () => {
  const mine = await subscribe(admin, '/acme', ['task.*']);
  const theirs = await subscribe(otherAdmin, '/other', ['*']);
  const { taskId } = await newTask(member, 'Signed');
  await settle();
  const got = at('/acme');
  expect(got).toHaveLength(1);
  expect(at('/other')).toEqual([]);
  const [delivery] = got;
  const headers = delivery!.headers;
  expect(verified(mine.secret, delivery!.body, String(headers['x-bgs-timestamp']), String(headers['x-bgs-signature']), Number(headers['x-bgs-timestamp']))).toBe(true);
  expect(verified(theirs.secret, delivery!.body, String(headers['x-bgs-timestamp']), String(headers['x-bgs-signature']), Number(headers['x-bgs-timestamp']))).toBe(false);
  const payload = JSON.parse(delivery!.body) as Record<string, unknown>;
  expect(Object.keys(payload)).toEqual(['id', 'type', 'occurred_at', 'org_id', 'data']);
  expect(payload).toMatchObject({ type: 'task.created', data: { id: taskId, title: 'Signed', owner_id: member.userId } });
  expect(payload.org_id).toBe((payload.data as { org_id: string }).org_id);
  const [listed] = await deliveries(admin, mine.id, '?status=succeeded');
  expect(listed).toMatchObject({ id: headers['x-bgs-delivery'], webhook_id: mine.id, type: 'task.created', status: 'succeeded', attempts: 1, response_code: 200, last_error: null, next_attempt_at: null });

  // An update carries the record before it; the other organization still gets nothing.
  expect((await api.request('PATCH', `/v1/tasks/${taskId}`, { token: member.accessToken, body: { title: 'Renamed' } })).status).toBe(200);
  await settle();
  const updated = JSON.parse(at('/acme')[1]!.body) as Record<string, unknown>;
  expect(updated).toMatchObject({ type: 'task.updated', data: { title: 'Renamed' }, previous: { title: 'Signed' } });

  // Refused writes (invalid, forbidden) change nothing, so they deliver nothing.
  const before = received.length;
  expect((await api.request('POST', '/v1/tasks', { token: member.accessToken, body: { title: '' } })).status).toBe(400);
  expect((await api.request('DELETE', `/v1/tasks/${taskId}`, { token: member.accessToken })).status).toBe(403);
  expect((await api.request('PATCH', `/v1/tasks/${taskId}`, { token: otherAdmin.accessToken, body: { title: 'Theirs' } })).status).toBe(404);
  await settle();
  expect(received.length).toBe(before);
  expect(await deliveries(admin, mine.id)).toHaveLength(2);
  expect(await deliveries(otherAdmin, theirs.id)).toHaveLength(0);
  await api.request('DELETE', `/v1/webhooks/${mine.id}`, { token: admin.accessToken });
  await api.request('DELETE', `/v1/webhooks/${theirs.id}`, { token: otherAdmin.accessToken });
});

test('a failing receiver: retried with backoff, failed after 6 attempts, listed by status, redelivered', async () => {
  statuses.set('/flaky', 503);
  const hook = await subscribe(admin, '/flaky', ['task.created']);
  await newTask(admin, 'Flaky');
  await settle();
  let [delivery] = await deliveries(admin, hook.id);
  expect(delivery).toMatchObject({ status: 'pending', attempts: 1, response_code: 503 });
  expect(Date.parse(delivery!.next_attempt_at as string) - clock.now().getTime()).toBe(30_000);
  for (const wait of [30, 60, 120, 240, 480]) await advance(wait * 1000);
  [delivery] = await deliveries(admin, hook.id);
  expect(delivery).toMatchObject({ status: 'failed', attempts: 6, response_code: 503, next_attempt_at: null });
  expect(delivery!.last_error).toContain('503');
  expect(at('/flaky')).toHaveLength(6);
  // No seventh attempt, however long one waits.
  await advance(3_600_000);
  expect(at('/flaky')).toHaveLength(6);
  expect(new Set(at('/flaky').map((r) => r.headers['x-bgs-delivery']))).toEqual(new Set([delivery!.id]));
  expect((await deliveries(admin, hook.id, '?status=failed')).map((d) => d.id)).toEqual([delivery!.id]);
  expect(await deliveries(admin, hook.id, '?status=pending')).toEqual([]);
  expect((await api.request('GET', `/v1/webhooks/${hook.id}/deliveries?status=lost`, { token: admin.accessToken })).status).toBe(400);

  statuses.set('/flaky', 200);
  const again = await api.request('POST', `/v1/webhooks/${hook.id}/deliveries/${delivery!.id as string}/redeliver`, { token: admin.accessToken });
  expect(again.status).toBe(202);
  expect(again.body).toMatchObject({ id: delivery!.id, status: 'pending', attempts: 0 });
  await settle();
  expect((await deliveries(admin, hook.id, '?status=succeeded')).map((d) => [d.id, d.attempts, d.response_code])).toEqual([[delivery!.id, 1, 200]]);
  expect(at('/flaky')).toHaveLength(7);
  // The same bytes every time.
  expect(new Set(at('/flaky').map((r) => r.body)).size).toBe(1);
  // Another organization cannot redeliver it; an unknown delivery is not found.
  expect((await api.request('POST', `/v1/webhooks/${hook.id}/deliveries/${delivery!.id as string}/redeliver`, { token: otherAdmin.accessToken })).status).toBe(404);
  expect((await api.request('POST', `/v1/webhooks/${hook.id}/deliveries/${'0'.repeat(26)}/redeliver`, { token: admin.accessToken })).status).toBe(404);
  await api.request('DELETE', `/v1/webhooks/${hook.id}`, { token: admin.accessToken });
});

test('every change handed on twice makes one delivery and one request each', async () => {
  const hook = await subscribe(admin, '/twice', ['*']);
  const { taskId } = await newTask(admin, 'Twice');
  expect((await api.request('DELETE', `/v1/tasks/${taskId}`, { token: admin.accessToken })).status).toBe(204);
  await settle();
  // Jobs due at once run side by side: their order is not the changes' order.
  const types = at('/twice').map((r) => (JSON.parse(r.body) as { type: string }).type);
  expect(types.sort()).toEqual(['project.created', 'task.created', 'task.deleted']);
  // The reader forgets how far it read and the project is mounted again: every change of the table comes a second time.
  const doc = DynamoDBDocumentClient.from(testDynamoClient());
  const table = service.projects.tableNameOf(api.projectId);
  const positions = await doc.send(new ScanCommand({ TableName: table, FilterExpression: 'begins_with(PK, :stream)', ExpressionAttributeValues: { ':stream': 'STREAM#' } }));
  expect(positions.Items?.length).toBeGreaterThan(0);
  for (const item of positions.Items ?? []) await doc.send(new DeleteCommand({ TableName: table, Key: { PK: item.PK, SK: item.SK } }));
  await service.projects.restore();
  await settle();
  // Changes from before the subscription come again too, and are new to it (the stream's replay is not the subscription's
  // history); each change makes one delivery, sent once: no delivery id twice, this test's three changes once each.
  const ids = at('/twice').map((r) => r.headers['x-bgs-delivery']);
  expect(new Set(ids).size).toBe(ids.length);
  const events = at('/twice').map((r) => JSON.parse(r.body) as { type: string; data: { id: string } });
  expect(events.filter((e) => e.data.id === taskId).map((e) => e.type).sort()).toEqual(['task.created', 'task.deleted']);
  const listed = await deliveries(admin, hook.id, '?limit=100');
  expect(listed).toHaveLength(ids.length);
  expect(listed.every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
  await api.request('DELETE', `/v1/webhooks/${hook.id}`, { token: admin.accessToken });
});

test('at most 20 subscriptions per organization', async () => {
  const made: string[] = [];
  for (let i = 0; i < 20; i += 1) made.push((await subscribe(otherAdmin, `/many/${i}`, ['project.created'])).id);
  const over = await api.request('POST', '/v1/webhooks', { token: otherAdmin.accessToken, body: { url: `${base}/many/x`, events: ['*'] } });
  expect(over.status).toBe(409);
  expect(over.body.code).toBe('CONFLICT');
  // The limit is the organization's: another one still subscribes.
  const mine = await subscribe(admin, '/acme-limit', ['project.created']);
  for (const id of made) await api.request('DELETE', `/v1/webhooks/${id}`, { token: otherAdmin.accessToken });
  await api.request('DELETE', `/v1/webhooks/${mine.id}`, { token: admin.accessToken });
});
