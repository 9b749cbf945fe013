/**
 * S3FileStorage against the local object store (s3rver behind the SigV4-verifying front) on a
 * free loopback port, data in a temp directory of this file. URLs are used with plain fetch,
 * as a browser would; every refusal is checked for the status and S3 error code S3 with Block
 * Public Access gives, and for leaving the stored object alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ManualClock } from '../../lambdas/core/clock';
import { attachmentDisposition, ensureProjectBucket, S3FileStorage } from '../../lambdas/adapters/s3/file-storage';
import { localS3Client, startLocalObjectStore, type LocalObjectStore } from '../../local/object-store';
import { generateSigningCredentials } from '../../lambdas/adapters/local-credentials';

const BUCKET = 'bgs-project-files';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
/** Keys as the runtime derives them: organization, entity, record, fileKey. */
const keyOf = (fileKey: string) => `org/o-1/tasks/t-1/${fileKey}`;

let directory: string;
let store: LocalObjectStore;
let s3: S3Client;
let storage: S3FileStorage;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'bgs-file-storage-'));
  store = await startLocalObjectStore({ directory, credentials: generateSigningCredentials() });
  s3 = localS3Client(store);
  // Through the front with the SDK, twice: the second call finds the bucket and is a no-op.
  await ensureProjectBucket(s3, BUCKET);
  await ensureProjectBucket(s3, BUCKET);
  storage = new S3FileStorage({ client: s3, bucket: BUCKET });
});

