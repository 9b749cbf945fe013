/**
 * The write plans of a delete, with what references the record.
 *
 * - `restrict` and every list-of-references relation (whatever its onDelete says: no index can
 *   enumerate list elements) need the record's counter to be 0 -> else 409 naming the relation.
 * - `cascade` / `set_null`: the delete is first tried as if nothing referenced the record
 *   (counter 0: one request, the common case); when the counters say otherwise
 *   (DependentsExist), the referencing records are read through their field's `ref` index (one
 *   Query page per relation and record, recursively for cascades) and deleted / cleared in ONE
 *   transaction that also requires the counter to equal the number found and each dependent to
 *   be unchanged, so a concurrent new child or an index that lags behind fails the transaction
 *   (409, "try again") instead of leaving a dangling reference. A cleared (set_null) record gets
 *   a new updated_at, so a client's stale PUT of it fails with 409 rather than putting the
 *   reference back. More than 100 items (the transaction limit) -> 409 "delete them first".
 * - The record's unique claims go with it, and the counters of what it references go down.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { incomingRefs, type IncomingRef, type IrEntity } from '../../../core/blueprint/ir';
import type { RecordScope, StoredRecord, WriteGuard } from '../../../ports/record-store';
import { PROJECT_TABLE_KEYS, projectIndexKeys } from '../project-table';
import { indexPartitionKey, recordKey, uniqueKey, uniqueValue, type ItemKey } from '../project-table-keys';
import { restrictConflict, tooManyDependents } from './explain-failure';
import { countersOf, refCounterAttribute, uniqueFields, type Item } from './record-item';
import { addReference, references } from './record-writes';
import { prefixOf, type RecordStoreContext } from './store-context';
import { MAX_TRANSACTION_ITEMS, WritePlan, keyText, type CounterRule } from './write-plan';

const { partitionKey: PK, sortKey: SK } = PROJECT_TABLE_KEYS;

/** The first attempt: the record as if nothing referenced it (its counters must be 0). */
export function planDelete(ctx: RecordStoreContext, entity: IrEntity, scope: RecordScope, record: StoredRecord, guard?: WriteGuard): WritePlan {
  const plan = new WritePlan();
  planDeletion(ctx, plan, entity, scope, record, { guard }, null);
  return plan;
}

/**
 * The delete with everything that references the record: cascades (recursively) and set_null
 * clears, read through the referencing field's index, each conditioned on being unchanged,
 * and each counter conditioned on the number of references found. `counters`: the record's
 * counters, as the first attempt's refusal returned them.
 */
export async function planDeleteWithDependents(
  ctx: RecordStoreContext,
  entity: IrEntity,
  scope: RecordScope,
  record: StoredRecord,
  guard: WriteGuard | undefined,
  counters: Record<string, number>,
): Promise<WritePlan> {
  const plan = new WritePlan();
  const subjectKey = recordKey(prefixOf(ctx, entity, scope), entity.name, record.id);
  const queue = [{ id: record.id, key: subjectKey, toRead: planDeletion(ctx, plan, entity, scope, record, { guard }, counters) }];
  const deleting = new Set([keyText(subjectKey)]);
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const rel of next.toRead) {
      const children = await readDependents(ctx, rel, scope, next.id);
      plan.expectCount(next.key, { attr: refCounterAttribute(rel.entity, rel.field), rel, expected: children.length, optimistic: false });
      const childEntity = ctx.entity(rel.entity);
      for (const child of children) {
        const childKey: ItemKey = { PK: String(child[PK]), SK: String(child[SK]) };
        const id = String(child.id);
        const seenUpdatedAt = String(child.updated_at);
        if (rel.onDelete === 'cascade') {
          // Reached twice (two paths, or a cycle of cascades): deleted once.
          if (deleting.has(keyText(childKey))) continue;
          deleting.add(keyText(childKey));
          queue.push({ id, key: childKey, toRead: planDeletion(ctx, plan, childEntity, scope, child, { seenUpdatedAt }, countersOf(child)) });
        } else {
          plan.add(childKey, { kind: 'dependent', op: 'clear', entity: childEntity, id, seenUpdatedAt, counters: [], ...clearing(ctx, childEntity, rel.field, child) });
          // A unique reference (rare) gives up its claim with its value.
          const childField = childEntity.fields.find((f) => f.name === rel.field);
          if (childField?.unique) plan.add(uniqueKey(prefixOf(ctx, childEntity, scope), childEntity.name, rel.field, uniqueValue(childField, child[rel.field])), { kind: 'release' });
        }
        if (plan.size > MAX_TRANSACTION_ITEMS) throw tooManyDependents();
      }
    }
  }
  return plan;
}

