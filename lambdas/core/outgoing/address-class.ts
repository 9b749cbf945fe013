/**
 * What kind of network an IP address belongs to, so outgoing requests reach only the public
 * internet (SSRF): a project's owner names a URL, and BGS must not be made to call its own
 * metadata service, a database on a private network, or a service on the host's loopback.
 *
 * Pure text parsing (core imports no node:net): IPv4 dotted quads and IPv6 in every textual form
 * (`::` compression, an IPv4 tail, a `%zone`), with the IPv4 an IPv6 address carries (mapped
 * `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) classified as
 * that IPv4 address, since that is where a connection to it ends up.
 */

export type AddressClass =
  | 'public'
  | 'loopback'
  /** RFC 1918, carrier-grade NAT (100.64/10), IPv6 unique-local (fc00::/7) and site-local (fec0::/10). */
  | 'private'
  | 'link-local'
  /** Cloud instance metadata: 169.254.169.254, fd00:ec2::254 (and AWS's 169.254.170.2 / .23 task endpoints). */
  | 'metadata'
  /** 0.0.0.0/8 and `::`: "this host", which connects to the local machine on most systems. */
  | 'unspecified'
  | 'multicast'
  /** Documentation, benchmarking, protocol-assignment, broadcast and future-use ranges: nothing real is there. */
  | 'reserved'
  /** Not an IP address at all. */
  | 'invalid';

/** The non-public classes a deployment may open on purpose (the local service: loopback). The rest never are. */
export type AllowableAddressClass = 'loopback' | 'private';

/** Whether a connection to an address of this class may be made under `allowed`. */
export function isAddressAllowed(addressClass: AddressClass, allowed: readonly AllowableAddressClass[]): boolean {
  if (addressClass === 'public') return true;
  return (allowed as readonly AddressClass[]).includes(addressClass);
}

/** The four bytes of a dotted-quad IPv4 address (decimal, no leading zeros beyond `0`), or undefined. */
export function parseIpv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes: number[] = [];
  for (const part of parts) {
    // Leading zeros are octal to some parsers (inet_aton): refuse them rather than guess.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return undefined;
    const value = Number(part);
    if (value > 255) return undefined;
    bytes.push(value);
  }
  return bytes;
}

/** The sixteen bytes of an IPv6 address in any textual form (zone ignored, brackets allowed), or undefined. */
export function parseIpv6(input: string): number[] | undefined {
  let text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!text.includes(':')) return undefined;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const ipv4 = parseIpv4(text.slice(lastColon + 1));
    if (!ipv4) return undefined;
    tail = ipv4;
    // Keep the colon so `::1.2.3.4` still splits around its `::`.
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0] as string);
  const rest = halves.length === 2 ? groups(halves[1] as string) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const group of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined;
    const value = parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** The class of an IPv4 or IPv6 address in text form. */
export function classifyAddress(text: string): AddressClass {
  const v4 = parseIpv4(text);
  if (v4) return classifyIpv4(v4);
  const v6 = parseIpv6(text);
  if (v6) return classifyIpv6(v6);
  return 'invalid';
}

function classifyIpv4([a, b, c, d]: number[]): AddressClass {
  const [x, y, z, w] = [a as number, b as number, c as number, d as number];
  if (x === 0) return 'unspecified';
  if (x === 127) return 'loopback';
  if (x === 169 && y === 254) {
    // The instance metadata service, and the ECS/EKS credential endpoints next to it.
    if (z === 169 && w === 254) return 'metadata';
    if (z === 170 && (w === 2 || w === 23)) return 'metadata';
    return 'link-local';
  }
  if (x === 10 || (x === 172 && y >= 16 && y <= 31) || (x === 192 && y === 168)) return 'private';
  if (x === 100 && y >= 64 && y <= 127) return 'private';
  if (x >= 224 && x <= 239) return 'multicast';
  if (x >= 240) return 'reserved';
  if (x === 192 && y === 0 && (z === 0 || z === 2)) return 'reserved';
  if (x === 198 && (y === 18 || y === 19)) return 'reserved';
  if ((x === 198 && y === 51 && z === 100) || (x === 203 && y === 0 && z === 113)) return 'reserved';
  return 'public';
}

function classifyIpv6(bytes: number[]): AddressClass {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const word = (i: number) => ((bytes[2 * i] as number) << 8) | (bytes[2 * i + 1] as number);
  const embedded = (from: number) => classifyIpv4(bytes.slice(from, from + 4));
  if (zeros(0, 16)) return 'unspecified';
  if (zeros(0, 15) && bytes[15] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated): a connection goes to the IPv4 address.
  if (zeros(0, 10) && word(5) === 0xffff) return embedded(12);
  if (zeros(0, 12)) return embedded(12);
  // NAT64's well-known prefix 64:ff9b::/96 and 6to4's 2002:V4ADDR::/48 reach the IPv4 address they carry.
  if (word(0) === 0x64 && word(1) === 0xff9b && zeros(4, 12)) return embedded(12);
  if (word(0) === 0x2002) return embedded(2);
  // AWS's IPv6 instance metadata endpoint, inside the unique-local range.
  if (word(0) === 0xfd00 && word(1) === 0x0ec2 && zeros(4, 14) && word(7) === 0x254) return 'metadata';
  const first = bytes[0] as number;
  const second = bytes[1] as number;
  if (first === 0xff) return 'multicast';
  if (first === 0xfe && (second & 0xc0) === 0x80) return 'link-local';
  if (first === 0xfe && (second & 0xc0) === 0xc0) return 'private';
  if ((first & 0xfe) === 0xfc) return 'private';
  if (word(0) === 0x2001 && word(1) === 0x0db8) return 'reserved';
  if (word(0) === 0x0100 && zeros(2, 8)) return 'reserved';
  // Everything outside 2000::/3 is unassigned or special: not the public internet.
  if ((first & 0xe0) !== 0x20) return 'reserved';
  return 'public';
}
