/**
 * The workflow half of a project's composition root: the instance store, the starter, the task
 * actions, the one durable handler, and the transport it runs on, wired the same way for every
 * host. Locally the transport is the local durable engine over the project's own table
 * (lambdas/adapters/durable/local/); on AWS it is the project's durable Lambda function
 * (lambdas/adapters/durable/lambda-durable-executions.ts), whose own entry builds the handler
 * with the same pieces. The record-change consumers (triggers, record waits) come with it, for
 * the host's change reader (locally) or the stream function (AWS).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoClients } from '../adapters/dynamodb/dynamo-clients';
import { buildRuntime, type ProjectApiConfig, type ProjectApiSetup } from './composition-root';
import { LocalDurableEngine } from '../adapters/durable/local/local-durable-engine';
import { DynamoWorkflowInstanceStore } from '../adapters/project-data/workflow-instance-store';
import type { NamedChangeConsumer } from '../adapters/record-changes/change-dispatcher';
import type { DurableExecutions } from '../ports/durable-executions';
import type { OutgoingSender } from '../ports/outgoing-sender';
import type { RuntimeServices, WorkflowRuntime } from './runtime-services';
import { RecordDates } from './workflows/record-dates';
import { TaskActions, type OutgoingEndpoints, type WorkflowMailer } from './workflows/task-actions';
import { workflowRecordWaitConsumer, workflowTriggerConsumer } from './workflows/workflow-change-consumers';
import { workflowHandler } from './workflows/workflow-handler';
import { WorkflowStarter } from './workflows/workflow-starter';

/** What the workflows of one project need from the host besides the runtime's own services. */
/** What the local durable engine does on the project's table (its checkpoints, due items and callbacks). */
export const LOCAL_DURABLE_ENGINE_TABLE_ACTIONS: readonly string[] = ['BatchGetItem', 'ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'];

export interface WorkflowHostPorts {
  /** The runtime's client: records and workflow instances (what the workflow function may do on AWS). */
  readonly doc: DynamoDBDocumentClient;
  /** The local engine's own client (LOCAL_DURABLE_ENGINE_TABLE_ACTIONS). */
  readonly engineDoc: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly cursorSecret: string;
  readonly mailer: WorkflowMailer;
  readonly endpoints: OutgoingEndpoints;
  readonly sender: OutgoingSender;
  /** Where failures of background work go (a due pass, an invocation's bookkeeping). */
  readonly onError?: (err: unknown) => void;
}

export interface LocalWorkflows {
  readonly runtime: WorkflowRuntime;
  /** For the host's change reader: triggers first, then record waits. */
  readonly consumers: readonly NamedChangeConsumer[];
  /** The engine: `open` arms its scheduler (catching up on what fell due), `runDue` runs what is due now. */
  readonly engine: LocalDurableEngine;
}

type ServicesForWorkflows = Pick<RuntimeServices, 'ir' | 'projectId' | 'records' | 'members' | 'clock' | 'logger'>;

/** The workflow pieces over a given transport (the handler is built too, for a transport that runs it in-process). */
function workflowPieces(services: ServicesForWorkflows, ports: WorkflowHostPorts, executions: DurableExecutions) {
  const { ir, clock } = services;
  const instances = new DynamoWorkflowInstanceStore({ doc: ports.doc, tableName: ports.tableName });
  const starter = new WorkflowStarter({ ir, instances, executions, clock });
  const actions = new TaskActions({ ir, projectId: services.projectId, records: services.records, members: services.members, mailer: ports.mailer, endpoints: ports.endpoints, sender: ports.sender, starter, clock });
  const handler = workflowHandler({ ir, instances, executions, actions, dates: new RecordDates({ ir, records: services.records }), clock });
  const consumerProps = { ir, starter, instances, executions, logger: services.logger };
  const consumers: NamedChangeConsumer[] = [
    { name: 'workflow triggers', consume: workflowTriggerConsumer(consumerProps) },
    { name: 'workflow record waits', consume: workflowRecordWaitConsumer(consumerProps) },
  ];
  const runtime: WorkflowRuntime = { instances, executions, starter, cursorSecret: ports.cursorSecret };
  return { runtime, consumers, handler };
}

/** Workflows run by the local durable engine in this process, over the project's table. */
export function localWorkflows(services: ServicesForWorkflows, ports: WorkflowHostPorts): LocalWorkflows {
  // The handler resumes waits through the engine that runs it: bound once the engine exists.
  const bound: { engine?: LocalDurableEngine } = {};
  const through = (): LocalDurableEngine => {
    if (!bound.engine) throw new Error('The local durable engine is not built yet');
    return bound.engine;
  };
  const executions: DurableExecutions = {
    start: (id, input) => through().start(id, input),
    sendCallbackSuccess: (id, result) => through().sendCallbackSuccess(id, result),
    sendCallbackFailure: (id, error) => through().sendCallbackFailure(id, error),
    stop: (id) => through().stop(id),
  };
  const { runtime, consumers, handler } = workflowPieces(services, ports, executions);
  const engine = new LocalDurableEngine({
    doc: ports.engineDoc,
    tableName: ports.tableName,
    handler,
    clock: services.clock,
    ...(ports.onError ? { onError: ports.onError } : {}),
  });
  bound.engine = engine;
  return { runtime, consumers, engine };
}

/**
 * A project's API as the local host runs it: the runtime's services plus its workflows on the
 * local durable engine (composition-workflows.ts), whose consumers the host feeds with the
 * table's record changes. The host ports say where mail goes and how endpoints are reached.
 */
export async function buildLocalProjectApi(
  config: ProjectApiConfig,
  setup: ProjectApiSetup,
  host: Omit<WorkflowHostPorts, 'doc' | 'engineDoc' | 'tableName' | 'cursorSecret'>,
): Promise<{ services: RuntimeServices; workflows: LocalWorkflows }> {
  const built = await buildRuntime(config, setup);
  // The engine stands in for Lambda's durable execution service, a principal of its own: its
  // checkpoints are not the runtime's to read or write, so it gets its own client and grant.
  const engineGrant = { tableName: config.tableName, actions: LOCAL_DURABLE_ENGINE_TABLE_ACTIONS, principal: `the local durable engine of project ${config.projectId}` };
  const engine = dynamoClients({ region: config.region, endpoint: config.localStores?.dynamoEndpoint, credentialsFile: config.localStores?.credentialsFile }, [engineGrant]);
  const workflows = localWorkflows(built.services, { ...host, doc: built.doc, engineDoc: engine.doc, tableName: config.tableName, cursorSecret: built.cursorSecret });
  return { services: { ...built.services, workflows: workflows.runtime }, workflows };
}
