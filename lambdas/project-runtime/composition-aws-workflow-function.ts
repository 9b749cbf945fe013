/**
 * The services of a project's durable workflow function on AWS (workflow.lambda.ts), wired by
 * composition-workflow-wiring.ts exactly as the local engine's are, with the AWS ports:
 *   - executions: LambdaDurableExecutions through the function's own alias (a task's `start`, a
 *     signal that waited in the inbox);
 *   - mail, endpoints and requests as every AWS function that runs actions has them
 *     (composition-aws-task-ports.ts).
 */
import { buildRuntime, type ProjectApiConfig } from './composition-root';
import { lambdaExecutions } from './composition-aws-workflows';
import type { WorkflowFunctionConfig } from './runtime-config';
import { workflowPieces, type WorkflowPieces } from './composition-workflow-wiring';
import { awsTaskPorts } from './composition-aws-task-ports';

/** The durable handler and the rest of the pieces, built once per cold start. */
export async function buildAwsWorkflowFunction(config: ProjectApiConfig, workflow: WorkflowFunctionConfig): Promise<WorkflowPieces> {
  const built = await buildRuntime(config);
  return workflowPieces(
    built.services,
    {
      doc: built.doc,
      tableName: config.tableName,
      cursorSecret: built.cursorSecret,
      ...awsTaskPorts(config, workflow),
    },
    lambdaExecutions(workflow.transport, config.region),
  );
}
