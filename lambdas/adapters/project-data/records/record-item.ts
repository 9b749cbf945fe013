/**
 * A record as stored and as returned. Item = the record's fields (the entity's `fields`,
 * nothing else) + PK/SK + one GSI<n>PK/SK pair per entry of the entity's `indexes` whose field
 * has a value. A list field cannot be an index key (a GSI holds one value per item, not the
 * elements; the validator refuses such an index) and is skipped if one is ever declared.
 * Records are returned with the entity's fields only, so keys, reference counters
 * (`_refs_<Entity>_<field>`) and any other internal attribute never leak.
 */
import type { IrEntity, IrField } from '../../../core/blueprint/ir';
import type { StoredRecord } from '../../../ports/record-store';
import { projectIndexKeys } from '../project-table';
import { indexPartitionKey, indexSortKey } from '../project-table-keys';

export type Item = Record<string, unknown>;

const REF_COUNTER_PREFIX = '_refs_';

/** The counter, on a record, of the references `<entity>.<field>` makes to it. */
export const refCounterAttribute = (entity: string, field: string): string => `${REF_COUNTER_PREFIX}${entity}_${field}`;

export const present = (value: unknown): boolean => value !== undefined && value !== null;

/** The record as the port returns it: the entity's fields and nothing else. */
export function toRecord(entity: IrEntity, item: Item): StoredRecord {
  const out: Item = {};
  for (const field of entity.fields) if (present(item[field.name])) out[field.name] = item[field.name];
  return out as StoredRecord;
}

/** The stored attributes of a record (without PK/SK): its fields and its index keys. */
export function itemOf(entity: IrEntity, prefix: string, record: StoredRecord): Item {
  const known = new Set(entity.fields.map((f) => f.name));
  const unknown = Object.keys(record).filter((name) => !known.has(name) && present(record[name]));
  if (unknown.length > 0) throw new Error(`${entity.name} has no field ${unknown.join(', ')}: the record was not built from this blueprint`);
  const item: Item = {};
  for (const field of entity.fields) if (present(record[field.name])) item[field.name] = record[field.name];
  for (const index of entity.indexes) {
    const value = record[index.field];
    const field = entity.fields.find((f) => f.name === index.field);
    if (!present(value) || !field || field.type === 'list') continue;
    const { partitionKey, sortKey } = projectIndexKeys(index.name);
    item[partitionKey] = indexPartitionKey(prefix, entity.name, index.field, value);
    item[sortKey] = indexSortKey(record.created_at, record.id);
  }
  return item;
}

/** The GSI key attributes an entity may write. */
export function indexAttributes(entity: IrEntity): string[] {
  return entity.indexes.flatMap((index) => {
    const { partitionKey, sortKey } = projectIndexKeys(index.name);
    return [partitionKey, sortKey];
  });
}

/** Unique fields with a value (a list is not a key: its uniqueness is not enforced). */
export function uniqueFields(entity: IrEntity, record: Item): IrField[] {
  return entity.fields.filter((f) => f.unique && f.type !== 'list' && present(record[f.name]));
}

/** The reference counters of an item read through the document client. */
export function countersOf(item: Item): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(item)) if (isRefCounter(name) && typeof value === 'number') out[name] = value;
  return out;
}

export const isRefCounter = (attribute: string): boolean => attribute.startsWith(REF_COUNTER_PREFIX);
