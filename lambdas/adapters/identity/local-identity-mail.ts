/**
 * The mails the local identity sends (into the local outbox, read at GET /_local/mail): codes,
 * worded as Cognito's, and the notice a taken email's owner gets instead of a 409 to whoever
 * signed up with it. Put on the project's mail (null: the control plane's).
 */
import type { LocalOutbox } from '../local-outbox';
import type { AccountItem } from './local-accounts';
import type { CodePurpose } from './local-codes';

export class LocalIdentityMail {
  constructor(
    private readonly outbox: LocalOutbox,
    private readonly projectId: string | null,
  ) {}

  async code(email: string, purpose: CodePurpose, code: string): Promise<void> {
    const mail =
      purpose === 'confirmation'
        ? {
            subject: 'Your verification code',
            body: `Your verification code is ${code}. It expires in 24 hours.`,
          }
        : {
            subject: 'Your password reset code',
            body: `Your password reset code is ${code}. It expires in 1 hour. If you did not ask to reset your password, ignore this email.`,
          };
    await this.outbox.send({ to: email, projectId: this.projectId, code, ...mail });
  }

  /** What the owner of a taken email gets instead of a 409 to whoever signed up. */
  async takenNotice(existing: Pick<AccountItem, 'email' | 'confirmed'>): Promise<void> {
    const body = existing.confirmed
      ? 'Someone tried to create an account with this email address, which already has one. If it was you, sign in, or reset your password if you forgot it. If it was not you, ignore this email: nothing has changed.'
      : 'Someone tried to create an account with this email address while an earlier signup waits for confirmation. Confirm it with the code from the earlier email; once that code has expired, signing up again starts over. If it was not you, ignore this email.';
    await this.outbox.send({ to: existing.email, projectId: this.projectId, subject: 'Sign-up attempt with your email address', body, code: '' });
  }
}
