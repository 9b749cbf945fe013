/**
 * Workflows of a deployed project over HTTP, locally, with the engine's clock moved forward
 * (never real waiting): example 03's approval (multi-tenant) started by a new expense report
 * read from the table's change stream; the approve path pays through a local endpoint that fails
 * twice first, the reject path does not pay, silence escalates after 7 days (mail in the outbox)
 * and rejects 3 days later (the report's status set by the workflow), and an admin cancels.
 * Also: the routes' errors (unknown event, oversized data, another organization, a role that may
 * not signal, a finished instance) and the record's own instance list.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ManualClock } from '../../lambdas/core/clock';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import type { IrWorkflow } from '../../lambdas/core/blueprint/ir-workflows';
import { verifySignature } from '../../lambdas/core/outgoing/signature';
import { DynamoEndpointRepository } from '../../lambdas/adapters/dynamodb/endpoint-repository';
import { LocalEndpointSecrets } from '../../lambdas/adapters/secrets/local-endpoint-secrets';
import { goldenIr } from '../support/golden-ir';
import { callApi, startTestService, type TestService } from '../support/local-service';
import { deployIr, invite, joinProject, login, type ProjectApiClient, type ProjectUser } from '../support/project-api';
import { until } from '../support/until';

const DAY = 86_400_000;
const clock = new ManualClock(Date.parse('2026-06-01T09:00:00.000Z'));

/** Example 03's approval, as the branching IR says it. */
const approval: IrWorkflow = {
  name: 'expense_report_approval',
  trigger: { entity: 'ExpenseReport', event: 'created' },
  steps: [
    {
      kind: 'waitForEvent',
      name: 'wait_for_manager',
      events: ['approved', 'rejected'],
      timeoutSeconds: 7 * 86_400,
      on: [
        { event: 'approved', next: { step: 'pay' } },
        { event: 'rejected', next: { end: 'rejected' } },
      ],
      timeoutNext: { step: 'escalate' },
    },
    { kind: 'task', name: 'escalate', retries: 2, backoffSeconds: 1, action: { type: 'notify', to: { role: 'admin' }, subject: 'An expense report waits for a decision', message: 'Nobody decided within 7 days.' } },
    {
      kind: 'waitForEvent',
      name: 'wait_for_finance_team',
      events: ['approved', 'rejected'],
      timeoutSeconds: 3 * 86_400,
      on: [
        { event: 'approved', next: { step: 'pay' } },
        { event: 'rejected', next: { end: 'rejected' } },
      ],
      timeoutNext: { step: 'reject' },
    },
    { kind: 'task', name: 'reject', retries: 2, backoffSeconds: 1, action: { type: 'update', set: [{ field: 'status', value: 'rejected' }] }, next: { end: 'rejected' } },
    { kind: 'task', name: 'pay', retries: 3, backoffSeconds: 1, action: { type: 'call', endpoint: 'payment' }, next: { end: 'paid' } },
  ],
};

