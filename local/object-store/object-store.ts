/**
 * The local S3 stand-in (DESIGN.md, "Local stand-ins"): s3rver as the byte store, in-process on
 * a Unix socket in an owner-only directory with its data on disk, behind a loopback front that
 * verifies every request's SigV4 signature (presigned URL or Authorization header) the way S3
 * with Block Public Access does. Clients, the AWS SDK included, only ever get the front's
 * endpoint. The credentials are the data directory's own (local-credentials.ts), never a
 * fixed pair anyone could sign with.
 *
 * Why a front at all: s3rver 3.7.1 checks only expiry and accepts unsigned, tampered and
 * wrong-type requests (LAB-NOTES, "S3 locally"), so on its own it would let the local product
 * pass tests that S3 would fail.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { systemClock, type Clock } from '../../lambdas/core/clock';
import { LOCAL_REGION } from '../../lambdas/adapters/local-credentials';
import type { SigningCredentials } from './sigv4-verifier';
import { startVerifyingFront, type VerifyingFront } from './verifying-front';
import { writeObjectsWhole } from './whole-writes';

export interface LocalObjectStoreOptions {
  /** Where objects live (created if missing). The same directory after a restart keeps them. */
  readonly directory: string;
  /** Address of the public front. @default '127.0.0.1' */
  readonly host?: string;
  /** Port of the public front. @default a free port */
  readonly port?: number;
  /** The only credentials the front accepts (the data directory's `s3` pair). */
  readonly credentials: SigningCredentials;
  /** @default LOCAL_REGION */
  readonly region?: string;
  /** Buckets to create (if missing) before the store answers. */
  readonly buckets?: readonly string[];
  /** Time for expiry and skew checks. @default the system clock */
  readonly clock?: Clock;
  /** Told about unexpected failures inside the front (answered with 5xx, never fatal). */
  readonly onError?: (err: unknown) => void;
}

export interface LocalObjectStore {
  /** The front's base URL, for path-style clients (`forcePathStyle: true`). */
  readonly endpoint: string;
  readonly port: number;
  readonly credentials: SigningCredentials;
  readonly region: string;
  /** Creates a bucket unless it exists (idempotent, unlike s3rver's CreateBucket). */
  createBucket(name: string): Promise<void>;
  /** Closes the front, then the byte store. Objects stay on disk. */
  stop(): Promise<void>;
}

export class InvalidBucketNameError extends Error {
  constructor(name: string, reason: string) {
    super(`Invalid bucket name "${name}": ${reason}`);
    this.name = 'InvalidBucketNameError';
  }
}

/** S3's general-purpose bucket naming rules (the subset that matters for path-style access). */
export function assertValidBucketName(name: string): void {
  if (name.length < 3 || name.length > 63) throw new InvalidBucketNameError(name, 'it must be 3 to 63 characters long');
  if (!/^[a-z0-9][a-z0-9.-]*[a-z0-9]$/.test(name)) {
    throw new InvalidBucketNameError(name, 'use lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit');
  }
  if (name.includes('..')) throw new InvalidBucketNameError(name, 'it must not contain two adjacent dots');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(name)) throw new InvalidBucketNameError(name, 'it must not look like an IP address');
}

export async function startLocalObjectStore(options: LocalObjectStoreOptions): Promise<LocalObjectStore> {
  // A copy of our own: callers hand `store.credentials` to SDK clients, which mutate it.
  const credentials = { ...options.credentials };
  const region = options.region ?? LOCAL_REGION;
  const buckets = options.buckets ?? [];
  buckets.forEach(assertValidBucketName);
  const directory = resolve(options.directory);
  // s3rver lists the directory on bucket listing and fails if it is missing.
  mkdirSync(directory, { recursive: true });

  // A Unix socket in a directory only this user can enter (mkdtemp makes it 0700): s3rver checks
  // no signature, so no TCP port of it may exist for other processes or web pages to reach.
  const socketDir = mkdtempSync(join(tmpdir(), 'bgs-byte-store-'));
  const socketPath = join(socketDir, 's3rver.sock');
  const byteStore = new S3rver({
    port: socketPath,
    silent: true,
    directory,
    // Path-style only: the front always sends Host = this address, never a bucket host name.
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  // s3rver answers a PUT before its file is written; S3 answers once the object is whole.
  writeObjectsWhole(byteStore.store);
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true });
  try {
    await byteStore.run();
  } catch (err) {
    removeSocketDir();
    throw err;
  }

  let front: VerifyingFront;
  try {
    front = await startVerifyingFront({
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 0,
      upstream: { socketPath },
      credentials,
      region,
      clock: options.clock ?? systemClock,
      ...(options.onError ? { onError: options.onError } : {}),
    });
  } catch (err) {
    await byteStore.close().catch(() => undefined);
    removeSocketDir();
    throw err;
  }

  let stopping: Promise<void> | undefined;
  return {
    endpoint: front.endpoint,
    port: front.port,
    credentials,
    region,
    createBucket: async (name) => {
      assertValidBucketName(name);
      // Straight into the store: creating a bucket that exists is a no-op, as BGS wants on
      // every start (s3rver's own CreateBucket answers 409 BucketAlreadyExists).
      await byteStore.store.putBucket(name);
    },
    stop: () => {
      stopping ??= (async () => {
        await front.close();
        await byteStore.close().catch(() => undefined);
        removeSocketDir();
      })();
      return stopping;
    },
  };
}

/**
 * An S3 client for the store's front, configured as BGS's S3 adapter must be on AWS too:
 * path-style addressing, and checksums only when an operation requires them (otherwise the SDK
 * signs a checksum of an empty body into presigned PUTs and frames stream uploads in chunks).
 */
export function localS3Client(store: Pick<LocalObjectStore, 'endpoint' | 'credentials' | 'region'>): S3Client {
  return new S3Client({
    endpoint: store.endpoint,
    region: store.region,
    credentials: { accessKeyId: store.credentials.accessKeyId, secretAccessKey: store.credentials.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
