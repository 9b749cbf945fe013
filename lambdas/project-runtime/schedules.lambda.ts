/**
 * The schedules function of a deployed project (AWS): the target of every EventBridge Scheduler
 * schedule of its scheduled jobs. It fans an occurrence out as one event job per organization
 * (schedule-invocations.ts); the event-jobs function runs them. A failure (the queue unreachable)
 * throws: Scheduler retries the invocation, then sends it to the event jobs' dead-letter queue.
 */
import { buildRuntime } from './composition-root';
import { organizationIds } from '../adapters/project-data/organization-list';
import { sqsEventJobs } from './composition-aws-events';
import { fanOutOccurrence } from './events/schedule-invocations';
import { parseEventJobsQueue, parseRuntimeConfig } from './runtime-config';

const config = parseRuntimeConfig(process.env);
const queue = sqsEventJobs(config, parseEventJobsQueue(process.env));
let runtime: ReturnType<typeof buildRuntime> | undefined;

export const handler = async (event: unknown): Promise<{ queued: number }> => {
  runtime ??= buildRuntime(config).catch((err: unknown) => {
    runtime = undefined;
    throw err;
  });
  const { services, doc } = await runtime;
  const queued = await fanOutOccurrence({ ir: services.ir, queue, organizations: () => organizationIds({ doc, tableName: config.tableName }) }, event);
  return { queued };
};
