/**
 * The workflow interpreter (one durable handler for every workflow of a blueprint) under the
 * durable SDK's own test runner, with the instances in DynamoDB Local: example 03's approval
 * flow branches (approve pays, reject ends rejected, silence escalates then rejects), a 7-day
 * wait passes without real waiting, a task is retried until it succeeds, a signal sent before
 * its wait starts is taken from the inbox, and the admin view records steps and the outcome.
 * The runner skips waits and retry delays but not callback timeouts, so timeouts here are short.
 */
import { randomBytes } from 'node:crypto';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { withDurableExecution } from '@aws/durable-execution-sdk-js';
import { LocalDurableTestRunner, WaitingOperationStatus } from '@aws/durable-execution-sdk-js-testing';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import type { IrStep, IrWorkflow } from '../../lambdas/core/blueprint/ir-workflows';
import { systemClock } from '../../lambdas/core/clock';
import { ensureProjectTable } from '../../lambdas/adapters/project-data/project-table';
import { DynamoWorkflowInstanceStore } from '../../lambdas/adapters/project-data/workflow-instance-store';
import { workflowHandler, type TaskActionRunner, type WorkflowExecutionInput, type WorkflowRun } from '../../lambdas/project-runtime/workflows/workflow-handler';
import { testDynamoClient } from '../support/dynamo';

const client = testDynamoClient();
const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
const tableName = `t-wf-handler-${randomBytes(4).toString('hex')}`;
const instances = new DynamoWorkflowInstanceStore({ doc, tableName });

const decision = (name: string, timeoutNext: string): IrStep => ({
  kind: 'waitForEvent',
  name,
  events: ['approved', 'rejected'],
  timeoutSeconds: 2,
  on: [
    { event: 'approved', next: { step: 'pay' } },
    { event: 'rejected', next: { end: 'rejected' } },
  ],
  timeoutNext: { step: timeoutNext },
});
const approval: IrWorkflow = {
  name: 'expense_approval',
  trigger: { entity: 'ExpenseReport', event: 'created' },
  steps: [
    decision('await_manager', 'escalate'),
    { kind: 'task', name: 'escalate', retries: 0, backoffSeconds: 1, action: { type: 'notify', to: { role: 'finance' }, subject: 'Expense report waiting', message: 'Please decide' } },
    decision('await_finance', 'auto_reject'),
    { kind: 'task', name: 'auto_reject', retries: 0, backoffSeconds: 1, action: { type: 'update', set: [{ field: 'status', value: 'rejected' }] }, next: { end: 'rejected' } },
    { kind: 'task', name: 'pay', retries: 3, backoffSeconds: 1, action: { type: 'call', endpoint: 'payment' }, next: { end: 'paid' } },
  ],
};
const reminder: IrWorkflow = {
  name: 'reminder',
  trigger: { manual: true },
  steps: [
    { kind: 'wait', name: 'cool_off', seconds: 7 * 86_400 },
    { kind: 'task', name: 'flaky', retries: 3, backoffSeconds: 60 },
  ],
};
const ir = { workflows: [approval, reminder], entities: [] } as unknown as BlueprintIR;

/** Records what tasks ran; `flaky` fails its first two attempts. */
class RecordingActions implements TaskActionRunner {
  readonly runs: string[] = [];
  private flakyAttempts = 0;
  async run(step: Extract<IrStep, { kind: 'task' }>, run: WorkflowRun): Promise<unknown> {
    this.runs.push(run.operation);
    if (step.name === 'flaky' && (this.flakyAttempts += 1) <= 2) throw new Error(`attempt ${this.flakyAttempts} fails`);
    return { did: step.name };
  }
}

let runner: LocalDurableTestRunner;
let actions: RecordingActions;
/** The callbacks the handler resumed itself (a signal from the inbox), by the name of the waiting step. */
let resumeByName: (name: string, result: unknown) => Promise<void>;

beforeAll(async () => {
  await ensureProjectTable(client, tableName);
  await LocalDurableTestRunner.setupTestEnvironment({ skipTime: true });
});
afterAll(async () => {
  await LocalDurableTestRunner.teardownTestEnvironment();
  client.destroy();
});

