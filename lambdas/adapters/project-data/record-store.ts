/**
 * The record store of a generated project API over its DynamoDB table (the port and the key
 * layout: lambdas/ports/record-store.ts; the table: project-table.ts).
 *
 * One request per operation, and the table keeps the rules, not the handler:
 * - get: one consistent GetItem. list: one Query (more only in the cases below).
 * - create/update/delete: ONE write request; a single conditional PutItem/UpdateItem/DeleteItem
 *   when the record is the only item involved, else ONE TransactWriteItems (DESIGN "Storage":
 *   no non-transactional fallback), so a unique value, a reference count and the record can
 *   never disagree.
 *
 * Decisions:
 * - Item = the record's fields (the entity's `fields`, nothing else) + PK/SK + one GSI<n>PK/SK
 *   pair per entry of the entity's `indexes` whose field has a value. A list field cannot be an
 *   index key (a GSI holds one value per item, not the elements; the validator refuses such an
 *   index) and is skipped if one is ever declared. Records are returned with the entity's fields
 *   only, so keys, counters and any other internal attribute never leak.
 * - References are counted on their target: every reference from `<Entity>.<field>` to a record
 *   of a declared entity adds 1 to the target's `_refs_<Entity>_<field>` (ADD, conditioned on
 *   the target existing: a missing target -> 400 at `body.<field>`); a list of references counts
 *   each distinct element once. A delete then knows from the counters alone whether anything
 *   still points at the record, which is what makes `restrict` safe against a concurrent create
 *   (the GSIs are eventually consistent; the counters are transactional).
 * - References to User (the members, PK `<o>E#User`) are checked (ConditionCheck) but not
 *   counted: members are not deleted through this store. The server-owned `owner_id` is not
 *   checked at all: the server sets it to the caller of a verified token, and checking it would
 *   make every create a transaction; incomingRefs ignores server-owned fields for the same reason.
 * - A record cannot reference itself (the write and the target's count would be two operations
 *   on one item, which a transaction refuses): 400.
 * - update writes with UpdateItem (SET every field of `after`, REMOVE the others and the index
 *   keys of unset fields), not PutItem: a replacing Put would wipe the reference counters.
 *   Condition: `attribute_exists(PK) AND updated_at = <before.updated_at>` [AND owner = guard].
 *   On failure the old item (ReturnValuesOnConditionCheckFailure ALL_OLD) tells why: absent ->
 *   404; another owner -> 403 (the record is visible, it may not be changed); another version ->
 *   409 CONFLICT ("read it again"). delete is conditioned the same way.
 * - delete: `restrict` and every list-of-references relation (whatever its onDelete says: no
 *   index can enumerate list elements) need the record's counter to be 0 -> else 409 naming the
 *   relation. `cascade` / `set_null`: the delete is first tried as if nothing referenced the
 *   record (counter 0: one request, the common case); when the counters say otherwise, the
 *   referencing records are read through their field's `ref` index (one Query page per relation
 *   and record, recursively for cascades) and deleted / cleared in ONE transaction that also
 *   requires the counter to equal the number found and each dependent to be unchanged, so a
 *   concurrent new child or an index that lags behind fails the transaction (409, "try again")
 *   instead of leaving a dangling reference. A cleared (set_null) record gets a new updated_at,
 *   so a client's stale PUT of it fails with 409 rather than putting the reference back.
 *   More than 100 items (the transaction limit) -> 409 "delete them first".
 * - A decrement is conditioned on the target existing (ADD on a missing item would create a
 *   ghost record); if only such decrements fail (a target removed outside this store), the
 *   write is repeated once without them.
 * - A concurrent transaction on the same items (TransactionConflict) -> 409 "try again".
 *   Every other DynamoDB error propagates as it is (500 upstream).
 * - Lists: no filter and no owner -> the entity's partition (consistent, ordered by id); a
 *   filter -> the filter field's index; an owner -> the owner field's index. A filter AND an
 *   owner, or an owner without an index, add a FilterExpression on the owner field: the store
 *   then keeps reading (at most MAX_FILTERED_QUERIES requests of FILTER_BATCH items) until the
 *   page is full or the list ends, and answers a shorter page with a cursor past that point.
 *   Every Query asks for one item more than the page, so a full page has a cursor only when a
 *   record follows (the last page is never an empty one, except after a 1 MB Query cut).
 * - Cursors (cursor.ts) are bound to the project, entity, organization, index, filter and owner:
 *   one from another list, organization or filter -> 400, as an edited one is.
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { USER_ENTITY, incomingRefs, type BlueprintIR, type IncomingRef, type IrEntity, type IrField } from '../../core/blueprint/ir';
import { systemClock, type Clock } from '../../core/clock';
import { decodeCursor, encodeCursor, type CursorKey } from '../../core/cursor';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type ErrorDetail } from '../../core/errors';
import type { ListInput, RecordPage, RecordScope, RecordStore, StoredRecord, WriteGuard } from '../../ports/record-store';
import {
  PROJECT_TABLE_KEYS,
  entityPartition,
  indexPartitionKey,
  indexSortKey,
  memberKey,
  projectIndexKeys,
  recordKey,
  scopePrefix,
  uniqueKey,
  uniqueValue,
  type ItemKey,
} from './project-table';

/** DynamoDB's limit of items in one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;
/** Items read per Query when a FilterExpression drops some of them. */
export const FILTER_BATCH = 100;
/** Requests one filtered list page may take before it answers a shorter page with a cursor. */
export const MAX_FILTERED_QUERIES = 10;

