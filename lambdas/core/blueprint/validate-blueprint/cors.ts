/** CORS: the origins a generated API answers browsers from. */
import type { ValidationContext } from './context';

/** `*`, or scheme, host and optional port (no path). */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

export function checkCors(ctx: ValidationContext): void {
  const origins = ctx.ir.cors.allowedOrigins;
  if (origins.length === 0) ctx.warn('$.cors.allowedOrigins', 'NO_CORS_ORIGINS', 'no origin is allowed: browsers cannot call the API');
  origins.forEach((origin, o) => {
    if (origin !== '*' && !ORIGIN.test(origin)) {
      ctx.error(`$.cors.allowedOrigins[${o}]`, 'INVALID_CORS_ORIGIN', `'${origin}' is not '*' or an origin like https://app.example.com (scheme, host and optional port, no path)`);
    }
  });
}
