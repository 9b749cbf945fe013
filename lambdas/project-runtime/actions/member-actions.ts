/**
 * Member management of a generated project API (CONTRACT "Membership"): `/v1/users`,
 * `/v1/users/{id}`, `PUT /v1/users/{id}/role` and `POST /v1/invitations`, all admin-level.
 * Members are read in the caller's organization only: another organization's user is not found.
 */
import { authorize } from '../../core/runtime/authorize';
import { newOpaqueKey } from '../../core/runtime/record-id';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../../core/errors';
import type { HandlerResult } from '../../shared/http-types';
import type { ActionInput, Caller } from '../action-input';
import type { Member } from '../../adapters/project-data/membership-store';
import { pageLimit } from './paging';

/** How long an invitation code stays valid. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

export const memberActions = {
  'users.list': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await admin(input);
    const { limit, cursor } = pageLimit(input.query, input.services.ir.limits);
    const page = await input.services.members.list(caller.orgId, limit, cursor);
    return { body: { items: page.items.map((m) => userBody(input, m)), next_cursor: page.nextCursor } };
  },
  'users.read': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await admin(input);
    const member = await input.services.members.getMember(caller.orgId, input.params.id as string);
    if (!member) throw new NotFoundError('No such user');
    return { body: userBody(input, member) };
  },
  'users.setRole': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await admin(input);
    const { role } = input.body as { role: string };
    const userId = input.params.id as string;
    // An organization must keep an admin: its admins cannot demote themselves.
    if (userId === caller.userId && role !== input.services.ir.adminRole) throw new ConflictError('You cannot take the admin role from yourself; another admin must');
    const member = await input.services.members.setRole(caller.orgId, userId, role, input.now);
    return { body: userBody(input, member) };
  },
  'invitations.create': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await admin(input);
    const { email, role = input.services.ir.defaultRole } = input.body as { email: string; role?: string };
    if (!input.services.ir.roles.some((r) => r.name === role)) throw new ValidationError('Unknown role', [{ path: 'body.role', message: `must be one of ${input.services.ir.roles.map((r) => r.name).join(', ')}` }]);
    const inviteCode = newOpaqueKey(24);
    const expiresAt = new Date(input.now.getTime() + INVITATION_TTL_SECONDS * 1000);
    const invitation = await input.services.members.createInvitation({ code: inviteCode, orgId: caller.orgId, email, role, expiresAt, createdBy: caller.userId });
    return { body: { inviteCode, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt } };
  },
};

async function admin(input: ActionInput): Promise<Caller> {
  const caller = await input.caller();
  const decision = authorize({ ir: input.services.ir, route: input.route, caller });
  if (!decision.allow) throw new HttpError(decision.status, decision.code, decision.reason);
  return caller;
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