afterAll(async () => {
  s3?.destroy();
  await store?.stop();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

function put(url: string, body: Uint8Array, contentType: string | null = 'application/pdf'): Promise<Response> {
  return fetch(url, { method: 'PUT', body, headers: contentType === null ? {} : { 'content-type': contentType } });
}

/** Status, S3 error code and message of a refusal, after checking it is S3's XML error document. */
async function refusal(res: Response): Promise<{ status: number; code: string; message: string }> {
  const text = await res.text();
  expect(res.headers.get('content-type')).toBe('application/xml');
  expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>\w+<\/Code><Message>[^<]+<\/Message>/);
  return { status: res.status, code: /<Code>(\w+)<\/Code>/.exec(text)?.[1] ?? '', message: /<Message>([^<]+)<\/Message>/.exec(text)?.[1] ?? '' };
}

const DENIED = { status: 403, code: 'AccessDenied' };
const MISMATCH = { status: 403, code: 'SignatureDoesNotMatch' };
const codeOf = async (res: Response) => {
  const { status, code } = await refusal(res);
  return { status, code };
};

/** Uploads through a granted URL (the happy path every refusal test starts from). */
async function upload(key: string, body: Buffer = PDF, contentType = 'application/pdf'): Promise<void> {
  const res = await put(await storage.uploadUrl({ key, contentType, size: body.length, expiresInSeconds: 300 }), body, contentType);
  expect(res.status).toBe(200);
}

async function storedBytes(key: string): Promise<Buffer | undefined> {
  const res = await fetch(await storage.downloadUrl({ key, expiresInSeconds: 60 }));
  if (res.status === 404) return undefined;
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('granted transfers', () => {
  it('uploads with the granted URL (type and declared length), heads, and downloads with Content-Disposition', async () => {
    const key = keyOf('f_upload1');
    const url = await storage.uploadUrl({ key, contentType: 'application/pdf', size: PDF.length, expiresInSeconds: 300 });
    const signed = new URL(url).searchParams;
    expect(signed.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(signed.get('X-Amz-Expires')).toBe('300');
    expect((await put(url, PDF)).status).toBe(200);

    expect(await storage.head(key)).toEqual({ contentType: 'application/pdf', size: PDF.length });

    const download = await fetch(await storage.downloadUrl({ key, expiresInSeconds: 60, filename: 'Q3 "report" – é.pdf' }));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Q3 _report_ _ _.pdf"; filename*=UTF-8''Q3%20%22report%22%20%E2%80%93%20%C3%A9.pdf`);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('downloads as an attachment without a file name too, and a plain name is only quoted', async () => {
    const key = keyOf('f_plain');
    await upload(key);
    const bare = await fetch(await storage.downloadUrl({ key, expiresInSeconds: 60 }));
    expect(bare.status).toBe(200);
    expect(bare.headers.get('content-disposition')).toBe('attachment');
    const named = await fetch(await storage.downloadUrl({ key, expiresInSeconds: 60, filename: 'notes.pdf' }));
    expect(named.headers.get('content-disposition')).toBe('attachment; filename="notes.pdf"');
    await named.arrayBuffer();
  });

  it('an upload URL without a declared size takes any length (head() then tells the size), but still only the signed type', async () => {
    const key = keyOf('f_unsized');
    const url = await storage.uploadUrl({ key, contentType: 'image/png', expiresInSeconds: 300 });
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect((await put(url, Buffer.alloc(10, 1), 'image/png')).status).toBe(200);
    expect(await storage.head(key)).toEqual({ contentType: 'image/png', size: 10 });
    // Reusable until it expires (LAB-NOTES): the attach-time head() is what enforces a limit.
    expect((await put(url, Buffer.alloc(70_000, 2), 'image/png')).status).toBe(200);
    expect(await storage.head(key)).toEqual({ contentType: 'image/png', size: 70_000 });
    expect(await codeOf(await put(url, Buffer.alloc(10, 3), 'text/html'))).toEqual(MISMATCH);
    expect(await storage.head(key)).toEqual({ contentType: 'image/png', size: 70_000 });
  });

  it('signs a declared size of 0 (an empty file) as exactly 0', async () => {
    const key = keyOf('f_empty');
    const url = await storage.uploadUrl({ key, contentType: 'text/plain', size: 0, expiresInSeconds: 60 });
    expect(await codeOf(await put(url, Buffer.from('x'), 'text/plain'))).toEqual(MISMATCH);
    expect((await put(url, Buffer.alloc(0), 'text/plain')).status).toBe(200);
    expect(await storage.head(key)).toEqual({ contentType: 'text/plain', size: 0 });
  });

  it('deletes: head() is then null, a second delete is no error, a download URL finds nothing', async () => {
    const key = keyOf('f_deleted');
    await upload(key);
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    const res = await fetch(await storage.downloadUrl({ key, expiresInSeconds: 60 }));
    expect(await codeOf(res)).toEqual({ status: 404, code: 'NoSuchKey' });
  });

  it('head() is null for a key never written, and propagates other failures (a refused signature)', async () => {
    expect(await storage.head(keyOf('f_never'))).toBeNull();
    const intruder = new S3Client({
      endpoint: store.endpoint,
      region: store.region,
      credentials: { accessKeyId: store.credentials.accessKeyId, secretAccessKey: 'guessed' },
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      maxAttempts: 1,
    });
    try {
      const foreign = new S3FileStorage({ client: intruder, bucket: BUCKET });
      await expect(foreign.head(keyOf('f_never'))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      await expect(foreign.delete(keyOf('f_never'))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    } finally {
      intruder.destroy();
    }
  });

  it('copies server-side (bytes and type as stored; a header-signed CopyObject through the front), false for a missing source', async () => {
    const from = `staging/${keyOf('f_copy')}`;
    const to = keyOf('f_copy');
    await upload(from);
    expect(await storage.copy(from, to)).toBe(true);
    expect(await storage.head(to)).toEqual({ contentType: 'application/pdf', size: PDF.length });
    expect(await storedBytes(to)).toEqual(PDF);
    // The copy is its own object: replacing or deleting the source leaves it alone.
    await upload(from, Buffer.from('%PDF-1.7 other'));
    await storage.delete(from);
    expect(await storedBytes(to)).toEqual(PDF);
    expect(await storage.copy(from, keyOf('f_copy_none'))).toBe(false);
    expect(await storage.head(keyOf('f_copy_none'))).toBeNull();
    await expect(storage.copy(to, to)).rejects.toThrow(RangeError);
  });

  it('lists the objects under a prefix with their time of writing', async () => {
    const keys = ['a', 'b'].map((name) => `listed/${keyOf(name)}`);
    for (const key of keys) await upload(key);
    const listed: { key: string; lastModified: Date }[] = [];
    for await (const object of storage.list('listed/')) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual(keys);
    for (const object of listed) expect(Math.abs(object.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe('the storage front refuses what S3 with public access blocked refuses', () => {
  const key = keyOf('f_original');
  const other = keyOf('f_other');
  const OTHER = Buffer.from('the other record');
  const uploadGrant = (expiresInSeconds = 300) => storage.uploadUrl({ key, contentType: 'application/pdf', size: PDF.length, expiresInSeconds });
  const downloadGrant = (filename = 'original.pdf') => storage.downloadUrl({ key, expiresInSeconds: 300, filename });

  beforeAll(async () => {
    await upload(key);
    await upload(other, OTHER, 'text/plain');
  });
  afterEach(async () => {
    // No refusal may have touched either object.
    expect((await storedBytes(key))?.equals(PDF)).toBe(true);
    expect((await storedBytes(other))?.equals(OTHER)).toBe(true);
  });

  it('unsigned requests: the object (GET, HEAD, PUT, DELETE), the bucket listing, the service: 403 AccessDenied', async () => {
    const plain = `${store.endpoint}/${BUCKET}/${key}`;
    expect(await refusal(await fetch(plain))).toEqual({ ...DENIED, message: 'Access Denied' });
    expect((await fetch(plain, { method: 'HEAD' })).status).toBe(403);
    expect(await codeOf(await put(plain, Buffer.alloc(PDF.length)))).toEqual(DENIED);
    expect(await codeOf(await fetch(plain, { method: 'DELETE' }))).toEqual(DENIED);
    expect(await codeOf(await fetch(`${store.endpoint}/${BUCKET}`))).toEqual(DENIED);
    expect(await codeOf(await fetch(`${store.endpoint}/${BUCKET}?list-type=2&prefix=org/`))).toEqual(DENIED);
    expect(await codeOf(await fetch(`${store.endpoint}/`))).toEqual(DENIED);
  });

  it('a tampered signature: 403 SignatureDoesNotMatch', async () => {
    const flip = (url: string) => url.replace(/X-Amz-Signature=([0-9a-f])/, (_m, c: string) => `X-Amz-Signature=${c === 'a' ? 'b' : 'a'}`);
    const putUrl = await uploadGrant();
    expect(flip(putUrl)).not.toBe(putUrl);
    expect(await codeOf(await put(flip(putUrl), Buffer.alloc(PDF.length)))).toEqual(MISMATCH);
    expect(await codeOf(await fetch(flip(await downloadGrant())))).toEqual(MISMATCH);
  });

  it('a tampered query: a longer X-Amz-Expires, an inline disposition, an added override: 403 SignatureDoesNotMatch', async () => {
    const longer = (await uploadGrant()).replace('X-Amz-Expires=300', 'X-Amz-Expires=604800');
    expect(await codeOf(await put(longer, Buffer.alloc(PDF.length)))).toEqual(MISMATCH);
    const get = await downloadGrant();
    const inline = get.replace(/response-content-disposition=[^&]+/, 'response-content-disposition=inline');
    expect(inline).not.toBe(get);
    expect(await codeOf(await fetch(inline))).toEqual(MISMATCH);
    expect(await codeOf(await fetch(`${get}&response-content-type=text%2Fhtml`))).toEqual(MISMATCH);
  });

  it('an expired URL (signed at a past date by the injected clock): 403 AccessDenied "Request has expired"', async () => {
    const past = new ManualClock(Date.now() - 2 * 60 * 60 * 1000);
    const signedEarlier = new S3FileStorage({ client: s3, bucket: BUCKET, clock: past });
    const putUrl = await signedEarlier.uploadUrl({ key, contentType: 'application/pdf', size: PDF.length, expiresInSeconds: 3600 });
    expect(await refusal(await put(putUrl, Buffer.alloc(PDF.length)))).toEqual({ ...DENIED, message: 'Request has expired' });
    const getUrl = await signedEarlier.downloadUrl({ key, expiresInSeconds: 3600 });
    expect(await refusal(await fetch(getUrl))).toEqual({ ...DENIED, message: 'Request has expired' });
    // The same grants signed 59 minutes ago are still good: the clock, not the URL shape, decides.
    past.set(Date.now() - 59 * 60 * 1000);
    expect((await fetch(await signedEarlier.downloadUrl({ key, expiresInSeconds: 3600 }))).status).toBe(200);
  });

  it('another method: a GET grant used to PUT or DELETE, a PUT grant used to GET: 403 SignatureDoesNotMatch', async () => {
    const get = await downloadGrant();
    expect(await codeOf(await put(get, Buffer.alloc(PDF.length)))).toEqual(MISMATCH);
    expect(await codeOf(await put(get, Buffer.alloc(PDF.length), null))).toEqual(MISMATCH);
    expect(await codeOf(await fetch(get, { method: 'DELETE' }))).toEqual(MISMATCH);
    expect(await codeOf(await fetch(await uploadGrant()))).toEqual(MISMATCH);
  });

  it('another Content-Type than the signed one, or none: 403 SignatureDoesNotMatch', async () => {
    const url = await uploadGrant();
    expect(await codeOf(await put(url, Buffer.alloc(PDF.length), 'text/html'))).toEqual(MISMATCH);
    expect(await codeOf(await put(url, Buffer.alloc(PDF.length), 'Application/PDF'))).toEqual(MISMATCH);
    expect(await codeOf(await put(url, Buffer.alloc(PDF.length), null))).toEqual(MISMATCH);
  });

  it('another Content-Length than the signed one, larger or smaller: 403 SignatureDoesNotMatch', async () => {
    const url = await uploadGrant();
    expect(await codeOf(await put(url, Buffer.alloc(PDF.length + 1)))).toEqual(MISMATCH);
    expect(await codeOf(await put(url, Buffer.alloc(PDF.length * 1000)))).toEqual(MISMATCH);
    expect(await codeOf(await put(url, Buffer.alloc(PDF.length - 1)))).toEqual(MISMATCH);
  });

  it("a URL for key A used for key B (the path edited): 403 SignatureDoesNotMatch, B's object untouched", async () => {
    const putForOther = await storage.uploadUrl({ key: other, contentType: 'application/pdf', size: PDF.length, expiresInSeconds: 300 });
    const aimedAtKey = putForOther.replace(`/${other}?`, `/${key}?`);
    expect(aimedAtKey).not.toBe(putForOther);
    expect(await codeOf(await put(aimedAtKey, Buffer.alloc(PDF.length)))).toEqual(MISMATCH);
    const getForOther = await storage.downloadUrl({ key: other, expiresInSeconds: 300 });
    expect(await codeOf(await fetch(getForOther.replace(`/${other}?`, `/${key}?`)))).toEqual(MISMATCH);
    // Nor can an object grant be turned into a listing of the bucket.
    expect(await codeOf(await fetch(getForOther.replace(`/${other}?`, '?list-type=2&')))).toEqual(MISMATCH);
  });
});

describe('response-header overrides (answered by the front for verified requests)', () => {
  const key = keyOf('f_overrides');
  beforeAll(() => upload(key));

  it('applies the signed overrides to a GET and a HEAD, not to an error answer', async () => {
    const sign = (command: GetObjectCommand | HeadObjectCommand) => getSignedUrl(s3, command, { expiresIn: 60 });
    const overrides = { ResponseContentType: 'application/octet-stream', ResponseCacheControl: 'no-store', ResponseContentDisposition: 'attachment' };
    const got = await fetch(await sign(new GetObjectCommand({ Bucket: BUCKET, Key: key, ...overrides })));
    expect(got.status).toBe(200);
    expect([got.headers.get('content-type'), got.headers.get('cache-control'), got.headers.get('content-disposition')]).toEqual(['application/octet-stream', 'no-store', 'attachment']);
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    const headed = await fetch(await sign(new HeadObjectCommand({ Bucket: BUCKET, Key: key, ...overrides })), { method: 'HEAD' });
    expect([headed.status, headed.headers.get('cache-control')]).toEqual([200, 'no-store']);
    const missing = await fetch(await sign(new GetObjectCommand({ Bucket: BUCKET, Key: keyOf('f_nothing'), ...overrides })));
    expect(await codeOf(missing)).toEqual({ status: 404, code: 'NoSuchKey' });
    expect(missing.headers.get('cache-control')).toBeNull();
  });

  it('refuses, with 400 InvalidArgument and without falling over, a value no header can carry', async () => {
    for (const disposition of ['attachment; filename="\u20ac.pdf"', 'attachment\r\nSet-Cookie: a=b']) {
      const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: key, ResponseContentDisposition: disposition }), { expiresIn: 60 });
      expect(await codeOf(await fetch(url))).toEqual({ status: 400, code: 'InvalidArgument' });
    }
    expect((await storedBytes(key))?.equals(PDF)).toBe(true);
  });
});

describe('inputs the adapter refuses to sign', () => {
  it('lifetimes outside 1 s .. 7 days, negative or fractional sizes, unsignable types, empty keys', async () => {
    const base = { key: keyOf('f_x'), contentType: 'image/png', expiresInSeconds: 60 };
    await expect(storage.uploadUrl({ ...base, expiresInSeconds: 0 })).rejects.toThrow(RangeError);
    await expect(storage.uploadUrl({ ...base, expiresInSeconds: 604_801 })).rejects.toThrow(RangeError);
    await expect(storage.downloadUrl({ key: base.key, expiresInSeconds: 1.5 })).rejects.toThrow(RangeError);
    await expect(storage.uploadUrl({ ...base, size: -1 })).rejects.toThrow(RangeError);
    await expect(storage.uploadUrl({ ...base, size: 1.5 })).rejects.toThrow(RangeError);
    await expect(storage.uploadUrl({ ...base, contentType: 'image/png\r\nx-amz-acl: public-read' })).rejects.toThrow(RangeError);
    await expect(storage.uploadUrl({ ...base, contentType: '' })).rejects.toThrow(RangeError);
    await expect(storage.uploadUrl({ ...base, key: '' })).rejects.toThrow(RangeError);
  });

  it('refuses a client that would sign an empty-body checksum into uploads (S3 would answer BadDigest)', async () => {
    const careless = new S3Client({ endpoint: store.endpoint, region: store.region, credentials: { ...store.credentials }, forcePathStyle: true });
    try {
      const carelessStorage = new S3FileStorage({ client: careless, bucket: BUCKET });
      await expect(carelessStorage.uploadUrl({ key: keyOf('f_x'), contentType: 'image/png', size: 4, expiresInSeconds: 60 })).rejects.toThrow(/WHEN_REQUIRED/);
    } finally {
      careless.destroy();
    }
  });
});

describe('attachmentDisposition', () => {
  it('quotes safe names, replaces what a quoted string or a path cannot hold, and adds filename* when it did', () => {
    expect(attachmentDisposition()).toBe('attachment');
    expect(attachmentDisposition('   ')).toBe('attachment');
    expect(attachmentDisposition('a b.txt')).toBe('attachment; filename="a b.txt"');
    expect(attachmentDisposition('../etc\\passwd')).toBe(`attachment; filename=".._etc_passwd"; filename*=UTF-8''..%2Fetc%5Cpasswd`);
    expect(attachmentDisposition("it's (1)*.txt")).toBe(`attachment; filename="it's (1)*.txt"`);
    expect(attachmentDisposition('naïve\r\n.txt')).toBe(`attachment; filename="na_ve__.txt"; filename*=UTF-8''na%C3%AFve%0D%0A.txt`);
    expect(attachmentDisposition('100%.txt')).toBe(`attachment; filename="100_.txt"; filename*=UTF-8''100%25.txt`);
    expect(attachmentDisposition('\uD800x')).toBe(`attachment; filename="_x"; filename*=UTF-8''%EF%BF%BDx`);
  });
});
