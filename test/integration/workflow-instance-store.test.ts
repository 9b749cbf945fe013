/**
 * Workflow instances in a project's table, against DynamoDB Local: one instance per id and the
 * running limit under concurrency, step records, lists per organization, status and record, a
 * finish that counts once, signals that wait in the inbox for a later wait (in either order of
 * wait and signal), and record waits that resume once.
 */
import { randomBytes } from 'node:crypto';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '../../lambdas/core/errors';
import { ensureProjectTable } from '../../lambdas/adapters/project-data/project-table';
import { WORKFLOWS_RUNNING_KEY } from '../../lambdas/adapters/project-data/project-table-keys';
import { DynamoWorkflowInstanceStore } from '../../lambdas/adapters/project-data/workflow-instance-store';
import type { NewWorkflowInstance } from '../../lambdas/ports/workflow-instances';
import { testDynamoClient } from '../support/dynamo';

const client = testDynamoClient();
const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
const tableName = `t-workflows-${randomBytes(4).toString('hex')}`;
const store = new DynamoWorkflowInstanceStore({ doc, tableName });

beforeAll(async () => {
  await ensureProjectTable(client, tableName);
});
afterAll(() => client.destroy());

let seq = 0;
function newInstance(orgId: string | null, extra: Partial<NewWorkflowInstance> = {}): NewWorkflowInstance {
  seq += 1;
  return { id: `I${String(seq).padStart(5, '0')}${randomBytes(4).toString('hex')}`, workflow: 'approval', orgId, input: { n: seq }, at: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(), ...extra };
}

async function running(): Promise<number> {
  const got = await doc.send(new GetCommand({ TableName: tableName, Key: WORKFLOWS_RUNNING_KEY, ConsistentRead: true }));
  return Number(got.Item?.running ?? 0);
}

test('an id starts one instance, however often it is created', async () => {
  const before = await running();
  const instance = newInstance('org-a');
  const results = await Promise.all([store.create(instance, 10_000), store.create(instance, 10_000), store.create(instance, 10_000)]);
  expect(results.filter((r) => r === 'created')).toHaveLength(1);
  expect(results.filter((r) => r === 'exists')).toHaveLength(2);
  expect(await running()).toBe(before + 1);
  const read = await store.get('org-a', instance.id);
  expect(read).toMatchObject({ id: instance.id, workflow: 'approval', status: 'running', currentStep: null, input: instance.input });
  // Another organization's scope does not find it.
  expect(await store.get('org-b', instance.id)).toBeNull();
});

test('the running limit holds under concurrent starts and a finish frees a place once', async () => {
  const base = await running();
  const limit = base + 3;
  const results = await Promise.all(Array.from({ length: 8 }, () => store.create(newInstance('org-limit'), limit)));
  expect(results.filter((r) => r === 'created')).toHaveLength(3);
  expect(results.filter((r) => r === 'full')).toHaveLength(5);
  const page = await store.list('org-limit', { limit: 10 });
  const first = page.items[0]!;
  expect(await store.finish('org-limit', first.id, { status: 'succeeded', outcome: 'completed', at: new Date().toISOString() })).toBe(true);
  expect(await store.finish('org-limit', first.id, { status: 'failed', at: new Date().toISOString() })).toBe(false);
  expect(await running()).toBe(base + 2);
  expect(await store.get('org-limit', first.id)).toMatchObject({ status: 'succeeded', outcome: 'completed' });
});

