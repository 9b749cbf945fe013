/**
 * The local durable engine against DynamoDB Local, driving the tests' toy workflow by moving a
 * manual clock (never sleeping): retries, a 7-day wait, a callback completed by a sender and one
 * that times out; completed steps never run again; a start is idempotent; stale checkpoint
 * tokens are refused; a stop ends everything due; and a new engine over the same table (a
 * restart) catches up on what fell due while none ran.
 */
import { randomBytes } from 'node:crypto';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ManualClock } from '../../lambdas/core/clock';
import { ensureProjectTable } from '../../lambdas/adapters/project-data/project-table';
import { LocalDurableEngine } from '../../lambdas/adapters/durable/local/local-durable-engine';
import { ExecutionStore } from '../../lambdas/adapters/durable/local/execution-store';
import { CheckpointConflictError, CheckpointStore, StaleCheckpointTokenError } from '../../lambdas/adapters/durable/local/checkpoint-store';
import { DueStore } from '../../lambdas/adapters/durable/local/due-store';
import { DurableExecutionFinishedError, DurableExecutionNotFoundError } from '../../lambdas/ports/durable-executions';
import { testDynamoClient } from '../support/dynamo';
import { TOY_APPROVAL_TIMEOUT_HOURS, TOY_RETRY_DELAY_SECONDS, TOY_WAIT_DAYS, toyProbe, toyWorkflow, type ToyProbe } from '../support/durable-toy-workflow';

const SECOND = 1000;
const DAY = 86_400 * SECOND;
const client = testDynamoClient();
const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });

afterAll(() => client.destroy());

/** A fresh project table (due items are table-wide: each test gets its own). */
async function freshTable(): Promise<string> {
  const tableName = `t-durable-${randomBytes(4).toString('hex')}`;
  await ensureProjectTable(client, tableName);
  return tableName;
}

function engineOn(tableName: string, clock: ManualClock, probe: ToyProbe): LocalDurableEngine {
  return new LocalDurableEngine({ doc, tableName, clock, handler: toyWorkflow(probe), onError: (err) => console.error(err) });
}

/** Lets running invocations finish, moves the clock, and runs what fell due (and the invocations it causes). */
async function advance(engine: LocalDurableEngine, clock: ManualClock, ms: number): Promise<void> {
  await engine.settled();
  clock.advance(ms);
  await engine.runDue();
}

const input = (orderId: string) => ({ orderId, reminderTimeoutSeconds: 30 });

/** Drives an execution through its two failed charges to the 7-day wait. */
async function toTheWait(engine: LocalDurableEngine, clock: ManualClock, instanceId: string): Promise<void> {
  await engine.start(instanceId, input(instanceId));
  await engine.settled();
  await advance(engine, clock, TOY_RETRY_DELAY_SECONDS * SECOND);
  await advance(engine, clock, TOY_RETRY_DELAY_SECONDS * SECOND);
}

