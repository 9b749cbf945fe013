/**
 * What an outgoing endpoint is (CONTRACT "Outgoing endpoints"): a snake_case name a project's
 * specs refer to, a URL BGS may call, and optionally a secret it signs with. The rules live here
 * once: the control plane's schemas and use case check them when the owner sets an endpoint, and
 * the sender checks the addresses again when it connects (a name can resolve anywhere later).
 */
import { randomUUID } from 'node:crypto';
import { classifyAddress, isAddressAllowed, type AllowableAddressClass } from './address-class';

/** snake_case, as spec names are: a letter first, words of letters and digits joined by single underscores. */
export const ENDPOINT_NAME_PATTERN = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
export const MAX_ENDPOINT_NAME_LENGTH = 64;
export const MAX_ENDPOINT_URL_LENGTH = 2048;
/** A signing secret: long enough to be guessed by nobody, short enough to store anywhere. */
export const MIN_ENDPOINT_SECRET_LENGTH = 16;
export const MAX_ENDPOINT_SECRET_LENGTH = 256;

/**
 * Every endpoint secret's name in Secrets Manager starts with this, so the IAM policy of the
 * routes that write them (and of the runtime that reads them) names this prefix and nothing else.
 */
export const ENDPOINT_SECRET_NAME_PREFIX = 'bgs/endpoints/';

/**
 * The reference of a new secret of an endpoint: its Secrets Manager name on AWS, its key in the
 * local store. A new one per change (EndpointSecrets says why).
 */
export function newEndpointSecretRef(projectId: string, endpointName: string): string {
  return `${ENDPOINT_SECRET_NAME_PREFIX}${projectId}/${endpointName}/${randomUUID()}`;
}

/** Host names that are loopback by definition (RFC 6761), whatever a resolver says. */
function isLoopbackName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

export type EndpointUrlCheck = { readonly ok: true; readonly url: URL } | { readonly ok: false; readonly problem: string };

/**
 * Whether `text` is a URL BGS may call: absolute https (http too where non-public addresses are
 * allowed: the local service calling a receiver on the same machine), no user name or password
 * (secrets belong in the endpoint's secret), no fragment, and a host that is not a refused
 * address literal or a loopback name. Host names are resolved and checked when a request is sent.
 */
export function checkEndpointUrl(text: string, allowed: readonly AllowableAddressClass[]): EndpointUrlCheck {
  if (text.length > MAX_ENDPOINT_URL_LENGTH) return { ok: false, problem: `must be at most ${MAX_ENDPOINT_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'must be an absolute URL' };
  }
  const httpAllowed = allowed.length > 0;
  if (url.protocol !== 'https:' && !(httpAllowed && url.protocol === 'http:')) {
    return { ok: false, problem: httpAllowed ? 'must be an http or https URL' : 'must be an https URL' };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'must not carry a user name or password (give a secret instead)' };
  if (url.hash !== '' || text.includes('#')) return { ok: false, problem: 'must not have a fragment' };
  if (url.hostname === '') return { ok: false, problem: 'must name a host' };
  const addressClass = classifyAddress(url.hostname);
  if (addressClass !== 'invalid' && !isAddressAllowed(addressClass, allowed)) {
    return { ok: false, problem: `must not name a ${addressClass} address` };
  }
  if (addressClass === 'invalid' && isLoopbackName(url.hostname) && !allowed.includes('loopback')) {
    return { ok: false, problem: 'must not name a loopback host' };
  }
  return { ok: true, url };
}