let service: TestService;
let api: ProjectApiClient;
let admin: ProjectUser;
let manager: ProjectUser;
let employee: ProjectUser;
let otherAdmin: ProjectUser;
let receiver: Server;
const received: { body: string; headers: IncomingMessage['headers'] }[] = [];
let failuresLeft = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ body, headers: req.headers });
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        res.writeHead(500).end('not now');
      } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"paid":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  service = await startTestService({ clock });
  const ir = goldenIr('03-expense-approvals');
  api = await deployIr(service, { ...ir, workflows: [approval] } as BlueprintIR);
  // The owner's endpoint, as PUT /projects/{id}/endpoints/payment stores it (that route has its own tests).
  const secrets = new LocalEndpointSecrets(service.dataDir);
  const secretRef = await secrets.store(api.projectId, 'payment', 'whsec-test');
  const repository = new DynamoEndpointRepository(DynamoDBDocumentClient.from(service.dynamoClient), service.tables.controlPlane);
  await repository.put({ projectId: api.projectId, name: 'payment', url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/pay`, secretRef, updatedAt: clock.now().toISOString() }, { exists: false });
  admin = await joinProject(service, api, { orgName: 'Acme' });
  manager = await invite(service, api, admin, 'manager');
  employee = await invite(service, api, admin, 'employee');
  otherAdmin = await joinProject(service, api, { orgName: 'Other' });
}, 60_000);
afterAll(async () => {
  await service.stop();
  receiver.close();
});

const engine = () => service.projects.workflowEngine(api.projectId)!;

/** Days pass on the engine's clock, and tokens expire by it: everybody signs in afresh. */
async function signInAgain(): Promise<void> {
  const again = (user: ProjectUser) => login(api, { email: user.email, password: user.password }, user.userId);
  [admin, manager, employee, otherAdmin] = [await again(admin), await again(manager), await again(employee), await again(otherAdmin)];
}
beforeEach(signInAgain);

/** Files an expense report and waits for the instance its change starts. */
async function newReport(): Promise<{ reportId: string; workflowId: string }> {
  const created = await api.request('POST', '/v1/expense-reports', { token: employee.accessToken, body: { amount: 120.5, currency: 'EUR', category: 'travel', description: 'Train to Lyon' } });
  expect(created.status).toBe(201);
  const reportId = created.body.id as string;
  const workflowId = await until('the triggered instance', async () => {
    const list = await api.request('GET', `/v1/expense-reports/${reportId}/workflows`, { token: manager.accessToken });
    expect(list.status).toBe(200);
    const item = (list.body.items as { workflow_id: string; status: string }[])[0];
    return item?.status === 'waiting' ? item.workflow_id : undefined;
  });
  return { reportId, workflowId };
}

async function instance(workflowId: string) {
  const read = await api.request('GET', `/admin/workflows/${workflowId}`, { token: admin.accessToken });
  expect(read.status).toBe(200);
  return read.body;
}

async function ended(workflowId: string) {
  return until('the instance to end', async () => {
    await engine().settled();
    const body = await instance(workflowId);
    return ['succeeded', 'failed', 'cancelled', 'timed_out'].includes(body.status) ? body : undefined;
  });
}

/** Moves the engine's clock and runs what fell due. */
async function advance(ms: number): Promise<void> {
  // The step that recorded "waiting" may still be starting its wait: times count from there.
  await engine().settled();
  clock.advance(ms);
  await engine().runDue();
  await signInAgain();
}

test('a new report starts the approval; the record lists it with what it waits for', async () => {
  const { reportId, workflowId } = await newReport();
  const list = await api.request('GET', `/v1/expense-reports/${reportId}/workflows`, { token: manager.accessToken });
  expect(list.body.items).toEqual([{ workflow_id: workflowId, name: 'expense_report_approval', status: 'waiting', current_step: 'wait_for_manager', waiting_for: ['approved', 'rejected'], created_at: expect.any(String) }]);
  // Another organization does not see it.
  expect((await api.request('GET', `/admin/workflows/${workflowId}`, { token: otherAdmin.accessToken })).status).toBe(404);
});

test('approved: pays through the endpoint, retried twice after failures, signed', async () => {
  const { workflowId } = await newReport();
  failuresLeft = 2;
  received.length = 0;
  const signal = await api.request('POST', `/workflows/${workflowId}/signal`, { token: manager.accessToken, body: { event: 'approved', data: { note: 'fine' } } });
  expect(signal.status).toBe(202);
  // Delivered to the waiting step, or (when it came before the step recorded its callback) kept for it.
  expect(signal.body).toEqual({ workflow_id: workflowId, status: expect.stringMatching(/^(running|waiting)$/) });
  await until('the first payment attempt', async () => (received.length >= 1 ? true : undefined));
  for (let i = 0; i < 4 && received.length < 3; i += 1) {
    await engine().settled();
    await advance(5_000);
  }
  const done = await ended(workflowId);
  expect(done).toMatchObject({ status: 'succeeded', outcome: 'paid', current_step: 'pay' });
  expect(done.completed_steps.map((s: { name: string }) => s.name)).toEqual(['wait_for_manager', 'pay']);
  expect(received).toHaveLength(3);
  // The same delivery on every attempt, signed with the endpoint's secret.
  expect(new Set(received.map((r) => r.headers['x-bgs-delivery'])).size).toBe(1);
  const last = received[2]!;
  expect(verifySignature({ secret: 'whsec-test', body: last.body, timestamp: String(last.headers['x-bgs-timestamp']), signature: String(last.headers['x-bgs-signature']), nowSeconds: Number(last.headers['x-bgs-timestamp']) })).toMatchObject({ ok: true });
  expect(JSON.parse(last.body)).toMatchObject({ workflow: 'expense_report_approval', instance_id: workflowId, step: 'pay', record: { currency: 'EUR' } });
});

test('rejected: ends rejected and pays nothing', async () => {
  const { workflowId } = await newReport();
  received.length = 0;
  expect((await api.request('POST', `/workflows/${workflowId}/signal`, { token: manager.accessToken, body: { event: 'rejected' } })).status).toBe(202);
  expect(await ended(workflowId)).toMatchObject({ status: 'succeeded', outcome: 'rejected' });
  expect(received).toHaveLength(0);
  // A finished instance takes no more signals.
  const late = await api.request('POST', `/workflows/${workflowId}/signal`, { token: manager.accessToken, body: { event: 'approved' } });
  expect(late.status).toBe(409);
});

test('nobody answers: escalated after 7 days by mail, rejected 3 days later', async () => {
  const { reportId, workflowId } = await newReport();
  await advance(7 * DAY + 1000);
  const waiting = await until('the finance wait', async () => {
    const body = await instance(workflowId);
    return body.current_step === 'wait_for_finance_team' && body.status === 'waiting' ? body : undefined;
  });
  expect(waiting.completed_steps.map((s: { name: string }) => s.name)).toEqual(['wait_for_manager', 'escalate']);
  const mail = await callApi(service.url, 'GET', `/_local/mail?to=${encodeURIComponent(admin.email)}&project=${api.projectId}`);
  expect(mail.body.items.map((m: { subject: string }) => m.subject)).toContain('An expense report waits for a decision');
  await advance(3 * DAY + 1000);
  expect(await ended(workflowId)).toMatchObject({ status: 'succeeded', outcome: 'rejected' });
  const report = await api.request('GET', `/v1/expense-reports/${reportId}`, { token: admin.accessToken });
  expect(report.body.status).toBe('rejected');
});

test('signal errors: unknown event, oversized data, a role that may not signal, another organization', async () => {
  const { workflowId } = await newReport();
  const unknown = await api.request('POST', `/workflows/${workflowId}/signal`, { token: manager.accessToken, body: { event: 'paid' } });
  expect(unknown.status).toBe(400);
  expect(unknown.body.code).toBe('VALIDATION_ERROR');
  const big = await api.request('POST', `/workflows/${workflowId}/signal`, { token: manager.accessToken, body: { event: 'approved', data: { blob: 'x'.repeat(256 * 1024) } } });
  expect(big.status).toBe(413);
  expect((await api.request('POST', `/workflows/${workflowId}/signal`, { token: employee.accessToken, body: { event: 'approved' } })).status).toBe(403);
  expect((await api.request('POST', `/workflows/${workflowId}/signal`, { token: otherAdmin.accessToken, body: { event: 'approved' } })).status).toBe(404);
  expect((await api.request('POST', '/workflows/nope/signal', { token: manager.accessToken, body: { event: 'approved' } })).status).toBe(404);
});

test('an admin cancels a waiting instance; it takes no more signals and cannot be cancelled twice', async () => {
  const { workflowId } = await newReport();
  expect((await api.request('POST', `/admin/workflows/${workflowId}/cancel`, { token: manager.accessToken })).status).toBe(403);
  const cancelled = await api.request('POST', `/admin/workflows/${workflowId}/cancel`, { token: admin.accessToken });
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toMatchObject({ workflow_id: workflowId, status: 'cancelled' });
  expect((await api.request('POST', `/workflows/${workflowId}/signal`, { token: manager.accessToken, body: { event: 'approved' } })).status).toBe(409);
  expect((await api.request('POST', `/admin/workflows/${workflowId}/cancel`, { token: admin.accessToken })).status).toBe(409);
  // Its 7-day wait falling due later changes nothing.
  await advance(8 * DAY);
  expect((await instance(workflowId)).status).toBe('cancelled');
});

test('the admin lists instances by status, page by page', async () => {
  const first = await api.request('GET', '/admin/workflows?limit=1', { token: admin.accessToken });
  expect(first.status).toBe(200);
  expect(first.body.items).toHaveLength(1);
  expect(first.body.next_cursor).toEqual(expect.any(String));
  const second = await api.request('GET', `/admin/workflows?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`, { token: admin.accessToken });
  expect(second.body.items[0].workflow_id).not.toBe(first.body.items[0].workflow_id);
  const cancelled = await api.request('GET', '/admin/workflows?status=cancelled', { token: admin.accessToken });
  expect(cancelled.body.items.every((i: { status: string }) => i.status === 'cancelled')).toBe(true);
  expect(cancelled.body.items.length).toBeGreaterThan(0);
  expect((await api.request('GET', '/admin/workflows?status=sleepy', { token: admin.accessToken })).status).toBe(400);
  expect((await api.request('GET', '/admin/workflows', { token: employee.accessToken })).status).toBe(403);
});

test('a manual start answers 202 with the instance id', async () => {
  const res = await api.request('POST', '/workflows/expense_report_approval/start', { token: admin.accessToken, body: { input: { reason: 'by hand' } } });
  expect(res.status).toBe(202);
  expect(res.body).toEqual({ workflow_id: expect.any(String), status: 'running' });
  const big = await api.request('POST', '/workflows/expense_report_approval/start', { token: admin.accessToken, body: { input: { blob: 'x'.repeat(256 * 1024) } } });
  expect(big.status).toBe(413);
});
