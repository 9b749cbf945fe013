/**
 * The verifier's pure parts, and whole verdicts on requests built offline: presigned URLs from
 * the SDK's own `getSignedUrl` and header-signed requests from `@smithy/signature-v4`, so the
 * inputs are exactly what BGS's clients produce. No server is started here.
 */
import { createHash, createHmac } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SignatureV4 } from '@smithy/signature-v4';
import {
  constantTimeEqual,
  EMPTY_PAYLOAD_SHA256,
  forwardTarget,
  isCanonicalHeaderList,
  parseAmzDate,
  parseAuthorizationHeader,
  parseCredentialScope,
  parseQueryString,
  presignedExpiry,
  s3ErrorXml,
  verifyRequest,
  type IncomingSignedRequest,
  type Verdict,
} from '../../local/object-store/sigv4-verifier';

const ORIGIN = 'http://127.0.0.1:9999';
const HOST = '127.0.0.1:9999';
const CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
const REGION = 'us-east-1';
const SIGNED_AT = new Date('2030-01-02T03:04:05Z');

/** sha256 for the signer, as a minimal node:crypto hash (the tests' own, independent of the verifier's). */
class Sha256 {
  private readonly parts: Buffer[] = [];
  constructor(private readonly secret?: string | ArrayBuffer | ArrayBufferView) {}
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.parts.push(typeof data === 'string' ? Buffer.from(data) : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data));
  }
  async digest(): Promise<Uint8Array> {
    const body = Buffer.concat(this.parts);
    if (this.secret === undefined) return new Uint8Array(createHash('sha256').update(body).digest());
    const key = typeof this.secret === 'string' ? this.secret : ArrayBuffer.isView(this.secret) ? Buffer.from(this.secret.buffer, this.secret.byteOffset, this.secret.byteLength) : Buffer.from(this.secret);
    return new Uint8Array(createHmac('sha256', key).update(body).digest());
  }
  reset(): void {
    this.parts.length = 0;
  }
}

const settings = (now: Date = SIGNED_AT) => ({ credentials: CREDENTIALS, region: REGION, now });

function client(credentials = CREDENTIALS, region = REGION): S3Client {
  return new S3Client({
    endpoint: ORIGIN,
    region,
    // A copy: the SDK writes a marker into the credentials object it is given.
    credentials: { ...credentials },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

async function presignedPut(opts: { key?: string; credentials?: typeof CREDENTIALS; region?: string; expiresIn?: number } = {}): Promise<string> {
  const s3 = client(opts.credentials, opts.region);
  try {
    return await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'files', Key: opts.key ?? 'u/1.png', ContentType: 'image/png', ContentLength: 4 }), {
      expiresIn: opts.expiresIn ?? 300,
      signableHeaders: new Set(['content-type', 'content-length']),
      signingDate: SIGNED_AT,
    });
  } finally {
    s3.destroy();
  }
}

/** The request a client sends for a URL (headers as node's `headersDistinct` shows them). */
function requestFor(url: string, method: string, headers: Record<string, string> = {}): IncomingSignedRequest {
  const distinct: Record<string, string[]> = { host: [HOST] };
  for (const [name, value] of Object.entries(headers)) distinct[name.toLowerCase()] = [value];
  return { method, url: url.slice(ORIGIN.length), headers: distinct };
}

const pngHeaders = { 'content-type': 'image/png', 'content-length': '4' };

function refusal(verdict: Verdict): { status: number; code: string } | 'ok' {
  return verdict.ok ? 'ok' : { status: verdict.error.status, code: verdict.error.code };
}


describe('parseCredentialScope', () => {
  it('reads the five parts of a credential', () => {
    expect(parseCredentialScope('local/20300102/us-east-1/s3/aws4_request')).toEqual({
      accessKeyId: 'local',
      date: '20300102',
      region: 'us-east-1',
      service: 's3',
      terminator: 'aws4_request',
    });
  });
  it('takes the scope from the right, so the key part cannot shift it', () => {
    expect(parseCredentialScope('a/b/20300102/eu-west-1/s3/aws4_request')?.accessKeyId).toBe('a/b');
  });
  it.each(['local/20300102/us-east-1/s3', 'local/2030-01-02/us-east-1/s3/aws4_request', '/20300102/us-east-1/s3/aws4_request', 'local//us-east-1/s3/aws4_request', ''])(
    'refuses the malformed credential %p',
    (value) => expect(parseCredentialScope(value)).toBeUndefined(),
  );
});

