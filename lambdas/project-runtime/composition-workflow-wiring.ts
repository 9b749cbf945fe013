/**
 * THE wiring of a project's workflows, for every host that runs its durable handler: the local
 * durable engine (composition-workflows.ts `localWorkflows`) and the workflow function on AWS
 * (workflow.lambda.ts through composition-aws-workflow-function.ts). Both hand in the same services and differ only
 * in the ports: the durable transport, where mail goes, how endpoints are found and reached.
 */
import type { DurableExecutions } from '../ports/durable-executions';
import type { OutgoingSender } from '../ports/outgoing-sender';
import { workflowStarts, type ServicesForWorkflows, type WorkflowStarts, type WorkflowStorePorts } from './composition-workflow-starts';
import { RecordDates } from './workflows/record-dates';
import { TaskActions, type OutgoingEndpoints, type WorkflowMailer } from './workflows/task-actions';
import { workflowHandler } from './workflows/workflow-handler';

/** What a workflow's tasks reach outside the project's table. */
export interface WorkflowTaskPorts {
  readonly mailer: WorkflowMailer;
  readonly endpoints: OutgoingEndpoints;
  readonly sender: OutgoingSender;
}

export interface WorkflowPieces extends WorkflowStarts {
  /** The one durable handler of every workflow of the blueprint (wrap it with `withDurableExecution`, or run it in the local engine). */
  readonly handler: ReturnType<typeof workflowHandler>;
}

/** The starts (composition-workflow-starts.ts), the task actions and the durable handler over a given transport. */
export function workflowPieces(services: ServicesForWorkflows, ports: WorkflowStorePorts & WorkflowTaskPorts, executions: DurableExecutions): WorkflowPieces {
  const { ir, clock } = services;
  const starts = workflowStarts(services, ports, executions);
  const { instances, starter } = starts.runtime;
  const actions = new TaskActions({ ir, projectId: services.projectId, records: services.records, members: services.members, mailer: ports.mailer, endpoints: ports.endpoints, sender: ports.sender, starter, clock });
  const handler = workflowHandler({ ir, instances, executions, actions, dates: new RecordDates({ ir, records: services.records }), clock });
  return { ...starts, handler };
}
