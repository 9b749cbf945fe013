/** The prebuilt runtime of every generated project API on AWS: one Lambda per project, routed by its blueprint. */
import { buildAwsRuntimeServices } from './aws-runtime-services';
import { parseRuntimeConfig } from './runtime-config';
import { createRuntimeHandler } from './runtime-handler';

const config = parseRuntimeConfig(process.env);
let services: ReturnType<typeof buildAwsRuntimeServices> | undefined;

export const handler = createRuntimeHandler(() => {
  // Built on the first request (it reads the blueprint); a failed build is retried next time.
  services ??= buildAwsRuntimeServices(config).catch((err: unknown) => {
    services = undefined;
    throw err;
  });
  return services;
});
