/**
 * The access policy of a generated API: the three places where tenancy and ownership are
 * enforced in the request path, as one replaceable part of its services.
 *  - `decide`: authorize.ts's decision (levels, rights, ownership, tenancy);
 *  - `scope`: the organization the store reads and writes in (the caller's `org_id`);
 *  - `writeGuard`: what the store re-checks in its condition expressions (own-only rights).
 * The runtime always runs ENFORCED_ACCESS. The composition root takes another one only so the
 * authorization-matrix test can run a deliberately broken policy and prove it notices.
 */
import type { BlueprintIR, IrEntity } from '../core/blueprint/ir';
import { authorize, type AuthorizeDecision, type AuthorizeInput } from '../core/project-api/authorize';
import { UnauthorizedError } from '../core/errors';
import type { RecordScope, WriteGuard } from '../ports/record-store';
import type { AuthorizeCaller } from '../core/project-api/authorize';

export interface AccessPolicy {
  decide(input: AuthorizeInput): AuthorizeDecision;
  /** The organization the store is scoped to for this caller (throws 401 when it cannot know it). */
  scope(ir: BlueprintIR, entity: IrEntity, caller: AuthorizeCaller | null): RecordScope;
  /** The condition a write re-checks: the owner field is the caller's id when the right is own-only. */
  writeGuard(ownOnly: boolean, caller: AuthorizeCaller | null): WriteGuard;
}

export const ENFORCED_ACCESS: AccessPolicy = {
  decide: authorize,
  scope(ir, entity, caller) {
    if (ir.tenancy.mode !== 'multi' || !entity.tenantScoped) return { orgId: null };
    // A public route of a multi-tenant project cannot know the organization without a token.
    if (!caller?.orgId) throw new UnauthorizedError('Sign in: the records of this API belong to organizations');
    return { orgId: caller.orgId };
  },
  writeGuard: (ownOnly, caller) => (ownOnly && caller ? { ownerId: caller.userId } : {}),
};