/**
 * Adds the deletion of one record to `plan`: the record (the subject, or a dependent a cascade
 * deletes), its unique claims, the counters of what it references, and the conditions the
 * records referencing it impose. `counters`: the record's reference counters when known (a
 * dependent read through an index, the subject after a first attempt); null = assume none.
 * Returns the cascade/set_null relations whose referencing records must be read (count > 0).
 */
function planDeletion(
  ctx: RecordStoreContext,
  plan: WritePlan,
  entity: IrEntity,
  scope: RecordScope,
  record: Item,
  as: { guard?: WriteGuard } | { seenUpdatedAt: string },
  counters: Readonly<Record<string, number>> | null,
): IncomingRef[] {
  const prefix = prefixOf(ctx, entity, scope);
  const id = String(record.id);
  const rules: CounterRule[] = [];
  const toRead: IncomingRef[] = [];
  for (const rel of incomingRefs(ctx.ir, entity.name)) {
    const attr = refCounterAttribute(rel.entity, rel.field);
    const count = counters?.[attr] ?? 0;
    const blocking = rel.list || rel.onDelete === 'restrict';
    // A dependent's counters were read with it: refuse now rather than send a doomed write.
    if (blocking && count > 0 && 'seenUpdatedAt' in as) throw restrictConflict(rel, count, { entity: entity.name, id });
    if (blocking || count === 0) rules.push({ attr, rel, expected: 0, optimistic: counters === null && !blocking });
    else toRead.push(rel);
  }
  const key = recordKey(prefix, entity.name, id);
  if ('seenUpdatedAt' in as) plan.add(key, { kind: 'dependent', op: 'delete', entity, id, seenUpdatedAt: as.seenUpdatedAt, counters: rules });
  else plan.add(key, { kind: 'subject', op: 'delete', entity, record: record as StoredRecord, ownerId: as.guard?.ownerId, counters: rules });
  for (const field of uniqueFields(entity, record)) plan.add(uniqueKey(prefix, entity.name, field.name, uniqueValue(field, record[field.name])), { kind: 'release' });
  for (const use of references(ctx, entity, scope, record)) addReference(plan, entity, use, -1);
  return toRead;
}

/** The records of `rel.entity` whose `rel.field` is `id` (its `ref` index; same organization). */
async function readDependents(ctx: RecordStoreContext, rel: IncomingRef, scope: RecordScope, id: string): Promise<Item[]> {
  const entity = ctx.entity(rel.entity);
  const index = entity.indexes.find((i) => i.field === rel.field);
  // validate-blueprint refuses such an IR (INDEX_MISSING): finding them would need a Scan.
  if (!index) throw new Error(`${rel.entity}.${rel.field} references records but has no index: its references cannot be found`);
  const { indexName, partitionKey } = projectIndexKeys(index.name);
  const out: Item[] = [];
  let startKey: Item | undefined;
  do {
    const page = await ctx.doc.send(
      new QueryCommand({
        TableName: ctx.tableName,
        IndexName: indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': partitionKey },
        ExpressionAttributeValues: { ':pk': indexPartitionKey(prefixOf(ctx, entity, scope), entity.name, rel.field, id) },
        ExclusiveStartKey: startKey,
      }),
    );
    out.push(...(page.Items ?? []));
    if (out.length > MAX_TRANSACTION_ITEMS) throw tooManyDependents();
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return out;
}

/** What clearing `field` (set_null) changes on a record: the field and its index entry go; a new updated_at. */
function clearing(ctx: RecordStoreContext, entity: IrEntity, field: string, record: Item): { set: Item; remove: string[] } {
  const remove = [field];
  const index = entity.indexes.find((i) => i.field === field);
  if (index) {
    const { partitionKey, sortKey } = projectIndexKeys(index.name);
    remove.push(partitionKey, sortKey);
  }
  const seen = Date.parse(String(record.updated_at));
  const now = ctx.clock.now().getTime();
  // Strictly later than the version seen, so a stale PUT of the child fails its condition.
  const updatedAt = new Date(Number.isNaN(seen) ? now : Math.max(now, seen + 1)).toISOString();
  return { set: { updated_at: updatedAt }, remove };
}
