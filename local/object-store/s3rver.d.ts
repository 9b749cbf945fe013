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

  class S3rver {
    constructor(options?: S3rverOptions);
    readonly store: S3rver.Store;
    httpServer?: Server;
    /** Creates the configured buckets, then listens. */
    run(): Promise<AddressInfo | string>;
    close(): Promise<void>;
    on(event: 'error', listener: (err: Error) => void): this;
  }

  namespace S3rver {
    /** An object as s3rver's controllers hand it to the store (lib/models/object.js). */
    interface StoredObject {
      readonly bucket: string;
      readonly key: string;
      /** The request stream of a PUT, the parts of a multipart upload, or bytes. */
      readonly content: NodeJS.ReadableStream | Buffer;
      readonly metadata: Record<string, string>;
    }

    /** The FilesystemStore (lib/stores/filesystem.js). */
    interface Store {
      getBucket(name: string): Promise<{ name: string; creationDate: Date } | null>;
      putBucket(name: string): Promise<unknown>;
      /** The file of `resource` ('object', 'metadata.json', 'object.md5') of a key. */
      getResourcePath(bucket: string, key: string, resource: string): string;
      /** Writes the metadata.json and object.md5 files of a key. */
      putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
      putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
    }
  }

  export = S3rver;
}
