/**
 * `npm start`: the whole service on this machine. HOST (127.0.0.1), PORT (3000) and
 * BGS_DATA_DIR (.data) choose where; BGS_PUBLIC_URL (default: the bind address) is the address
 * answers name; BGS_RATE_LIMITS and BGS_LOCAL_AUTO_CONFIRM tune it.
 * Prints one line with `ready` and the URL; stops its child processes on SIGINT/SIGTERM.
 */
import { JavaCompilerMissingError, JavaMissingError } from '../local/dynamodb-local';
import { startLocalService } from '../local/local-service';
import { ENV } from '../lambdas/shared/env';

/** A whole number from the environment, within bounds, or the default; anything else stops the start. */
function integerFromEnv(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`${name} must be a whole number from 0 to ${max} (got ${raw})`);
  return value;
}

async function main(): Promise<void> {
  const dataDir = process.env[ENV.DATA_DIR] || '.data';
  const publicUrl = process.env[ENV.PUBLIC_URL];
  const service = await startLocalService({
    dataDir,
    host: process.env[ENV.HOST] || '127.0.0.1',
    port: integerFromEnv(ENV.PORT, 3000, 65535),
    rateLimits: process.env[ENV.RATE_LIMITS],
    autoConfirm: process.env[ENV.LOCAL_AUTO_CONFIRM] !== 'false',
    generationStepDelayMs: integerFromEnv(ENV.GENERATION_STEP_DELAY_MS, 0, 60_000),
    ...(publicUrl ? { publicUrl } : {}),
  });
  console.log(`BGS ready at ${service.url} (data in ${dataDir})`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`BGS stopping (${signal})`);
    service.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof JavaMissingError || err instanceof JavaCompilerMissingError) console.error(`BGS cannot start: ${err.message}`);
  else console.error('BGS failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