/** The counter, on a record, of the references `<entity>.<field>` makes to it. */
export const refCounterAttribute = (entity: string, field: string): string => `_refs_${entity}_${field}`;

const { partitionKey: PK, sortKey: SK } = PROJECT_TABLE_KEYS;
const CHANGED = 'The record was changed by another request; read it again';
const CONCURRENT = 'Another request changed the same records at the same time; try again';
const DEPENDENTS_CHANGED = 'Records that depend on it changed while it was being deleted; try again';
const TOO_MANY_DEPENDENTS = 'too many dependent records; delete them first';
const NOT_OWNER = 'only the owner of the record may do this';

export interface DynamoRecordStoreProps {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly ir: BlueprintIR;
  /** Signs list cursors (the project's cursor key). */
  readonly cursorSecret: string;
  /** Binds cursors to this project. */
  readonly projectId: string;
  /** The new updated_at of records a `set_null` delete clears. @default systemClock */
  readonly clock?: Clock;
}

type Item = Record<string, unknown>;
type OldItem = Record<string, AttributeValue> | undefined;

export class DynamoRecordStore implements RecordStore {
  private readonly doc: DynamoDBDocumentClient;
  private readonly tableName: string;
  private readonly ir: BlueprintIR;
  private readonly cursorSecret: string;
  private readonly projectId: string;
  private readonly clock: Clock;
  private readonly entities: ReadonlyMap<string, IrEntity>;

  constructor(props: DynamoRecordStoreProps) {
    this.doc = props.doc;
    this.tableName = props.tableName;
    this.ir = props.ir;
    this.cursorSecret = props.cursorSecret;
    this.projectId = props.projectId;
    this.clock = props.clock ?? systemClock;
    this.entities = new Map(props.ir.entities.map((entity) => [entity.name, entity]));
  }