let waitingStep = '';
beforeEach(() => {
  actions = new RecordingActions();
  const handler = workflowHandler({
    ir,
    instances,
    actions,
    clock: systemClock,
    dates: { dateOf: async () => null, changeHappened: async () => false },
    executions: { sendCallbackSuccess: (_callbackId, result) => resumeByName(waitingStep, result) },
  });
  runner = new LocalDurableTestRunner({ handlerFunction: withDurableExecution(handler) });
  resumeByName = async (name, result) => {
    await runner.getOperation(name).sendCallbackSuccess(JSON.stringify(result));
  };
});

async function started(workflow: string): Promise<WorkflowExecutionInput> {
  const input: WorkflowExecutionInput = { instanceId: `i${randomBytes(6).toString('hex')}`, workflow, orgId: 'org-1', input: {}, record: { entity: 'ExpenseReport', id: 'R1' } };
  expect(await instances.create({ id: input.instanceId, workflow, orgId: input.orgId, input: {}, record: input.record!, at: new Date().toISOString() }, 10_000)).toBe('created');
  return input;
}

/** Sends a signal as the signal route does: resume the waiting callback, or leave it in the inbox. */
async function signal(input: WorkflowExecutionInput, step: string, event: string): Promise<void> {
  await runner.getOperation(step).waitForData(WaitingOperationStatus.SUBMITTED);
  const delivery = await instances.deliverSignal(input.orgId, input.instanceId, { event, data: { by: 'manager' }, at: new Date().toISOString() });
  expect(delivery.kind).toBe('resume');
  await resumeByName(step, { event, data: { by: 'manager' } });
}

test('approved: pays and ends paid', async () => {
  const input = await started('expense_approval');
  const execution = runner.run({ payload: input });
  await signal(input, 'await_manager', 'approved');
  const result = await execution;
  expect(result.getResult()).toEqual({ status: 'succeeded', outcome: 'paid' });
  expect(actions.runs).toEqual(['pay']);
  const instance = await instances.get(input.orgId, input.instanceId);
  expect(instance).toMatchObject({ status: 'succeeded', outcome: 'paid' });
  expect((await instances.completedSteps(input.orgId, input.instanceId)).map((s) => [s.name, s.output])).toEqual([
    ['await_manager', { event: 'approved', data: { by: 'manager' } }],
    ['pay', { did: 'pay' }],
  ]);
});

test('rejected: ends rejected without paying', async () => {
  const input = await started('expense_approval');
  const execution = runner.run({ payload: input });
  await signal(input, 'await_manager', 'rejected');
  expect((await execution).getResult()).toEqual({ status: 'succeeded', outcome: 'rejected' });
  expect(actions.runs).toEqual([]);
});

test('nobody answers: escalates, waits again, then rejects automatically', async () => {
  const input = await started('expense_approval');
  const result = await runner.run({ payload: input });
  expect(result.getResult()).toEqual({ status: 'succeeded', outcome: 'rejected' });
  expect(actions.runs).toEqual(['escalate', 'auto_reject']);
  const steps = (await instances.completedSteps(input.orgId, input.instanceId)).map((s) => s.name);
  expect(steps).toEqual(['await_manager', 'escalate', 'await_finance', 'auto_reject']);
}, 20_000);

test('a signal sent before its wait waits in the inbox and is taken by it', async () => {
  const input = await started('expense_approval');
  expect(await instances.deliverSignal(input.orgId, input.instanceId, { event: 'approved', data: { early: true }, at: new Date().toISOString() })).toEqual({ kind: 'queued' });
  waitingStep = 'await_manager';
  const result = await runner.run({ payload: input });
  expect(result.getResult()).toEqual({ status: 'succeeded', outcome: 'paid' });
  expect((await instances.completedSteps(input.orgId, input.instanceId))[0]).toMatchObject({ name: 'await_manager', output: { event: 'approved', data: { early: true } } });
});

test('a 7-day wait passes without waiting, and a task is retried until it succeeds, once', async () => {
  const input = await started('reminder');
  const result = await runner.run({ payload: input });
  expect(result.getResult()).toEqual({ status: 'succeeded', outcome: 'completed' });
  expect(actions.runs).toEqual(['flaky', 'flaky', 'flaky']);
  expect(await instances.get(input.orgId, input.instanceId)).toMatchObject({ status: 'succeeded', outcome: 'completed', currentStep: 'flaky' });
});
