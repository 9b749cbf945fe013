/**
 * Record changes into workflows, through the one dispatcher, with the instances in DynamoDB
 * Local: a change delivered again (the stream's at-least-once) starts one instance, concurrently
 * or later; a change a workflow's own task wrote does not start that workflow again; a chain of
 * workflow-made changes stops at its depth limit; a record change resumes its waiting instance once.
 */
import { randomBytes } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { ManualClock } from '../../lambdas/core/clock';
import { ensureProjectTable } from '../../lambdas/adapters/project-data/project-table';
import { DynamoWorkflowInstanceStore } from '../../lambdas/adapters/project-data/workflow-instance-store';
import { createChangeDispatcher } from '../../lambdas/adapters/record-changes/change-dispatcher';
import type { DurableExecutions } from '../../lambdas/ports/durable-executions';
import type { RecordChange } from '../../lambdas/ports/record-changes';
import { MAX_CHAIN_DEPTH, workflowRecordWaitConsumer, workflowTriggerConsumer } from '../../lambdas/project-runtime/workflows/workflow-change-consumers';
import { recordWaitKey } from '../../lambdas/project-runtime/workflows/record-waits';
import { writeWorkflowMark } from '../../lambdas/project-runtime/workflows/workflow-mark';
import { WorkflowStarter } from '../../lambdas/project-runtime/workflows/workflow-starter';
import { testDynamoClient } from '../support/dynamo';

const client = testDynamoClient();
const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
const tableName = `t-wf-changes-${randomBytes(4).toString('hex')}`;
const instances = new DynamoWorkflowInstanceStore({ doc, tableName });
const clock = new ManualClock(Date.parse('2026-05-01T00:00:00Z'));

const ir = {
  entities: [
    { name: 'Ticket', fields: [{ name: 'severity', type: 'enum' }, { name: 'status', type: 'enum' }] },
    { name: 'Reply', fields: [{ name: 'ticket_id', type: 'ref' }] },
  ],
  workflows: [
    { name: 'escalate', trigger: { entity: 'Ticket', event: 'created', where: [{ field: 'severity', value: 'sev1' }] }, steps: [] },
    { name: 'on_resolve', trigger: { entity: 'Ticket', event: 'updated', field: 'status', value: 'resolved' }, steps: [] },
  ],
  limits: { maxConcurrentWorkflows: 10_000 },
} as unknown as BlueprintIR;

const started: string[] = [];
const resumed: { callbackId: string; result: unknown }[] = [];
const executions: DurableExecutions = {
  start: async (id) => {
    started.push(id);
    return { started: true };
  },
  sendCallbackSuccess: async (callbackId, result) => {
    resumed.push({ callbackId, result });
  },
  sendCallbackFailure: async () => undefined,
  stop: async () => undefined,
};
const props = { ir, instances, executions, starter: new WorkflowStarter({ ir, instances, executions, clock }), logger: new Logger({ logLevel: 'SILENT' }) };
const dispatch = createChangeDispatcher([
  { name: 'workflow triggers', consume: workflowTriggerConsumer(props) },
  { name: 'workflow record waits', consume: workflowRecordWaitConsumer(props) },
]);

let seq = 0;
const change = (over: Partial<RecordChange>): RecordChange => {
  seq += 1;
  return { changeId: `evt-${seq}-${randomBytes(3).toString('hex')}`, entity: 'Ticket', orgId: 'org-1', recordId: `T${seq}`, kind: 'created', at: clock.now().toISOString(), after: { severity: 'sev1' }, ...over };
};
const instancesOf = async (recordId: string) => (await instances.listForRecord('org-1', { entity: 'Ticket', id: recordId }, { limit: 10 })).items;

beforeAll(() => ensureProjectTable(client, tableName));
afterAll(() => client.destroy());

test('a change delivered again, at once or later, starts one instance', async () => {
  const c = change({});
  const outcomes = await Promise.all([dispatch([c]), dispatch([c]), dispatch([c])]);
  expect(outcomes.every((o) => o.handled === 1)).toBe(true);
  await dispatch([c, c]);
  const found = await instancesOf(c.recordId);
  expect(found).toHaveLength(1);
  expect(found[0]).toMatchObject({ workflow: 'escalate', status: 'running', record: { entity: 'Ticket', id: c.recordId } });
  // Each delivery asks the engine to start the same execution, which it starts once (by name).
  expect(new Set(started.filter((id) => id === found[0]!.id)).size).toBe(1);
});

test('conditions and field triggers: sev2 starts nothing; the update to resolved starts on_resolve once', async () => {
  const sev2 = change({ after: { severity: 'sev2' } });
  await dispatch([sev2]);
  expect(await instancesOf(sev2.recordId)).toEqual([]);
  const resolved = change({ kind: 'updated', before: { severity: 'sev2', status: 'open' }, after: { severity: 'sev2', status: 'resolved' } });
  const later = change({ kind: 'updated', recordId: resolved.recordId, before: { severity: 'sev2', status: 'resolved' }, after: { severity: 'sev2', status: 'resolved', note: 'x' } });
  await dispatch([resolved, later]);
  expect((await instancesOf(resolved.recordId)).map((i) => i.workflow)).toEqual(['on_resolve']);
});

test("a workflow's own write does not start it again; a chain stops at the depth limit", async () => {
  const own = change({ kind: 'updated', before: { status: 'open' }, after: { status: 'resolved' }, writtenBy: writeWorkflowMark({ workflow: 'on_resolve', depth: 1 }) });
  await dispatch([own]);
  expect(await instancesOf(own.recordId)).toEqual([]);
  const other = change({ kind: 'updated', before: { status: 'open' }, after: { status: 'resolved' }, writtenBy: writeWorkflowMark({ workflow: 'escalate', depth: 1 }) });
  await dispatch([other]);
  const [chained] = await instancesOf(other.recordId);
  expect(chained).toMatchObject({ workflow: 'on_resolve', input: { chainDepth: 2 } });
  const deep = change({ kind: 'updated', before: { status: 'open' }, after: { status: 'resolved' }, writtenBy: writeWorkflowMark({ workflow: 'escalate', depth: MAX_CHAIN_DEPTH }) });
  await dispatch([deep]);
  expect(await instancesOf(deep.recordId)).toEqual([]);
});

test('a record change resumes the instance waiting for it, once', async () => {
  const key = recordWaitKey({ kind: 'created', entity: 'Reply', field: 'ticket_id' }, { record: { entity: 'Ticket', id: 'T-wait' } });
  await instances.create({ id: 'i-wait', workflow: 'escalate', orgId: 'org-1', input: {}, record: { entity: 'Ticket', id: 'T-wait' }, at: clock.now().toISOString() }, 10_000);
  await instances.awaitRecordChange('org-1', 'i-wait', key, 'cb-wait');
  const reply = change({ entity: 'Reply', recordId: 'R1', after: { ticket_id: 'T-wait' } });
  await Promise.all([dispatch([reply]), dispatch([reply])]);
  expect(resumed.filter((r) => r.callbackId === 'cb-wait')).toHaveLength(1);
});
