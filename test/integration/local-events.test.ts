/**
 * The local stand-ins of EventBridge Scheduler and the event-job queue, against DynamoDB Local
 * with a manual clock (passes run by hand, as the host's timers would):
 *   - the scheduler runs a job at its times; a job new to the project starts with its next
 *     occurrence; a restart after three missed occurrences runs the latest one once; two
 *     schedulers over one table (two processes) never both run an occurrence;
 *   - the queue runs a job once it is due and not before, keeps what is queued across a restart,
 *     and sets a job aside after MAX_DELIVERIES failed deliveries, saying why;
 *   - a handler's failing run is retried as its policy says and then parked; the retry job that
 *     comes twice runs one attempt; one that comes before the attempt it follows is recorded is
 *     deferred (put back, no failure), and an attempt whose process died is taken over after its
 *     lease.
 */
import { randomBytes } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ManualClock } from '../../lambdas/core/clock';
import type { IrSchedule } from '../../lambdas/core/blueprint/ir';
import { ensureProjectTable } from '../../lambdas/adapters/project-data/project-table';
import { DynamoEventRunStore } from '../../lambdas/adapters/project-data/event-run-store';
import { LocalScheduler } from '../../lambdas/adapters/schedules/local-scheduler';
import { LocalEventJobs, MAX_DELIVERIES } from '../../lambdas/adapters/event-jobs/local-event-jobs';
import { EventJobDeferredError, type EventJob } from '../../lambdas/ports/event-jobs';
import { EventRunner, RUN_LEASE_MS, handlerRunId } from '../../lambdas/project-runtime/events/event-runner';
import type { RecordChange } from '../../lambdas/ports/record-changes';
import { goldenIr } from '../support/golden-ir';
import { testDynamoClient } from '../support/dynamo';

const client = testDynamoClient();
const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
const MINUTE = 60_000;
const errors: unknown[] = [];
const onError = (err: unknown) => errors.push(err);

async function newTable(): Promise<string> {
  const tableName = `t-events-${randomBytes(4).toString('hex')}`;
  await ensureProjectTable(client, tableName);
  return tableName;
}
afterAll(() => client.destroy());

describe('the local scheduler', () => {
  const nightly: IrSchedule = { name: 'nightly', expression: 'cron(0 2 * * ? *)', timezone: 'UTC', actions: [{ type: 'call', endpoint: 'x' }] };

  it('runs a new job from its next occurrence on, and once after a restart that missed three', async () => {
    const tableName = await newTable();
    const clock = new ManualClock(Date.parse('2026-07-01T12:00:00.000Z'));
    const ran: string[] = [];
    const scheduler = () => new LocalScheduler({ doc, tableName, schedules: [nightly], clock, run: async (_s, occurrence) => void ran.push(occurrence), onError });
    const first = scheduler();
    await first.start();
    // The 02:00 of the day it was deployed is before it existed: not run.
    expect(ran).toEqual([]);
    clock.set(Date.parse('2026-07-02T01:59:00.000Z'));
    expect(await first.runDue()).toBe(0);
    clock.set(Date.parse('2026-07-02T02:00:00.000Z'));
    expect(await first.runDue()).toBe(1);
    expect(await first.runDue()).toBe(0);
    await first.stop();

    // Down from the 2nd to the 5th, 10:00: the 3rd, 4th and 5th were missed; the 5th runs, once.
    clock.set(Date.parse('2026-07-05T10:00:00.000Z'));
    const second = scheduler();
    await second.start();
    expect(ran).toEqual(['2026-07-02T02:00:00.000Z', '2026-07-05T02:00:00.000Z']);
    clock.set(Date.parse('2026-07-06T02:00:30.000Z'));
    await second.runDue();
    await second.stop();
    expect(ran).toEqual(['2026-07-02T02:00:00.000Z', '2026-07-05T02:00:00.000Z', '2026-07-06T02:00:00.000Z']);
    expect(errors).toEqual([]);
  });

  it('two schedulers over one table run an occurrence once', async () => {
    const tableName = await newTable();
    const clock = new ManualClock(Date.parse('2026-07-01T12:00:00.000Z'));
    const ran: string[] = [];
    const make = () => new LocalScheduler({ doc, tableName, schedules: [nightly], clock, run: async (_s, occurrence) => void ran.push(occurrence), onError });
    const [a, b] = [make(), make()];
    await a.start();
    await b.start();
    clock.set(Date.parse('2026-07-02T02:00:00.000Z'));
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(ran).toEqual(['2026-07-02T02:00:00.000Z']);
  });
});

