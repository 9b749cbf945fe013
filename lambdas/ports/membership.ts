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

/** A member: the built-in `User` entity's record in the project's store. */
export interface Member {
  id: string;
  email: string;
  role: string;
  /** null when single-tenant. */
  org_id: string | null;
  confirmed: boolean;
  /** How the member joined: founded an organization, accepted an invitation, or signed up (single-tenant). */
  joined: 'org' | 'invite' | 'signup';
  created_at: string;
  updated_at: string;
}

export interface Invitation {
  orgId: string | null;
  email: string;
  role: string;
  expiresAt: string;
}

export interface JoinInput {
  userId: string;
  email: string;
  role: string;
  orgId: string | null;
  joined: Member['joined'];
  /** A new organization this member founds (multi-tenant `orgName`). */
  newOrg?: { id: string; name: string };
  /** The invitation code being used (used up by the join itself; must still be valid). */
  inviteCode?: string;
  /**
   * The abandoned account this signup's account replaced (AdminIdentityPort.signUpPrivately):
   * its membership, never confirmed, goes with the join, with the organization it founded, so
   * nothing of it is left behind.
   */
  replaces?: string;
  now: Date;
}

/** Who manages members: the acting admin, re-checked in the write itself. */
export interface MemberManagement {
  orgId: string | null;
  /** The acting member (their stored role was read as admin). */
  actorId: string;
  /** The blueprint's administrative role. */
  adminRole: string;
}

export interface MemberPage {
  items: Member[];
  /** Opaque, tamper-evident, bound to the project and organization; null on the last page. */
  nextCursor: string | null;
}

/**
 * Members, organizations and invitations of a generated project API (CONTRACT "Membership").
 * A member exists whole or not at all (a join writes the member, its pointers and the new
 * organization or the used invitation together); an invitation is used at most once; an
 * organization's last confirmed admin is never demoted or removed, and every member-management
 * write re-checks that the acting member is still an admin. DynamoDB:
 * lambdas/adapters/project-data/membership-store.ts.
 */
export interface MembershipStore extends MembershipLookup {
  /** The member in this organization, or null (another organization's member too). */
  getMember(orgId: string | null, userId: string): Promise<Member | null>;
  /** A valid invitation for this code, or null (unknown, used or expired). */
  findInvitation(code: string, now: Date): Promise<Invitation | null>;
  /** Writes an invitation, only while its creator (`actorId`) is still an admin. */
  createInvitation(input: MemberManagement & { code: string; email: string; role: string; expiresAt: Date }): Promise<Invitation>;
  /** Makes the user a member. A used or expired invitation -> 400 at `body.inviteCode`. */
  join(input: JoinInput): Promise<Member>;
  /**
   * Marks the member with this email confirmed (null when there is none). Single-tenant: the
   * first member to confirm after signing up (not by invitation) becomes `firstConfirmedBecomes`,
   * and of two simultaneous confirmations only one wins.
   */
  confirm(email: string, now: Date, options: { adminRole: string; firstConfirmedBecomes?: string }): Promise<Member | null>;
  /** Members of the organization, in id order. A cursor of another list -> 400. */
  list(orgId: string | null, limit: number, cursor?: string): Promise<MemberPage>;
  /** Changes a member's role. 404 not in the organization; 409 the last confirmed admin; 403 the actor is no longer an admin. */
  setRole(input: MemberManagement & { userId: string; role: string; now: Date }): Promise<Member>;
  /** Removes a member from the organization (their account stays in the identity pool); 404, 409 and 403 as setRole. The removed member. */
  remove(input: MemberManagement & { userId: string }): Promise<Member>;
}
