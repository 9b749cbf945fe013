/**
 * The execution-ends function of a deployed project (AWS): an EventBridge rule hands it Lambda's
 * "Durable Execution Status Change" events of the project's workflow function that ended FAILED,
 * TIMED_OUT or STOPPED, and it ends their instances (workflows/execution-status-events.ts), so
 * none stays `running` for an execution that is gone. Its configuration is parsed once per cold
 * start and fails loudly. A failure throws, so EventBridge retries the event and then parks it in
 * the rule's dead-letter queue.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { awsExecutionEnds } from './composition-aws-workflows';
import { parseRuntimeConfig, requireWorkflowTransport } from './runtime-config';
import type { ExecutionStatusEventOutcome } from './workflows/execution-status-events';

const config = parseRuntimeConfig(process.env);
const logger = new Logger({ serviceName: `bgs-project-${config.projectId}`, ...(config.logLevel ? { logLevel: config.logLevel } : {}) });
const endInstances = awsExecutionEnds(config, requireWorkflowTransport(process.env), logger);

export const handler = async (event: unknown): Promise<{ outcome: ExecutionStatusEventOutcome }> => ({ outcome: await endInstances(event) });