  async get(entity: IrEntity, scope: RecordScope, id: string): Promise<StoredRecord | null> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: this.keyOf(entity, scope, id), ConsistentRead: true }));
    return Item ? toRecord(entity, Item) : null;
  }

  async list(entity: IrEntity, scope: RecordScope, input: ListInput): Promise<RecordPage> {
    const prefix = this.prefix(entity, scope);
    const plan = listPlan(entity, prefix, input);
    const cursorScope = JSON.stringify(['records', this.projectId, entity.name, scope.orgId, plan.indexName ?? 'table', input.filter ? [input.filter.field, String(input.filter.value)] : null, input.ownerId ?? null]);
    let startKey: CursorKey | undefined = input.cursor === undefined ? undefined : decodeCursor(input.cursor, cursorScope, this.cursorSecret);
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
      nextCursor: next ? encodeCursor(next, cursorScope, this.cursorSecret) : null,
    });

    const out: Item[] = [];
    for (let queries = 1; ; queries++) {
      const need = input.limit + 1 - out.length;
      const query: QueryCommandInput = {
        TableName: this.tableName,
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
      const { Items = [], LastEvaluatedKey } = await this.doc.send(new QueryCommand(query));
      for (const item of Items) {
        if (out.length === input.limit) return page(out, pick(out[out.length - 1]!, plan.cursorAttributes));
        out.push(item);
      }
      if (!LastEvaluatedKey) return page(out, null);
      startKey = LastEvaluatedKey as CursorKey;
      if (out.length === input.limit || queries >= MAX_FILTERED_QUERIES) return page(out, startKey);
    }
  }

  async create(entity: IrEntity, scope: RecordScope, record: StoredRecord): Promise<void> {
    const prefix = this.prefix(entity, scope);
    const key = recordKey(prefix, entity.name, record.id);
    const plan = new WritePlan();
    plan.add(key, { kind: 'create', entity, id: record.id, item: { ...key, ...this.itemOf(entity, prefix, record) } });
    for (const field of uniqueFields(entity, record)) {
      plan.add(...claimOf(uniqueKey(prefix, entity.name, field.name, uniqueValue(field, record[field.name])), field.name, record[field.name], record.id));
    }
    for (const use of this.references(entity, scope, record)) {
      if (sameKey(use.key, key)) throw missingTargets([use]);
      this.addReference(plan, entity, use, +1);
    }
    await this.execute(plan, () => tooManyReferences(entity, record));
  }

  async update(entity: IrEntity, scope: RecordScope, before: StoredRecord, after: StoredRecord, guard?: WriteGuard): Promise<void> {
    if (after.id !== before.id) throw new Error(`update of ${entity.name} '${before.id}' was given a record with another id '${after.id}'`);
    const prefix = this.prefix(entity, scope);
    const key = recordKey(prefix, entity.name, before.id);
    const item = this.itemOf(entity, prefix, after);
    const managed = [...entity.fields.map((f) => f.name), ...indexAttributes(entity)];
    const plan = new WritePlan();
    plan.add(key, {
      kind: 'subject',
      op: 'update',
      entity,
      record: before,
      ownerId: guard?.ownerId,
      set: item,
      remove: managed.filter((name) => item[name] === undefined),
      counters: [],
    });

    for (const field of entity.fields.filter((f) => f.unique && f.type !== 'list')) {
      const old = present(before[field.name]) ? uniqueKey(prefix, entity.name, field.name, uniqueValue(field, before[field.name])) : null;
      const now = present(after[field.name]) ? uniqueKey(prefix, entity.name, field.name, uniqueValue(field, after[field.name])) : null;
      if (old && now && sameKey(old, now)) continue;
      if (old) plan.add(old, { kind: 'release' });
      if (now) plan.add(...claimOf(now, field.name, after[field.name], after.id));
    }

    // Net changes per (target, field): an unchanged reference costs nothing and is not re-checked.
    const was = this.references(entity, scope, before);
    const is = this.references(entity, scope, after);
    const id = (use: ReferenceUse) => `${use.field.name}\n${use.value}`;
    const wasIds = new Set(was.map(id));
    const isIds = new Set(is.map(id));
    for (const use of is) {
      if (wasIds.has(id(use))) continue;
      if (sameKey(use.key, key)) throw new ValidationError(`Invalid ${entity.name}: ${use.field.name} cannot reference the record itself`, [{ path: `body.${use.field.name}`, message: 'cannot reference the record itself' }]);
      this.addReference(plan, entity, use, +1);
    }
    for (const use of was) if (!isIds.has(id(use))) this.addReference(plan, entity, use, -1);

    await this.execute(plan, () => tooManyReferences(entity, after));
  }

  async delete(entity: IrEntity, scope: RecordScope, record: StoredRecord, guard?: WriteGuard): Promise<void> {
    // First as if nothing referenced it (the counters decide): one request in the common case.
    const first = new WritePlan();
    this.planDeletion(first, entity, scope, record, { guard }, null);
    try {
      await this.execute(first, tooManyDependents);
    } catch (err) {
      if (!(err instanceof DependentsExist)) throw err;
      await this.execute(await this.planWithDependents(entity, scope, record, guard, err.counters), tooManyDependents);
    }
  }

  // --- delete planning --------------------------------------------------------------------------

  /**
   * Adds the deletion of one record to `plan`: the record (the subject, or a dependent a cascade
   * deletes), its unique claims, the counters of what it references, and the conditions the
   * records referencing it impose. `counters`: the record's reference counters when known (a
   * dependent read through an index, the subject after a first attempt); null = assume none.
   * Returns the cascade/set_null relations whose referencing records must be read (count > 0).
   */
  private planDeletion(
    plan: WritePlan,
    entity: IrEntity,
    scope: RecordScope,
    record: Item,
    as: { guard?: WriteGuard } | { seenUpdatedAt: string },
    counters: Readonly<Record<string, number>> | null,
  ): IncomingRef[] {
    const prefix = this.prefix(entity, scope);
    const id = String(record.id);
    const rules: CounterRule[] = [];
    const toRead: IncomingRef[] = [];
    for (const rel of incomingRefs(this.ir, entity.name)) {
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
    for (const use of this.references(entity, scope, record)) this.addReference(plan, entity, use, -1);
    return toRead;
  }

  /**
   * The delete with everything that references the record: cascades (recursively) and set_null
   * clears, read through the referencing field's index, each conditioned on being unchanged,
   * and each counter conditioned on the number of references found.
   */
  private async planWithDependents(entity: IrEntity, scope: RecordScope, record: StoredRecord, guard: WriteGuard | undefined, counters: Record<string, number>): Promise<WritePlan> {
    const plan = new WritePlan();
    const subjectKey = recordKey(this.prefix(entity, scope), entity.name, record.id);
    const queue = [{ id: record.id, key: subjectKey, toRead: this.planDeletion(plan, entity, scope, record, { guard }, counters) }];
    const deleting = new Set([keyText(subjectKey)]);
    for (let next = queue.shift(); next; next = queue.shift()) {
      for (const rel of next.toRead) {
        const children = await this.readDependents(rel, scope, next.id);
        plan.expectCount(next.key, { attr: refCounterAttribute(rel.entity, rel.field), rel, expected: children.length, optimistic: false });
        const childEntity = this.entity(rel.entity);
        for (const child of children) {
          const childKey: ItemKey = { PK: String(child[PK]), SK: String(child[SK]) };
          const id = String(child.id);
          const seenUpdatedAt = String(child.updated_at);
          if (rel.onDelete === 'cascade') {
            // Reached twice (two paths, or a cycle of cascades): deleted once.
            if (deleting.has(keyText(childKey))) continue;
            deleting.add(keyText(childKey));
            queue.push({ id, key: childKey, toRead: this.planDeletion(plan, childEntity, scope, child, { seenUpdatedAt }, countersOf(child)) });
          } else {
            plan.add(childKey, { kind: 'dependent', op: 'clear', entity: childEntity, id, seenUpdatedAt, counters: [], ...this.clearing(childEntity, rel.field, child) });
            // A unique reference (rare) gives up its claim with its value.
            const childField = childEntity.fields.find((f) => f.name === rel.field);
            if (childField?.unique) plan.add(uniqueKey(this.prefix(childEntity, scope), childEntity.name, rel.field, uniqueValue(childField, child[rel.field])), { kind: 'release' });
          }
          if (plan.size > MAX_TRANSACTION_ITEMS) throw new ConflictError(TOO_MANY_DEPENDENTS);
        }
      }
    }
    return plan;
  }

  /** The records of `rel.entity` whose `rel.field` is `id` (its `ref` index; same organization). */
  private async readDependents(rel: IncomingRef, scope: RecordScope, id: string): Promise<Item[]> {
    const entity = this.entity(rel.entity);
    const index = entity.indexes.find((i) => i.field === rel.field);
    // validate-blueprint refuses such an IR (INDEX_MISSING): finding them would need a Scan.
    if (!index) throw new Error(`${rel.entity}.${rel.field} references records but has no index: its references cannot be found`);
    const { indexName, partitionKey } = projectIndexKeys(index.name);
    const out: Item[] = [];
    let startKey: Item | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: indexName,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': partitionKey },
          ExpressionAttributeValues: { ':pk': indexPartitionKey(this.prefix(entity, scope), entity.name, rel.field, id) },
          ExclusiveStartKey: startKey,
        }),
      );
      out.push(...(page.Items ?? []));
      if (out.length > MAX_TRANSACTION_ITEMS) throw new ConflictError(TOO_MANY_DEPENDENTS);
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return out;
  }

  /** What clearing `field` (set_null) changes on a record: the field and its index entry go; a new updated_at. */
  private clearing(entity: IrEntity, field: string, record: Item): { set: Item; remove: string[] } {
    const remove = [field];
    const index = entity.indexes.find((i) => i.field === field);
    if (index) {
      const { partitionKey, sortKey } = projectIndexKeys(index.name);
      remove.push(partitionKey, sortKey);
    }
    const seen = Date.parse(String(record.updated_at));
    const now = this.clock.now().getTime();
    // Strictly later than the version seen, so a stale PUT of the child fails its condition.
    const updatedAt = new Date(Number.isNaN(seen) ? now : Math.max(now, seen + 1)).toISOString();
    return { set: { updated_at: updatedAt }, remove };
  }

  // --- references -------------------------------------------------------------------------------

  /** Every reference the record makes (distinct per field), with the key of its target. */
  private references(entity: IrEntity, scope: RecordScope, record: Item): ReferenceUse[] {
    const out: ReferenceUse[] = [];
    for (const field of entity.fields) {
      if (field.serverOwned) continue;
      const target = field.ref?.entity ?? field.items?.ref?.entity;
      if (!target) continue;
      const value = record[field.name];
      let ids: string[] = [];
      if (field.type === 'ref' && typeof value === 'string') ids = [value];
      else if (field.type === 'list' && field.items?.type === 'ref' && Array.isArray(value)) ids = [...new Set(value.filter((v): v is string => typeof v === 'string'))];
      for (const id of ids) {
        const key = target === USER_ENTITY ? memberKey(this.ir, scope.orgId, id) : recordKey(this.prefix(this.entity(target), scope), target, id);
        out.push({ field, target, value: id, key });
      }
    }
    return out;
  }

  /** A reference gained (+1) or lost (-1): a member check, or the target's counter. */
  private addReference(plan: WritePlan, entity: IrEntity, use: ReferenceUse, delta: 1 | -1): void {
    if (use.target === USER_ENTITY) {
      if (delta > 0) plan.add(use.key, { kind: 'member', uses: [use] });
      return;
    }
    plan.add(use.key, { kind: 'counter', deltas: new Map([[refCounterAttribute(entity.name, use.field.name), delta]]), uses: delta > 0 ? [use] : [] });
  }

  // --- items ------------------------------------------------------------------------------------

  private prefix(entity: IrEntity, scope: RecordScope): string {
    return scopePrefix(this.ir, entity, scope.orgId);
  }

  private keyOf(entity: IrEntity, scope: RecordScope, id: string): ItemKey {
    return recordKey(this.prefix(entity, scope), entity.name, id);
  }

  private entity(name: string): IrEntity {
    const found = this.entities.get(name);
    if (!found) throw new Error(`The blueprint has no entity ${name}`);
    return found;
  }

  /** The stored attributes of a record (without PK/SK): its fields and its index keys. */
  private itemOf(entity: IrEntity, prefix: string, record: StoredRecord): Item {
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

  // --- writing ----------------------------------------------------------------------------------

  /**
   * Sends the plan as one request and turns a refused condition into the contract's error.
   * `tooLarge` names what made a plan exceed the transaction limit.
   */
  private async execute(plan: WritePlan, tooLarge: () => Error): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const ops = plan.render(this.tableName);
      if (ops.length > MAX_TRANSACTION_ITEMS) throw tooLarge();
      let failures: { entry: PlanEntry; old: OldItem }[];
      try {
        await this.send(ops);
        return;
      } catch (err) {
        if (err instanceof ConditionalCheckFailedException && ops.length === 1) {
          failures = [{ entry: plan.entries[0]!, old: err.Item }];
        } else if (err instanceof TransactionCanceledException) {
          const reasons = err.CancellationReasons ?? [];
          if (reasons.some((r) => r.Code === 'TransactionConflict')) throw new ConflictError(CONCURRENT);
          failures = reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [{ entry: plan.entries[i]!, old: r.Item }] : []));
          if (failures.length === 0) throw err;
        } else {
          throw err;
        }
      }
      const outcome = explain(failures);
      if ('staleTargets' in outcome && attempt === 0) {
        for (const entry of outcome.staleTargets) plan.remove(entry);
        continue;
      }
      if ('staleTargets' in outcome) throw new ConflictError(CONCURRENT);
      throw outcome.error;
    }
  }

  private async send(ops: RenderedOp[]): Promise<void> {
    const only = ops.length === 1 ? ops[0]! : null;
    if (only?.Put) await this.doc.send(new PutCommand(only.Put));
    else if (only?.Update) await this.doc.send(new UpdateCommand(only.Update));
    else if (only?.Delete) await this.doc.send(new DeleteCommand(only.Delete));
    // The token makes an SDK retry of a transaction that did commit answer success, not a failed condition.
    else await this.doc.send(new TransactWriteCommand({ TransactItems: ops, ClientRequestToken: randomUUID() }));
  }
}

