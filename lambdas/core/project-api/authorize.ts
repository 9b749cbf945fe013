/**
 * The authorization decision of a generated project API (CONTRACT "Generated project API":
 * "Roles", "Authorization", "Membership", tenancy; service description "Authentication" 6-8).
 * Pure: no I/O, no clock. The runtime verifies the token first (a missing, invalid or expired
 * token gives `caller: null`), reads the target record when the route has one, then asks here.
 * The route is a manifest route (project-routes.ts): its `level` and, unless public or an
 * entity-less route (member management, workflows), the `right` it needs.
 *
 * Precedence, first match wins (each step names the CONTRACT sentence it encodes):
 *  1. `public` level -> allow, scope `all`. No token needed; a caller, if any, is ignored.
 *  2. No caller -> 401 UNAUTHORIZED (every other level needs a valid token).
 *  3. Tenancy (multi-tenant project, a record given, its entity tenant-scoped or unknown):
 *     the record's organization differs from the caller's -> 404 NOT_FOUND. Before anything
 *     else, admins included, so another organization's record is never revealed; a null
 *     organization on either side never matches in a multi-tenant project.
 *  4. The caller's role is not a role of the blueprint -> 403 FORBIDDEN (fail closed).
 *  5. The admin role (`ir.adminRole`) -> allow, scope `all`: every right in its organization,
 *     passes the owner and admin levels.
 *  6. Concealment (a record given, the route names an entity): the caller may not see the
 *     record at all -> 404 NOT_FOUND, whatever the route's operation. "May not see" = the
 *     record is not the caller's AND the caller's read on the entity is limited to own records
 *     (a read right `own`, or an owner-level read operation): lists would not show it, so no
 *     item route reveals it either. A caller with NO read right gets 403s (step 7/8): it can
 *     see nothing, so there is nothing a 403 could reveal about one record.
 *  7. Level: `admin` and the role is not the admin role -> 403; `owner` and a record given
 *     that the caller does not own -> 403 (the record is visible, it may not be changed).
 *     Owner level without a record (a list) limits the scope to `own`.
 *  8. Right: the role has no right for the operation on the entity -> 403; a right limited to
 *     own records on a record the caller does not own -> 403 (visible but not changeable);
 *     `own` without a record (a list; a create has no target record) -> allow with scope `own`.
 *  9. Allow; scope `own` when step 7 or 8 limited it, else `all`.
 *
 * Ownership is `record.ownerId === caller.userId`, where `ownerId` is the value of the entity's
 * owner field (`ownerField`: `owner_id` unless the blueprint names another ref(User) field);
 * a null owner is nobody's. Steps 7 and 8 both give 403, so their order only changes the
 * `reason`. A create has no target record: an `own` create right passes (the server sets
 * `owner_id` to the caller); when the owner field is another ref(User) field set from the body,
 * checking that value is the create handler's business, not this function's.
 */
import type { ErrorCode } from '../errors';
import type { BlueprintIR, IrEntity, IrRole, RightName } from '../blueprint/ir';
import type { AccessLevel } from '../vocabulary';

export interface AuthorizeRoute {
  level: AccessLevel;
  /** Absent: only the level applies (public, auth, member-management and workflow routes). */
  right?: { entity: string; operation: RightName };
}

/** The verified access token's claims; null when absent, invalid or expired. */
export interface AuthorizeCaller {
  userId: string;
  role: string;
  /** The `org_id` claim; null in a single-tenant project. */
  orgId: string | null;
}

/** The target record of an item route: its owner field's value and its organization. */
export interface AuthorizeRecord {
  ownerId: string | null;
  orgId: string | null;
}

export interface AuthorizeInput {
  ir: BlueprintIR;
  route: AuthorizeRoute;
  caller: AuthorizeCaller | null;
  /** The target record when the route has one (read, update, delete, files); absent for list and create. */
  record?: AuthorizeRecord;
}

export type AuthorizeScope = 'all' | 'own';

export type AuthorizeDecision =
  | { allow: true; /** What a list may show. */ scope: AuthorizeScope }
  | { allow: false; status: 401 | 403 | 404; code: Extract<ErrorCode, 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND'>; reason: string };

const unauthorized = (reason: string): AuthorizeDecision => ({ allow: false, status: 401, code: 'UNAUTHORIZED', reason });
const forbidden = (reason: string): AuthorizeDecision => ({ allow: false, status: 403, code: 'FORBIDDEN', reason });
const notFound = (reason: string): AuthorizeDecision => ({ allow: false, status: 404, code: 'NOT_FOUND', reason });

/** Decides one request; see the file comment for the precedence. */
export function authorize(input: AuthorizeInput): AuthorizeDecision {
  const { ir, route, caller, record } = input;

  // 1. public
  if (route.level === 'public') return { allow: true, scope: 'all' };
  // 2. a caller
  if (!caller) return unauthorized('a valid access token is required');

  const entity = route.right ? findEntity(ir, route.right.entity) : undefined;
  const owns = (r: AuthorizeRecord): boolean => r.ownerId !== null && r.ownerId === caller.userId;

  // 3. tenancy, before anything else (admins too)
  if (record && ir.tenancy.mode === 'multi' && (entity === undefined || entity.tenantScoped)) {
    if (record.orgId === null || caller.orgId === null || record.orgId !== caller.orgId) {
      return notFound('the record belongs to another organization');
    }
  }

  // 4. a known role
  const role: IrRole | undefined = ir.roles.find((r) => r.name === caller.role);
  if (!role) return forbidden(`role '${caller.role}' is not a role of this project`);

  // 5. the admin role
  if (role.name === ir.adminRole) return { allow: true, scope: 'all' };

  const rights = entity ? role.rights[entity.name] ?? {} : {};

  // 6. concealment: a record the caller may not see at all
  if (record && entity && !owns(record) && (rights.read === 'own' || entity.operations.read.level === 'owner')) {
    return notFound(`role '${role.name}' sees only its own ${entity.name} records`);
  }

  let scope: AuthorizeScope = 'all';
  // 7. level
  if (route.level === 'admin') return forbidden(`only the ${ir.adminRole} role may do this`);
  if (route.level === 'owner') {
    if (record && !owns(record)) return forbidden('only the owner of the record may do this');
    if (!record) scope = 'own';
  }

  // 8. right
  if (route.right && entity) {
    const { operation } = route.right;
    const right = rights[operation];
    if (right === undefined) return forbidden(`role '${role.name}' has no ${operation} right on ${entity.name}`);
    if (right === 'own') {
      if (record && !owns(record)) return forbidden(`role '${role.name}' may ${operation} only its own ${entity.name} records`);
      if (!record) scope = 'own';
    }
  }

  // 9. allow
  return { allow: true, scope };
}

function findEntity(ir: BlueprintIR, name: string): IrEntity {
  const entity = ir.entities.find((e) => e.name === name);
  // The manifest is derived from this IR: an unknown entity is a server bug, never a client's fault.
  if (!entity) throw new Error(`authorize: the route names entity '${name}', which the blueprint does not declare`);
  return entity;
}
