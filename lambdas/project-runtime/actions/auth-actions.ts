/**
 * `/auth/*` of a generated project API (CONTRACT "Generated project API": signup, confirm,
 * login with lock-out, refresh, forgot and reset password, me; "Membership"). The identity
 * port does accounts, codes and tokens; the membership store says which organization and role
 * a user has, and tokens carry both (the identity asks it whenever it issues tokens).
 */
import { randomUUID } from 'node:crypto';
import { newRecordId } from '../../core/project-api/record-id';
import { normalizeEmail } from '../../core/email';
import { NotFoundError, ValidationError } from '../../core/errors';
import type { HandlerResult } from '../../shared/http-types';
import type { ActionInput } from '../action-input';
import { signupMailBudget } from '../auth-rate-limit';

type Body<T> = T & Record<string, unknown>;

export const authActions = {
  'auth.signup': signup,
  'auth.confirm': async ({ services, body, now }: ActionInput): Promise<HandlerResult> => {
    const { email, code } = body as Body<{ email: string; code: string }>;
    await inBody(services.identity.confirmSignUp({ email, code }));
    const single = services.ir.tenancy.mode === 'single';
    await services.members.confirm(email, now, { adminRole: services.ir.adminRole, ...(single ? { firstConfirmedBecomes: services.ir.adminRole } : {}) });
    return { body: { message: 'Account confirmed; you can log in now' } };
  },
  'auth.login': async ({ services, body }: ActionInput): Promise<HandlerResult> => {
    const { email, password } = body as Body<{ email: string; password: string }>;
    return { body: await services.identity.login({ email, password }) };
  },
  'auth.refresh': async ({ services, body }: ActionInput): Promise<HandlerResult> => {
    const { refreshToken } = body as Body<{ refreshToken: string }>;
    return { body: await services.identity.refresh({ refreshToken }) };
  },
  'auth.forgotPassword': async ({ services, body }: ActionInput): Promise<HandlerResult> => {
    const { email } = body as Body<{ email: string }>;
    await services.identity.forgotPassword({ email });
    // The same answer whether or not the account exists.
    return { body: { message: 'If the account exists, a reset code has been emailed' } };
  },
  'auth.resetPassword': async ({ services, body }: ActionInput): Promise<HandlerResult> => {
    const { email, code, newPassword } = body as Body<{ email: string; code: string; newPassword: string }>;
    await inBody(services.identity.resetPassword({ email, code, newPassword }));
    return { body: { message: 'Password changed; log in with the new password' } };
  },
  'auth.me': async ({ services, caller }: ActionInput): Promise<HandlerResult> => {
    const me = await caller();
    const member = await services.members.getMember(me.orgId, me.userId);
    if (!member) throw new NotFoundError('Your account is not a member of this project');
    // The role the token carries: the one record routes authorize with until the token is replaced
    // (member management reads the stored role instead).
    return { body: { id: me.userId, email: member.email, org_id: me.orgId, role: me.role } };
  },
};

/**
 * Single-tenant: everyone joins the one user base with the default role (the first to confirm
 * becomes admin). Multi-tenant: `orgName` founds an organization (its admin) or `inviteCode`
 * joins one with the invited role; exactly one of them. The account is created first (it
 * checks the password policy and the email's uniqueness); if the membership then cannot be
 * written (an invitation used meanwhile), the account is deleted again, so no user is left
 * without a membership.
 *
 * The answer never tells whether the email has an account (CONTRACT): a taken email gets the
 * same 201 and body, with an id that belongs to nobody, and nothing changes (no organization,
 * no invitation used); the identity emails the owner, within the account's mail budget. An
 * account that replaced an abandoned unconfirmed one takes its place in the membership too
 * (join's `replaces`).
 */
async function signup({ services, body, now, route, event }: ActionInput): Promise<HandlerResult> {
  const input = body as Body<{ email: string; password: string; orgName?: string; inviteCode?: string }>;
  const { ir, members, identity } = services;
  let role = ir.defaultRole;
  let orgId: string | null = null;
  let joined: 'org' | 'invite' | 'signup' = 'signup';
  let newOrg: { id: string; name: string } | undefined;
  if (ir.tenancy.mode === 'multi') {
    const orgName = input.orgName?.trim();
    if (orgName && input.inviteCode) throw bad('body', 'give either orgName (to found an organization) or inviteCode (to join one), not both');
    if (orgName) {
      newOrg = { id: newRecordId(now), name: orgName };
      orgId = newOrg.id;
      role = ir.adminRole;
      joined = 'org';
    } else if (input.inviteCode) {
      const invitation = await members.findInvitation(input.inviteCode, now);
      if (!invitation || invitation.email !== normalizeEmail(input.email)) throw bad('body.inviteCode', 'is not a valid invitation for this email');
      orgId = invitation.orgId;
      role = invitation.role;
      joined = 'invite';
    } else {
      throw bad('body', 'orgName (to found an organization) or inviteCode (to join one) is required');
    }
  }
  const email = normalizeEmail(input.email);
  // The mails to the email's owner are bounded per account (auth-rate-limit.ts); the answer is not.
  const budget = signupMailBudget(route, services, event, body);
  const account = await inBody(identity.signUpPrivately({ email: input.email, password: input.password }, budget));
  if (account.outcome === 'taken') return { body: { userId: randomUUID(), email, confirmed: false } };
  try {
    await members.join({
      userId: account.userId,
      email: input.email,
      role,
      orgId,
      joined,
      newOrg,
      inviteCode: joined === 'invite' ? input.inviteCode : undefined,
      ...(account.replaced ? { replaces: account.replaced } : {}),
      now,
    });
  } catch (err) {
    // Undo the account; if even that fails, the client still learns why the signup failed.
    await identity.deleteUser({ userId: account.userId }).catch((undoError: unknown) => {
      services.logger.error('could not delete the account of a failed signup', { userId: account.userId, error: undoError as Error });
    });
    throw err;
  }
  return { body: { userId: account.userId, email, confirmed: account.confirmed } };
}

/**
 * The identity names body fields bare (`password`), as the control plane shows them; in a
 * generated API every request detail is `body.<field>`, so they are prefixed here.
 */
async function inBody<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ValidationError && err.details) {
      throw new ValidationError(err.message, err.details.map((d) => ({ ...d, path: d.path.startsWith('body') ? d.path : `body.${d.path}` })));
    }
    throw err;
  }
}

function bad(path: string, message: string): ValidationError {
  return new ValidationError(`Invalid input: ${path} ${message}`, [{ path, message }]);
}
