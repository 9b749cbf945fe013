/**
 * The local object store end to end: s3rver behind the verifying front, on free loopback ports,
 * data in a temp directory of this file. Presigned URLs are used with plain fetch (as a browser
 * or a generated SDK would), server-side calls with the AWS SDK's S3Client (as the BGS backend).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac } from 'node:crypto';
import { freePort } from '../../local/free-port';
import { generateSigningCredentials } from '../../lambdas/adapters/local-credentials';
import { localS3Client, startLocalObjectStore, type LocalObjectStore } from '../../local/object-store/object-store';
import { startVerifyingFront } from '../../local/object-store/verifying-front';

/** Real time plus an offset the tests move, so expiry can be reached without waiting. */
const clock = {
  offsetMs: 0,
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  },
};

/** The store's credentials, made as the local service makes a data directory's. */
const LOCAL_S3_CREDENTIALS = generateSigningCredentials();
const BUCKET = 'uploads';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

let directory: string;
let store: LocalObjectStore;
let s3: S3Client;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'bgs-object-store-'));
  store = await startLocalObjectStore({ directory, buckets: [BUCKET], clock, credentials: LOCAL_S3_CREDENTIALS });
  s3 = localS3Client(store);
});

afterAll(async () => {
  s3?.destroy();
  await store?.stop();
  rmSync(directory, { recursive: true, force: true });
});

afterEach(() => {
  clock.offsetMs = 0;
});

async function presignPut(key: string, contentType = 'image/png', length = PNG.length, expiresIn = 300, client = s3): Promise<string> {
  return getSignedUrl(client, new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: contentType, ContentLength: length }), {
    expiresIn,
    signableHeaders: new Set(['content-type', 'content-length']),
  });
}

async function presignGet(key: string, expiresIn = 300): Promise<string> {
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: key }), { expiresIn });
}

function put(url: string, body: Uint8Array, contentType = 'image/png', extra: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType, ...extra } });
}

/** Status and S3 error code of a refusal, after checking the body is S3's XML error shape. */
async function refusal(res: Response): Promise<{ status: number; code: string }> {
  const text = await res.text();
  expect(res.headers.get('content-type')).toBe('application/xml');
  expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>\w+<\/Code><Message>[^<]+<\/Message>/);
  return { status: res.status, code: /<Code>(\w+)<\/Code>/.exec(text)?.[1] ?? '' };
}

async function objectBytes(key: string): Promise<Buffer | undefined> {
  try {
    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return Buffer.from(await got.Body!.transformToByteArray());
  } catch (err) {
    if (err instanceof S3ServiceException && err.name === 'NoSuchKey') return undefined;
    throw err;
  }
}