describe('parseAmzDate', () => {
  it('parses the basic ISO 8601 form SigV4 uses', () => {
    expect(parseAmzDate('20300102T030405Z')?.toISOString()).toBe('2030-01-02T03:04:05.000Z');
  });
  it.each(['2030-01-02T03:04:05Z', '20300102T030405', '20300230T000000Z', '20301301T000000Z', '20300102T246000Z', 'x'])(
    'refuses %p (other format or a rolled-over date)',
    (value) => expect(parseAmzDate(value)).toBeUndefined(),
  );
});

describe('presignedExpiry', () => {
  const signedAt = new Date('2030-01-02T03:04:05Z');
  it('is valid through the last second of X-Amz-Expires', () => {
    expect(presignedExpiry(signedAt, 60, new Date(signedAt.getTime() + 60_000))).toBe('valid');
  });
  it('is expired just after', () => {
    expect(presignedExpiry(signedAt, 60, new Date(signedAt.getTime() + 60_001))).toBe('expired');
  });
  it('refuses a URL dated further ahead than the allowed skew (it would outlive 7 days)', () => {
    expect(presignedExpiry(signedAt, 60, new Date(signedAt.getTime() - 16 * 60_000))).toBe('not-yet-valid');
    expect(presignedExpiry(signedAt, 60, new Date(signedAt.getTime() - 14 * 60_000))).toBe('valid');
  });
});

