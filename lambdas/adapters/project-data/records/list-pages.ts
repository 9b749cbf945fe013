/**
 * List pages of an entity's records.
 *
 * - Which items: no filter and no owner -> the entity's partition (consistent, ordered by id); a
 *   filter -> the filter field's index; an owner -> the owner field's index. A filter AND an
 *   owner, or an owner without an index, add a FilterExpression on the owner field: the store
 *   then keeps reading (at most MAX_FILTERED_QUERIES requests of FILTER_BATCH items) until the
 *   page is full or the list ends, and answers a shorter page with a cursor past that point.
 * - Every Query asks for one item more than the page, so a full page has a cursor only when a
 *   record follows (the last page is never an empty one, except after a 1 MB Query cut).
 * - Cursors (core/cursor.ts) are bound to the project, entity, organization, index, filter and
 *   owner: one from another list, organization or filter -> 400, as an edited one is.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { IrEntity } from '../../../core/blueprint/ir';
import { decodeCursor, encodeCursor, type CursorKey } from '../../../core/cursor';
import type { ListInput, RecordPage, RecordScope } from '../../../ports/record-store';
import { PROJECT_TABLE_KEYS, projectIndexKeys } from '../project-table';
import { entityPartition, indexPartitionKey } from '../project-table-keys';
import { toRecord, type Item } from './record-item';
import { prefixOf, type RecordStoreContext } from './store-context';

/** Items read per Query when a FilterExpression drops some of them. */
export const FILTER_BATCH = 100;
/** Requests one filtered list page may take before it answers a shorter page with a cursor. */
export const MAX_FILTERED_QUERIES = 10;

const { partitionKey: PK, sortKey: SK } = PROJECT_TABLE_KEYS;

/** What binds a list's cursors: the key that signs them and the project they belong to. */
export interface ListCursors {
  readonly projectId: string;
  readonly cursorSecret: string;
}

export async function listRecords(ctx: RecordStoreContext, cursors: ListCursors, entity: IrEntity, scope: RecordScope, input: ListInput): Promise<RecordPage> {
  const plan = listPlan(entity, prefixOf(ctx, entity, scope), input);
  const cursorScope = JSON.stringify(['records', cursors.projectId, entity.name, scope.orgId, plan.indexName ?? 'table', input.filter ? [input.filter.field, String(input.filter.value)] : null, input.ownerId ?? null]);
  let startKey: CursorKey | undefined = input.cursor === undefined ? undefined : decodeCursor(input.cursor, cursorScope, cursors.cursorSecret);
  if (plan.nothing) return { items: [], nextCursor: null };

  const names: Record<string, string> = { '#pk': plan.keyAttribute };
  const values: Record<string, unknown> = { ':pk': plan.keyValue };
  let filter: string | undefined;
  if (plan.ownerFilter !== undefined) {
    names['#owner'] = entity.ownerField;
    values[':owner'] = plan.ownerFilter;
    filter = '#owner = :owner';
  }
  const page = (items: Item[], next: CursorKey | null): RecordPage => ({
    items: items.map((item) => toRecord(entity, item)),
    nextCursor: next ? encodeCursor(next, cursorScope, cursors.cursorSecret) : null,
  });

  const out: Item[] = [];
  for (let queries = 1; ; queries++) {
    const need = input.limit + 1 - out.length;
    const query: QueryCommandInput = {
      TableName: ctx.tableName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      FilterExpression: filter,
      // Limit counts items read before the filter: read in batches when some are dropped.
      Limit: filter ? Math.max(need, FILTER_BATCH) : need,
      ScanIndexForward: true,
      ExclusiveStartKey: startKey,
    };
    if (plan.indexName) query.IndexName = plan.indexName;
    // The base table can be read consistently (a list right after a create shows it); GSIs cannot.
    else query.ConsistentRead = true;
    const { Items = [], LastEvaluatedKey } = await ctx.doc.send(new QueryCommand(query));
    for (const item of Items) {
      if (out.length === input.limit) return page(out, pick(out[out.length - 1]!, plan.cursorAttributes));
      out.push(item);
    }
    if (!LastEvaluatedKey) return page(out, null);
    startKey = LastEvaluatedKey as CursorKey;
    if (out.length === input.limit || queries >= MAX_FILTERED_QUERIES) return page(out, startKey);
  }
}

interface ListPlan {
  /** Absent: the base table (the entity's partition). */
  indexName?: string;
  keyAttribute: string;
  keyValue: string;
  /** The key attributes of an item that make an ExclusiveStartKey. */
  cursorAttributes: string[];
  /** Keep only records of this owner (FilterExpression). */
  ownerFilter?: string;
  /** The list is empty whatever the table holds (filter on the owner field for another owner). */
  nothing?: boolean;
}

function listPlan(entity: IrEntity, prefix: string, input: ListInput): ListPlan {
  const onIndex = (field: string, value: unknown, ownerFilter?: string): ListPlan => {
    const index = entity.indexes.find((i) => i.field === field && i.purpose === 'owner') ?? entity.indexes.find((i) => i.field === field);
    const irField = entity.fields.find((f) => f.name === field);
    // list-query.ts allows filters on indexed fields only, and the validator refuses list-typed keys.
    if (!index || !irField || irField.type === 'list') throw new Error(`${entity.name}.${field} has no index: the list cannot be filtered on it`);
    const keys = projectIndexKeys(index.name);
    return {
      indexName: keys.indexName,
      keyAttribute: keys.partitionKey,
      keyValue: indexPartitionKey(prefix, entity.name, field, value),
      cursorAttributes: [PK, SK, keys.partitionKey, keys.sortKey],
      ownerFilter,
    };
  };
  const { filter, ownerId } = input;
  if (filter) {
    if (ownerId === undefined) return onIndex(filter.field, filter.value);
    if (filter.field === entity.ownerField) {
      return String(filter.value) === ownerId ? onIndex(filter.field, filter.value) : { ...onIndex(filter.field, filter.value), nothing: true };
    }
    return onIndex(filter.field, filter.value, ownerId);
  }
  if (ownerId !== undefined && entity.indexes.some((i) => i.field === entity.ownerField)) return onIndex(entity.ownerField, ownerId);
  // No owner index (the validator warns OWNER_NOT_INDEXED): the partition, filtered page by page.
  return { keyAttribute: PK, keyValue: entityPartition(prefix, entity.name), cursorAttributes: [PK, SK], ownerFilter: ownerId };
}

function pick(item: Item, attributes: string[]): CursorKey {
  const out: CursorKey = {};
  for (const name of attributes) out[name] = item[name] as string;
  return out;
}