describe('presigned URLs (fetch)', () => {
  it('accepts a PUT with the signed type and length, and a GET grant returns the same bytes', async () => {
    const key = 'avatars/user 1/photo+1.png';
    const putRes = await put(await presignPut(key), PNG);
    expect(putRes.status).toBe(200);
    const getRes = await fetch(await presignGet(key));
    expect(getRes.status).toBe(200);
    expect(getRes.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await getRes.arrayBuffer())).toEqual(PNG);
  });

  describe('refuses, and leaves the stored object alone', () => {
    const key = 'refusals/original.png';
    beforeAll(async () => {
      expect((await put(await presignPut(key), PNG)).status).toBe(200);
    });
    afterEach(async () => {
      expect(await objectBytes(key)).toEqual(PNG);
    });

    it('another content type', async () => {
      expect(await refusal(await put(await presignPut(key), PNG, 'text/html'))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    });

    it('another length (bytes of another size)', async () => {
      const bigger = Buffer.concat([PNG, Buffer.from('!')]);
      expect(await refusal(await put(await presignPut(key), bigger))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    });

    it('another key (the path edited)', async () => {
      const url = (await presignPut('refusals/mine.png')).replace('/refusals/mine.png', '/refusals/original.png');
      expect(await refusal(await put(url, Buffer.alloc(PNG.length)))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    });

    it('another method: GET with a PUT URL, PUT with a GET URL', async () => {
      expect(await refusal(await fetch(await presignPut(key)))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
      expect(await refusal(await put(await presignGet(key), Buffer.alloc(PNG.length)))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    });

    it('an edited signature', async () => {
      const url = (await presignPut(key)).replace(/X-Amz-Signature=([0-9a-f]{4})/, (_m, head: string) => `X-Amz-Signature=${head === 'beef' ? 'dead' : 'beef'}`);
      expect(await refusal(await put(url, Buffer.alloc(PNG.length)))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    });

    it('an expired URL (the injected clock moved past X-Amz-Date + X-Amz-Expires)', async () => {
      const url = await presignPut(key, 'image/png', PNG.length, 60);
      clock.offsetMs = 61_000;
      expect(await refusal(await put(url, Buffer.alloc(PNG.length)))).toEqual({ status: 403, code: 'AccessDenied' });
      clock.offsetMs = 0;
      expect((await fetch(await presignGet(key))).status).toBe(200);
    });

    it('an unsigned request (a plain URL), for every method', async () => {
      const plain = `${store.endpoint}/${BUCKET}/${key}`;
      expect(await refusal(await fetch(plain))).toEqual({ status: 403, code: 'AccessDenied' });
      expect(await refusal(await put(plain, Buffer.alloc(PNG.length)))).toEqual({ status: 403, code: 'AccessDenied' });
      expect(await refusal(await fetch(plain, { method: 'DELETE' }))).toEqual({ status: 403, code: 'AccessDenied' });
      expect(await refusal(await fetch(`${store.endpoint}/${BUCKET}?list-type=2`))).toEqual({ status: 403, code: 'AccessDenied' });
      expect(await refusal(await fetch(`${store.endpoint}/`))).toEqual({ status: 403, code: 'AccessDenied' });
    });

    it('a URL signed with other credentials', async () => {
      const otherKey = new S3Client({ ...clientConfig(), credentials: { accessKeyId: 'intruder', secretAccessKey: 'local' } });
      const otherSecret = new S3Client({ ...clientConfig(), credentials: { accessKeyId: LOCAL_S3_CREDENTIALS.accessKeyId, secretAccessKey: 'guessed' } });
      try {
        expect(await refusal(await put(await presignPut(key, 'image/png', PNG.length, 300, otherKey), Buffer.alloc(PNG.length)))).toEqual({ status: 403, code: 'InvalidAccessKeyId' });
        expect(await refusal(await put(await presignPut(key, 'image/png', PNG.length, 300, otherSecret), Buffer.alloc(PNG.length)))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
      } finally {
        otherKey.destroy();
        otherSecret.destroy();
      }
    });

    it('a removed X-Amz-SignedHeaders entry (content-length dropped to lift the size cap)', async () => {
      const url = await presignPut(key);
      const edited = url.replace('X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost', 'X-Amz-SignedHeaders=content-type%3Bhost');
      expect(edited).not.toBe(url);
      expect(await refusal(await put(edited, Buffer.alloc(PNG.length * 10)))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
      // Without the parameter at all, S3 calls the URL malformed: 400, not 403.
      const stripped = url.replace(/&X-Amz-SignedHeaders=[^&]+/, '');
      expect(await refusal(await put(stripped, Buffer.alloc(PNG.length)))).toEqual({ status: 400, code: 'AuthorizationQueryParametersError' });
    });

    it('an x-amz-* header the URL does not cover', async () => {
      expect(await refusal(await put(await presignPut(key), Buffer.alloc(PNG.length), 'image/png', { 'x-amz-meta-owner': 'intruder' }))).toEqual({
        status: 403,
        code: 'AccessDenied',
      });
    });
  });
});

/** The SDK warns about streams of unknown length on purpose; this test provokes one. */
const silentLogger = { trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

function clientConfig() {
  return {
    endpoint: store.endpoint,
    region: store.region,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}

describe('header-signed calls (AWS SDK v3 S3Client)', () => {
  it('creates a bucket, puts, heads, gets, lists and deletes', async () => {
    const bucket = 'sdk-bucket';
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const key = 'docs/a b+c.md';
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: '# hello', ContentType: 'text/markdown' }));
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head.ContentLength).toBe(7);
    expect(head.ContentType).toBe('text/markdown');
    const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(await got.Body!.transformToString()).toBe('# hello');
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'docs/' }));
    expect(listed.Contents?.map((c) => c.Key)).toEqual([key]);
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    await expect(s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
    expect((await s3.send(new ListObjectsV2Command({ Bucket: bucket }))).KeyCount).toBe(0);
  });

  it('takes a 3 MB buffer upload (signed sha256, Expect: 100-continue) and reads it back', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 0x5a);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'big.bin', Body: body }));
    const stored = await objectBytes('big.bin');
    expect(stored?.length).toBe(body.length);
    // Buffer.equals, not toEqual: Jest's deep equality walks 3 M elements one by one (~15 s).
    expect(stored?.equals(body)).toBe(true);
  });

  it('takes a stream upload (UNSIGNED-PAYLOAD); one of unknown length gets 411, as on S3', async () => {
    const body = Buffer.alloc(5 * 1024 * 1024, 0x33);
    const parts = [body.subarray(0, 1_000_000), body.subarray(1_000_000)];
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'streamed.bin', Body: Readable.from(parts), ContentLength: body.length }));
    expect((await objectBytes('streamed.bin'))?.equals(body)).toBe(true);

    const quiet = new S3Client({ ...clientConfig(), credentials: { ...LOCAL_S3_CREDENTIALS }, maxAttempts: 1, logger: silentLogger });
    try {
      await expect(quiet.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'unsized.bin', Body: Readable.from(parts) }))).rejects.toMatchObject({
        name: 'MissingContentLength',
        $metadata: { httpStatusCode: 411 },
      });
    } finally {
      quiet.destroy();
    }
    expect(await objectBytes('unsized.bin')).toBeUndefined();
  });

  it('refuses a client with a wrong secret (403) and one with an unknown key id', async () => {
    const wrongSecret = new S3Client({ ...clientConfig(), credentials: { accessKeyId: LOCAL_S3_CREDENTIALS.accessKeyId, secretAccessKey: 'not-the-secret' }, maxAttempts: 1 });
    const wrongKey = new S3Client({ ...clientConfig(), credentials: { accessKeyId: 'nobody', secretAccessKey: 'local' }, maxAttempts: 1 });
    try {
      await expect(wrongSecret.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'evil.txt', Body: 'x' }))).rejects.toMatchObject({
        name: 'SignatureDoesNotMatch',
        $metadata: { httpStatusCode: 403 },
      });
      await expect(wrongSecret.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'big.bin' }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      await expect(wrongKey.send(new ListObjectsV2Command({ Bucket: BUCKET }))).rejects.toMatchObject({
        name: 'InvalidAccessKeyId',
        $metadata: { httpStatusCode: 403 },
      });
      expect(await objectBytes('evil.txt')).toBeUndefined();
    } finally {
      wrongSecret.destroy();
      wrongKey.destroy();
    }
  });

  it('refuses a body that does not match its signed sha256, before it reaches the store', async () => {
    const key = 'hashed.txt';
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'original' }));
    const url = new URL(`${store.endpoint}/${BUCKET}/${key}`);
    const signed = await new SignatureV4({ credentials: LOCAL_S3_CREDENTIALS, region: store.region, service: 's3', sha256: TestSha256, uriEscapePath: false }).sign({
      method: 'PUT',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query: {},
      headers: {
        host: url.host,
        'content-length': '8',
        'x-amz-content-sha256': createHash('sha256').update('replaced').digest('hex'),
      },
    });
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: url.hostname, port: url.port, method: 'PUT', path: url.pathname, headers: signed.headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end('tampered');
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    expect((await objectBytes(key))?.toString()).toBe('original');
  });
});

