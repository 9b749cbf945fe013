/**
 * The prebuilt runtime of every generated project API on AWS: one Lambda per project, routed by
 * its blueprint. It queues webhook redeliveries and admins' retries of failed event runs on the
 * stack's event-job queue, and on a stack with workflows it also starts, signals and cancels their
 * durable executions through the workflow function's alias (composition-aws-workflows.ts), never the local engine.
 */
import type { RuntimeServices } from './runtime-services';
import { buildAwsProjectApi } from './composition-aws-workflows';
import { parseEventJobsQueue, parseRuntimeConfig, parseWorkflowTransport } from './runtime-config';
import { createRuntimeHandler } from './runtime-handler';

const config = parseRuntimeConfig(process.env);
const workflows = parseWorkflowTransport(process.env);
const eventJobsQueueUrl = parseEventJobsQueue(process.env);
let services: Promise<RuntimeServices> | undefined;

export const handler = createRuntimeHandler(() => {
  // Built on the first request (it reads the blueprint); a failed build is retried next time.
  services ??= buildAwsProjectApi(config, workflows, eventJobsQueueUrl).catch((err: unknown) => {
    services = undefined;
    throw err;
  });
  return services;
});