// --- lists --------------------------------------------------------------------------------------

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

// --- the write plan -----------------------------------------------------------------------------

interface ReferenceUse {
  field: IrField;
  target: string;
  value: string;
  key: ItemKey;
}

/** A condition on a record's reference counter: the number of references it must still have. */
interface CounterRule {
  attr: string;
  rel: IncomingRef;
  expected: number;
  /** Assumed 0 without reading (a first delete attempt): a mismatch means "read the dependents". */
  optimistic: boolean;
}

/** Why an item is part of a write; decides the operation, its conditions and how a failure reads. */
type Role =
  | { kind: 'create'; entity: IrEntity; id: string; item: Item }
  | { kind: 'claim'; field: string; value: unknown; item: Item }
  | { kind: 'release' }
  | { kind: 'member'; uses: ReferenceUse[] }
  | { kind: 'counter'; deltas: Map<string, number>; uses: ReferenceUse[] }
  | { kind: 'subject'; op: 'update' | 'delete'; entity: IrEntity; record: StoredRecord; ownerId?: string; set?: Item; remove?: string[]; counters: CounterRule[] }
  | { kind: 'dependent'; op: 'delete' | 'clear'; entity: IrEntity; id: string; seenUpdatedAt: string; counters: CounterRule[]; set?: Item; remove?: string[] };