describe('lifecycle', () => {
  it('keeps objects and buckets across stop() and a new start on the same directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bgs-object-store-restart-'));
    try {
      const first = await startLocalObjectStore({ directory: dir, credentials: LOCAL_S3_CREDENTIALS });
      await first.createBucket('keep-me');
      await first.createBucket('keep-me'); // idempotent, as every `npm start` calls it
      const c1 = localS3Client(first);
      await c1.send(new PutObjectCommand({ Bucket: 'keep-me', Key: 'k/1.json', Body: '{"a":1}', ContentType: 'application/json' }));
      c1.destroy();
      await first.stop();
      await first.stop(); // idempotent

      const second = await startLocalObjectStore({ directory: dir, credentials: LOCAL_S3_CREDENTIALS });
      const c2 = localS3Client(second);
      try {
        const got = await c2.send(new GetObjectCommand({ Bucket: 'keep-me', Key: 'k/1.json' }));
        expect(got.ContentType).toBe('application/json');
        expect(await got.Body!.transformToString()).toBe('{"a":1}');
      } finally {
        c2.destroy();
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the stored object when a client disconnects halfway through an upload', async () => {
    const key = 'interrupted.bin';
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'original' }));
    const url = new URL(await getSignedUrl(s3, new PutObjectCommand({ Bucket: BUCKET, Key: key }), { expiresIn: 60 }));
    await new Promise<void>((resolve) => {
      const req = httpRequest({ host: url.hostname, port: url.port, method: 'PUT', path: url.pathname + url.search, headers: { 'content-length': String(2 * 1024 * 1024) } });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      // Past the in-memory threshold, so the spool file is exercised (and must be discarded).
      req.write(Buffer.alloc(1536 * 1024, 1), () => setTimeout(() => req.destroy(), 50));
    });
    await new Promise((r) => setTimeout(r, 100));
    expect((await objectBytes(key))?.toString()).toBe('original');
  });

  /** A verifying front before a byte store on `port`, its errors collected, and a client signing for it. */
  async function frontBefore(port: number, errors: unknown[]) {
    const front = await startVerifyingFront({ host: '127.0.0.1', port: 0, upstream: { host: '127.0.0.1', port }, credentials: LOCAL_S3_CREDENTIALS, region: 'us-east-1', clock, onError: (e) => errors.push(e) });
    return { front, client: localS3Client({ endpoint: front.endpoint, credentials: LOCAL_S3_CREDENTIALS, region: 'us-east-1' }) };
  }

  it('answers 502 with an S3 XML error when the byte store is down, and keeps serving', async () => {
    const errors: unknown[] = [];
    const { front, client } = await frontBefore(await freePort(), errors); // nobody listens on that port
    try {
      const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: BUCKET, Key: 'x' }), { expiresIn: 60 });
      for (let i = 0; i < 2; i++) {
        const res = await fetch(url);
        expect(await refusal(res)).toEqual({ status: 502, code: 'BadGateway' });
      }
      // Unsigned requests are still refused first: the verdict never depends on the store.
      expect(await refusal(await fetch(`${front.endpoint}/${BUCKET}/x`))).toEqual({ status: 403, code: 'AccessDenied' });
      expect(errors).toEqual([]);
    } finally {
      client.destroy();
      await front.close();
    }
  });

  it('sends a request again when the byte store closed the kept-alive socket it went out on (no 502 from the race)', async () => {
    // A byte store that answers the first request on each connection and resets the connection at the next one:
    // what an idle timeout closing a socket just as the front reuses it looks like.
    const sockets: Socket[] = [];
    const store = createNetServer((socket) => {
      sockets.push(socket);
      let answered = false;
      socket.on('data', () => {
        if (answered) {
          socket.resetAndDestroy();
          return;
        }
        answered = true;
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok');
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
    const errors: unknown[] = [];
    const { front, client } = await frontBefore((store.address() as AddressInfo).port, errors);
    try {
      const url = await getSignedUrl(client, new PutObjectCommand({ Bucket: BUCKET, Key: 'again', ContentType: 'image/png', ContentLength: PNG.length }), { expiresIn: 60 });
      for (let i = 0; i < 3; i++) {
        const res = await put(url, PNG);
        expect({ i, status: res.status, body: await res.text() }).toEqual({ i, status: 200, body: 'ok' });
      }
      // Each retry went out on a fresh connection: the first, then one more per reset.
      expect(sockets.length).toBe(3);
      expect(errors).toEqual([]);
    } finally {
      client.destroy();
      await front.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => store.close(resolve));
    }
  });

  it('refuses to create a bucket with an invalid name', async () => {
    await expect(store.createBucket('No_Such')).rejects.toThrow(/Invalid bucket name/);
  });
});

/** sha256 / HMAC-sha256 for signing test requests by hand. */
class TestSha256 {
  private readonly parts: Buffer[] = [];
  constructor(private readonly secret?: string | ArrayBuffer | ArrayBufferView) {}
  private static bytes(data: string | ArrayBuffer | ArrayBufferView): Buffer {
    if (typeof data === 'string') return Buffer.from(data);
    return ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.parts.push(TestSha256.bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    const body = Buffer.concat(this.parts);
    const hash = this.secret === undefined ? createHash('sha256') : createHmac('sha256', TestSha256.bytes(this.secret));
    return new Uint8Array(hash.update(body).digest());
  }
  reset(): void {
    this.parts.length = 0;
  }
}
