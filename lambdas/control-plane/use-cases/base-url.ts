/**
 * Addresses in answers are built from the service's configured public address (ENV.PUBLIC_URL),
 * never from the request's `Host` or `X-Forwarded-*` headers: those are the client's to choose,
 * and a forged `Host: evil.example` must not put another host into a project's `apiBaseUrl` or
 * its OpenAPI `servers`. A project's API address is stored as a path (`/apis/<id>`) when it
 * lives on the control plane's own address (CONTRACT "Local mode only") and answered as a full
 * URL here, so a service that moves (another port, a custom domain) answers with correct URLs.
 */
import type { ControlPlaneConfig } from '../../shared/config';

type PublicAddress = Pick<ControlPlaneConfig, 'publicUrl'>;

/** The public base URL of the control plane, without a trailing slash. */
export function publicBaseUrl(config: PublicAddress): string {
  return config.publicUrl;
}

/** A stored address as a full URL: paths are resolved against the public base; URLs stay. */
export function absoluteUrl(config: PublicAddress, stored: string): string;
export function absoluteUrl(config: PublicAddress, stored: string | null): string | null;
export function absoluteUrl(config: PublicAddress, stored: string | null): string | null {
  if (stored === null) return null;
  return /^https?:\/\//i.test(stored) ? stored : `${publicBaseUrl(config)}${stored.startsWith('/') ? '' : '/'}${stored}`;
}
