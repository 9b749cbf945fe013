/**
 * Members, organizations and invitations of a generated project API, in the project's table
 * (CONTRACT "Membership"). The member item IS the built-in `User` entity's record, so
 * `ref(User)` fields check their target in the same key space and another organization's
 * member is simply not found. The items (keys: project-table-keys.ts):
 *
 *   member         the User record          id, email, role, org_id?, confirmed, joined
 *   user pointer   memberPointerKey         orgId: which organization (tokens, /auth/me)
 *   email pointer  emailPointerKey          userId, orgId: confirm and reset find the member
 *   organization   orgKey                   id, name, created_at (multi-tenant), adminCount
 *   invitation     invitationKey            orgId, email, role, expiresAt, _ttl (the code itself is never stored)
 *   first admin    FIRST_ADMIN_KEY          single-tenant: who became admin by confirming first
 *
 * This class is the port's façade over one module per concern, in membership/: members (the
 * item and its reads), joining (join and confirm, each ONE transaction), invitations,
 * member-management (list, role changes, removals), guarded-write (member-management
 * transactions and why they fail) and admin-counter (the last admin can never be demoted or
 * removed).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Invitation, JoinInput, Member, MemberManagement, MemberPage, Membership, MembershipLookup, MembershipStore } from '../../ports/membership';
import { createInvitation, findInvitation } from './membership/invitations';
import { confirm, join } from './membership/joining';
import { listMembers, removeMember, setRole } from './membership/member-management';
import { readMember, readMemberPointer, type MembershipTable } from './membership/members';

export { ADMIN_COUNT_ATTRIBUTE } from './membership/admin-counter';

export interface MembershipStoreProps {
  doc: DynamoDBDocumentClient;
  tableName: string;
  /** Binds member-list cursors to this project. */
  projectId?: string;
  cursorSecret?: string;
}

/** What tokens need (CONTRACT: `org_id` and `role` claims); also the pre-token-generation trigger's lookup on AWS. */
export class DynamoMembershipLookup implements MembershipLookup {
  protected readonly table: MembershipTable;

  constructor(props: Pick<MembershipStoreProps, 'doc' | 'tableName'>) {
    this.table = { doc: props.doc, tableName: props.tableName };
  }

  async membershipOf(userId: string): Promise<Membership | null> {
    const pointer = await readMemberPointer(this.table, userId);
    if (!pointer) return null;
    const member = await this.getMember(pointer.orgId, userId);
    return member ? { userId, orgId: pointer.orgId, role: member.role } : null;
  }

  async getMember(orgId: string | null, userId: string): Promise<Member | null> {
    return readMember(this.table, orgId, userId);
  }
}

export class DynamoMembershipStore extends DynamoMembershipLookup implements MembershipStore {
  private readonly cursors: { projectId: string; cursorSecret: string };

  constructor(props: MembershipStoreProps) {
    super(props);
    this.cursors = { projectId: props.projectId ?? '', cursorSecret: props.cursorSecret ?? '' };
  }

  /** A valid invitation for this code, or null (unknown, used or expired). */
  findInvitation(code: string, now: Date): Promise<Invitation | null> {
    return findInvitation(this.table, code, now);
  }

  /** Writes an invitation, only while its creator (`actorId`) is still an admin. */
  createInvitation(input: MemberManagement & { code: string; email: string; role: string; expiresAt: Date }): Promise<Invitation> {
    return createInvitation(this.table, input);
  }

  /**
   * Makes the user a member: member item, pointers, and the new organization or the used
   * invitation, in one transaction. A used or expired invitation -> 400 at `body.inviteCode`.
   */
  join(input: JoinInput): Promise<Member> {
    return join(this.table, input);
  }

  /** Marks the member confirmed (single-tenant: the first to confirm may become the admin). */
  confirm(email: string, now: Date, options: { adminRole: string; firstConfirmedBecomes?: string }): Promise<Member | null> {
    return confirm(this.table, email, now, options);
  }

  /** Members of the organization (one Query), in id order; cursors bound to project and organization. */
  list(orgId: string | null, limit: number, cursor?: string): Promise<MemberPage> {
    return listMembers(this.table, this.cursors, orgId, limit, cursor);
  }

  /** Changes a member's role: 404 not in the organization, 409 the last admin, 403 the actor no longer an admin. */
  setRole(input: MemberManagement & { userId: string; role: string; now: Date }): Promise<Member> {
    return setRole(this.table, input);
  }

  /** Removes a member (the User record and both pointers); 404, 409 and 403 as setRole. */
  remove(input: MemberManagement & { userId: string }): Promise<Member> {
    return removeMember(this.table, input);
  }
}
