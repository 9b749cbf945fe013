/**
 * The password policy of BGS accounts (control plane and generated projects alike), as the
 * service description states it: at least 8 characters, an uppercase letter, a lowercase
 * letter and a digit; a symbol is optional. Pure, so handlers can check a password before
 * calling any identity provider and the local identity enforces exactly the same rule.
 *
 * Character classes are Cognito's (ASCII letters and digits, its symbol list), so a password
 * the local identity accepts is never refused by Cognito on AWS, and the reverse.
 */

export interface PasswordPolicy {
  readonly minLength: number;
  /** Cognito's hard limit is 256; longer inputs would also make hashing a cheap DoS lever. */
  readonly maxLength: number;
  readonly requireUppercase: boolean;
  readonly requireLowercase: boolean;
  readonly requireDigit: boolean;
  readonly requireSymbol: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = Object.freeze({
  minLength: 8,
  maxLength: 256,
  requireUppercase: true,
  requireLowercase: true,
  requireDigit: true,
  requireSymbol: false,
});

/** Cognito's special characters (the space counts as one too). */
const SYMBOLS = new Set([...'^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ']);

/**
 * What is wrong with a password, as short phrases a user understands ("must contain a digit"),
 * in a stable order; empty when the password is acceptable. Callers prefix the field name.
 */
export function passwordPolicyProblems(password: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): string[] {
  // Count code points, not UTF-16 units, so an emoji is one character as the user sees it.
  const chars = [...password];
  const problems: string[] = [];
  if (chars.length < policy.minLength) problems.push(`must be at least ${policy.minLength} characters long`);
  if (chars.length > policy.maxLength) problems.push(`must be at most ${policy.maxLength} characters long`);
  if (policy.requireUppercase && !chars.some((c) => c >= 'A' && c <= 'Z')) problems.push('must contain an uppercase letter');
  if (policy.requireLowercase && !chars.some((c) => c >= 'a' && c <= 'z')) problems.push('must contain a lowercase letter');
  if (policy.requireDigit && !chars.some((c) => c >= '0' && c <= '9')) problems.push('must contain a digit');
  if (policy.requireSymbol && !chars.some((c) => SYMBOLS.has(c))) problems.push('must contain a symbol such as ! @ # or %');
  return problems;
}
