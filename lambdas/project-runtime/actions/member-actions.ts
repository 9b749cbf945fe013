/**
 * Member management of a generated project API (CONTRACT "Membership"): `/v1/users`,
 * `/v1/users/{id}`, `PUT /v1/users/{id}/role`, `DELETE /v1/users/{id}` and `POST /v1/invitations`,
 * all admin-level. Members are read in the caller's organization only: another organization's
 * user is not found.
 *
 * These routes decide on the caller's role AS STORED (one read of their member item), not on
 * the token's `role` claim, which may be up to an access token's lifetime old: a demoted admin's
 * old token manages nothing. Their writes re-check it in the same transaction and keep the
 * organization's last admin (membership-store.ts). A role change or a removal revokes the
 * member's refresh tokens; record routes keep following the token until it is replaced.
 */
import { authorize } from '../../core/project-api/authorize';
import { newOpaqueKey } from '../../core/project-api/record-id';
import { ForbiddenError, HttpError, NotFoundError, ValidationError } from '../../core/errors';
import type { HandlerResult } from '../../shared/http-types';
import type { ActionInput, Caller } from '../action-input';
import type { Member, MemberManagement } from '../../ports/membership';
import { pageLimit } from './paging';

/** How long an invitation code stays valid. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

export const memberActions = {
  'users.list': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await storedAdmin(input);
    const { limit, cursor } = pageLimit(input.query, input.services.ir.limits);
    const page = await input.services.members.list(caller.orgId, limit, cursor);
    return { body: { items: page.items.map((m) => userBody(input, m)), next_cursor: page.nextCursor } };
  },
  'users.read': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await storedAdmin(input);
    const member = await input.services.members.getMember(caller.orgId, input.params.id as string);
    if (!member) throw new NotFoundError('No such user');
    return { body: userBody(input, member) };
  },
  'users.setRole': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await storedAdmin(input);
    const { role } = input.body as { role: string };
    const userId = input.params.id as string;
    const member = await input.services.members.setRole({ ...management(input, caller), userId, role, now: input.now });
    await revokeSessions(input, userId);
    return { body: userBody(input, member) };
  },
  'users.remove': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await storedAdmin(input);
    const userId = input.params.id as string;
    await input.services.members.remove({ ...management(input, caller), userId });
    await revokeSessions(input, userId);
    return { status: 204 };
  },
  'invitations.create': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await storedAdmin(input);
    const { email, role = input.services.ir.defaultRole } = input.body as { email: string; role?: string };
    if (!input.services.ir.roles.some((r) => r.name === role)) throw new ValidationError('Unknown role', [{ path: 'body.role', message: `must be one of ${input.services.ir.roles.map((r) => r.name).join(', ')}` }]);
    const inviteCode = newOpaqueKey(24);
    const expiresAt = new Date(input.now.getTime() + INVITATION_TTL_SECONDS * 1000);
    const invitation = await input.services.members.createInvitation({ ...management(input, caller), code: inviteCode, email, role, expiresAt });
    return { body: { inviteCode, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt } };
  },
};

/**
 * The verified caller with the role their member item holds now (one read): the route's level
 * is decided on it. A caller who is no longer a member (removed) is refused like a non-admin.
 */
export async function storedAdmin(input: ActionInput): Promise<Caller> {
  const caller = await input.caller();
  const stored = await input.services.members.getMember(caller.orgId, caller.userId);
  if (!stored) throw new ForbiddenError('Your account is not a member of this organization');
  const current = { ...caller, role: stored.role };
  const decision = authorize({ ir: input.services.ir, route: input.route, caller: current });
  if (!decision.allow) throw new HttpError(decision.status, decision.code, decision.reason);
  return current;
}

function management(input: ActionInput, caller: Caller): MemberManagement {
  return { orgId: caller.orgId, actorId: caller.userId, adminRole: input.services.ir.adminRole };
}

/**
 * Ends the member's sessions after a committed change. The change itself does not depend on
 * it: tokens are issued with the role stored at that moment, so a refresh that slips through a
 * failed revocation already carries the new role (or, removed, none). A failure is logged, not
 * answered: the change the client asked for has happened.
 */
async function revokeSessions(input: ActionInput, userId: string): Promise<void> {
  try {
    await input.services.identity.revokeRefreshTokens({ userId });
  } catch (err) {
    input.services.logger.error('could not revoke the refresh tokens of a changed member', { userId, error: err as Error });
  }
}

function userBody(input: ActionInput, member: Member): Record<string, unknown> {
  return {
    id: member.id,
    email: member.email,
    role: member.role,
    ...(input.services.ir.tenancy.mode === 'multi' ? { org_id: member.org_id } : {}),
    confirmed: member.confirmed,
    created_at: member.created_at,
  };
}
