/** The prebuilt runtime of every generated project API on AWS: one Lambda per project, routed by its blueprint. */
import { buildProjectApiServices } from './composition-root';
import { parseRuntimeConfig } from './runtime-config';
import { createRuntimeHandler } from './runtime-handler';

const config = parseRuntimeConfig(process.env);
let services: ReturnType<typeof buildProjectApiServices> | undefined;

export const handler = createRuntimeHandler(() => {
  // Built on the first request (it reads the blueprint); a failed build is retried next time.
  services ??= buildProjectApiServices(config).catch((err: unknown) => {
    services = undefined;
    throw err;
  });
  return services;
});