test('steps, lists by status and by record, newest first', async () => {
  const record = { entity: 'ExpenseReport', id: 'R1' };
  const a = newInstance('org-c', { record });
  const b = newInstance('org-c', { record });
  const c = newInstance('org-c');
  for (const i of [a, b, c]) await store.create(i, 10_000);
  await store.enterStep('org-c', a.id, 'await_decision', { status: 'waiting', waitingFor: ['approved', 'rejected'], at: a.at });
  await store.completeStep('org-c', b.id, 1, { name: 'pay', output: { status: 200 }, completedAt: b.at });
  await store.completeStep('org-c', b.id, 1, { name: 'pay', output: { status: 500 }, completedAt: b.at });
  await store.completeStep('org-c', b.id, 0, { name: 'await_decision', output: { event: 'approved' }, completedAt: b.at });
  expect(await store.completedSteps('org-c', b.id)).toEqual([
    { name: 'await_decision', output: { event: 'approved' }, completedAt: b.at },
    { name: 'pay', output: { status: 200 }, completedAt: b.at },
  ]);
  expect((await store.list('org-c', { limit: 10 })).items.map((i) => i.id)).toEqual([c.id, b.id, a.id]);
  expect((await store.list('org-c', { status: 'waiting', limit: 10 })).items.map((i) => i.id)).toEqual([a.id]);
  expect((await store.listForRecord('org-c', record, { limit: 10 })).items.map((i) => i.id)).toEqual([b.id, a.id]);
  const firstPage = await store.list('org-c', { limit: 2 });
  expect(firstPage.lastKey).toBeDefined();
  const secondPage = await store.list('org-c', { limit: 2, startKey: firstPage.lastKey! });
  expect(secondPage.items.map((i) => i.id)).toEqual([a.id]);
  const waiting = await store.get('org-c', a.id);
  expect(waiting).toMatchObject({ status: 'waiting', currentStep: 'await_decision', waitingFor: ['approved', 'rejected'] });
  expect(waiting!.history.map((h) => h.type)).toEqual(['started', 'waiting']);
});

test('a signal before its wait is kept in the inbox and taken by the wait', async () => {
  const i = newInstance(null);
  await store.create(i, 10_000);
  await store.enterStep(null, i.id, 'notify', { status: 'running', at: i.at });
  expect(await store.deliverSignal(null, i.id, { event: 'approved', data: { by: 'm' }, at: i.at })).toEqual({ kind: 'queued' });
  // A wait for other events leaves it there; the wait for it takes it, once.
  expect(await store.awaitSignal(null, i.id, { step: 'other', events: ['paid'], callbackId: 'cb-0', at: i.at })).toBeNull();
  expect(await store.awaitSignal(null, i.id, { step: 'decide', events: ['approved', 'rejected'], callbackId: 'cb-1', at: i.at })).toEqual({ event: 'approved', data: { by: 'm' } });
  expect(await store.awaitSignal(null, i.id, { step: 'decide', events: ['approved', 'rejected'], callbackId: 'cb-2', at: i.at })).toBeNull();
});

test('a signal while the wait holds its callback resumes it once; the next one queues', async () => {
  const i = newInstance(null);
  await store.create(i, 10_000);
  expect(await store.awaitSignal(null, i.id, { step: 'decide', events: ['approved', 'rejected'], callbackId: 'cb-9', at: i.at })).toBeNull();
  const both = await Promise.all([
    store.deliverSignal(null, i.id, { event: 'approved', data: {}, at: i.at }),
    store.deliverSignal(null, i.id, { event: 'rejected', data: {}, at: i.at }),
  ]);
  expect(both.filter((d) => d.kind === 'resume')).toEqual([{ kind: 'resume', callbackId: 'cb-9' }]);
  expect(both.filter((d) => d.kind === 'queued')).toHaveLength(1);
});

test('signals to an unknown or ended instance are refused', async () => {
  await expect(store.deliverSignal(null, 'nope', { event: 'approved', data: {}, at: new Date().toISOString() })).rejects.toBeInstanceOf(NotFoundError);
  const i = newInstance(null);
  await store.create(i, 10_000);
  await store.finish(null, i.id, { status: 'cancelled', at: i.at });
  await expect(store.deliverSignal(null, i.id, { event: 'approved', data: {}, at: i.at })).rejects.toBeInstanceOf(ConflictError);
  // A step entered after the end changes nothing.
  await store.enterStep(null, i.id, 'late', { status: 'running', at: i.at });
  expect(await store.get(null, i.id)).toMatchObject({ status: 'cancelled', currentStep: null });
});

test('a record wait is taken once', async () => {
  const i = newInstance('org-r');
  await store.create(i, 10_000);
  await store.awaitRecordChange('org-r', i.id, 'Reply#ticket_id#T1', 'cb-r');
  const taken = await Promise.all([store.takeRecordWaiters('org-r', 'Reply#ticket_id#T1'), store.takeRecordWaiters('org-r', 'Reply#ticket_id#T1')]);
  expect(taken.flat()).toEqual([{ instanceId: i.id, orgId: 'org-r', callbackId: 'cb-r' }]);
  expect(await store.takeRecordWaiters('org-other', 'Reply#ticket_id#T1')).toEqual([]);
});