interface PlanEntry {
  key: ItemKey;
  roles: Role[];
}

type Condition =
  | { kind: 'exists' }
  | { kind: 'absent' }
  | { kind: 'equals'; attr: string; value: string }
  /** The attribute holds this number (0: absent or 0). */
  | { kind: 'count'; attr: string; value: number };

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type RenderedOp = TransactItem;

/** The items one write touches, one operation per item (a transaction refuses two on one item). */
class WritePlan {
  readonly entries: PlanEntry[] = [];
  private readonly byKey = new Map<string, PlanEntry>();

  /** Items so far (an upper bound: render() drops the ones that change nothing). */
  get size(): number {
    return this.entries.length;
  }

  add(key: ItemKey, role: Role): void {
    const text = keyText(key);
    let entry = this.byKey.get(text);
    if (!entry) {
      entry = { key, roles: [] };
      this.byKey.set(text, entry);
      this.entries.push(entry);
    }
    const counter = role.kind === 'counter' ? entry.roles.find((r): r is Extract<Role, { kind: 'counter' }> => r.kind === 'counter') : undefined;
    if (counter && role.kind === 'counter') {
      for (const [attr, delta] of role.deltas) counter.deltas.set(attr, (counter.deltas.get(attr) ?? 0) + delta);
      counter.uses.push(...role.uses);
    } else if (role.kind === 'member' && entry.roles.some((r) => r.kind === 'member')) {
      entry.roles.find((r): r is Extract<Role, { kind: 'member' }> => r.kind === 'member')!.uses.push(...role.uses);
    } else {
      entry.roles.push(role);
    }
  }