describe('constantTimeEqual', () => {
  it('compares equal, different and differently sized strings', () => {
    expect(constantTimeEqual('abc123', 'abc123')).toBe(true);
    expect(constantTimeEqual('abc123', 'abc124')).toBe(false);
    expect(constantTimeEqual('abc123', 'abc1234')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });
});

describe('query handling', () => {
  it('decodes percent-encoding but reads + literally, as SigV4 does', () => {
    expect(parseQueryString('a=1%2B2&b=x+y&flag&c=')).toEqual([
      ['a', '1+2'],
      ['b', 'x+y'],
      ['flag', ''],
      ['c', ''],
    ]);
  });
  it('refuses broken percent-encoding', () => {
    expect(parseQueryString('a=%E0%A4%A')).toBeUndefined();
  });
  it('forwards the target without authentication parameters, other parameters untouched', () => {
    expect(
      forwardTarget('/files/a%20b?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Content-Sha256=UNSIGNED-PAYLOAD&X-Amz-Credential=x&X-Amz-Date=d&X-Amz-Expires=1&X-Amz-Signature=s&X-Amz-SignedHeaders=host&x-id=PutObject&prefix=a%2Bb'),
    ).toBe('/files/a%20b?X-Amz-Content-Sha256=UNSIGNED-PAYLOAD&x-id=PutObject&prefix=a%2Bb');
    expect(forwardTarget('/files/k?X-Amz-Signature=s')).toBe('/files/k');
    expect(forwardTarget('/files/k')).toBe('/files/k');
  });
});

describe('Authorization header and SignedHeaders', () => {
  it('parses the three components', () => {
    expect(
      parseAuthorizationHeader('AWS4-HMAC-SHA256 Credential=local/20300102/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=abcd'),
    ).toEqual({ credential: 'local/20300102/us-east-1/s3/aws4_request', signedHeaders: ['host', 'x-amz-date'], signature: 'abcd' });
  });
  it.each([
    'AWS local:abcd',
    'AWS4-HMAC-SHA256 Credential=x, SignedHeaders=host',
    'AWS4-HMAC-SHA256 Credential=x, SignedHeaders=host, Signature=a, Signature=b',
    'AWS4-HMAC-SHA256 Credential=x, SignedHeaders=host, Signature=a, Extra=1',
  ])('refuses %p', (value) => expect(parseAuthorizationHeader(value)).toBeUndefined());
  it('accepts only canonical header lists (lower case, sorted, unique)', () => {
    expect(isCanonicalHeaderList(['content-type', 'host', 'x-amz-date'])).toBe(true);
    expect(isCanonicalHeaderList(['host', 'content-type'])).toBe(false);
    expect(isCanonicalHeaderList(['Host'])).toBe(false);
    expect(isCanonicalHeaderList(['host', 'host'])).toBe(false);
    expect(isCanonicalHeaderList([])).toBe(false);
  });
});

describe('s3ErrorXml', () => {
  it('writes an escaped S3 error document', () => {
    expect(s3ErrorXml({ code: 'AccessDenied', message: 'a <b> & "c"' }, 'RID', '/files/k')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>a &lt;b&gt; &amp; &quot;c&quot;</Message><Resource>/files/k</Resource><RequestId>RID</RequestId></Error>',
    );
  });
});

describe('verifyRequest: presigned URLs from getSignedUrl', () => {
  it('accepts the PUT it was signed for, with the payload left unsigned', async () => {
    const url = await presignedPut();
    expect(await verifyRequest(requestFor(url, 'PUT', pngHeaders), settings())).toEqual({ ok: true, mode: 'presigned', payloadHash: 'UNSIGNED-PAYLOAD' });
  });

  it('accepts a GET grant', async () => {
    const s3 = client();
    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'files', Key: 'u/1.png' }), { expiresIn: 60, signingDate: SIGNED_AT });
    s3.destroy();
    expect(refusal(await verifyRequest(requestFor(url, 'GET'), settings()))).toBe('ok');
  });

  it.each([
    ['another content type', 'PUT', { ...pngHeaders, 'content-type': 'image/jpeg' }],
    ['another length', 'PUT', { ...pngHeaders, 'content-length': '5' }],
    ['no content type', 'PUT', { 'content-length': '4' }],
    ['another method', 'POST', pngHeaders],
  ])('refuses %s', async (_label, method, headers) => {
    const url = await presignedPut();
    expect(refusal(await verifyRequest(requestFor(url, method, headers), settings()))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('refuses another key, an edited signature and a shortened SignedHeaders list', async () => {
    const url = await presignedPut();
    const edits = [
      url.replace('/u/1.png', '/u/2.png'),
      url.replace(/X-Amz-Signature=([0-9a-f])/, (_m, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`),
      url.replace('X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost', 'X-Amz-SignedHeaders=content-type%3Bhost'),
    ];
    for (const edited of edits) {
      expect(edited).not.toBe(url);
      expect(refusal(await verifyRequest(requestFor(edited, 'PUT', pngHeaders), settings()))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    }
  });

  it('keeps every non-auth parameter in the comparison: removing x-id or adding one is refused', async () => {
    const url = await presignedPut();
    for (const edited of [url.replace('&x-id=PutObject', ''), `${url}&acl=public-read`]) {
      expect(edited).not.toBe(url);
      expect(refusal(await verifyRequest(requestFor(edited, 'PUT', pngHeaders), settings()))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    }
  });

  it('checks expiry against the injected clock, before the signature', async () => {
    const url = await presignedPut({ expiresIn: 60 });
    const justInTime = new Date(SIGNED_AT.getTime() + 60_000);
    const late = new Date(SIGNED_AT.getTime() + 61_000);
    expect(refusal(await verifyRequest(requestFor(url, 'PUT', pngHeaders), settings(justInTime)))).toBe('ok');
    const verdict = await verifyRequest(requestFor(url.replace(/X-Amz-Signature=[0-9a-f]+/, 'X-Amz-Signature=00'), 'PUT', pngHeaders), settings(late));
    expect(verdict).toEqual({ ok: false, error: { status: 403, code: 'AccessDenied', message: 'Request has expired' } });
  });

  it('refuses other credentials: an unknown key id, or our key id with another secret', async () => {
    const foreign = await presignedPut({ credentials: { accessKeyId: 'someone', secretAccessKey: 'local' } });
    expect(refusal(await verifyRequest(requestFor(foreign, 'PUT', pngHeaders), settings()))).toEqual({ status: 403, code: 'InvalidAccessKeyId' });
    const forged = await presignedPut({ credentials: { accessKeyId: 'local', secretAccessKey: 'guess' } });
    expect(refusal(await verifyRequest(requestFor(forged, 'PUT', pngHeaders), settings()))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('refuses a URL scoped to another region, and one missing a parameter (400, as S3)', async () => {
    const otherRegion = await presignedPut({ region: 'eu-west-1' });
    expect(refusal(await verifyRequest(requestFor(otherRegion, 'PUT', pngHeaders), settings()))).toEqual({ status: 400, code: 'AuthorizationQueryParametersError' });
    const url = await presignedPut();
    const noSignature = url.replace(/&X-Amz-Signature=[0-9a-f]+/, '');
    expect(refusal(await verifyRequest(requestFor(noSignature, 'PUT', pngHeaders), settings()))).toEqual({ status: 400, code: 'AuthorizationQueryParametersError' });
  });

  it('refuses x-amz-* headers the URL does not cover (an added x-amz-acl, say)', async () => {
    const url = await presignedPut();
    const verdict = await verifyRequest(requestFor(url, 'PUT', { ...pngHeaders, 'x-amz-acl': 'public-read' }), settings());
    expect(refusal(verdict)).toEqual({ status: 403, code: 'AccessDenied' });
  });

  it('refuses a request carrying both a presigned query and an Authorization header', async () => {
    const url = await presignedPut();
    const verdict = await verifyRequest(requestFor(url, 'PUT', { ...pngHeaders, authorization: 'AWS4-HMAC-SHA256 Credential=x, SignedHeaders=host, Signature=y' }), settings());
    expect(refusal(verdict)).toEqual({ status: 400, code: 'InvalidArgument' });
  });

  it('refuses anything unsigned with AccessDenied', async () => {
    expect(await verifyRequest(requestFor(`${ORIGIN}/files/u/1.png`, 'GET'), settings())).toEqual({
      ok: false,
      error: { status: 403, code: 'AccessDenied', message: 'Access Denied' },
      unsigned: true,
    });
  });

  it('accepts a URL without X-Amz-Content-Sha256 (botocore style: UNSIGNED-PAYLOAD implied)', async () => {
    const signer = new SignatureV4({ credentials: CREDENTIALS, region: REGION, service: 's3', sha256: Sha256, uriEscapePath: false });
    const presigned = await signer.presign(
      { method: 'GET', protocol: 'http:', hostname: '127.0.0.1', port: 9999, path: '/files/k', query: {}, headers: { host: HOST, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } },
      { signingDate: SIGNED_AT, expiresIn: 60, unhoistableHeaders: new Set(['x-amz-content-sha256']), unsignableHeaders: new Set(['x-amz-content-sha256']) },
    );
    const query = Object.entries(presigned.query ?? {})
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join('&');
    expect(query).not.toContain('Content-Sha256');
    expect(refusal(await verifyRequest(requestFor(`${ORIGIN}/files/k?${query}`, 'GET'), settings()))).toBe('ok');
  });
});

describe('verifyRequest: header-signed requests (as the SDK sends them)', () => {
  async function sdkStyle(opts: { secret?: string; method?: string; path?: string; query?: Record<string, string>; headers?: Record<string, string>; at?: Date } = {}) {
    const signer = new SignatureV4({
      credentials: { accessKeyId: 'local', secretAccessKey: opts.secret ?? 'local' },
      region: REGION,
      service: 's3',
      sha256: Sha256,
      uriEscapePath: false,
    });
    const signed = await signer.sign(
      {
        method: opts.method ?? 'GET',
        protocol: 'http:',
        hostname: '127.0.0.1',
        port: 9999,
        path: opts.path ?? '/files/a%20b/c%2Bd.txt',
        query: opts.query ?? { 'x-id': 'GetObject' },
        headers: { host: HOST, 'x-amz-content-sha256': EMPTY_PAYLOAD_SHA256, 'user-agent': 'test', ...(opts.headers ?? {}) },
      },
      { signingDate: opts.at ?? SIGNED_AT },
    );
    const distinct: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(signed.headers)) distinct[name.toLowerCase()] = [value];
    const q = Object.entries(signed.query ?? {})
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join('&');
    return { method: signed.method, url: q ? `${signed.path}?${q}` : signed.path, headers: distinct } satisfies IncomingSignedRequest;
  }

  it('accepts the request it was signed for and reports the payload hash to check', async () => {
    expect(await verifyRequest(await sdkStyle(), settings())).toEqual({ ok: true, mode: 'header', payloadHash: EMPTY_PAYLOAD_SHA256 });
  });

  it('refuses a wrong secret, and any change to method, path, query or a signed header', async () => {
    const cases: IncomingSignedRequest[] = [];
    cases.push(await sdkStyle({ secret: 'wrong' }));
    const base = await sdkStyle({ headers: { 'content-type': 'text/plain' } });
    cases.push({ ...base, method: 'DELETE' });
    cases.push({ ...base, url: base.url.replace('c%2Bd', 'c+d') });
    cases.push({ ...base, url: base.url.replace('x-id=GetObject', 'x-id=GetObject&versionId=1') });
    cases.push({ ...base, headers: { ...base.headers, 'content-type': ['text/html'] } });
    for (const request of cases) {
      expect(refusal(await verifyRequest(request, settings()))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    }
  });

  it('refuses a request more than 15 minutes off the clock', async () => {
    const request = await sdkStyle();
    const later = new Date(SIGNED_AT.getTime() + 16 * 60_000);
    expect(refusal(await verifyRequest(request, settings(later)))).toEqual({ status: 403, code: 'RequestTimeTooSkewed' });
  });

  it('refuses a missing x-amz-content-sha256 and chunked payload signing', async () => {
    const request = await sdkStyle();
    const { 'x-amz-content-sha256': _dropped, ...rest } = request.headers;
    expect(refusal(await verifyRequest({ ...request, headers: rest }, settings()))).toEqual({ status: 400, code: 'InvalidRequest' });
    const chunked = await sdkStyle({ method: 'PUT', headers: { 'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER' } });
    expect(refusal(await verifyRequest(chunked, settings()))).toEqual({ status: 501, code: 'NotImplemented' });
  });

  it('refuses an x-amz-* header added after signing', async () => {
    const request = await sdkStyle();
    const verdict = await verifyRequest({ ...request, headers: { ...request.headers, 'x-amz-acl': ['public-read'] } }, settings());
    expect(refusal(verdict)).toEqual({ status: 403, code: 'AccessDenied' });
  });
});
