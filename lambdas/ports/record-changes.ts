/**
 * Record changes: the one source of "a record was created, updated or deleted" of a generated
 * project, read once from its table's stream (NEW_AND_OLD_IMAGES) and handed to every consumer
 * (workflow triggers, record waits, later event handlers). On AWS a Lambda event source mapping
 * delivers the stream (lambdas/adapters/record-changes/stream-event-handler.ts); locally a reader
 * polls DynamoDB Local's stream (stream-reader.ts). Both deliver at least once, in order per
 * record: a consumer dedupes by `changeId`, which stays the same when a change comes again.
 */

export type RecordChangeKind = 'created' | 'updated' | 'deleted';

/** A record's fields as stored (keys, index keys, counters and TTL stripped). */
export type RecordImage = Readonly<Record<string, unknown>>;

export interface RecordChange {
  /** The stream record's eventID: the same on every delivery of this change. */
  readonly changeId: string;
  /** The IR entity's name (`Task`). */
  readonly entity: string;
  /** The record's organization; null for a single-tenant project or an entity not tenant-scoped. */
  readonly orgId: string | null;
  readonly recordId: string;
  readonly kind: RecordChangeKind;
  /** The record before the change (updated, deleted). */
  readonly before?: RecordImage;
  /** The record after the change (created, updated). */
  readonly after?: RecordImage;
  /**
   * When the change was written, ISO 8601, as the stream tells it: approximate (DynamoDB gives
   * seconds, DynamoDB Local whole minutes), so order changes by their delivery, not by this.
   */
  readonly at: string;
  /** The mark of the workflow whose task made the change (ports/record-store.ts WriteGuard.writtenBy); absent for any other write. */
  readonly writtenBy?: string;
}

/**
 * One consumer of changes. Resolves once it has handled the change; rejects to have it (and
 * every later change) delivered again. It may see a change more than once: dedupe by changeId.
 */
export type RecordChangeConsumer = (change: RecordChange) => Promise<void>;

/** What a batch came to: `changes[0 .. handled)` are done; from `changes[handled]` on, all come again. */
export interface ChangeBatchOutcome {
  readonly handled: number;
  /** Why `changes[handled]` was not handled; present exactly when handled < changes.length. */
  readonly error?: unknown;
}

/** What a stream hands its changes to, in stream order (createChangeDispatcher makes one). */
export type RecordChangeBatchConsumer = (changes: readonly RecordChange[]) => Promise<ChangeBatchOutcome>;

/** A running reader of one table's changes (local only: on AWS Lambda reads the stream). */
export interface RecordChangeReader {
  /** Starts polling; a second call does nothing. */
  start(): void;
  /** Stops polling; resolves once the batch in flight is handed on and its position stored. */
  stop(): Promise<void>;
  /** Resolves once every change written before the call is handed on (or the reader is stuck on a reported failure). */
  settled(): Promise<void>;
}
