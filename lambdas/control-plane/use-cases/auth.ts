/**
 * Account use cases of the control plane, over the identity port and the profile store. Each
 * call to the identity names its caller (address, device data), which Cognito's threat
 * protection evaluates instead of the Lambda's address.
 */
import { normalizeEmail } from '../../core/email';
import { ValidationError } from '../../core/errors';
import { passwordPolicyProblems } from '../../core/password-policy';
import { callerContext } from '../../shared/caller-context';
import type { UseCase } from '../../shared/route-handler';
import { CONTROL_PLANE_ROUTES as R } from '../routes';
import type { ControlPlanePorts, ServicesWith } from '../composition/services';

type Routes = typeof R;
/** A use case of route K over the ports P it names (the route's handler provides exactly those). */
type Handler<K extends keyof Routes, P extends keyof ControlPlanePorts = never> = UseCase<Routes[K], ServicesWith<P>>;

function assertPasswordPolicy(password: string, field: string): void {
  const problems = passwordPolicyProblems(password);
  if (problems.length > 0) {
    throw new ValidationError('The password does not meet the password policy', problems.map((message) => ({ path: `body.${field}`, message })));
  }
}

export const signUp: Handler<'signUp', 'identity' | 'profiles'> = async (input, { identity, profiles }) => {
  const { body, now } = input;
  const email = normalizeEmail(body.email);
  assertPasswordPolicy(body.password, 'password');
  const { userId, confirmed } = await identity.signUp({ email, password: body.password }, callerContext(input));
  await profiles.ensure({ id: userId, email, createdAt: now.toISOString() });
  return { body: { userId, email, confirmed } };
};

export const confirmSignUp: Handler<'confirmSignUp', 'identity'> = async (input, { identity }) => {
  const { body } = input;
  await identity.confirmSignUp({ email: normalizeEmail(body.email), code: body.code.trim() }, callerContext(input));
  return { body: { message: 'Account confirmed; you can sign in now' } };
};

export const login: Handler<'login', 'identity'> = async (input, { identity }) => ({
  body: await identity.login({ email: normalizeEmail(input.body.email), password: input.body.password }, callerContext(input)),
});

export const refresh: Handler<'refresh', 'identity'> = async (input, { identity }) => ({
  body: await identity.refresh({ refreshToken: input.body.refreshToken }, callerContext(input)),
});

export const forgotPassword: Handler<'forgotPassword', 'identity'> = async (input, { identity }) => {
  await identity.forgotPassword({ email: normalizeEmail(input.body.email) }, callerContext(input));
  return { body: { message: 'If an account exists for this email, a reset code has been sent to it' } };
};

export const resetPassword: Handler<'resetPassword', 'identity'> = async (input, { identity }) => {
  const { body } = input;
  assertPasswordPolicy(body.newPassword, 'newPassword');
  await identity.resetPassword({ email: normalizeEmail(body.email), code: body.code.trim(), newPassword: body.newPassword }, callerContext(input));
  return { body: { message: 'Password changed; sign in with the new password' } };
};

export const me: Handler<'me', 'identity' | 'profiles'> = async ({ user, accessToken, now }, { identity, profiles }) => {
  let profile = await profiles.get(user.userId);
  if (!profile) {
    // No profile: the account was made outside BGS, or signup was cut off after the identity step.
    const fromIdentity = await identity.getUser({ accessToken });
    profile = await profiles.ensure({ id: fromIdentity.id, email: fromIdentity.email, createdAt: now.toISOString() });
  }
  return { body: { id: profile.id, email: profile.email, createdAt: profile.createdAt } };
};
