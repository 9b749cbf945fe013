/**
 * The half of a project's workflow wiring that starts and resumes instances without running them:
 * the instance store, the starter (the one way every start goes) and the record-change consumers
 * (triggers, record waits). The runtime's routes and the stream function need only this; it holds
 * no durable handler, so their bundles carry neither the durable SDK nor the task actions.
 * composition-workflow-wiring.ts adds the handler for the hosts that run it (the local engine, the workflow
 * function on AWS).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoWorkflowInstanceStore } from '../adapters/project-data/workflow-instance-store';
import type { NamedChangeConsumer } from '../adapters/record-changes/change-dispatcher';
import type { DurableExecutions } from '../ports/durable-executions';
import type { RuntimeServices, WorkflowRuntime } from './runtime-services';
import { workflowRecordWaitConsumer, workflowTriggerConsumer } from './workflows/workflow-change-consumers';
import { WorkflowStarter } from './workflows/workflow-starter';

/** Where the instances live: the project's table, through the runtime's client (PROJECT_RUNTIME_TABLE_ACTIONS). */
export interface WorkflowStorePorts {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  /** Signs the instance lists' cursors (the project's cursor key). */
  readonly cursorSecret: string;
}

export type ServicesForWorkflows = Pick<RuntimeServices, 'ir' | 'projectId' | 'records' | 'members' | 'clock' | 'logger'>;

export interface WorkflowStarts {
  /** What the workflow routes drive. */
  readonly runtime: WorkflowRuntime;
  /** For a reader of the table's changes: triggers first, then record waits. */
  readonly consumers: readonly NamedChangeConsumer[];
}

/** The instance store, the starter and the change consumers over a durable transport. */
export function workflowStarts(services: ServicesForWorkflows, ports: WorkflowStorePorts, executions: DurableExecutions): WorkflowStarts {
  const { ir, clock } = services;
  const instances = new DynamoWorkflowInstanceStore({ doc: ports.doc, tableName: ports.tableName });
  const starter = new WorkflowStarter({ ir, instances, executions, clock });
  const consumerProps = { ir, starter, instances, executions, logger: services.logger };
  const consumers: NamedChangeConsumer[] = [
    { name: 'workflow triggers', consume: workflowTriggerConsumer(consumerProps) },
    { name: 'workflow record waits', consume: workflowRecordWaitConsumer(consumerProps) },
  ];
  return { runtime: { instances, executions, starter, cursorSecret: ports.cursorSecret }, consumers };
}
