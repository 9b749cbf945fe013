/**
 * The AWS side of a project's workflows, for the three functions that touch them: the durable
 * transport (LambdaDurableExecutions through the workflow function's alias) and the starts
 * (composition-workflow-starts.ts) over the runtime's own services. The runtime's routes and the stream
 * function use this module only; the workflow function adds its task ports
 * (composition-aws-workflow-function.ts). Nothing here is the local engine: the local host wires the same
 * pieces in composition-workflows.ts.
 */
import { LambdaClient } from '@aws-sdk/client-lambda';
import { LambdaDurableExecutions } from '../adapters/durable/lambda-durable-executions';
import { buildRuntime, type ProjectApiConfig } from './composition-root';
import type { WorkflowTransportConfig } from './runtime-config';
import type { RuntimeServices } from './runtime-services';
import { workflowStarts, type WorkflowStarts } from './composition-workflow-starts';

export type BuiltRuntime = Awaited<ReturnType<typeof buildRuntime>>;

/** Starts, resumes and stops executions of the workflow function, always through its alias. */
export function lambdaExecutions(transport: WorkflowTransportConfig, region: string): LambdaDurableExecutions {
  return new LambdaDurableExecutions({ lambda: new LambdaClient({ region }), functionName: transport.functionName, qualifier: transport.qualifier });
}

/** The starts over the runtime's services, its table client and its cursor key. */
export function awsWorkflowStarts(built: BuiltRuntime, config: ProjectApiConfig, transport: WorkflowTransportConfig): WorkflowStarts {
  return workflowStarts(built.services, { doc: built.doc, tableName: config.tableName, cursorSecret: built.cursorSecret }, lambdaExecutions(transport, config.region));
}

/** The runtime's services on AWS: with `workflows` when its stack runs a workflow function, so the workflow routes answer. */
export async function buildAwsProjectApi(config: ProjectApiConfig, transport: WorkflowTransportConfig | undefined): Promise<RuntimeServices> {
  const built = await buildRuntime(config);
  if (!transport) return built.services;
  return { ...built.services, workflows: awsWorkflowStarts(built, config, transport).runtime };
}
