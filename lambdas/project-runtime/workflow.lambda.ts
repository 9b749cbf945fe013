/**
 * The durable workflow function of a deployed project (AWS): the same durable handler the local
 * engine runs (workflows/workflow-handler.ts), wrapped by the durable execution SDK. Its
 * configuration is parsed once per cold start and fails loudly; its services (the blueprint read
 * from the project's table, the stores, SES, the endpoints) are built on the first invocation
 * and again after a failed build.
 */
import { withDurableExecution } from '@aws/durable-execution-sdk-js';
import { buildAwsWorkflowFunction } from './composition-aws-workflow-function';
import { parseRuntimeConfig, parseWorkflowFunctionConfig } from './runtime-config';
import type { WorkflowPieces } from './composition-workflow-wiring';
import type { WorkflowExecutionInput, WorkflowExecutionResult } from './workflows/workflow-handler';

const config = parseRuntimeConfig(process.env);
const workflow = parseWorkflowFunctionConfig(process.env);
let pieces: Promise<WorkflowPieces> | undefined;

const built = (): Promise<WorkflowPieces> =>
  (pieces ??= buildAwsWorkflowFunction(config, workflow).catch((err: unknown) => {
    pieces = undefined;
    throw err;
  }));

export const handler = withDurableExecution<WorkflowExecutionInput, WorkflowExecutionResult>(async (input, ctx) => (await built()).handler(input, ctx));