describe('LocalDurableEngine', () => {
  it('runs the workflow to its end by moving the clock: retries, a 7-day wait, a callback answered and one timed out', async () => {
    const tableName = await freshTable();
    const clock = new ManualClock();
    const probe = toyProbe();
    const engine = engineOn(tableName, clock, probe);

    expect(await engine.start('order-1', input('order-1'))).toEqual({ started: true, executionArn: expect.stringContaining('order-1') });
    await engine.settled();
    expect(probe.calls).toEqual({ reserve: 1, charge: 1, ship: 0 });
    const retrying = await engine.describe('order-1');
    expect(retrying.status).toBe('RUNNING');
    expect(retrying.operations.find((op) => op.name === 'charge')).toMatchObject({ type: 'STEP', status: 'PENDING', attempt: 1 });

    // Not due yet: nothing runs.
    await advance(engine, clock, TOY_RETRY_DELAY_SECONDS * SECOND - 1);
    expect(probe.calls.charge).toBe(1);
    await advance(engine, clock, 1);
    expect(probe.calls.charge).toBe(2);
    await advance(engine, clock, TOY_RETRY_DELAY_SECONDS * SECOND);
    expect(probe.calls).toEqual({ reserve: 1, charge: 3, ship: 0 });
    expect((await engine.describe('order-1')).operations.find((op) => op.name === 'cool-off')).toMatchObject({ type: 'WAIT', status: 'STARTED' });

    await advance(engine, clock, TOY_WAIT_DAYS * DAY - SECOND);
    expect(probe.callbackIds.has('approval')).toBe(false);
    await advance(engine, clock, SECOND);
    const approvalId = probe.callbackIds.get('approval');
    expect(approvalId).toEqual(expect.any(String));

    await engine.sendCallbackSuccess(approvalId!, { approved: true, by: 'ada' });
    await engine.settled();
    // A callback answers once.
    await expect(engine.sendCallbackSuccess(approvalId!, { approved: false })).rejects.toBeInstanceOf(DurableExecutionFinishedError);
    await expect(engine.sendCallbackSuccess('no-such-callback', {})).rejects.toBeInstanceOf(DurableExecutionNotFoundError);
    expect(probe.callbackIds.has('reminder')).toBe(true);

    await advance(engine, clock, 30 * SECOND);
    const done = await engine.describe('order-1');
    expect(done.status).toBe('SUCCEEDED');
    expect(JSON.parse(done.result!)).toEqual({
      reserved: { orderId: 'order-1', items: 2 },
      charged: { paid: 42, attempt: 3 },
      approval: { approved: true, by: 'ada' },
      reminder: 'timed out',
      shipped: 'shipped order-1',
    });
    // Every step body ran once, except the retried one (three attempts).
    expect(probe.calls).toEqual({ reserve: 1, charge: 3, ship: 1 });
    const byName = Object.fromEntries(done.operations.filter((op) => op.name).map((op) => [`${op.type}:${op.name}`, op.status]));
    expect(byName).toMatchObject({ 'STEP:reserve': 'SUCCEEDED', 'STEP:charge': 'SUCCEEDED', 'WAIT:cool-off': 'SUCCEEDED', 'STEP:ship': 'SUCCEEDED' });
    expect(done.operations.find((op) => op.type === 'CALLBACK' && op.status === 'TIMED_OUT')).toBeDefined();
    expect(done.operations.find((op) => op.type === 'CALLBACK' && op.status === 'SUCCEEDED')?.result).toBe(JSON.stringify({ approved: true, by: 'ada' }));
    // Nothing is left due.
    await advance(engine, clock, TOY_APPROVAL_TIMEOUT_HOURS * 3_600 * SECOND);
    expect(probe.calls).toEqual({ reserve: 1, charge: 3, ship: 1 });
    await engine.close();
  });

  it('starts one execution for two starts with the same id', async () => {
    const tableName = await freshTable();
    const clock = new ManualClock();
    const probe = toyProbe();
    const engine = engineOn(tableName, clock, probe);
    const answers = await Promise.all([engine.start('order-2', input('order-2')), engine.start('order-2', input('order-2'))]);
    expect(answers.map((a) => a.started).sort()).toEqual([false, true]);
    expect((await engine.start('order-2', input('other'))).started).toBe(false);
    await engine.settled();
    expect(probe.calls.reserve).toBe(1);
    await engine.close();
  });

  it('refuses a stale checkpoint token: an older invocation, and a token already used', async () => {
    const tableName = await freshTable();
    const table = { doc, tableName };
    const executions = new ExecutionStore(table);
    const checkpoints = new CheckpointStore(table, executions);
    const now = Date.now();
    expect(await executions.create('order-3', '{}', now)).toBe(true);
    const first = await executions.beginInvocation('order-3', now, 60_000);
    const second = await executions.beginInvocation('order-3', now + 1, 60_000);
    const step = { Id: 'a1', Type: 'STEP' as const, Action: 'START' as const, Name: 'reserve' };
    await expect(checkpoints.checkpoint('order-3', first!.token, [step], now)).rejects.toBeInstanceOf(StaleCheckpointTokenError);
    const accepted = await checkpoints.checkpoint('order-3', second!.token, [step], now);
    expect(accepted.token).not.toBe(second!.token);
    const succeed = { Id: 'a1', Type: 'STEP' as const, Action: 'SUCCEED' as const, Payload: '1' };
    await expect(checkpoints.checkpoint('order-3', second!.token, [succeed], now)).rejects.toBeInstanceOf(StaleCheckpointTokenError);
    expect((await checkpoints.checkpoint('order-3', accepted.token, [succeed], now)).operations).toEqual([expect.objectContaining({ id: 'a1', status: 'SUCCEEDED', result: '1', attempt: 1 })]);
    // The fenced invocation records nothing at its end either.
    expect(await executions.endInvocation('order-3', first!, { status: 'SUCCEEDED', result: '"zombie"' }, now)).toBeUndefined();
    expect((await executions.get('order-3'))?.status).toBe('RUNNING');
  });

  it('a token its own last checkpoint handed back is still refused once a stop or a newer invocation came in between', async () => {
    const tableName = await freshTable();
    const table = { doc, tableName };
    const executions = new ExecutionStore(table);
    const checkpoints = new CheckpointStore(table, executions);
    const now = Date.now();
    const start = (id: string) => ({ Id: id, Type: 'STEP' as const, Action: 'START' as const, Name: id });
    // A newer invocation began: the remembered token is not the current one any more.
    expect(await executions.create('order-7', '{}', now)).toBe(true);
    const first = await executions.beginInvocation('order-7', now, 60_000);
    const handedBack = await checkpoints.checkpoint('order-7', first!.token, [start('a1')], now);
    const newer = await executions.beginInvocation('order-7', now + 1, 60_000);
    await expect(checkpoints.checkpoint('order-7', handedBack.token, [start('a2')], now)).rejects.toBeInstanceOf(StaleCheckpointTokenError);
    // The newer invocation's checkpoints go on, numbered after what the first one wrote.
    const next = await checkpoints.checkpoint('order-7', newer!.token, [start('a2')], now);
    const after = await checkpoints.checkpoint('order-7', next.token, [start('a3')], now);
    expect(after.operations).toEqual([expect.objectContaining({ id: 'a3', seq: 3 })]);
    // Stopped after its last checkpoint: the token that checkpoint handed back writes nothing.
    await executions.stop('order-7', now + 2);
    await expect(checkpoints.checkpoint('order-7', after.token, [start('a4')], now)).rejects.toBeInstanceOf(StaleCheckpointTokenError);
    expect((await executions.allOperations('order-7')).map((op) => op.id)).toEqual(['order-7-input', 'a1', 'a2', 'a3']);
  });

  it('an operation taken as the last checkpoint wrote it, changed since by a due time, makes the next checkpoint a conflict, not a lost change', async () => {
    const tableName = await freshTable();
    const table = { doc, tableName };
    const executions = new ExecutionStore(table);
    const checkpoints = new CheckpointStore(table, executions);
    const dues = new DueStore(table, executions);
    const now = Date.now();
    expect(await executions.create('order-8', '{}', now)).toBe(true);
    const grant = (await executions.beginInvocation('order-8', now, 60_000))!;
    checkpoints.knowOperations('order-8', grant.token, []);
    const started = await checkpoints.checkpoint('order-8', grant.token, [{ Id: 's1', Type: 'STEP', Action: 'START', Name: 'charge' }], now);
    const retrying = await checkpoints.checkpoint('order-8', started.token, [{ Id: 's1', Type: 'STEP', Action: 'RETRY', StepOptions: { NextAttemptDelaySeconds: 1 } }], now);
    expect(retrying.operations).toEqual([expect.objectContaining({ id: 's1', status: 'PENDING' })]);
    // The retry falls due outside the invocation: PENDING -> READY in the table.
    const [due] = await dues.due(now + 2_000, 10);
    expect(await dues.apply(due!, now + 2_000)).toEqual({ outcome: 'invoke', instanceId: 'order-8' });
    // The store still holds the step as PENDING: its write is conditioned on that, and refused.
    await expect(checkpoints.checkpoint('order-8', retrying.token, [{ Id: 's1', Type: 'STEP', Action: 'SUCCEED', Payload: '1' }], now + 2_000)).rejects.toBeInstanceOf(CheckpointConflictError);
    expect((await executions.operations('order-8', ['s1'])).get('s1')).toMatchObject({ status: 'READY' });
  });

  it('stops an execution: nothing due for it runs afterwards, and its callbacks are closed', async () => {
    const tableName = await freshTable();
    const clock = new ManualClock();
    const probe = toyProbe();
    const engine = engineOn(tableName, clock, probe);
    await toTheWait(engine, clock, 'order-4');
    await advance(engine, clock, TOY_WAIT_DAYS * DAY);
    const approvalId = probe.callbackIds.get('approval')!;
    await engine.stop('order-4');
    await expect(engine.sendCallbackSuccess(approvalId, {})).rejects.toBeInstanceOf(DurableExecutionFinishedError);
    await advance(engine, clock, TOY_APPROVAL_TIMEOUT_HOURS * 3_600 * SECOND);
    expect((await engine.describe('order-4')).status).toBe('STOPPED');
    expect(probe.calls.ship).toBe(0);
    await expect(engine.stop('order-4')).rejects.toBeInstanceOf(DurableExecutionFinishedError);
    await expect(engine.stop('order-none')).rejects.toBeInstanceOf(DurableExecutionNotFoundError);
    await expect(engine.describe('order-none')).rejects.toBeInstanceOf(DurableExecutionNotFoundError);
    await engine.close();
  });

  it('catches up after a restart: a new engine over the same table finishes what the old one left waiting, re-running nothing', async () => {
    const tableName = await freshTable();
    const clock = new ManualClock();
    const before = toyProbe();
    const first = engineOn(tableName, clock, before);
    await toTheWait(first, clock, 'order-5');
    expect(before.calls).toEqual({ reserve: 1, charge: 3, ship: 0 });
    await first.close();

    // The wait fell due while no engine ran.
    clock.advance(TOY_WAIT_DAYS * DAY + 5 * SECOND);
    const after = toyProbe();
    const second = engineOn(tableName, clock, after);
    await second.open();
    await second.runDue();
    await second.sendCallbackSuccess(after.callbackIds.get('approval')!, 'yes');
    await advance(second, clock, 30 * SECOND);
    const done = await second.describe('order-5');
    expect(done.status).toBe('SUCCEEDED');
    expect(JSON.parse(done.result!)).toMatchObject({ reserved: { orderId: 'order-5' }, charged: { attempt: 3 }, approval: 'yes', reminder: 'timed out' });
    expect(after.calls).toEqual({ reserve: 0, charge: 0, ship: 1 });
    await second.close();
  });

  it('re-runs an invocation lost with its process: at once when a new engine opens, else when its lease lapses', async () => {
    const tableName = await freshTable();
    const clock = new ManualClock();
    // A process recorded the starts, began the invocations and died: what it left is all there is.
    const executions = new ExecutionStore({ doc, tableName });
    for (const id of ['order-6', 'order-7']) {
      await executions.create(id, JSON.stringify(input(id)), clock.now().getTime());
      await executions.beginInvocation(id, clock.now().getTime(), 15 * 60 * SECOND);
    }
    const opened = toyProbe();
    const engine = engineOn(tableName, clock, opened);
    await engine.open();
    await engine.settled();
    expect(opened.calls).toEqual({ reserve: 2, charge: 2, ship: 0 });
    expect((await engine.describe('order-6')).operations.find((op) => op.name === 'charge')).toMatchObject({ status: 'PENDING' });
    await engine.close();

    // An invocation that hangs (no restart): its lease runs the execution again, fencing it off.
    await executions.create('order-8', JSON.stringify(input('order-8')), clock.now().getTime());
    await executions.beginInvocation('order-8', clock.now().getTime(), 15 * 60 * SECOND);
    const leased = toyProbe();
    const second = engineOn(tableName, clock, leased);
    await advance(second, clock, 15 * 60 * SECOND - 1);
    expect(leased.calls.reserve).toBe(0);
    await advance(second, clock, 1);
    expect(leased.calls.reserve).toBe(1);
    await second.close();
  });
});

test('an execution that fails outside its handler is reported with its input, so its owner can end what it ran for', async () => {
  const tableName = await freshTable();
  const clock = new ManualClock(Date.parse('2026-04-01T00:00:00Z'));
  const failed: Array<{ id: string; input: unknown; message: string | undefined }> = [];
  const engine = new LocalDurableEngine({
    doc,
    tableName,
    clock,
    // A handler that throws (not a failed step): every invocation fails, then the execution does.
    handler: async () => {
      throw new Error('the blueprint could not be read');
    },
    onError: () => undefined,
    onExecutionFailed: async (id, text, error) => {
      failed.push({ id, input: JSON.parse(text ?? 'null'), message: error?.message });
    },
  });
  await engine.start('broken-1', { instanceId: 'broken-1', orgId: 'o1' });
  for (let i = 0; i < 4; i += 1) await advance(engine, clock, 10 * SECOND);
  await engine.settled();
  expect(failed).toEqual([{ id: 'broken-1', input: { instanceId: 'broken-1', orgId: 'o1' }, message: expect.stringContaining('the blueprint could not be read') }]);
  expect((await engine.describe('broken-1')).status).toBe('FAILED');
});
