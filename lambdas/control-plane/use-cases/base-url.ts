/**
 * Addresses in answers are built from the address the request reached, so a service that
 * moves (another port locally, a custom domain on AWS) answers with correct URLs. A project's
 * API address is stored as a path (`/apis/<id>`) when it lives on the control plane's own
 * address (CONTRACT "Local mode only") and answered as a full URL here.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** The address of the control plane this request reached. */
export function baseUrlOf(event: APIGatewayProxyEventV2): string {
  const proto = event.headers['x-forwarded-proto'] ?? 'https';
  return `${proto}://${event.headers.host ?? event.requestContext.domainName}`;
}

/** A stored address as a full URL: paths are resolved against this request's base; URLs stay. */
export function absoluteUrl(event: APIGatewayProxyEventV2, stored: string): string;
export function absoluteUrl(event: APIGatewayProxyEventV2, stored: string | null): string | null;
export function absoluteUrl(event: APIGatewayProxyEventV2, stored: string | null): string | null {
  if (stored === null) return null;
  return /^https?:\/\//i.test(stored) ? stored : `${baseUrlOf(event)}${stored.startsWith('/') ? '' : '/'}${stored}`;
}
