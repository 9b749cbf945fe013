/**
 * Deliberately broken access policies (negative controls): the authorization tests run them
 * through the composition root to prove they would notice a missing organization or owner check.
 * They break the policy from outside, by what they feed the real one: no switch in the product.
 */
import type { AccessPolicy } from '../../lambdas/project-runtime/access-policy';
import type { AuthorizeInput } from '../../lambdas/core/project-api/authorize';

/** Every organization shares one key prefix, and a record always seems to be in the caller's organization. */
export function withoutTenancy(policy: AccessPolicy): AccessPolicy {
  return {
    ...policy,
    decide: (input: AuthorizeInput) => policy.decide(input.record && input.caller ? { ...input, record: { ...input.record, orgId: input.caller.orgId } } : input),
    scope: (ir, entity, caller) => (ir.tenancy.mode === 'multi' && entity.tenantScoped ? { orgId: 'BROKEN-ONE-ORG' } : policy.scope(ir, entity, caller)),
  };
}

/** Every record seems to be the caller's: lists show everything and writes re-check no owner. */
export function withoutOwnership(policy: AccessPolicy): AccessPolicy {
  return {
    ...policy,
    decide: (input: AuthorizeInput) => {
      const decision = policy.decide(input.record && input.caller ? { ...input, record: { ...input.record, ownerId: input.caller.userId } } : input);
      return decision.allow ? { ...decision, scope: 'all' } : decision;
    },
    writeGuard: () => ({}),
  };
}

/** Both checks off, or one, by name (the matrix test's cases). */
export function brokenAccess(policy: AccessPolicy, broken: { tenancy?: boolean; ownership?: boolean }): AccessPolicy {
  let result = policy;
  if (broken.tenancy === false) result = withoutTenancy(result);
  if (broken.ownership === false) result = withoutOwnership(result);
  return result;
}
