/**
 * `npm start`: the whole service on this machine. HOST (127.0.0.1), PORT (3000) and
 * BGS_DATA_DIR (.data) choose where; BGS_PUBLIC_URL (default: the bind address) is the address
 * answers name; BGS_RATE_LIMITS and BGS_LOCAL_AUTO_CONFIRM tune it.
 * Prints one line with `ready` and the URL; stops its child processes on SIGINT/SIGTERM.
 */
import { JavaCompilerMissingError, JavaMissingError } from '../local/dynamodb-local';
import { startLocalService } from '../local/local-service';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number (got ${process.env.PORT})`);
  const service = await startLocalService({
    dataDir: process.env.BGS_DATA_DIR ?? '.data',
    host: process.env.HOST ?? '127.0.0.1',
    port,
    rateLimits: process.env.BGS_RATE_LIMITS,
    autoConfirm: process.env.BGS_LOCAL_AUTO_CONFIRM !== 'false',
    ...(process.env.BGS_PUBLIC_URL ? { publicUrl: process.env.BGS_PUBLIC_URL } : {}),
  });
  console.log(`BGS ready at ${service.url} (data in ${process.env.BGS_DATA_DIR ?? '.data'})`);
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
