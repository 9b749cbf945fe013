/**
 * The event-jobs function of a deployed project (AWS): an SQS event source mapping on the stack's
 * event-job queue hands it webhook deliveries, retries of event handlers and scheduled jobs, and
 * a scheduled job's run for one organization, each routed to its runner (composition-events.ts).
 * A job that failed is reported (ReportBatchItemFailures): SQS hands it in again, and after the
 * queue's receive limit it waits in the dead-letter queue.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { createEventJobsHandler } from '../adapters/event-jobs/sqs-event-jobs';
import { systemClock } from '../core/clock';
import type { EventJobRunner } from '../ports/event-jobs';
import { buildAwsEventFunction, sqsEventJobs } from './composition-aws-events';
import { parseEventFunctionConfig, parseRuntimeConfig, parseWorkflowTransport } from './runtime-config';

const config = parseRuntimeConfig(process.env);
const events = parseEventFunctionConfig(process.env);
const transport = parseWorkflowTransport(process.env);
const logger = new Logger({ serviceName: `bgs-project-${config.projectId}-event-jobs` });
let runner: Promise<EventJobRunner> | undefined;

export const handler = createEventJobsHandler({
  queue: sqsEventJobs(config, events.queueUrl),
  clock: systemClock,
  runner: () =>
    (runner ??= buildAwsEventFunction(config, events, transport)
      .then((pieces) => pieces.runJob)
      .catch((err: unknown) => {
        runner = undefined;
        throw err;
      })),
  log: (message, detail) => logger.warn(message, detail),
});
