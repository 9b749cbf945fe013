/**
 * The prebuilt runtime of every generated project API on AWS: one Lambda per project, routed by
 * its blueprint. On a stack with workflows it also starts, signals and cancels their durable
 * executions through the workflow function's alias (composition-aws-workflows.ts), never the local engine.
 */
import type { RuntimeServices } from './runtime-services';
import { buildAwsProjectApi } from './composition-aws-workflows';
import { parseRuntimeConfig, parseWorkflowTransport } from './runtime-config';
import { createRuntimeHandler } from './runtime-handler';

const config = parseRuntimeConfig(process.env);
const workflows = parseWorkflowTransport(process.env);
let services: Promise<RuntimeServices> | undefined;

export const handler = createRuntimeHandler(() => {
  // Built on the first request (it reads the blueprint); a failed build is retried next time.
  services ??= buildAwsProjectApi(config, workflows).catch((err: unknown) => {
    services = undefined;
    throw err;
  });
  return services;
});
