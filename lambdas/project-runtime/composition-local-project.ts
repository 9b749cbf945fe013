/**
 * A project's API as the local host runs it: the runtime's services (composition-root.ts), its
 * workflows on the local durable engine (composition-workflows.ts), its event handlers, jobs and
 * event jobs (composition-events.ts) over the local event-job queue and scheduler, and the
 * record-change consumers of all of them, for the host's change reader. The host ports say where
 * mail goes and how endpoints are reached. Kept out of composition-root.ts so the AWS runtime's
 * bundle carries no local engine.
 */
import { dynamoClients } from '../adapters/dynamodb/dynamo-clients';
import { LocalEventJobs } from '../adapters/event-jobs/local-event-jobs';
import { LocalScheduler } from '../adapters/schedules/local-scheduler';
import type { NamedChangeConsumer } from '../adapters/record-changes/change-dispatcher';
import { schedulesOf } from '../core/blueprint/ir';
import { buildRuntime, type ProjectApiConfig, type ProjectApiSetup } from './composition-root';
import { eventPieces, type EventStorePorts } from './composition-events';
import { localWorkflows, LOCAL_DURABLE_ENGINE_TABLE_ACTIONS, type LocalWorkflows, type WorkflowHostPorts } from './composition-workflows';
import type { RuntimeServices } from './runtime-services';

/** A project's event jobs and scheduled jobs as the local host runs them. */
export interface LocalEvents {
  /** The event-job queue: `start` arms it (what fell due while the service was down runs then), `runDue` runs what is due now. */
  readonly jobs: LocalEventJobs;
  /** The scheduled jobs' scheduler; absent when the blueprint has none. */
  readonly scheduler?: LocalScheduler;
}

export interface LocalProjectApi {
  readonly services: RuntimeServices;
  readonly workflows: LocalWorkflows;
  readonly events: LocalEvents;
  /** For the host's change reader, in order: workflow triggers, record waits, event handlers, webhooks. */
  readonly consumers: readonly NamedChangeConsumer[];
}

export type LocalHostPorts = Omit<WorkflowHostPorts, 'doc' | 'engineDoc' | 'tableName' | 'cursorSecret'> & {
  readonly onError: (err: unknown) => void;
  /** What the outgoing sender may reach besides public addresses (the local service: loopback), for webhook URLs too. */
  readonly allowedAddresses: EventStorePorts['allowedAddresses'];
};

export async function buildLocalProjectApi(config: ProjectApiConfig, setup: ProjectApiSetup, host: LocalHostPorts): Promise<LocalProjectApi> {
  const built = await buildRuntime(config, setup);
  // The engine stands in for Lambda's durable execution service, a principal of its own: its
  // checkpoints are not the runtime's to read or write, so it gets its own client and grant.
  const engineGrant = { tableName: config.tableName, actions: LOCAL_DURABLE_ENGINE_TABLE_ACTIONS, principal: `the local durable engine of project ${config.projectId}` };
  const engine = dynamoClients({ region: config.region, endpoint: config.localStores?.dynamoEndpoint, credentialsFile: config.localStores?.credentialsFile }, [engineGrant]);
  const workflows = localWorkflows(built.services, { ...host, doc: built.doc, engineDoc: engine.doc, tableName: config.tableName, cursorSecret: built.cursorSecret });
  const { services } = built;
  const jobs = new LocalEventJobs({ doc: built.doc, tableName: config.tableName, clock: services.clock, onError: host.onError });
  const events = eventPieces(services, { ...host, doc: built.doc, tableName: config.tableName, cursorSecret: built.cursorSecret, queue: jobs }, services.ir.workflows.length > 0 ? workflows.runtime.starter : undefined);
  jobs.setRunner(events.runJob);
  const schedules = schedulesOf(services.ir);
  const scheduler =
    schedules.length > 0
      ? new LocalScheduler({ doc: built.doc, tableName: config.tableName, schedules, clock: services.clock, run: events.runOccurrence, onError: host.onError })
      : undefined;
  return {
    services: { ...services, workflows: workflows.runtime, events: events.runtime, webhooks: events.webhooks },
    workflows,
    events: { jobs, ...(scheduler ? { scheduler } : {}) },
    consumers: [...workflows.consumers, ...events.consumers],
  };
}
