/**
 * The AWS side of a project's workflows, for the three functions that touch them: the durable
 * transport (LambdaDurableExecutions through the workflow function's alias), the starts
 * (composition-workflow-starts.ts) over the runtime's own services, and the handler of the
 * executions' status-change events. The runtime's routes, the stream function and the
 * execution-ends function use this module only; the workflow function adds its task ports
 * (composition-aws-workflow-function.ts). Nothing here is the local engine: the local host wires the same
 * pieces in composition-workflows.ts.
 */
import { LambdaClient } from '@aws-sdk/client-lambda';
import { LambdaDurableExecutions } from '../adapters/durable/lambda-durable-executions';
import { buildRuntime, type ProjectApiConfig } from './composition-root';
import type { WorkflowTransportConfig } from './runtime-config';
import type { RuntimeServices } from './runtime-services';
import { workflowStarts, type WorkflowStarts } from './composition-workflow-starts';
import type { Logger } from '@aws-lambda-powertools/logger';
import { DynamoWorkflowInstanceStore } from '../adapters/project-data/workflow-instance-store';
import { dynamoClients } from '../adapters/dynamodb/dynamo-clients';
import { systemClock } from '../core/clock';
import { EXECUTION_ENDS_TABLE_ACTIONS } from './runtime-permissions';
import { awsEventRoutes } from './composition-aws-events';
import { createExecutionStatusEventHandler, type ExecutionStatusEventOutcome } from './workflows/execution-status-events';

export type BuiltRuntime = Awaited<ReturnType<typeof buildRuntime>>;

/** Starts, resumes and stops executions of the workflow function, always through its alias. */
export function lambdaExecutions(transport: WorkflowTransportConfig, region: string): LambdaDurableExecutions {
  return new LambdaDurableExecutions({ lambda: new LambdaClient({ region }), functionName: transport.functionName, qualifier: transport.qualifier });
}

/** The starts over the runtime's services, its table client and its cursor key. */
export function awsWorkflowStarts(built: BuiltRuntime, config: ProjectApiConfig, transport: WorkflowTransportConfig): WorkflowStarts {
  return workflowStarts(built.services, { doc: built.doc, tableName: config.tableName, cursorSecret: built.cursorSecret }, lambdaExecutions(transport, config.region));
}

/**
 * The runtime's services on AWS: the event and webhook routes over the stack's event-job queue,
 * and `workflows` when its stack runs a workflow function, so the workflow routes answer.
 */
export async function buildAwsProjectApi(config: ProjectApiConfig, transport: WorkflowTransportConfig | undefined, eventJobsQueueUrl: string): Promise<RuntimeServices> {
  const built = await buildRuntime(config);
  const services = { ...built.services, ...awsEventRoutes(built, config, eventJobsQueueUrl) };
  if (!transport) return services;
  return { ...services, workflows: awsWorkflowStarts(built, config, transport).runtime };
}

/**
 * The handler of the workflow function's status-change events: instances of executions that ended
 * outside the handler are ended. It needs no blueprint and no runtime: the instance store on the
 * project table (EXECUTION_ENDS_TABLE_ACTIONS only) and the execution read by its ARN.
 */
export function awsExecutionEnds(config: ProjectApiConfig, transport: WorkflowTransportConfig, logger: Logger): (event: unknown) => Promise<ExecutionStatusEventOutcome> {
  const executions = lambdaExecutions(transport, config.region);
  const grant = { tableName: config.tableName, actions: EXECUTION_ENDS_TABLE_ACTIONS, principal: `the workflow execution ends of project ${config.projectId}` };
  const { doc } = dynamoClients({ region: config.region }, [grant]);
  return createExecutionStatusEventHandler({
    summary: (arn) => executions.summary(arn),
    instances: new DynamoWorkflowInstanceStore({ doc, tableName: config.tableName }),
    clock: systemClock,
    log: (message, detail) => logger.warn(message, detail),
  });
}
