/**
 * The write plans of a create and of an update (PUT/PATCH): the record, the claims of its
 * unique values, the reference counters of what it points at, and the owner condition.
 *
 * - References are counted on their target: every reference from `<Entity>.<field>` to a record
 *   of a declared entity adds 1 to the target's `_refs_<Entity>_<field>` (ADD, conditioned on
 *   the target existing: a missing target -> 400 at `body.<field>`); a list of references counts
 *   each distinct element once. A delete then knows from the counters alone whether anything
 *   still points at the record, which is what makes `restrict` safe against a concurrent create
 *   (the GSIs are eventually consistent; the counters are transactional).
 * - References to User (the members) are checked (ConditionCheck) but not counted: members are
 *   not deleted through this store. The server-owned `owner_id` is not checked at all: the
 *   server sets it to the caller of a verified token, and checking it would make every create a
 *   transaction; incomingRefs ignores server-owned fields for the same reason.
 * - A record cannot reference itself (the write and the target's count would be two operations
 *   on one item, which a transaction refuses): 400.
 * - An update changes only what changed: an unchanged unique value or reference costs nothing
 *   and is not re-checked.
 */
import { USER_ENTITY, type IrEntity } from '../../../core/blueprint/ir';
import { ValidationError } from '../../../core/errors';
import { WORKFLOW_MARK_ATTRIBUTE, type RecordScope, type StoredRecord, type WriteGuard } from '../../../ports/record-store';
import { recordKey, uniqueKey, uniqueValue, type ItemKey } from '../project-table-keys';
import { missingTargets } from './explain-failure';
import { indexAttributes, itemOf, present, refCounterAttribute, uniqueFields, type Item } from './record-item';
import { prefixOf, type RecordStoreContext } from './store-context';
import { WritePlan, sameKey, type ReferenceUse, type Role } from './write-plan';

export function planCreate(ctx: RecordStoreContext, entity: IrEntity, scope: RecordScope, record: StoredRecord, guard?: Pick<WriteGuard, 'writtenBy'>): WritePlan {
  const prefix = prefixOf(ctx, entity, scope);
  const key = recordKey(prefix, entity.name, record.id);
  const plan = new WritePlan();
  const mark = guard?.writtenBy ? { [WORKFLOW_MARK_ATTRIBUTE]: guard.writtenBy } : {};
  plan.add(key, { kind: 'create', entity, id: record.id, item: { ...key, ...itemOf(entity, prefix, record), ...mark } });
  for (const field of uniqueFields(entity, record)) {
    plan.add(...claimOf(uniqueKey(prefix, entity.name, field.name, uniqueValue(field, record[field.name])), field.name, record[field.name], record.id));
  }
  for (const use of references(ctx, entity, scope, record)) {
    if (sameKey(use.key, key)) throw missingTargets([use]);
    addReference(plan, entity, use, +1);
  }
  return plan;
}

export function planUpdate(ctx: RecordStoreContext, entity: IrEntity, scope: RecordScope, before: StoredRecord, after: StoredRecord, guard?: WriteGuard): WritePlan {
  if (after.id !== before.id) throw new Error(`update of ${entity.name} '${before.id}' was given a record with another id '${after.id}'`);
  const prefix = prefixOf(ctx, entity, scope);
  const key = recordKey(prefix, entity.name, before.id);
  const item: Item = { ...itemOf(entity, prefix, after), ...(guard?.writtenBy ? { [WORKFLOW_MARK_ATTRIBUTE]: guard.writtenBy } : {}) };
  const managed = [...entity.fields.map((f) => f.name), ...indexAttributes(entity), WORKFLOW_MARK_ATTRIBUTE];
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
  const was = references(ctx, entity, scope, before);
  const is = references(ctx, entity, scope, after);
  const id = (use: ReferenceUse) => `${use.field.name}\n${use.value}`;
  const wasIds = new Set(was.map(id));
  const isIds = new Set(is.map(id));
  for (const use of is) {
    if (wasIds.has(id(use))) continue;
    if (sameKey(use.key, key)) throw new ValidationError(`Invalid ${entity.name}: ${use.field.name} cannot reference the record itself`, [{ path: `body.${use.field.name}`, message: 'cannot reference the record itself' }]);
    addReference(plan, entity, use, +1);
  }
  for (const use of was) if (!isIds.has(id(use))) addReference(plan, entity, use, -1);
  return plan;
}

/** Every reference the record makes (distinct per field), with the key of its target. */
export function references(ctx: RecordStoreContext, entity: IrEntity, scope: RecordScope, record: Item): ReferenceUse[] {
  const out: ReferenceUse[] = [];
  for (const field of entity.fields) {
    if (field.serverOwned) continue;
    const target = field.ref?.entity ?? field.items?.ref?.entity;
    if (!target) continue;
    const value = record[field.name];
    let ids: string[] = [];
    if (field.type === 'ref' && typeof value === 'string') ids = [value];
    else if (field.type === 'list' && field.items?.type === 'ref' && Array.isArray(value)) ids = [...new Set(value.filter((v): v is string => typeof v === 'string'))];
    if (ids.length === 0) continue;
    // A member is the User entity's record: the same key space, tenant-scoped with the project.
    const prefix = prefixOf(ctx, target === USER_ENTITY ? USER_ENTITY : ctx.entity(target), scope);
    for (const id of ids) out.push({ field, target, value: id, key: recordKey(prefix, target, id) });
  }
  return out;
}

/** A reference gained (+1) or lost (-1): a member check, or the target's counter. */
export function addReference(plan: WritePlan, entity: IrEntity, use: ReferenceUse, delta: 1 | -1): void {
  if (use.target === USER_ENTITY) {
    if (delta > 0) plan.add(use.key, { kind: 'member', uses: [use] });
    return;
  }
  plan.add(use.key, { kind: 'counter', deltas: new Map([[refCounterAttribute(entity.name, use.field.name), delta]]), uses: delta > 0 ? [use] : [] });
}

/** A unique value's claim item (it names its record, for lookups by value). */
const claimOf = (key: ItemKey, field: string, value: unknown, recordId: string): [ItemKey, Role] => [key, { kind: 'claim', field, value, item: { ...key, recordId } }];