  /** A counter condition on a record being deleted (the number of dependents found). */
  expectCount(key: ItemKey, rule: CounterRule): void {
    for (const role of this.byKey.get(keyText(key))?.roles ?? []) {
      if ((role.kind === 'subject' || role.kind === 'dependent') && role.op === 'delete') role.counters.push(rule);
    }
  }

  remove(entry: PlanEntry): void {
    this.byKey.delete(keyText(entry.key));
    this.entries.splice(this.entries.indexOf(entry), 1);
  }

  /**
   * The operations, in entry order (CancellationReasons are matched back by position), each
   * returning the item's old values when its condition fails: they tell why.
   */
  render(tableName: string): RenderedOp[] {
    // Entries that need no operation (a counter whose changes cancel out) are dropped for good.
    for (const entry of [...this.entries]) if (render(entry, tableName) === null) this.remove(entry);
    return this.entries.map((entry) => {
      const op = render(entry, tableName)!;
      const body = op.Put ?? op.Update ?? op.Delete ?? op.ConditionCheck;
      if (body?.ConditionExpression) body.ReturnValuesOnConditionCheckFailure = 'ALL_OLD';
      return op;
    });
  }
}

const isDelete = (role: Role): boolean => role.kind === 'release' || ((role.kind === 'subject' || role.kind === 'dependent') && role.op === 'delete');

/** One entry as a transaction item; null when it changes nothing. */
function render(entry: PlanEntry, tableName: string): RenderedOp | null {
  const names = new Placeholders();
  const conditions: Condition[] = [];
  const roles = entry.roles;

  if (roles.some(isDelete)) {
    // Counter changes and clears of an item deleted in the same write are moot.
    for (const role of roles) if (isDelete(role)) conditions.push(...conditionsOf(role));
    return { Delete: { TableName: tableName, Key: entry.key, ...names.condition(conditions), ...names.attributes() } };
  }
  const put = roles.find((r): r is Extract<Role, { kind: 'create' | 'claim' }> => r.kind === 'create' || r.kind === 'claim');
  if (put) {
    if (roles.length > 1) throw new Error(`Two writes of one item ${keyText(entry.key)} in one request`);
    return { Put: { TableName: tableName, Item: put.item, ...names.condition([{ kind: 'absent' }]), ...names.attributes() } };
  }

  const set: Item = {};
  const remove = new Set<string>();
  const add = new Map<string, number>();
  for (const role of roles) {
    conditions.push(...conditionsOf(role));
    if (role.kind === 'counter') for (const [attr, delta] of role.deltas) if (delta !== 0) add.set(attr, delta);
    if ((role.kind === 'subject' || role.kind === 'dependent') && role.op !== 'delete') {
      Object.assign(set, role.set ?? {});
      for (const name of role.remove ?? []) remove.add(name);
    }
  }
  for (const name of Object.keys(set)) remove.delete(name);
  const clauses: string[] = [];
  const setNames = Object.keys(set).filter((name) => name !== PK && name !== SK);
  if (setNames.length > 0) clauses.push(`SET ${setNames.map((name) => `${names.name(name)} = ${names.value(set[name])}`).join(', ')}`);
  if (remove.size > 0) clauses.push(`REMOVE ${[...remove].map((name) => names.name(name)).join(', ')}`);
  if (add.size > 0) clauses.push(`ADD ${[...add].map(([name, delta]) => `${names.name(name)} ${names.value(delta)}`).join(', ')}`);
  if (clauses.length === 0) {
    if (!roles.some((r) => r.kind === 'member')) return null;
    const { ConditionExpression = `attribute_exists(${names.name(PK)})` } = names.condition(conditions);
    return { ConditionCheck: { TableName: tableName, Key: entry.key, ConditionExpression, ...names.attributes() } };
  }
  return { Update: { TableName: tableName, Key: entry.key, UpdateExpression: clauses.join(' '), ...names.condition(conditions), ...names.attributes() } };
}

function conditionsOf(role: Role): Condition[] {
  switch (role.kind) {
    case 'create':
    case 'claim':
      return [{ kind: 'absent' }];
    case 'release':
      return [];
    case 'member':
    case 'counter':
      return [{ kind: 'exists' }];
    case 'subject': {
      const out: Condition[] = [{ kind: 'exists' }, { kind: 'equals', attr: 'updated_at', value: role.record.updated_at }];
      if (role.ownerId !== undefined) out.push({ kind: 'equals', attr: role.entity.ownerField, value: role.ownerId });
      for (const rule of role.counters) out.push({ kind: 'count', attr: rule.attr, value: rule.expected });
      return out;
    }
    case 'dependent':
      return [{ kind: 'equals', attr: 'updated_at', value: role.seenUpdatedAt }, ...role.counters.map((rule): Condition => ({ kind: 'count', attr: rule.attr, value: rule.expected }))];
  }
}

