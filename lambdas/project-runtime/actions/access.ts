/**
 * The authorization steps every entity route shares: the caller (optional on public routes),
 * the organization the store is scoped to, the target record read in that scope, the decision
 * of authorize.ts, and the write guard that makes the store itself enforce own-only rights.
 */
import type { IrEntity } from '../../core/blueprint/ir';
import type { AuthorizeDecision } from '../../core/project-api/authorize';
import { ForbiddenError, HttpError, NotFoundError, UnauthorizedError } from '../../core/errors';
import type { RecordScope, StoredRecord, WriteGuard } from '../../ports/record-store';
import type { ActionInput, Caller } from '../action-input';

export interface Access {
  readonly entity: IrEntity;
  readonly caller: Caller | null;
  readonly scope: RecordScope;
  /** What a list may show (`own`: only records whose owner field is the caller). */
  readonly listScope: 'all' | 'own';
}

export interface RecordAccess extends Access {
  readonly record: StoredRecord;
  /** Handed to the store's writes: own-only rights are re-checked in the condition expression. */
  readonly guard: WriteGuard;
}

export function entityOf(input: ActionInput): IrEntity {
  const entity = input.services.ir.entities.find((e) => e.name === input.route.entity);
  if (!entity) throw new Error(`route ${input.route.id} names entity ${input.route.entity ?? '(none)'}, absent from the blueprint`);
  return entity;
}

/** The caller; on a public route only when a token is sent (then it must be valid). */
async function callerOf(input: ActionInput): Promise<Caller | null> {
  if (input.route.level !== 'public') return input.caller();
  const header = input.event.headers?.authorization ?? input.event.headers?.Authorization;
  return header ? input.caller() : null;
}

/** The organization the store is scoped to for this request: the caller's (their token's `org_id`). */
const scopeOf = (input: ActionInput, entity: IrEntity, caller: Caller | null): RecordScope => input.services.access.scope(input.services.ir, entity, caller);

/** For list and create: no target record. */
export async function accessWithoutRecord(input: ActionInput): Promise<Access> {
  const entity = entityOf(input);
  const caller = await callerOf(input);
  const decision = input.services.access.decide({ ir: input.services.ir, route: input.route, caller });
  if (!decision.allow) throw deny(decision, entity);
  return { entity, caller, scope: scopeOf(input, entity, caller), listScope: decision.scope };
}

/** For item routes: the record `params.id` in the caller's organization, then the decision. */
export async function accessToRecord(input: ActionInput): Promise<RecordAccess> {
  const entity = entityOf(input);
  const caller = await callerOf(input);
  const scope = scopeOf(input, entity, caller);
  const record = await input.services.records.get(entity, scope, input.params.id as string);
  if (!record) throw new NotFoundError(`No ${entity.name} with this id`);
  const decision = input.services.access.decide({
    ir: input.services.ir,
    route: input.route,
    caller,
    record: { ownerId: ownerOf(entity, record), orgId: typeof record.org_id === 'string' ? record.org_id : null },
  });
  if (!decision.allow) throw deny(decision, entity);
  return { entity, caller, scope, listScope: decision.scope, record, guard: guardFor(input, entity, caller) };
}

export const ownerOf = (entity: IrEntity, record: Record<string, unknown>): string | null => {
  const value = record[entity.ownerField];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** Whether the caller's right for this route is limited to own records (admins never are). */
export function ownOnly(input: ActionInput, entity: IrEntity, caller: Caller | null): boolean {
  if (!caller) return false;
  const { route } = input;
  const { ir } = input.services;
  if (caller.role === ir.adminRole) return false;
  if (route.level === 'owner') return true;
  const operation = route.right?.operation;
  const role = ir.roles.find((r) => r.name === caller.role);
  return operation !== undefined && role?.rights[entity.name]?.[operation] === 'own';
}

const guardFor = (input: ActionInput, entity: IrEntity, caller: Caller | null): WriteGuard => input.services.access.writeGuard(ownOnly(input, entity, caller), caller);

/** A refusal as the contract's error; a 404 never says why (it must not reveal that the record exists). */
function deny(decision: Extract<AuthorizeDecision, { allow: false }>, entity: IrEntity): HttpError {
  if (decision.status === 404) return new NotFoundError(`No ${entity.name} with this id`);
  if (decision.status === 401) return new UnauthorizedError(decision.reason);
  return new ForbiddenError(`Not allowed: ${decision.reason}`);
}

/** The caller, allowed by the route's level (the admin routes: the admin role only) as every route decides it; routes without an entity (workflows, events). */
export async function allowedCaller(input: ActionInput): Promise<Caller> {
  const caller = await input.caller();
  const decision = input.services.access.decide({ ir: input.services.ir, route: input.route, caller });
  if (!decision.allow) throw new ForbiddenError(`Not allowed: ${decision.reason}`);
  return caller;
}
