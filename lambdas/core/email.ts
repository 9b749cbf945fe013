/**
 * Email addresses as BGS compares them: trimmed and lowercased, as Cognito matches email
 * sign-in names. The identity (accounts, lock-out), memberships (pointers, invitations), unique
 * `email` fields, the outbox and the rate limits' subjects all key an address this way, so one
 * person's `Ada@x.org ` and `ada@x.org` are the same everywhere.
 */

/** The address as it is stored and compared; anything but a string is the empty address. */
export function normalizeEmail(email: string): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}