describe('the local event-job queue', () => {
  const job: EventJob = { kind: 'runRetry', orgId: null, runId: 'h-a-1' };

  it('runs a job once it is due, not before, and keeps queued jobs across a restart', async () => {
    const tableName = await newTable();
    const clock = new ManualClock(Date.parse('2026-07-01T12:00:00.000Z'));
    const ran: EventJob[] = [];
    const first = new LocalEventJobs({ doc, tableName, clock, onError });
    first.setRunner(async (j) => void ran.push(j));
    await first.send(job, 60);
    expect(await first.runDue()).toBe(0);
    await first.stop();
    clock.advance(MINUTE);
    const second = new LocalEventJobs({ doc, tableName, clock, onError });
    second.setRunner(async (j) => void ran.push(j));
    await second.start();
    await second.settled();
    await second.stop();
    expect(ran).toEqual([job]);
  });

  it('puts a deferred job back after the delay it asks for, as no failure', async () => {
    const tableName = await newTable();
    const clock = new ManualClock(Date.parse('2026-07-01T12:00:00.000Z'));
    const failures: unknown[] = [];
    const queue = new LocalEventJobs({ doc, tableName, clock, onError: (err) => failures.push(err) });
    let calls = 0;
    queue.setRunner(async () => {
      calls += 1;
      if (calls <= MAX_DELIVERIES + 1) throw new EventJobDeferredError('not recorded yet', 30);
    });
    await queue.send(job, 0);
    for (let i = 0; i < MAX_DELIVERIES + 2; i += 1) {
      expect(await queue.runDue()).toBe(1);
      // Not due again before its delay.
      expect(await queue.runDue()).toBe(0);
      clock.advance(30_000);
    }
    expect(calls).toBe(MAX_DELIVERIES + 2);
    expect(failures).toEqual([]);
    expect(await queue.deadLetters()).toEqual([]);
  });

  it('sets a job aside after MAX_DELIVERIES failed deliveries, saying why', async () => {
    const tableName = await newTable();
    const clock = new ManualClock(Date.parse('2026-07-01T12:00:00.000Z'));
    const failures: unknown[] = [];
    const queue = new LocalEventJobs({ doc, tableName, clock, onError: (err) => failures.push(err) });
    let deliveries = 0;
    queue.setRunner(async () => {
      deliveries += 1;
      throw new Error('the receiver table is gone');
    });
    await queue.send(job, 0);
    for (let i = 0; i < MAX_DELIVERIES + 2; i += 1) {
      await queue.runDue();
      clock.advance(MINUTE);
    }
    expect(deliveries).toBe(MAX_DELIVERIES);
    expect(await queue.deadLetters()).toEqual([{ job, error: 'the receiver table is gone' }]);
    expect(failures).toHaveLength(MAX_DELIVERIES);
  });
});

