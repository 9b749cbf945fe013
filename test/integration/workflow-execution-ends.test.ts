/**
 * Executions that end outside the workflow handler, against DynamoDB Local with the real instance
 * store (execution-status-events.ts over DynamoWorkflowInstanceStore): a failed execution's
 * instance ends `failed` with why and frees its place in the running count once; a redelivered
 * event changes nothing; an instance the API cancelled before Lambda's STOPPED event arrived stays
 * cancelled; a timed-out execution's instance fails, saying so.
 */
import { randomBytes } from 'node:crypto';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ManualClock } from '../../lambdas/core/clock';
import { ensureProjectTable } from '../../lambdas/adapters/project-data/project-table';
import { WORKFLOWS_RUNNING_KEY } from '../../lambdas/adapters/project-data/project-table-keys';
import { DynamoWorkflowInstanceStore } from '../../lambdas/adapters/project-data/workflow-instance-store';
import type { DurableExecutionSummary } from '../../lambdas/ports/durable-executions';
import { createExecutionStatusEventHandler } from '../../lambdas/project-runtime/workflows/execution-status-events';
import { testDynamoClient } from '../support/dynamo';

const client = testDynamoClient();
const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
const tableName = `t-execution-ends-${randomBytes(4).toString('hex')}`;
const instances = new DynamoWorkflowInstanceStore({ doc, tableName });
const clock = new ManualClock(new Date('2026-11-26T10:00:00.000Z'));

beforeAll(async () => {
  await ensureProjectTable(client, tableName);
});
afterAll(() => client.destroy());

async function running(): Promise<number> {
  const got = await doc.send(new GetCommand({ TableName: tableName, Key: WORKFLOWS_RUNNING_KEY, ConsistentRead: true }));
  return Number(got.Item?.running ?? 0);
}

/** Lambda as the handler sees it: each execution's summary by ARN. */
const executions = new Map<string, DurableExecutionSummary>();
const handle = createExecutionStatusEventHandler({
  summary: async (arn) => executions.get(arn) ?? Promise.reject(new Error(`unknown ${arn}`)),
  instances,
  clock,
  log: () => undefined,
});

let seq = 0;
async function runningInstance(orgId: string, summary: Omit<DurableExecutionSummary, 'input'>) {
  seq += 1;
  const id = `end${seq}${randomBytes(4).toString('hex')}`;
  expect(await instances.create({ id, workflow: 'approval', orgId, input: {}, at: clock.now().toISOString() }, 1000)).toBe('created');
  await instances.enterStep(orgId, id, 'decide', { status: 'waiting', waitingFor: ['approved'], at: clock.now().toISOString() });
  const arn = `arn:aws:lambda:us-east-2:111122223333:function:BgsProject-p1-Workflow:1/durable-execution/${id}/r${seq}`;
  executions.set(arn, { ...summary, input: JSON.stringify({ instanceId: id, workflow: 'approval', orgId, input: {} }) });
  const event = { source: 'aws.lambda', 'detail-type': 'Durable Execution Status Change', detail: { durableExecutionArn: arn, durableExecutionName: id, status: summary.status } };
  return { id, event };
}

test('a failed execution fails its waiting instance, with why, once', async () => {
  const before = await running();
  const { id, event } = await runningInstance('org-a', { status: 'FAILED', error: { message: 'Task timed out after 300.00 seconds', type: 'Sandbox.Timedout' } });
  expect(await running()).toBe(before + 1);
  expect(await handle(event)).toBe('ended');
  const read = await instances.get('org-a', id);
  expect(read).toMatchObject({ status: 'failed', error: 'The workflow engine ended it: Task timed out after 300.00 seconds', waitingFor: [] });
  expect(read!.history.at(-1)).toMatchObject({ type: 'ended', message: 'The workflow engine ended it: Task timed out after 300.00 seconds' });
  expect(await running()).toBe(before);
  // Redelivered: nothing changes, the count is not freed twice.
  expect(await handle(event)).toBe('already-ended');
  expect(await running()).toBe(before);
  // Another organization's instance of the same id is not touched: the input names the organization.
  expect(await instances.get('org-b', id)).toBeNull();
});

test('an instance the API cancelled first stays cancelled when Lambda reports the stop', async () => {
  const { id, event } = await runningInstance('org-a', { status: 'STOPPED' });
  expect(await instances.finish('org-a', id, { status: 'cancelled', at: clock.now().toISOString() })).toBe(true);
  expect(await handle(event)).toBe('already-ended');
  expect(await instances.get('org-a', id)).toMatchObject({ status: 'cancelled' });
});

test('a stop from outside the API (the console) cancels the instance; a timed-out execution fails it', async () => {
  const stopped = await runningInstance('org-c', { status: 'STOPPED' });
  expect(await handle(stopped.event)).toBe('ended');
  expect(await instances.get('org-c', stopped.id)).toMatchObject({ status: 'cancelled' });
  const timedOut = await runningInstance('org-c', { status: 'TIMED_OUT' });
  expect(await handle(timedOut.event)).toBe('ended');
  expect(await instances.get('org-c', timedOut.id)).toMatchObject({ status: 'failed', error: 'Its durable execution ran past the longest an execution may run (366 days)' });
});
