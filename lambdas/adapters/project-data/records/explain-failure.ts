/**
 * Why a write was refused, in the contract's words. A refused condition comes back with the
 * item's old values (ReturnValuesOnConditionCheckFailure ALL_OLD: a single write's
 * ConditionalCheckFailedException, or a TransactionCanceledException's reasons, matched back to
 * the plan's entries by position), and each role of the item says what its failure means:
 *
 * - the record itself: absent -> 404; another owner -> 403 (the record is visible, it may not be
 *   changed); another version -> 409 CONFLICT ("read it again");
 * - a counter that blocks a delete (`restrict`, or a list of references) -> 409 naming the
 *   relation; one assumed 0 by a first delete attempt (cascade / set_null) -> DependentsExist,
 *   so the delete reads its dependents and tries again;
 * - a missing reference target -> 400 at `body.<field>` (all of them);
 * - a taken unique value or id -> 409;
 * - a dependent that changed meanwhile -> 409 "try again";
 * - a decremented target that is gone (removed outside this store) -> a stale target: the write
 *   is repeated once without it (execute-plan.ts).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { IncomingRef, IrEntity } from '../../../core/blueprint/ir';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type ErrorDetail } from '../../../core/errors';
import { isRefCounter, type Item } from './record-item';
import { MAX_TRANSACTION_ITEMS, type CounterRule, type PlanEntry, type ReferenceUse, type Role } from './write-plan';

/** The old values of an item whose condition failed (DynamoDB's wire format); undefined: it did not exist. */
export type OldItem = Record<string, AttributeValue> | undefined;

/** One refused item of a write. */
export interface RefusedItem {
  entry: PlanEntry;
  old: OldItem;
}

const CHANGED = 'The record was changed by another request; read it again';
/** A concurrent transaction on the same items (TransactionConflict), or a second stale target. */
export const CONCURRENT = 'Another request changed the same records at the same time; try again';
const DEPENDENTS_CHANGED = 'Records that depend on it changed while it was being deleted; try again';
const TOO_MANY_DEPENDENTS = 'too many dependent records; delete them first';
const NOT_OWNER = 'only the owner of the record may do this';

/** The first delete attempt found references to follow (cascade/set_null): the record's counters. */
export class DependentsExist extends Error {
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
export function explain(failures: RefusedItem[]): { error: Error } | { staleTargets: PlanEntry[] } {
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
export function restrictConflict(rel: IncomingRef, count: number, dependent?: { entity: string; id: string }): ConflictError {
  const what = dependent ? `${dependent.entity} '${dependent.id}' (deleted with it)` : 'it';
  return new ConflictError(`${count} ${rel.entity} record(s) still reference ${what} through ${rel.field}`);
}

const detailOf = (use: ReferenceUse): ErrorDetail => ({ path: `body.${use.field.name}`, message: `no ${use.target} with id '${use.value}'` });

function missingDetails(details: ErrorDetail[]): ValidationError {
  const first = details[0]!;
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length === 2 ? '' : 's'})` : '';
  return new ValidationError(`Invalid reference: ${first.path.replace(/^body\./, '')} ${first.message}${more}`, details);
}

export const missingTargets = (uses: ReferenceUse[]): ValidationError => missingDetails(uses.map(detailOf));

/** A create or update whose transaction would exceed the limit: the list of references to blame. */
export function tooManyReferences(entity: IrEntity, record: Item): ValidationError {
  const lists = entity.fields.filter((f) => f.type === 'list' && Array.isArray(record[f.name]));
  const largest = lists.sort((a, b) => (record[b.name] as unknown[]).length - (record[a.name] as unknown[]).length)[0];
  const path = largest ? `body.${largest.name}` : 'body';
  const message = `references too many records: one write may touch at most ${MAX_TRANSACTION_ITEMS} items (the record, its unique values and the records it references)`;
  return new ValidationError(`Invalid ${entity.name}: ${largest?.name ?? 'the record'} ${message}`, [{ path, message }]);
}

export const tooManyDependents = (): ConflictError => new ConflictError(TOO_MANY_DEPENDENTS);

/** The reference counters of an old item. */
function countersOfOld(old: Record<string, AttributeValue>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of Object.keys(old)) if (isRefCounter(name)) out[name] = readCount(old, name);
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
