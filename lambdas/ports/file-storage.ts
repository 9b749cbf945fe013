/**
 * File storage of a generated project API: presigned URLs for direct client <-> storage
 * transfers (the API never carries file bytes), and the checks an attach needs. S3 on AWS; the
 * local object store (s3rver behind a SigV4-verifying front) locally, through the SAME adapter
 * (lambdas/adapters/s3/file-storage.ts) with only the endpoint changed.
 */

export interface UploadGrantInput {
  /** The full storage key, derived by the server (never named by the client). */
  readonly key: string;
  /** Signed into the URL: storage refuses an upload with another Content-Type. */
  readonly contentType: string;
  /** When declared, signed into the URL: storage refuses any other Content-Length. */
  readonly size?: number;
  readonly expiresInSeconds: number;
}

export interface DownloadGrantInput {
  readonly key: string;
  readonly expiresInSeconds: number;
  /** Suggested file name for the browser (Content-Disposition), when known. */
  readonly filename?: string;
}

export interface StoredObject {
  readonly contentType: string;
  readonly size: number;
}

export interface FileStorage {
  uploadUrl(input: UploadGrantInput): Promise<string>;
  downloadUrl(input: DownloadGrantInput): Promise<string>;
  /** The object's type and size, or null when there is none. */
  head(key: string): Promise<StoredObject | null>;
  /**
   * Copies the object at `from` to `to` inside the bucket, server-side (bytes, type and size as
   * stored; `to` is replaced whole). False when there is no object at `from`.
   */
  copy(from: string, to: string): Promise<boolean>;
  /** Deletes the object (no error when it is absent). */
  delete(key: string): Promise<void>;
}

/** An object found by a listing: its key and when it was written. */
export interface ListedObject {
  readonly key: string;
  readonly lastModified: Date;
}
