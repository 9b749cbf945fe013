/**
 * FileStorage over S3 (lambdas/ports/file-storage.ts): presigned PUT and GET URLs for direct
 * client <-> storage transfers, HeadObject for the attach-time checks, CopyObject for moving an
 * attached file from its staging key to its final key, DeleteObject, and a listing (the local
 * staging sweeper's). The same
 * class serves AWS and the local object store (s3rver behind its SigV4-verifying front); only
 * the client's endpoint differs.
 *
 * The client must be built as `localS3Client` builds it (path-style is optional on AWS, but
 * `requestChecksumCalculation: 'WHEN_REQUIRED'` is not): otherwise the SDK signs a CRC32 of an
 * empty body into every presigned PUT, and S3 refuses the real upload with BadDigest while the
 * local store, which checks no checksums, would accept it. `uploadUrl` refuses to hand out
 * such a URL rather than let local and AWS disagree.
 *
 * On AWS, HeadObject of a missing key answers 404 only if the caller may s3:ListBucket the
 * bucket; without that right S3 answers 403, which `head` propagates (it is not "absent").
 */
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3ServiceException,
  type BucketLocationConstraint,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { systemClock, type Clock } from '../../core/clock';
import type { DownloadGrantInput, FileStorage, ListedObject, StoredObject, UploadGrantInput } from '../../ports/file-storage';

/** S3 refuses presigned URLs valid for longer than seven days (SigV4's limit). */
export const MAX_URL_EXPIRES_SECONDS = 7 * 24 * 60 * 60;
/** S3's limit for one PUT: a larger declared size could never be uploaded. */
export const MAX_SINGLE_PUT_BYTES = 5 * 1024 * 1024 * 1024;
/** S3's key limit, in UTF-8 bytes. */
const MAX_KEY_BYTES = 1024;

export interface S3FileStorageProps {
  readonly client: S3Client;
  readonly bucket: string;
  /** The signing time of every URL (tests sign in the past to get expired URLs). @default systemClock */
  readonly clock?: Clock;
}

