/**
 * The stream function of a deployed project (AWS): the event source mapping on the project
 * table's stream hands it batches of record changes, which go to the same consumers the local
 * change reader feeds (workflow triggers start instances through the workflow function's alias,
 * record waits resume callbacks). A failed change is reported as the record to retry from
 * (ReportBatchItemFailures). Services are built on the first batch; a failed build fails the
 * whole batch, which Lambda then retries.
 */
import { buildRuntime } from './composition-root';
import { createChangeDispatcher } from '../adapters/record-changes/change-dispatcher';
import { createStreamEventHandler } from '../adapters/record-changes/stream-event-handler';
import type { RecordChangeBatchConsumer } from '../ports/record-changes';
import { awsWorkflowStarts } from './composition-aws-workflows';
import { parseRuntimeConfig, requireWorkflowTransport } from './runtime-config';

const config = parseRuntimeConfig(process.env);
const transport = requireWorkflowTransport(process.env);
let dispatcher: Promise<RecordChangeBatchConsumer> | undefined;

const built = (): Promise<RecordChangeBatchConsumer> =>
  (dispatcher ??= buildRuntime(config)
    .then((runtime) => createChangeDispatcher(awsWorkflowStarts(runtime, config, transport).consumers))
    .catch((err: unknown) => {
      dispatcher = undefined;
      throw err;
    }));

export const handler = createStreamEventHandler(async (changes) => (await built())(changes));