describe('a failing handler', () => {
  it('is retried as its policy says, then parked; a retry job that comes twice runs one attempt', async () => {
    const tableName = await newTable();
    const clock = new ManualClock(Date.parse('2026-07-01T12:00:00.000Z'));
    const ir = goldenIr('01-task-tracker');
    const entity = ir.entities[0]!;
    const handler = { name: 'sync', on: { entity: entity.name, event: 'created' as const }, actions: [{ type: 'call' as const, endpoint: 'crm' }], retry: { retries: 2, backoffSeconds: 10 } };
    const queued: Array<{ job: EventJob; delay: number }> = [];
    let attempts = 0;
    const runs = new DynamoEventRunStore({ doc, tableName, clock });
    const runner = new EventRunner({
      ir: { ...ir, events: [handler] },
      runs,
      queue: { send: async (job, delay) => void queued.push({ job, delay }) },
      actions: {
        run: async () => {
          attempts += 1;
          throw new Error('the endpoint crm is not set');
        },
      },
      records: { list: async () => ({ items: [], nextCursor: null }) },
      clock,
      logger: new Logger({ logLevel: 'SILENT' }),
    });
    const change: RecordChange = { changeId: 'c-1', entity: entity.name, orgId: null, recordId: 'r-1', kind: 'created', after: { id: 'r-1' }, at: clock.now().toISOString() };
    const consume = runner.changeConsumer();
    // The change fails its handler but is handled (it never fails the delivery), and a second delivery runs nothing.
    await consume(change);
    await consume(change);
    expect(attempts).toBe(1);
    expect(queued.map((q) => q.delay)).toEqual([10]);
    const runId = handlerRunId('sync', 'c-1');
    // Retry 1 (twice delivered: one attempt), after 10 s; retry 2 after 20 s more.
    clock.advance(10_000);
    await Promise.all([runner.retry(queued[0]!.job as Extract<EventJob, { kind: 'runRetry' }>), runner.retry(queued[0]!.job as Extract<EventJob, { kind: 'runRetry' }>)]);
    expect(attempts).toBe(2);
    expect(queued.map((q) => q.delay)).toEqual([10, 20]);
    // Too early: sent on with the time left, no attempt.
    await runner.retry(queued[1]!.job as Extract<EventJob, { kind: 'runRetry' }>);
    expect(attempts).toBe(2);
    expect(queued[2]!.delay).toBe(20);
    clock.advance(20_000);
    await runner.retry(queued[2]!.job as Extract<EventJob, { kind: 'runRetry' }>);
    expect(attempts).toBe(3);
    expect(await runs.get(null, runId)).toMatchObject({ status: 'parked', attempts: 3, error: 'the endpoint crm is not set' });
    expect((await runs.listParked(null, 10)).items.map((r) => r.id)).toEqual([runId]);
    // Parked: no more attempts however often a job comes.
    await runner.retry(queued[2]!.job as Extract<EventJob, { kind: 'runRetry' }>);
    expect(attempts).toBe(3);
  });
});

describe('a retry job and the attempt before it', () => {
  async function setUp() {
    const tableName = await newTable();
    const clock = new ManualClock(Date.parse('2026-07-01T12:00:00.000Z'));
    const ir = goldenIr('01-task-tracker');
    const entity = ir.entities[0]!;
    const handler = { name: 'sync', on: { entity: entity.name, event: 'created' as const }, actions: [{ type: 'call' as const, endpoint: 'crm' }], retry: { retries: 3, backoffSeconds: 0 } };
    const runs = new DynamoEventRunStore({ doc, tableName, clock });
    let attempts = 0;
    const runner = new EventRunner({
      ir: { ...ir, events: [handler] },
      runs,
      queue: { send: async () => undefined },
      actions: {
        run: async () => {
          attempts += 1;
          throw new Error('down');
        },
      },
      records: { list: async () => ({ items: [], nextCursor: null }) },
      clock,
      logger: new Logger({ logLevel: 'SILENT' }),
    });
    const runId = handlerRunId('sync', 'c-9');
    return { clock, runs, runner, runId, attempts: () => attempts, job: { kind: 'runRetry' as const, orgId: null, runId } };
  }

  it('is deferred while the run is not recorded, or its attempt is under way; after the lease it takes the attempt over, once', async () => {
    const { clock, runs, runner, runId, attempts, job } = await setUp();
    await expect(runner.retry(job)).rejects.toBeInstanceOf(EventJobDeferredError);
    // The attempt is recorded as under way (a process that then died).
    const at = clock.now().toISOString();
    await runs.recordFirst({ id: runId, orgId: null, kind: 'handler', name: 'sync', attempts: 1, maxAttempts: 4, record: { entity: 'Task', id: 'r' }, input: {}, createdAt: at }, { status: 'running' });
    await expect(runner.retry(job)).rejects.toBeInstanceOf(EventJobDeferredError);
    expect(attempts()).toBe(0);
    clock.advance(RUN_LEASE_MS + 1000);
    await Promise.all([runner.retry(job), runner.retry(job)]);
    expect(attempts()).toBe(1);
    // Taken over as attempt 1 (it never ended), then waiting for attempt 2.
    expect(await runs.get(null, runId)).toMatchObject({ status: 'retrying', attempts: 1, error: 'down' });
  });
});