export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly clock: Clock;

  constructor(props: S3FileStorageProps) {
    if (props.bucket === '') throw new Error('S3FileStorage needs a bucket name');
    this.client = props.client;
    this.bucket = props.bucket;
    this.clock = props.clock ?? systemClock;
  }

  async uploadUrl(input: UploadGrantInput): Promise<string> {
    checkKey(input.key);
    checkExpiry(input.expiresInSeconds);
    checkContentType(input.contentType);
    const sized = input.size !== undefined;
    if (sized) checkSize(input.size);
    // Content-Type is always signed, Content-Length only when declared: then S3 refuses any
    // other length (403 SignatureDoesNotMatch), and without it the URL takes any length and
    // the size limit is enforced when the key is attached (head()).
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.bucket, Key: input.key, ContentType: input.contentType, ...(sized ? { ContentLength: input.size } : {}) }),
      {
        expiresIn: input.expiresInSeconds,
        signingDate: this.clock.now(),
        signableHeaders: new Set(sized ? ['content-type', 'content-length'] : ['content-type']),
      },
    );
    assertNoSignedChecksum(url);
    return url;
  }

  async downloadUrl(input: DownloadGrantInput): Promise<string> {
    checkKey(input.key);
    checkExpiry(input.expiresInSeconds);
    return getSignedUrl(
      this.client,
      // Always "attachment": an uploaded HTML or SVG file must never render inline on the
      // storage origin. The override is a signed query parameter, so it cannot be edited away.
      new GetObjectCommand({ Bucket: this.bucket, Key: input.key, ResponseContentDisposition: attachmentDisposition(input.filename) }),
      { expiresIn: input.expiresInSeconds, signingDate: this.clock.now() },
    );
  }

  async head(key: string): Promise<StoredObject | null> {
    checkKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      if (out.ContentLength === undefined) throw new Error(`HeadObject of ${key} answered without a Content-Length`);
      // S3 always answers a type (binary/octet-stream when none was given); '' if it ever did
      // not, so that no allowed-type check can match a missing type by accident.
      return { contentType: out.ContentType ?? '', size: out.ContentLength };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async copy(from: string, to: string): Promise<boolean> {
    checkKey(from);
    checkKey(to);
    if (from === to) throw new RangeError('copy needs two different keys');
    try {
      // Server-side: the bytes never pass through the runtime. The metadata (Content-Type) is
      // copied with them (MetadataDirective COPY, the default). CopySource is URL-encoded per
      // segment, as S3 wants it; the server's keys need no encoding, but a key never breaks it.
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}` }));
      return true;
    } catch (err) {
      // Only the source's absence; a missing bucket (also 404) is a failure.
      if (err instanceof S3ServiceException && err.name === 'NoSuchKey') return false;
      throw err;
    }
  }

  /** Every object under `prefix`, page by page (ListObjectsV2; the runtime itself never lists). */
  async *list(prefix: string): AsyncGenerator<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined && object.LastModified !== undefined) yield { key: object.Key, lastModified: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    // S3 answers 204 whether or not the key exists, as the port wants.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

/**
 * Creates the bucket unless it is already ours: the LOCAL deployer's helper. On AWS a
 * project's bucket is a CDK resource (encryption, Block Public Access, CORS), not created here.
 *
 * Public access is not configured here: s3rver answers PutPublicAccessBlock with 501
 * NotImplemented, and the local store needs none, because its verifying front refuses every
 * unsigned request (what BLOCK_ALL gives on S3; buckets made on AWS since April 2023 block
 * public access by default too).
 */
export async function ensureProjectBucket(client: S3Client, bucket: string): Promise<void> {
  const region = await client.config.region();
  try {
    await client.send(
      new CreateBucketCommand({
        Bucket: bucket,
        // us-east-1 is the one region that takes no location constraint.
        ...(region === 'us-east-1' ? {} : { CreateBucketConfiguration: { LocationConstraint: region as BucketLocationConstraint } }),
      }),
    );
  } catch (err) {
    if (!(err instanceof S3ServiceException)) throw err;
    if (err.name === 'BucketAlreadyOwnedByYou') return;
    if (err.name !== 'BucketAlreadyExists') throw err;
    // S3 says BucketAlreadyExists when ANOTHER account owns the name; s3rver says it for our
    // own bucket too. Only a bucket we can reach counts as ours.
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch {
      throw err;
    }
  }
}

/**
 * Empties and deletes a project's bucket (a destroy with `deleteData`); a bucket that is
 * already gone is fine. Returns how many objects were deleted. A bucket is deleted only when
 * empty, so the objects go first, a listed page at a time.
 */
export async function removeProjectBucket(client: S3Client, bucket: string): Promise<number> {
  let deleted = 0;
  try {
    for (;;) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1000 }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length === 0) break;
      const result = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
      if (result.Errors && result.Errors.length > 0) throw new Error(`Could not delete ${result.Errors.length} objects of ${bucket}: ${result.Errors[0]?.Message ?? 'unknown error'}`);
      deleted += keys.length;
    }
    await client.send(new DeleteBucketCommand({ Bucket: bucket }));
  } catch (err) {
    if (err instanceof S3ServiceException && err.name === 'NoSuchBucket') return deleted;
    throw err;
  }
  return deleted;
}

/**
 * `attachment`, with the file name when known: a quoted ASCII fallback (quotes, backslashes,
 * percent signs, path separators and anything outside printable ASCII replaced by '_') and,
 * when that lost something, the exact name as RFC 5987 `filename*` (RFC 6266), which browsers
 * prefer. The value is plain ASCII, so it is also a valid header value wherever it is sent.
 */
export function attachmentDisposition(filename?: string): string {
  if (filename === undefined) return 'attachment';
  // At most 255 characters (a file system's usual limit); lone surrogates made whole so the
  // name can be percent-encoded at all.
  const name = Array.from(filename.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'))
    .slice(0, 255)
    .join('')
    .trim();
  if (name === '') return 'attachment';
  const fallback = name.replace(/[^\x20-\x7e]|["\\%/]/g, '_');
  if (fallback === name) return `attachment; filename="${fallback}"`;
  // encodeURIComponent leaves ' ( ) * unescaped, which RFC 5987's attr-char does not allow.
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function isNotFound(err: unknown): boolean {
  // HEAD answers carry no body, so the SDK names the error after the status: NotFound.
  return err instanceof S3ServiceException && (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);
}

function checkKey(key: string): void {
  if (key === '' || Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) throw new RangeError(`A storage key must be 1 to ${MAX_KEY_BYTES} bytes long`);
}

function checkExpiry(seconds: number): void {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_URL_EXPIRES_SECONDS) {
    throw new RangeError(`expiresInSeconds must be an integer from 1 to ${MAX_URL_EXPIRES_SECONDS}, got ${seconds}`);
  }
}

function checkSize(size: number): void {
  if (!Number.isSafeInteger(size) || size < 0 || size > MAX_SINGLE_PUT_BYTES) {
    throw new RangeError(`size must be an integer from 0 to ${MAX_SINGLE_PUT_BYTES} bytes, got ${size}`);
  }
}

function checkContentType(contentType: string): void {
  // Signed as sent: printable ASCII only (a header value), and compared byte for byte by S3,
  // so the client must send exactly this string (no case or spacing changes).
  if (!/^[\x21-\x7e][\x20-\x7e]{0,254}$/.test(contentType) || /\s$/.test(contentType)) {
    throw new RangeError(`Not a content type that can be signed into a URL: ${JSON.stringify(contentType)}`);
  }
}

function assertNoSignedChecksum(url: string): void {
  for (const name of new URL(url).searchParams.keys()) {
    const lower = name.toLowerCase();
    if (lower.startsWith('x-amz-checksum-') || lower === 'x-amz-sdk-checksum-algorithm') {
      throw new Error(
        "The S3 client signs a checksum into presigned uploads (S3 would refuse the upload with BadDigest): build it with requestChecksumCalculation: 'WHEN_REQUIRED'",
      );
    }
  }
}
