/** Address classes (core/outgoing/address-class.ts) and the endpoint URL rules (core/outgoing/endpoint.ts). */
import { classifyAddress, parseIpv6 } from '../../../lambdas/core/outgoing/address-class';
import { checkEndpointUrl, ENDPOINT_NAME_PATTERN } from '../../../lambdas/core/outgoing/endpoint';

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['203.0.113.7', 'reserved'],
  ])('IPv4 %s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each([
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:82b::200e', 'public'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fec0::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
    // IPv4 inside IPv6: what the connection really reaches.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:8.8.8.8', 'public'],
    ['0:0:0:0:0:ffff:192.168.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::169.254.169.254', 'metadata'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:0808:0808::1', 'public'],
    ['[::1]', 'loopback'],
  ])('IPv6 %s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each(['', 'localhost', 'example.com', '1.2.3', '1.2.3.4.5', '256.1.1.1', '01.2.3.4', '0x7f.0.0.1', '1:2:3:4:5:6:7:8:9', '1::2::3', ':::', '12345::', 'g::1', '::ffff:1.2.3'])(
    '%j is not an address',
    (text) => {
      expect(classifyAddress(text)).toBe('invalid');
    },
  );

  it('parses every IPv6 form to the same bytes', () => {
    expect(parseIpv6('::ffff:127.0.0.1')).toEqual(parseIpv6('0:0:0:0:0:ffff:7f00:0001'));
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(parseIpv6('1::')).toEqual([0, 1, ...Array<number>(14).fill(0)]);
  });
});

describe('checkEndpointUrl', () => {
  const none = [] as const;
  const loopback = ['loopback'] as const;

  it('takes https URLs of public hosts and addresses', () => {
    for (const url of ['https://hooks.example.com/bgs', 'https://example.com:8443/a/b?c=d', 'https://8.8.8.8/x', 'https://[2606:4700:4700::1111]/']) {
      expect([url, checkEndpointUrl(url, none).ok]).toEqual([url, true]);
    }
  });

  it('refuses http (unless non-public addresses are allowed), other schemes, credentials, fragments, relative URLs', () => {
    const problems = (url: string, allowed: readonly ('loopback' | 'private')[] = none) => {
      const result = checkEndpointUrl(url, allowed);
      return result.ok ? 'ok' : result.problem;
    };
    expect(problems('http://hooks.example.com/')).toBe('must be an https URL');
    expect(problems('http://127.0.0.1:8080/hook', loopback)).toBe('ok');
    expect(problems('ftp://example.com/', loopback)).toBe('must be an http or https URL');
    expect(problems('https://user:pass@example.com/')).toMatch(/user name or password/);
    expect(problems('https://example.com/#frag')).toBe('must not have a fragment');
    expect(problems('https://example.com/#')).toBe('must not have a fragment');
    expect(problems('/relative')).toBe('must be an absolute URL');
    expect(problems(`https://example.com/${'a'.repeat(2048)}`)).toMatch(/at most 2048/);
  });

  it('refuses address literals and names that are not public, in every spelling the URL parser accepts', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f000001/',
      'https://127.1/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:169.254.169.254]/',
      'https://[fd00:ec2::254]/',
      'https://10.0.0.1/',
      'https://0.0.0.0/',
      'https://[::]/',
      'https://[fe80::1]/',
      'https://localhost/',
      'https://api.localhost./',
    ]) {
      expect([url, checkEndpointUrl(url, none).ok]).toEqual([url, false]);
    }
    // Loopback allowed (the local service): loopback only; metadata and private stay refused.
    expect(checkEndpointUrl('http://localhost:9000/', loopback).ok).toBe(true);
    expect(checkEndpointUrl('http://[::1]:9000/', loopback).ok).toBe(true);
    expect(checkEndpointUrl('http://169.254.169.254/', loopback).ok).toBe(false);
    expect(checkEndpointUrl('http://10.0.0.1/', loopback).ok).toBe(false);
  });
});

describe('endpoint names', () => {
  it('are snake_case', () => {
    for (const name of ['billing', 'send_invoice', 'v2_hook', 'a1']) expect([name, ENDPOINT_NAME_PATTERN.test(name)]).toEqual([name, true]);
    for (const name of ['Billing', 'send-invoice', '_x', 'x_', 'a__b', '1abc', 'sendInvoice', '']) expect([name, ENDPOINT_NAME_PATTERN.test(name)]).toEqual([name, false]);
  });
});
