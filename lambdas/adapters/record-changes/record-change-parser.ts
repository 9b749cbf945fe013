/**
 * One stream record of a project table -> the record change it is, or null for any item that is
 * not a record. Pure: the two ways a stream arrives (the Streams API locally, a Lambda event on
 * AWS) are first brought to `StreamRecordImages` (stream-record-images.ts).
 *
 * What counts as a record: an item in an entity partition (`<o>E#<Entity>`, the key module's
 * parseEntityPartition) except the built-in User entity's (members: their changes are the
 * membership's, not a record's). Everything else (unique values, pointers, the organization's
 * counter, grants, the blueprint, rate counters, the reader's own positions, whatever the
 * durable engine writes) is not. A MODIFY that changed no field (a reference counter, an index
 * key written by a migration) is no change of the record either.
 */
import { isDeepStrictEqual } from 'node:util';
import { USER_ENTITY } from '../../core/blueprint/ir';
import type { RecordChange, RecordChangeKind, RecordImage } from '../../ports/record-changes';
import { PROJECT_TABLE_KEYS } from '../project-data/project-table';
import { orgIdOfPrefix, parseEntityPartition } from '../project-data/project-table-keys';
import { WORKFLOW_MARK_ATTRIBUTE } from '../../ports/record-store';

/** A stream record with its images already unmarshalled (plain values). */
export interface StreamRecordImages {
  readonly eventId: string;
  readonly sequenceNumber: string;
  readonly eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  readonly keys: Readonly<Record<string, unknown>>;
  readonly oldImage?: Readonly<Record<string, unknown>>;
  readonly newImage?: Readonly<Record<string, unknown>>;
  readonly approximateCreationTime: Date;
}

const KIND: Readonly<Record<StreamRecordImages['eventName'], RecordChangeKind>> = { INSERT: 'created', MODIFY: 'updated', REMOVE: 'deleted' };

/** The table's key attributes: PK, SK and every GSI's pair. */
const KEY_ATTRIBUTES: ReadonlySet<string> = new Set([
  PROJECT_TABLE_KEYS.partitionKey,
  PROJECT_TABLE_KEYS.sortKey,
  ...PROJECT_TABLE_KEYS.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
]);

/**
 * Internal attributes: the keys, and every name starting with `_` (reference counters
 * `_refs_<E>_<f>`, `_ttl`, any later one): field names are snake_case and never start with `_`
 * (project-table.ts), so no field is lost.
 */
const isInternal = (attribute: string): boolean => KEY_ATTRIBUTES.has(attribute) || attribute.startsWith('_');

/** The record's fields of an image. */
export function recordImage(image: Readonly<Record<string, unknown>>): RecordImage {
  return Object.fromEntries(Object.entries(image).filter(([name]) => !isInternal(name)));
}

export function recordChangeOf(record: StreamRecordImages): RecordChange | null {
  const pk = record.keys[PROJECT_TABLE_KEYS.partitionKey];
  const sk = record.keys[PROJECT_TABLE_KEYS.sortKey];
  if (typeof pk !== 'string' || typeof sk !== 'string') return null;
  const partition = parseEntityPartition(pk);
  if (!partition || partition.entity === USER_ENTITY) return null;
  const kind = KIND[record.eventName];
  const before = record.oldImage && kind !== 'created' ? recordImage(record.oldImage) : undefined;
  const after = record.newImage && kind !== 'deleted' ? recordImage(record.newImage) : undefined;
  if (kind === 'updated' && isDeepStrictEqual(before, after)) return null;
  const mark = kind !== 'deleted' ? record.newImage?.[WORKFLOW_MARK_ATTRIBUTE] : undefined;
  return {
    changeId: record.eventId,
    entity: partition.entity,
    orgId: orgIdOfPrefix(partition.prefix),
    recordId: sk,
    kind,
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
    at: record.approximateCreationTime.toISOString(),
    ...(typeof mark === 'string' ? { writtenBy: mark } : {}),
  };
}