/** Expression placeholders of one operation (#n0, :v0, ...). */
class Placeholders {
  private readonly names = new Map<string, string>();
  private readonly values: Record<string, unknown> = {};
  private count = 0;

  name(attr: string): string {
    let placeholder = this.names.get(attr);
    if (!placeholder) {
      placeholder = `#n${this.names.size}`;
      this.names.set(attr, placeholder);
    }
    return placeholder;
  }

  value(value: unknown): string {
    const placeholder = `:v${this.count++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** The ConditionExpression (each condition once; none -> absent); attributes() then holds its placeholders. */
  condition(conditions: Condition[]): { ConditionExpression?: string } {
    const seen = new Set<string>();
    const parts: string[] = [];
    for (const c of conditions) {
      const id = JSON.stringify(c);
      if (seen.has(id)) continue;
      seen.add(id);
      if (c.kind === 'exists') parts.push(`attribute_exists(${this.name(PK)})`);
      else if (c.kind === 'absent') parts.push(`attribute_not_exists(${this.name(PK)})`);
      else if (c.kind === 'equals') parts.push(`${this.name(c.attr)} = ${this.value(c.value)}`);
      else if (c.value === 0) parts.push(`(attribute_not_exists(${this.name(c.attr)}) OR ${this.name(c.attr)} = ${this.value(0)})`);
      else parts.push(`${this.name(c.attr)} = ${this.value(c.value)}`);
    }
    return parts.length > 0 ? { ConditionExpression: parts.join(' AND ') } : {};
  }

  /** The maps DynamoDB needs (an empty map is refused, so absent then). */
  attributes(): { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> } {
    const out: { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> } = {};
    if (this.names.size > 0) out.ExpressionAttributeNames = Object.fromEntries([...this.names].map(([attr, placeholder]) => [placeholder, attr]));
    if (Object.keys(this.values).length > 0) out.ExpressionAttributeValues = { ...this.values };
    return out;
  }
}

// --- failures -----------------------------------------------------------------------------------

/** The first delete attempt found references to follow (cascade/set_null): the record's counters. */
class DependentsExist extends Error {
  constructor(readonly counters: Record<string, number>) {
    super('the record has dependents to delete or clear');
  }
}

type Finding = { rank: number; error: Error } | { rank: number; details: ErrorDetail[] } | { rank: number; staleTarget: PlanEntry };

/**
 * The contract's error for refused conditions, from the items' old values. When several
 * conditions failed, the most fundamental reason wins: the record itself (gone, not the caller's,
 * changed), then references that block a delete, then missing reference targets (400, all of
 * them), then unique values, then dependents that changed.
 */
function explain(failures: { entry: PlanEntry; old: OldItem }[]): { error: Error } | { staleTargets: PlanEntry[] } {
  const findings: Finding[] = [];
  for (const { entry, old } of failures) {
    for (const role of entry.roles) findings.push(...findingsOf(role, entry, old));
  }
  if (findings.length === 0) return { error: new ConflictError(CHANGED) };
  const best = Math.min(...findings.map((f) => f.rank));
  const top = findings.filter((f) => f.rank === best);
  const first = top[0]!;
  if ('error' in first) return { error: first.error };
  if ('details' in first) {
    const details = top.flatMap((f) => ('details' in f ? f.details : []));
    return { error: missingDetails(details) };
  }
  return { staleTargets: top.flatMap((f) => ('staleTarget' in f ? [f.staleTarget] : [])) };
}

function findingsOf(role: Role, entry: PlanEntry, old: OldItem): Finding[] {
  switch (role.kind) {
    case 'create':
      return old ? [{ rank: 3, error: new ConflictError(`A ${role.entity.name} with id '${role.id}' already exists`) }] : [];
    case 'claim':
      return old ? [{ rank: 5, error: new ConflictError(`${role.field} '${shorten(role.value)}' is already taken`) }] : [];
    case 'release':
      return [];
    case 'member':
      return old ? [] : [{ rank: 4, details: role.uses.map(detailOf) }];
    case 'counter':
      if (old) return [];
      return role.uses.length > 0 ? [{ rank: 4, details: role.uses.map(detailOf) }] : [{ rank: 7, staleTarget: entry }];
    case 'subject': {
      if (!old) return [{ rank: 0, error: new NotFoundError(`${role.entity.name} not found`) }];
      if (role.ownerId !== undefined && readAttr(old, role.entity.ownerField) !== role.ownerId) return [{ rank: 0, error: new ForbiddenError(NOT_OWNER) }];
      if (readAttr(old, 'updated_at') !== role.record.updated_at) return [{ rank: 0, error: new ConflictError(CHANGED) }];
      return counterFindings(role.counters, old, role.entity.name, role.record.id, true);
    }
    case 'dependent': {
      if (!old || readAttr(old, 'updated_at') !== role.seenUpdatedAt) return [{ rank: 6, error: new ConflictError(DEPENDENTS_CHANGED) }];
      return counterFindings(role.counters, old, role.entity.name, role.id, false);
    }
  }
}

function counterFindings(rules: CounterRule[], old: Record<string, AttributeValue>, entity: string, id: string, subject: boolean): Finding[] {
  const out: Finding[] = [];
  for (const rule of rules) {
    const actual = readCount(old, rule.attr);
    if (actual === rule.expected) continue;
    if (rule.rel.list || rule.rel.onDelete === 'restrict') out.push({ rank: 1, error: restrictConflict(rule.rel, actual, subject ? undefined : { entity, id }) });
    else if (rule.optimistic) out.push({ rank: 2, error: new DependentsExist(countersOfOld(old)) });
    else out.push({ rank: 6, error: new ConflictError(DEPENDENTS_CHANGED) });
  }
  return out;
}

/** `dependent`: the blocked record is not the one asked for but one a cascade would delete with it. */
function restrictConflict(rel: IncomingRef, count: number, dependent?: { entity: string; id: string }): ConflictError {
  const what = dependent ? `${dependent.entity} '${dependent.id}' (deleted with it)` : 'it';
  return new ConflictError(`${count} ${rel.entity} record(s) still reference ${what} through ${rel.field}`);
}

const detailOf = (use: ReferenceUse): ErrorDetail => ({ path: `body.${use.field.name}`, message: `no ${use.target} with id '${use.value}'` });

function missingDetails(details: ErrorDetail[]): ValidationError {
  const first = details[0]!;
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length === 2 ? '' : 's'})` : '';
  return new ValidationError(`Invalid reference: ${first.path.replace(/^body\./, '')} ${first.message}${more}`, details);
}

const missingTargets = (uses: ReferenceUse[]): ValidationError => missingDetails(uses.map(detailOf));

/** A create or update whose transaction would exceed the limit: the list of references to blame. */
function tooManyReferences(entity: IrEntity, record: Item): ValidationError {
  const lists = entity.fields.filter((f) => f.type === 'list' && Array.isArray(record[f.name]));
  const largest = lists.sort((a, b) => (record[b.name] as unknown[]).length - (record[a.name] as unknown[]).length)[0];
  const path = largest ? `body.${largest.name}` : 'body';
  const message = `references too many records: one write may touch at most ${MAX_TRANSACTION_ITEMS} items (the record, its unique values and the records it references)`;
  return new ValidationError(`Invalid ${entity.name}: ${largest?.name ?? 'the record'} ${message}`, [{ path, message }]);
}

const tooManyDependents = (): ConflictError => new ConflictError(TOO_MANY_DEPENDENTS);

/** A unique value's claim item (it names its record, for lookups by value). */
const claimOf = (key: ItemKey, field: string, value: unknown, recordId: string): [ItemKey, Role] => [key, { kind: 'claim', field, value, item: { ...key, recordId } }];

// --- helpers ------------------------------------------------------------------------------------

const present = (value: unknown): boolean => value !== undefined && value !== null;
const keyText = (key: ItemKey): string => `${key.PK}\n${key.SK}`;
const sameKey = (a: ItemKey, b: ItemKey): boolean => a.PK === b.PK && a.SK === b.SK;

/** The record as the port returns it: the entity's fields and nothing else. */
function toRecord(entity: IrEntity, item: Item): StoredRecord {
  const out: Item = {};
  for (const field of entity.fields) if (present(item[field.name])) out[field.name] = item[field.name];
  return out as StoredRecord;
}

/** The GSI key attributes an entity may write. */
function indexAttributes(entity: IrEntity): string[] {
  return entity.indexes.flatMap((index) => {
    const { partitionKey, sortKey } = projectIndexKeys(index.name);
    return [partitionKey, sortKey];
  });
}

/** Unique fields with a value (a list is not a key: its uniqueness is not enforced). */
function uniqueFields(entity: IrEntity, record: Item): IrField[] {
  return entity.fields.filter((f) => f.unique && f.type !== 'list' && present(record[f.name]));
}

function pick(item: Item, attributes: string[]): CursorKey {
  const out: CursorKey = {};
  for (const name of attributes) out[name] = item[name] as string;
  return out;
}

/** The reference counters of an item read through the document client. */
function countersOf(item: Item): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(item)) if (name.startsWith('_refs_') && typeof value === 'number') out[name] = value;
  return out;
}

function countersOfOld(old: Record<string, AttributeValue>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of Object.keys(old)) if (name.startsWith('_refs_')) out[name] = readCount(old, name);
  return out;
}

/** A string attribute of an old item (ALL_OLD comes back in DynamoDB's wire format). */
function readAttr(old: Record<string, AttributeValue>, name: string): string | undefined {
  const value = old[name];
  return value && 'S' in value ? value.S : undefined;
}

function readCount(old: Record<string, AttributeValue>, name: string): number {
  const value = old[name];
  return value && 'N' in value && value.N !== undefined ? Number(value.N) : 0;
}

function shorten(value: unknown): string {
  const text = String(value);
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}
