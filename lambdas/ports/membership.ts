/**
 * Who a user of a generated project API is within it: their organization (multi-tenant) and
 * role. The access token carries both (`org_id`, `role`); they are read from the project's
 * table whenever tokens are issued (login, refresh), so new tokens carry the current role; a role
 * change also revokes the member's refresh tokens (AdminIdentityPort.revokeRefreshTokens). Locally the local identity asks this lookup; on AWS Cognito's pre-token-generation
 * trigger does (lambdas/project-runtime/pre-token-generation.lambda.ts).
 */
export interface Membership {
  readonly userId: string;
  /** null in a single-tenant project. */
  readonly orgId: string | null;
  readonly role: string;
}

export interface MembershipLookup {
  /** The user's membership, or null when the user has none (yet). */
  membershipOf(userId: string): Promise<Membership | null>;
}
