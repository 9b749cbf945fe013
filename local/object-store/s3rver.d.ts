/**
 * The part of s3rver 3.7.1 BGS uses (the package ships no types). Read from its
 * lib/s3rver.js and lib/stores/filesystem.js.
 */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  import type { Server } from 'node:http';

  interface S3rverBucketConfig {
    name: string;
    /** CORS or website configuration documents (XML). */
    configs?: Array<string | Buffer>;
  }

  interface S3rverOptions {
    /** @default 'localhost' */
    address?: string;
    /** @default 4568; 0 for a free port; a path: a Unix socket (then `address` is ignored). */
    port?: number | string;
    silent?: boolean;
    /** Where buckets and objects live on disk. */
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    serviceEndpoint?: string;
    configureBuckets?: S3rverBucketConfig[];
  }

  interface S3rverStore {
    getBucket(name: string): Promise<{ name: string; creationDate: Date } | null>;
    putBucket(name: string): Promise<unknown>;
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    readonly store: S3rverStore;
    httpServer?: Server;
    /** Creates the configured buckets, then listens. */
    run(): Promise<AddressInfo | string>;
    close(): Promise<void>;
    on(event: 'error', listener: (err: Error) => void): this;
  }

  export = S3rver;
}
