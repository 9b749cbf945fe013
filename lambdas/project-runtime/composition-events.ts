/**
 * THE wiring of a project's event handlers, scheduled jobs and event jobs, for every host that
 * runs them: the local host (over the local event-job queue and scheduler) and, on AWS, the
 * stream function, the event-jobs function and the schedules function. Each hands in the same
 * services and differs only in the ports: the queue, where mail goes, how endpoints are found
 * and reached, and (when the project has workflows) the starter of `start` actions.
 *
 * The job runner routes every kind of event job (ports/event-jobs.ts) to its runner: the one list
 * of kinds is the EventJob union, and a kind without a runner is a compile error here.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { schedulesOf, type IrSchedule } from '../core/blueprint/ir';
import type { EventJob, EventJobQueue, EventJobRunner } from '../ports/event-jobs';
import type { NamedChangeConsumer } from '../adapters/record-changes/change-dispatcher';
import { DynamoEventRunStore } from '../adapters/project-data/event-run-store';
import { organizationIds } from '../adapters/project-data/organization-list';
import type { AllowableAddressClass } from '../core/outgoing/address-class';
import type { EventRuntime, RuntimeServices, WebhookRuntime } from './runtime-services';
import { webhookPieces, webhookRuntime } from './composition-webhooks';
import type { WorkflowTaskPorts } from './composition-workflow-wiring';
import { TaskActions } from './workflows/task-actions';
import type { WorkflowStarter } from './workflows/workflow-starter';
import { EventRunner } from './events/event-runner';
import { runScheduleOccurrence, type OccurrenceOutcome } from './events/schedule-occurrence';

export type ServicesForEvents = Pick<RuntimeServices, 'ir' | 'projectId' | 'records' | 'members' | 'clock' | 'logger'>;

/** Where the runs live and how jobs are queued. */
export interface EventStorePorts {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly cursorSecret: string;
  readonly queue: EventJobQueue;
  /** Non-public address classes webhook subscriptions may name: the outgoing sender's (`[]` on AWS, `['loopback']` locally). */
  readonly allowedAddresses: readonly AllowableAddressClass[];
}

export interface EventPieces {
  /** What the event routes drive. */
  readonly runtime: EventRuntime;
  /** What the webhook routes drive. */
  readonly webhooks: WebhookRuntime;
  /** For a reader of the table's changes: the event handlers, then the webhooks. */
  readonly consumers: readonly NamedChangeConsumer[];
  /** Runs one event job of any kind. */
  readonly runJob: EventJobRunner;
  /** Runs one occurrence of a job for every organization. */
  readonly runOccurrence: (schedule: IrSchedule, occurrence: string) => Promise<OccurrenceOutcome>;
}

/** The runs and the queue only: what the event routes need (no actions run in a request). */
export function eventRuntime(services: Pick<RuntimeServices, 'clock'>, ports: EventStorePorts): EventRuntime {
  return { runs: new DynamoEventRunStore({ doc: ports.doc, tableName: ports.tableName, clock: services.clock }), queue: ports.queue, cursorSecret: ports.cursorSecret };
}

/** What the runtime's routes need of events and webhooks on a host that only answers requests (the runtime function on AWS). */
export function eventRoutesRuntime(services: Pick<RuntimeServices, 'clock'>, ports: EventStorePorts): Pick<RuntimeServices, 'events' | 'webhooks'> {
  return { events: eventRuntime(services, ports), webhooks: webhookRuntime(ports) };
}

/** The runner of handlers and jobs and the routing of event jobs, over the given ports. */
export function eventPieces(services: ServicesForEvents, ports: EventStorePorts & WorkflowTaskPorts, starter?: WorkflowStarter): EventPieces {
  const { ir, clock } = services;
  const runtime = eventRuntime(services, ports);
  const actions = new TaskActions({
    ir,
    projectId: services.projectId,
    records: services.records,
    members: services.members,
    mailer: ports.mailer,
    endpoints: ports.endpoints,
    sender: ports.sender,
    ...(starter ? { starter } : {}),
    clock,
  });
  const webhooks = webhookPieces({ ...ports, clock, onInternalError: (err, job) => services.logger.error('A webhook delivery failed for a reason of ours', { job, error: String(err) }) });
  const runner = new EventRunner({ ir, runs: runtime.runs, queue: ports.queue, actions, records: services.records, clock, logger: services.logger });
  const organizations = () => organizationIds({ doc: ports.doc, tableName: ports.tableName });
  const runOccurrence = (schedule: IrSchedule, occurrence: string) => runScheduleOccurrence(ir, runner, organizations, schedule, occurrence);
  const runners: { [K in EventJob['kind']]: (job: Extract<EventJob, { kind: K }>) => Promise<void> } = {
    runRetry: (job) => runner.retry(job),
    scheduleRun: async (job) => {
      const schedule = schedulesOf(ir).find((s) => s.name === job.schedule);
      if (schedule) await runner.runOccurrence(schedule, job.occurrence, job.orgId);
    },
    webhookDelivery: (job) => webhooks.runDelivery(job),
  };
  const runJob: EventJobRunner = (job) => (runners[job.kind] as (job: EventJob) => Promise<void>)(job);
  return { runtime, webhooks: webhooks.runtime, consumers: [{ name: 'event handlers', consume: runner.changeConsumer() }, webhooks.consumer], runJob, runOccurrence };
}
