/**
 * The AWS side of event jobs with mocked clients: the SQS queue delays at most 15 minutes and
 * every message says when it is due; the worker sends an early one on with the time left, runs
 * the others, reports the failed ones (SQS hands them in again, then the dead-letter queue) and
 * drops a message that is no job; a Scheduler invocation is fanned out per organization; the
 * functions' configuration fails loudly.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { ManualClock } from '../../lambdas/core/clock';
import { SqsEventJobs, createEventJobsHandler } from '../../lambdas/adapters/event-jobs/sqs-event-jobs';
import { EventJobDeferredError, type EventJob } from '../../lambdas/ports/event-jobs';
import { fanOutOccurrence } from '../../lambdas/project-runtime/events/schedule-invocations';
import { parseEventFunctionConfig, parseEventJobsQueue } from '../../lambdas/project-runtime/runtime-config';
import type { IrSchedule } from '../../lambdas/core/blueprint/ir';

const QUEUE_URL = 'https://sqs.us-east-2.amazonaws.com/111122223333/BgsProject-p1-EventJobs';
const sqs = mockClient(SQSClient);
const clock = new ManualClock(Date.parse('2026-11-26T10:00:00.000Z'));
const queue = new SqsEventJobs({ client: new SQSClient({ region: 'us-east-2' }), queueUrl: QUEUE_URL, clock });
const retry: EventJob = { kind: 'runRetry', orgId: 'o1', runId: 'h-x-1' };
const sent = () => sqs.commandCalls(SendMessageCommand).map((call) => ({ delay: call.args[0].input.DelaySeconds, body: JSON.parse(call.args[0].input.MessageBody ?? '{}') as unknown }));
const eventOf = (bodies: string[]): SQSEvent => ({ Records: bodies.map((body, i) => ({ messageId: `m${i}`, body }) as SQSEvent['Records'][number]) });

beforeEach(() => {
  sqs.reset();
  sqs.on(SendMessageCommand).resolves({ MessageId: 'x' });
});

it('a job is sent with its due time, delayed at most 15 minutes', async () => {
  await queue.send(retry, 60);
  await queue.send(retry, 3600);
  expect(sent()).toEqual([
    { delay: 60, body: { job: retry, notBefore: '2026-11-26T10:01:00.000Z' } },
    { delay: 900, body: { job: retry, notBefore: '2026-11-26T11:00:00.000Z' } },
  ]);
});

it('the worker sends an early job on, runs the due ones, reports the failed ones and drops what is no job', async () => {
  const ran: EventJob[] = [];
  const logged: string[] = [];
  const handler = createEventJobsHandler({
    queue,
    clock,
    runner: async () => async (job) => {
      if (job.kind === 'webhookDelivery') throw new Error('table unreachable');
      ran.push(job);
    },
    log: (message) => logged.push(message),
  });
  const due = JSON.stringify({ job: retry, notBefore: '2026-11-26T10:00:00.000Z' });
  const early = JSON.stringify({ job: retry, notBefore: '2026-11-26T10:45:00.000Z' });
  const failing = JSON.stringify({ job: { kind: 'webhookDelivery', orgId: null, webhookId: 'w', deliveryId: 'd' }, notBefore: '2026-11-26T09:00:00.000Z' });
  const answer = await handler(eventOf([due, early, failing, '{"job":{"kind":"rm -rf"}}', 'not json']));
  expect(ran).toEqual([retry]);
  expect(sent()).toEqual([{ delay: 900, body: { job: retry, notBefore: '2026-11-26T10:45:00.000Z' } }]);
  expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'm2' }]);
  expect(logged.filter((m) => /dropped/.test(m))).toHaveLength(2);
});

it('a job its runner defers is sent again after the delay it asks for and is no failure', async () => {
  const handler = createEventJobsHandler({
    queue,
    clock,
    runner: async () => async () => {
      throw new EventJobDeferredError('not recorded yet', 30);
    },
    log: () => undefined,
  });
  const answer = await handler(eventOf([JSON.stringify({ job: retry, notBefore: '2026-11-26T10:00:00.000Z' })]));
  expect(answer.batchItemFailures).toEqual([]);
  expect(sent()).toEqual([{ delay: 30, body: { job: retry, notBefore: '2026-11-26T10:00:30.000Z' } }]);
});

describe('a Scheduler invocation', () => {
  const schedule: IrSchedule = { name: 'weekly', expression: 'cron(0 8 ? * MON *)', timezone: 'UTC', actions: [{ type: 'notify', to: { role: 'admin' }, subject: 's', message: 'm' }] };
  const orgs = async function* () {
    yield 'o1';
    yield 'o2';
  };

  it('is one job per organization in a multi-tenant project, one in a single-tenant one', async () => {
    const multi = { tenancy: { mode: 'multi' as const, tenantEntity: 'Organization' as const, claim: 'org_id' as const }, schedules: [schedule] };
    expect(await fanOutOccurrence({ ir: multi, queue, organizations: orgs }, { schedule: 'weekly', occurrence: '2026-11-30T08:00:00Z' })).toBe(2);
    const single = { tenancy: { mode: 'single' as const, tenantEntity: null, claim: null }, schedules: [schedule] };
    expect(await fanOutOccurrence({ ir: single, queue, organizations: orgs }, { schedule: 'weekly', occurrence: '2026-11-30T08:00:00Z' })).toBe(1);
    expect(sent().map((s) => (s.body as { job: EventJob }).job)).toEqual([
      { kind: 'scheduleRun', orgId: 'o1', schedule: 'weekly', occurrence: '2026-11-30T08:00:00.000Z' },
      { kind: 'scheduleRun', orgId: 'o2', schedule: 'weekly', occurrence: '2026-11-30T08:00:00.000Z' },
      { kind: 'scheduleRun', orgId: null, schedule: 'weekly', occurrence: '2026-11-30T08:00:00.000Z' },
    ]);
  });

  it('of a job the blueprint no longer has runs nothing; a malformed one is refused', async () => {
    const single = { tenancy: { mode: 'single' as const, tenantEntity: null, claim: null }, schedules: [schedule] };
    expect(await fanOutOccurrence({ ir: single, queue, organizations: orgs }, { schedule: 'gone', occurrence: '2026-11-30T08:00:00Z' })).toBe(0);
    await expect(fanOutOccurrence({ ir: single, queue, organizations: orgs }, { schedule: 'weekly' })).rejects.toThrow();
    expect(sent()).toEqual([]);
  });
});

it('the event functions need the queue URL; mail and endpoints are optional', () => {
  expect(parseEventJobsQueue({ BGS_EVENT_JOBS_QUEUE_URL: QUEUE_URL })).toBe(QUEUE_URL);
  expect(() => parseEventJobsQueue({})).toThrow(/BGS_EVENT_JOBS_QUEUE_URL: must be an SQS queue URL/);
  expect(() => parseEventJobsQueue({ BGS_EVENT_JOBS_QUEUE_URL: 'https://evil.example.com/q' })).toThrow(/SQS queue URL/);
  expect(parseEventFunctionConfig({ BGS_EVENT_JOBS_QUEUE_URL: QUEUE_URL })).toEqual({ queueUrl: QUEUE_URL, mailFrom: undefined, controlPlaneTable: undefined });
});
