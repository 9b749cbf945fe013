/**
 * The identity port: what BGS needs of a user directory. Two adapters implement it:
 * Cognito (AWS) and the local identity (the embedded default). Adapters throw the contract's
 * HttpErrors (lambdas/core/errors.ts), so handlers never see provider-specific exceptions.
 */

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

export type RefreshedTokens = Omit<TokenSet, 'refreshToken'>;

export interface SignUpResult {
  /** The provider's stable user id (Cognito `sub`). */
  userId: string;
  confirmed: boolean;
}

export interface IdentityUser {
  id: string;
  email: string;
}

/**
 * Who is calling, for the provider's risk checks (Cognito threat protection: adaptive
 * authentication, compromised credentials), which would otherwise see only the server's address.
 * An adapter without such checks (the local identity) ignores it.
 */
export interface CallerContext {
  /** The address the request came from (API Gateway's `requestContext.http.sourceIp`). */
  readonly ipAddress: string;
  /**
   * Device data a client collected with Cognito's context-data script
   * (`AmazonCognitoAdvancedSecurityData.getData(username, userPoolId, clientId)`), as sent.
   */
  readonly encodedData?: string;
}

export interface IdentityPort {
  /** 409 CONFLICT if the email is taken; 400 VALIDATION_ERROR if the password breaks the policy. */
  signUp(input: { email: string; password: string }, caller?: CallerContext): Promise<SignUpResult>;
  /** 400 VALIDATION_ERROR for a wrong or expired code; 404 is never revealed. */
  confirmSignUp(input: { email: string; code: string }, caller?: CallerContext): Promise<void>;
  /** 401 INVALID_CREDENTIALS (unknown email too), 403 USER_NOT_CONFIRMED, 429 ACCOUNT_LOCKED. */
  login(input: { email: string; password: string }, caller?: CallerContext): Promise<TokenSet>;
  /** 401 UNAUTHORIZED for an invalid, expired or revoked refresh token. */
  refresh(input: { refreshToken: string }, caller?: CallerContext): Promise<RefreshedTokens>;
  /** Sends a reset code; succeeds whether or not the account exists. */
  forgotPassword(input: { email: string }, caller?: CallerContext): Promise<void>;
  /** 400 VALIDATION_ERROR for a wrong code or a password that breaks the policy. */
  resetPassword(input: { email: string; code: string; newPassword: string }, caller?: CallerContext): Promise<void>;
  /** The user an access token belongs to; 401 if the token is not accepted. */
  getUser(input: { accessToken: string }): Promise<IdentityUser>;
}

/**
 * What an enumeration-safe signup did (AdminIdentityPort.signUpPrivately). The caller answers
 * every outcome alike, so signup never tells who has an account.
 */
export type PrivateSignUpResult =
  /** A new account; `replaced` names the unconfirmed account whose code had expired, which it took the place of. */
  | { readonly outcome: 'created'; readonly userId: string; readonly confirmed: boolean; readonly replaced?: string }
  /** The email belongs to an account (confirmed, or unconfirmed with a live code): nothing changed. */
  | { readonly outcome: 'taken' };

/**
 * What a private signup may mail besides a new account's code (AdminIdentityPort.signUpPrivately).
 * The caller keeps the counters (the runtime, per account, so the bounds hold over every
 * identity); the identity asks right before it would act, and on `false` does nothing and
 * answers `taken`, which its caller answers like any other signup.
 */
export interface SignUpMailBudget {
  /** Before a "sign-up attempt" notice to the owner of a taken email. */
  notice(): Promise<boolean>;
  /** Before replacing an unconfirmed account whose code expired (which mails a new code). */
  replacement(): Promise<boolean>;
}

/**
 * The identity of a generated project API, which must also remove accounts: its signup writes
 * the user (identity) and then the membership (project table), two stores without a shared
 * transaction, so a membership that cannot be written is undone by deleting the user. Otherwise
 * the email would stay taken (409 on the retry) by an account that has no role anywhere.
 */
export interface AdminIdentityPort extends IdentityPort {
  /**
   * Deletes the user (the `userId` signUp returned). Idempotent: a user that does not exist
   * (already deleted, or never created) is success, so an undo can be retried safely.
   */
  deleteUser(input: { userId: string }): Promise<void>;
  /**
   * Signup that never reveals whether the email is taken (CONTRACT "Generated project API"):
   * a taken email is `taken`, not 409, and its owner is told by email where the provider can
   * send one; an unconfirmed account whose code has expired is replaced. 400 for a bad email or
   * password, checked before anything else (that reveals nothing about accounts). `budget`
   * (absent: no bound) decides whether the notice is sent and the replacement made.
   */
  signUpPrivately(input: { email: string; password: string }, budget?: SignUpMailBudget): Promise<PrivateSignUpResult>;
  /**
   * Revokes every refresh token of the user (after a role change or a removal): the next
   * refresh is 401 and the user signs in again. Access tokens live on until they expire.
   * Idempotent; an unknown user is success.
   */
  revokeRefreshTokens(input: { userId: string }): Promise<void>;
}
