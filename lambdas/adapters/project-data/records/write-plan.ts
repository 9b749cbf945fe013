/**
 * The items one write touches and why, rendered as DynamoDB operations: ONE conditional
 * PutItem/UpdateItem/DeleteItem when the record is the only item involved, else ONE
 * TransactWriteItems (DESIGN "Storage": no non-transactional fallback), so a unique value, a
 * reference count and the record can never disagree. Each item gets one operation (a
 * transaction refuses two on one item) built from its roles: what it is to this write (the
 * record created or changed, a unique claim, a counter of references, a member checked, a
 * dependent a delete takes along) decides the operation, its conditions and, through
 * explain-failure.ts, what a refused condition means.
 *
 * - update writes with UpdateItem (SET every field of `after`, REMOVE the others and the index
 *   keys of unset fields), not PutItem: a replacing Put would wipe the reference counters.
 *   Condition: `attribute_exists(PK) AND updated_at = <before.updated_at>` [AND owner = guard].
 * - A decrement is conditioned on the target existing (ADD on a missing item would create a
 *   ghost record).
 * - Every operation with a condition returns the item's old values when it fails (ALL_OLD).
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { IncomingRef, IrEntity, IrField } from '../../../core/blueprint/ir';
import type { StoredRecord } from '../../../ports/record-store';
import { PROJECT_TABLE_KEYS } from '../project-table';
import type { ItemKey } from '../project-table-keys';
import type { Item } from './record-item';

/** DynamoDB's limit of items in one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

const { partitionKey: PK, sortKey: SK } = PROJECT_TABLE_KEYS;

/** One item's identity within a plan (PK and SK together). */
export const keyText = (key: ItemKey): string => `${key.PK}\n${key.SK}`;
export const sameKey = (a: ItemKey, b: ItemKey): boolean => a.PK === b.PK && a.SK === b.SK;

/** A reference a record makes: the field, the target entity and id, and the target's key. */
export interface ReferenceUse {
  field: IrField;
  target: string;
  value: string;
  key: ItemKey;
}

/** A condition on a record's reference counter: the number of references it must still have. */
export interface CounterRule {
  attr: string;
  rel: IncomingRef;
  expected: number;
  /** Assumed 0 without reading (a first delete attempt): a mismatch means "read the dependents". */
  optimistic: boolean;
}

/** Why an item is part of a write; decides the operation, its conditions and how a failure reads. */
export type Role =
  | { kind: 'create'; entity: IrEntity; id: string; item: Item }
  | { kind: 'claim'; field: string; value: unknown; item: Item }
  | { kind: 'release' }
  | { kind: 'member'; uses: ReferenceUse[] }
  | { kind: 'counter'; deltas: Map<string, number>; uses: ReferenceUse[] }
  | { kind: 'subject'; op: 'update' | 'delete'; entity: IrEntity; record: StoredRecord; ownerId?: string; set?: Item; remove?: string[]; counters: CounterRule[] }
  | { kind: 'dependent'; op: 'delete' | 'clear'; entity: IrEntity; id: string; seenUpdatedAt: string; counters: CounterRule[]; set?: Item; remove?: string[] };

export interface PlanEntry {
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
export type RenderedOp = TransactItem;

/** The items one write touches, one operation per item (a transaction refuses two on one item). */
export class WritePlan {
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
