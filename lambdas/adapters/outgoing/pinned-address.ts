/**
 * Where an outgoing request may connect: the host resolved ONCE, every address it resolves to
 * checked (one refused address refuses the host: a name that points partly inside is not
 * trusted), and a `lookup` for node's connect that answers only that checked address. Node would
 * otherwise resolve the name again when it connects, and a DNS answer that changed in between
 * (DNS rebinding) could send the request to 169.254.169.254 after the check passed.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { classifyAddress, isAddressAllowed, parseIpv4, parseIpv6, type AllowableAddressClass } from '../../core/outgoing/address-class';
import { OutgoingRequestError } from '../../core/outgoing/outgoing-failure';

/** dns.lookup with `all: true` (injectable: tests answer for names no real resolver has). */
export type ResolveAll = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemResolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) => {
    // `verbatim`: the resolver's order, not IPv4 first; the family of each answer is kept.
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

export interface PinnedAddress {
  readonly address: string;
  readonly family: 4 | 6;
  /** For node's http.request / tls.connect: always this address, whatever name is asked. */
  readonly lookup: LookupFunction;
}

/** The URL's hostname without IPv6 brackets. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

export async function pinAddress(hostname: string, allowed: readonly AllowableAddressClass[], resolveAll: ResolveAll): Promise<PinnedAddress> {
  const host = bareHost(hostname);
  let addresses: readonly LookupAddress[];
  if (parseIpv4(host)) addresses = [{ address: host, family: 4 }];
  else if (parseIpv6(host)) addresses = [{ address: host, family: 6 }];
  else {
    try {
      addresses = await resolveAll(host);
    } catch (err) {
      throw new OutgoingRequestError('dns', `the host name did not resolve (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  if (addresses.length === 0) throw new OutgoingRequestError('dns', 'the host name resolved to no address');
  for (const { address } of addresses) {
    const addressClass = classifyAddress(address);
    if (!isAddressAllowed(addressClass, allowed)) {
      throw new OutgoingRequestError('refused_address', `the host resolves to a ${addressClass} address, which outgoing requests may not reach`);
    }
  }
  const chosen = addresses[0] as LookupAddress;
  const family = chosen.family === 6 ? 6 : 4;
  const lookup: LookupFunction = (_name, options, callback) => {
    // With autoSelectFamily (node 20's default) net asks for every address at once.
    if ((options as { all?: boolean }).all) (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, [{ address: chosen.address, family }]);
    else callback(null, chosen.address, family);
  };
  return { address: chosen.address, family, lookup };
}
