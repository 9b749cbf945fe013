/**
 * The stream function of a deployed project (AWS): the event source mapping on the project
 * table's stream hands it batches of record changes, which go to the same consumers the local
 * change reader feeds, through the one dispatcher: workflow triggers and record waits (when the
 * stack has workflows: starts through the workflow function's alias), event handlers (run here;
 * a failing one is queued for its retry, never failing the batch) and webhook deliveries (queued).
 * A change a consumer could not take is reported as the record to retry from
 * (ReportBatchItemFailures); after the mapping's retries it goes to its dead-letter queue.
 * Services are built on the first batch; a failed build fails the whole batch, which Lambda retries.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { createChangeDispatcher } from '../adapters/record-changes/change-dispatcher';
import { createStreamEventHandler } from '../adapters/record-changes/stream-event-handler';
import type { RecordChangeBatchConsumer } from '../ports/record-changes';
import { buildAwsEventFunction } from './composition-aws-events';
import { parseEventFunctionConfig, parseRuntimeConfig, parseWorkflowTransport } from './runtime-config';

const config = parseRuntimeConfig(process.env);
const events = parseEventFunctionConfig(process.env);
const transport = parseWorkflowTransport(process.env);
const logger = new Logger({ serviceName: `bgs-project-${config.projectId}-record-changes` });
let dispatcher: Promise<RecordChangeBatchConsumer> | undefined;

const built = (): Promise<RecordChangeBatchConsumer> =>
  (dispatcher ??= buildAwsEventFunction(config, events, transport)
    .then((pieces) => createChangeDispatcher(pieces.allConsumers))
    .catch((err: unknown) => {
      dispatcher = undefined;
      throw err;
    }));

export const handler = createStreamEventHandler(async (changes) => (await built())(changes), {
  onFailure: (error, retryFrom) => logger.error('A record change was not handled; the stream retries from it', { retryFrom, error: String(error) }),
});
