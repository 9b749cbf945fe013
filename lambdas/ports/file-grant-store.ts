/**
 * Upload grants of a generated project API: which fileKeys were handed out for which record and
 * field, with the type (and size) the client declared, and whether the key has been attached.
 * Attaching a key needs its grant, so a key of another record or organization is useless
 * (CONTRACT "Files"); a grant attaches at most once. DynamoDB:
 * lambdas/adapters/project-data/file-grant-store.ts.
 */

export interface FileGrant {
  fileKey: string;
  entity: string;
  recordId: string;
  field: string;
  contentType: string;
  /** Declared size in bytes (signed into the upload URL), when given. */
  size?: number;
  filename: string;
  createdAt: string;
  /** When the upload URL stops working. */
  expiresAt: string;
  /** Set when an attach took the key (claimed before the object is moved, kept once the record holds it). */
  attachedAt?: string;
}

/** Which grant: the record it was given for and its key. */
export type FileGrantRef = Pick<FileGrant, 'entity' | 'recordId' | 'fileKey'>;

export interface FileGrantStore {
  /** Stores a new grant; it is forgotten some time after it expires. */
  put(orgId: string | null, grant: FileGrant): Promise<void>;
  /** The grant of this key for this record, or null (never granted, granted for another record, or expired). */
  get(orgId: string | null, entity: string, recordId: string, fileKey: string, now: Date): Promise<FileGrant | null>;
  /**
   * Takes the grant for one attach (sets `attachedAt`) unless it is gone, expired or already
   * taken: false then. Atomic, so two requests attaching the same key cannot both go on.
   */
  claim(orgId: string | null, grant: FileGrantRef, now: Date): Promise<boolean>;
  /** Gives a claim back (the attach did not complete), only if it is still the one made at `claimedAt`. */
  release(orgId: string | null, grant: FileGrantRef, claimedAt: Date): Promise<void>;
}
