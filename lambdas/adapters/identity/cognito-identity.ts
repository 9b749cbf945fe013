/**
 * The Cognito adapter of the identity port (AWS). It speaks to one user pool through one app
 * client without a secret (USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH must be enabled on it),
 * with the email as the username.
 *
 * Every Cognito exception is translated to a contract error in ONE table, `COGNITO_ERRORS`,
 * whose factories receive the operation: the same exception means different things per call
 * (a NotAuthorizedException is a wrong password on login, a dead token on refresh), and the
 * port promises never to reveal whether an account exists. Anything not in the table is a
 * server fault: a 500 whose message never reaches the client (the original is kept as `cause`
 * for the logs).
 *
 * Generated project APIs also need `deleteUser`, `signUpPrivately` and `revokeRefreshTokens`
 * (AdminIdentityPort): IAM-authorized admin calls (AdminDeleteUser, AdminGetUser,
 * AdminUserGlobalSignOut), so they need the pool id, which the control plane never passes (its
 * handlers only call the unauthenticated client APIs and have no Cognito permission).
 *
 * Signup without enumeration on Cognito: SignUp's UsernameExistsException becomes the outcome
 * `taken`, which the runtime answers like a new account. Cognito can send no email of our own
 * wording (only its verification and reset messages, and BGS has no SES integration), so the
 * owner of a taken email receives nothing; their account is untouched. An UNCONFIRMED account
 * older than Cognito's sign-up code lifetime (24 h; generated APIs never resend a code) is
 * deleted and signed up again.
 */
import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  InitiateAuthCommand,
  SignUpCommand,
  type AuthenticationResultType,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import type * as CognitoSdk from '@aws-sdk/client-cognito-identity-provider';
import {
  AccountLockedError,
  ConflictError,
  ForbiddenError,
  HttpError,
  InternalError,
  InvalidCredentialsError,
  RateLimitedError,
  TokenExpiredError,
  UnauthorizedError,
  UserNotConfirmedError,
  ValidationError,
} from '../../core/errors';
import { systemClock, type Clock } from '../../core/clock';
import type { AdminIdentityPort, IdentityUser, PrivateSignUpResult, RefreshedTokens, SignUpMailBudget, SignUpResult, TokenSet } from '../../ports/identity';

export interface CognitoIdentityProps {
  client: CognitoIdentityProviderClient;
  /** The user pool's app client; it has no secret, so no SECRET_HASH is sent. */
  clientId: string;
  /**
   * The user pool itself, needed only by `deleteUser` (AdminDeleteUser names the pool, not the
   * client). Generated project APIs pass it; the control plane does not.
   */
  userPoolId?: string;
  /** Decides whether an unconfirmed account's sign-up code has expired. @default systemClock */
  clock?: Clock;
}

/** How long Cognito's sign-up confirmation codes are valid (fixed by Cognito: 24 hours). */
export const COGNITO_SIGNUP_CODE_TTL_SECONDS = 24 * 3600;

/** The port's operations, named as its methods; error factories branch on them. */
export type IdentityOperation = keyof AdminIdentityPort;

/**
 * The names of the SDK's exception classes (each class's `name` equals its export name), so a
 * typo in the table below is a compile error instead of an exception that silently becomes a 500.
 */
export type CognitoExceptionName = {
  [K in keyof typeof CognitoSdk]: (typeof CognitoSdk)[K] extends abstract new (
    ...args: never[]
  ) => CognitoSdk.CognitoIdentityProviderServiceException
    ? K
    : never;
}[keyof typeof CognitoSdk];

export interface CognitoErrorContext {
  op: IdentityOperation;
  /** Cognito's message: only ever shown after `plainProse` accepted it. */
  message: string;
  cause: unknown;
}

export type CognitoErrorFactory = (ctx: CognitoErrorContext) => HttpError;

/**
 * Retry-After hints (seconds). Cognito never says how long to wait, so these are estimates:
 * request throttling clears within a second (the SDK has already retried with back-off);
 * per-user limits (codes sent, wrong codes tried) last minutes, so a minute avoids a client
 * hammering straight back into the same 429. The lock-out hint is Cognito's first lock (1 s,
 * doubling up to 15 min, as the contract's own lock-out): never an overstatement, and an
 * attempt made during a lock is refused again without counting.
 */
export const RETRY_AFTER_SECONDS = { throttled: 1, perUserLimit: 60, lockedOut: 1 } as const;

/**
 * Exceptions ForgotPassword swallows: each depends on the account (absent, unconfirmed, email
 * not verified -> InvalidParameterException, disabled or in a state that cannot reset ->
 * NotAuthorizedException, its per-user code limit reached -> LimitExceededException), so any
 * other answer than success would tell a caller whether the email is registered. Request
 * throttling (TooManyRequestsException) concerns the pool, not the account: it stays a 429.
 */
export const FORGOT_PASSWORD_SILENT: ReadonlySet<CognitoExceptionName> = new Set<CognitoExceptionName>([
  'UserNotFoundException',
  'UserNotConfirmedException',
  'InvalidParameterException',
  'NotAuthorizedException',
  'LimitExceededException',
]);

const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * Cognito's message, if it is plain prose ("Invalid email address format."). Messages with
 * quotes, colons or slashes are AWS validation dumps that echo request values and regular
 * expressions, or describe the account's state: never shown.
 */
export function plainProse(message: string | undefined): string | undefined {
  const text = message?.trim();
  return text && text.length <= 120 && /^[A-Za-z0-9 ,.()-]+$/.test(text) ? text : undefined;
}

/** The request field that carries the password, for `details.path`. */
function passwordField(op: IdentityOperation): string {
  return op === 'resetPassword' ? 'newPassword' : 'password';
}

/** A wrong, expired or unusable code. The wording is the same for an unknown account. */
function codeRejected(op: IdentityOperation, reason: 'mismatch' | 'expired'): ValidationError {
  const what = op === 'resetPassword' ? 'reset code' : 'verification code';
  if (reason === 'expired') {
    const next = op === 'resetPassword' ? '; request a new one with forgot-password' : '';
    return new ValidationError(`The ${what} has expired${next}`, [{ path: 'code', message: 'Expired' }]);
  }
  return new ValidationError(`The ${what} is incorrect`, [{ path: 'code', message: 'Incorrect code' }]);
}

/** An exception that makes no sense for this operation: a server fault like any unknown one. */
function unexpected({ op, cause }: Pick<CognitoErrorContext, 'op' | 'cause'>): InternalError {
  const name = cause instanceof Error ? cause.name : typeof cause;
  const err = new InternalError(`Cognito failed during ${op}: ${name}`);
  err.cause = cause;
  return err;
}

function rateLimited(seconds: number): CognitoErrorFactory {
  return () => new RateLimitedError(seconds);
}

/** The one mapping of Cognito exceptions to contract errors; see the module comment. */
export const COGNITO_ERRORS: { readonly [K in CognitoExceptionName]?: CognitoErrorFactory } = {
  // The control plane's SignUp: its contract answers a taken email with 409. Generated APIs use
  // signUpPrivately, which never lets this exception reach the table.
  UsernameExistsException: () => new ConflictError(EMAIL_TAKEN),
  // ConfirmSignUp when another (confirmed) account already uses the email as an alias.
  AliasExistsException: () => new ConflictError(EMAIL_TAKEN),

  InvalidPasswordException: (ctx) => {
    // Cognito never checks the policy at sign-in; a local emulator (cognito-local) answers a
    // wrong password with this exception. Either way it is a failed login, not a bad request.
    if (ctx.op === 'login') return new InvalidCredentialsError();
    // "Password did not conform with policy: Password not long enough" -> keep the reason.
    const reason = plainProse(ctx.message.replace(/^password (did|does) not conform (with|to) policy:\s*/i, ''));
    return new ValidationError('The password does not meet the password policy', [
      { path: passwordField(ctx.op), message: reason ?? 'Does not meet the password policy' },
    ]);
  },
  // ConfirmForgotPassword reusing a recent password (pools with a password history).
  PasswordHistoryPolicyViolationException: (ctx) =>
    new ValidationError('The new password was used recently; choose another one', [
      { path: passwordField(ctx.op), message: 'Used recently' },
    ]),

  InvalidParameterException: (ctx) => {
    switch (ctx.op) {
      case 'signUp':
        return new ValidationError(plainProse(ctx.message) ?? 'The email or password was not accepted');
      case 'confirmSignUp':
        return new ValidationError(plainProse(ctx.message) ?? 'The email or code was not accepted');
      case 'resetPassword':
        // The handler has checked the body's shape; what Cognito still refuses here is about
        // the account (e.g. no verified email), which must look like any wrong code.
        return codeRejected(ctx.op, 'mismatch');
      case 'refresh':
      case 'getUser':
        // A token that fails Cognito's syntax check (e.g. an access token with a space).
        return new UnauthorizedError();
      default:
        // Login: email and password were validated by the handler, so this is our own setup
        // (e.g. USER_PASSWORD_AUTH not enabled on the app client): a fault to see in the logs.
        return unexpected(ctx);
    }
  },

  CodeMismatchException: (ctx) => codeRejected(ctx.op, 'mismatch'),
  ExpiredCodeException: (ctx) => codeRejected(ctx.op, 'expired'),

  NotAuthorizedException: (ctx) => {
    switch (ctx.op) {
      case 'login':
        // Cognito's lock-out after repeated wrong passwords comes as NotAuthorizedException
        // "Password attempts exceeded". Everything else (wrong password, disabled user) gets
        // the same 401 as an unknown email.
        return /password attempts exceeded/i.test(ctx.message)
          ? new AccountLockedError(RETRY_AFTER_SECONDS.lockedOut)
          : new InvalidCredentialsError();
      case 'refresh':
        // Invalid, expired and revoked refresh tokens alike: the port promises UNAUTHORIZED.
        // TOKEN_EXPIRED would tell the client to refresh, which is what just failed.
        return new UnauthorizedError('The refresh token is invalid, expired or revoked; sign in again');
      case 'getUser':
        // "Access Token has expired" -> TOKEN_EXPIRED so the client refreshes; invalid,
        // revoked, or a disabled user -> UNAUTHORIZED.
        return /expired/i.test(ctx.message) ? new TokenExpiredError() : new UnauthorizedError();
      case 'confirmSignUp':
        // "User cannot be confirmed. Current status is CONFIRMED": a repeated confirmation.
        // Sign-up already reveals that an email is registered, so saying so leaks nothing.
        return /status is confirmed/i.test(ctx.message)
          ? new ConflictError('The account is already confirmed')
          : codeRejected(ctx.op, 'mismatch');
      case 'resetPassword':
        return codeRejected(ctx.op, 'mismatch');
      case 'signUp':
        // "SignUp is not permitted for this user pool": self sign-up is switched off.
        return new ForbiddenError('Sign-up is not allowed');
      default:
        return unexpected(ctx);
    }
  },

  UserNotFoundException: (ctx) => {
    switch (ctx.op) {
      case 'login':
        return new InvalidCredentialsError(); // the same answer as a wrong password
      case 'confirmSignUp':
      case 'resetPassword':
        return codeRejected(ctx.op, 'mismatch'); // the port: 404 is never revealed
      case 'refresh':
      case 'getUser':
        return new UnauthorizedError(); // a signed token of a deleted user
      default:
        return unexpected(ctx);
    }
  },

  UserNotConfirmedException: (ctx) => {
    switch (ctx.op) {
      case 'resetPassword':
        // Forgot-password sent an unconfirmed account no code, so any code is a wrong one.
        return codeRejected(ctx.op, 'mismatch');
      case 'refresh':
      case 'getUser':
        return new UnauthorizedError();
      default:
        // Login: Cognito answers this only after the password matched, so it reveals nothing
        // to someone who does not know the password.
        return new UserNotConfirmedError();
    }
  },

  PasswordResetRequiredException: (ctx) => {
    switch (ctx.op) {
      case 'login':
        // An administrator invalidated the password. Cognito says so whatever password was
        // sent, so a distinct answer would confirm that the account exists; the wrong-password
        // answer leads the user to forgot-password, which is exactly the way out.
        return new InvalidCredentialsError();
      case 'refresh':
      case 'getUser':
        return new UnauthorizedError();
      default:
        return unexpected(ctx);
    }
  },

  // Pool-wide request throttling.
  TooManyRequestsException: rateLimited(RETRY_AFTER_SECONDS.throttled),
  // Per-user limits: codes requested (LimitExceeded), wrong codes tried (TooManyFailedAttempts).
  LimitExceededException: rateLimited(RETRY_AFTER_SECONDS.perUserLimit),
  TooManyFailedAttemptsException: rateLimited(RETRY_AFTER_SECONDS.perUserLimit),

  // The pool's AWS WAF web ACL refused the request: a deliberate refusal, not a fault.
  ForbiddenException: () => new ForbiddenError('The request was refused'),
};

/** The name of a Cognito service exception that the table knows, else undefined. */
function knownExceptionName(err: unknown): CognitoExceptionName | undefined {
  // By name, not `instanceof`: a second copy of the SDK in node_modules would break instanceof.
  // `$metadata` marks an SDK service exception (not, say, a network error).
  if (!(err instanceof Error) || !('$metadata' in err)) return undefined;
  return Object.hasOwn(COGNITO_ERRORS, err.name) ? (err.name as CognitoExceptionName) : undefined;
}

/** Translates anything `client.send` threw into a contract error. */
export function toHttpError(err: unknown, op: IdentityOperation): HttpError {
  if (err instanceof HttpError) return err;
  const name = knownExceptionName(err);
  const factory = name === undefined ? undefined : COGNITO_ERRORS[name];
  if (!factory) return unexpected({ op, cause: err });
  return factory({ op, message: err instanceof Error ? err.message : '', cause: err });
}

/** A Cognito answer without a field it always sends: a provider fault, never the client's. */
function incomplete(op: IdentityOperation, what: string): InternalError {
  return new InternalError(`Cognito answered ${op} without ${what}`);
}

export class CognitoIdentity implements AdminIdentityPort {
  private readonly client: CognitoIdentityProviderClient;
  private readonly clientId: string;
  private readonly userPoolId: string | undefined;
  private readonly clock: Clock;

  constructor(props: CognitoIdentityProps) {
    this.client = props.client;
    this.clientId = props.clientId;
    this.userPoolId = props.userPoolId;
    this.clock = props.clock ?? systemClock;
  }

  async signUp(input: { email: string; password: string }): Promise<SignUpResult> {
    const created = await this.sendSignUp(input);
    if (created === 'exists') throw new ConflictError(EMAIL_TAKEN);
    return created;
  }

  /** Cognito mails no notice for a taken email (nothing to ask `budget.notice` for); a replacement asks `budget.replacement`. */
  async signUpPrivately(input: { email: string; password: string }, budget?: SignUpMailBudget): Promise<PrivateSignUpResult> {
    const created = await this.sendSignUp(input);
    if (created !== 'exists') return { outcome: 'created', ...created };
    const abandoned = await this.abandonedAccount(input.email);
    if (!abandoned) return { outcome: 'taken' };
    // Over the budget the abandoned account stays (Cognito would mail its replacement a code).
    if (budget && !(await budget.replacement())) return { outcome: 'taken' };
    // No live code can confirm it any more (generated APIs never resend one), so nobody can
    // complete it between this check and the delete.
    await this.deleteUser({ userId: abandoned });
    const again = await this.sendSignUp(input);
    // Another signup for the email got there first: theirs stands.
    if (again === 'exists') return { outcome: 'taken' };
    return { outcome: 'created', ...again, replaced: abandoned };
  }

  async revokeRefreshTokens(input: { userId: string }): Promise<void> {
    const userPoolId = this.requirePool('revokeRefreshTokens', 'AdminUserGlobalSignOut');
    try {
      await this.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: input.userId }));
    } catch (err) {
      if (knownExceptionName(err) === 'UserNotFoundException') return;
      throw toHttpError(err, 'revokeRefreshTokens');
    }
  }

  /** SignUp; `exists` for UsernameExistsException, every other failure a contract error. */
  private async sendSignUp(input: { email: string; password: string }): Promise<SignUpResult | 'exists'> {
    let out;
    try {
      out = await this.client.send(
        new SignUpCommand({
          ClientId: this.clientId,
          Username: input.email,
          Password: input.password,
          UserAttributes: [{ Name: 'email', Value: input.email }],
        }),
      );
    } catch (err) {
      if (knownExceptionName(err) === 'UsernameExistsException') return 'exists';
      throw toHttpError(err, 'signUp');
    }
    if (!out.UserSub) throw incomplete('signUp', 'UserSub');
    return { userId: out.UserSub, confirmed: out.UserConfirmed === true };
  }

  /** The sub of the email's account if it is UNCONFIRMED and its sign-up code has expired, else undefined. */
  private async abandonedAccount(email: string): Promise<string | undefined> {
    const userPoolId = this.requirePool('signUpPrivately', 'AdminGetUser');
    let out;
    try {
      out = await this.client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    } catch (err) {
      // Deleted since SignUp refused it: the next signup will create it.
      if (knownExceptionName(err) === 'UserNotFoundException') return undefined;
      throw toHttpError(err, 'signUpPrivately');
    }
    if (out.UserStatus !== 'UNCONFIRMED' || !out.UserCreateDate) return undefined;
    if (out.UserCreateDate.getTime() + COGNITO_SIGNUP_CODE_TTL_SECONDS * 1000 > this.clock.now().getTime()) return undefined;
    return out.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? out.Username;
  }

  /** The pool id the admin calls name; its absence is a wiring bug (a plain Error, a 500 wherever it surfaces). */
  private requirePool(op: IdentityOperation, api: string): string {
    if (!this.userPoolId) throw new Error(`CognitoIdentity.${op} needs the userPoolId prop (${api} names the pool)`);
    return this.userPoolId;
  }

  async confirmSignUp(input: { email: string; code: string }): Promise<void> {
    await this.call('confirmSignUp', () =>
      this.client.send(
        new ConfirmSignUpCommand({ ClientId: this.clientId, Username: input.email, ConfirmationCode: input.code }),
      ),
    );
  }

  async login(input: { email: string; password: string }): Promise<TokenSet> {
    const out = await this.call('login', () =>
      this.client.send(
        new InitiateAuthCommand({
          ClientId: this.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: input.email, PASSWORD: input.password },
        }),
      ),
    );
    const result = authenticationResult('login', out);
    if (!result.RefreshToken) throw incomplete('login', 'a refresh token');
    return { ...tokens('login', result), refreshToken: result.RefreshToken };
  }

  async refresh(input: { refreshToken: string }): Promise<RefreshedTokens> {
    const out = await this.call('refresh', () =>
      this.client.send(
        new InitiateAuthCommand({
          ClientId: this.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: input.refreshToken },
        }),
      ),
    );
    // REFRESH_TOKEN_AUTH returns no new refresh token: the client keeps the one it has.
    return tokens('refresh', authenticationResult('refresh', out));
  }

  async forgotPassword(input: { email: string }): Promise<void> {
    try {
      await this.client.send(new ForgotPasswordCommand({ ClientId: this.clientId, Username: input.email }));
    } catch (err) {
      const name = knownExceptionName(err);
      if (name !== undefined && FORGOT_PASSWORD_SILENT.has(name)) return;
      throw toHttpError(err, 'forgotPassword');
    }
  }

  async resetPassword(input: { email: string; code: string; newPassword: string }): Promise<void> {
    await this.call('resetPassword', () =>
      this.client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: this.clientId,
          Username: input.email,
          ConfirmationCode: input.code,
          Password: input.newPassword,
        }),
      ),
    );
  }

  async getUser(input: { accessToken: string }): Promise<IdentityUser> {
    const out = await this.call('getUser', () => this.client.send(new GetUserCommand({ AccessToken: input.accessToken })));
    const attribute = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
    const id = attribute('sub');
    const email = attribute('email');
    if (!id || !email) throw incomplete('getUser', 'the sub and email attributes');
    return { id, email };
  }

  async deleteUser(input: { userId: string }): Promise<void> {
    // A wiring bug, not a request problem: a plain Error (a 500 wherever it surfaces) that
    // names the fix, instead of a Cognito InvalidParameterException about a missing pool id.
    const userPoolId = this.requirePool('deleteUser', 'AdminDeleteUser');
    try {
      // Username = the sub: AdminDeleteUser accepts a local user's sub, and signUp returns the
      // sub as userId (in pools whose username is the email, the username is generated).
      await this.client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: input.userId }));
    } catch (err) {
      // Already gone (or never created): what the caller wanted. Anything else goes through the
      // one table: throttling stays a 429; a refused admin call (NotAuthorizedException, or
      // IAM's AccessDeniedException) or a missing pool is our own setup's fault, a 500.
      if (knownExceptionName(err) === 'UserNotFoundException') return;
      throw toHttpError(err, 'deleteUser');
    }
  }

  /** Sends one request; every failure leaves as a contract error. */
  private async call<T>(op: IdentityOperation, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (err) {
      throw toHttpError(err, op);
    }
  }
}

/**
 * The tokens of an InitiateAuth answer. A challenge (NEW_PASSWORD_REQUIRED for an account an
 * administrator created, an MFA step...) needs a RespondToAuthChallenge round the port does not
 * have. Cognito issues it only after the password matched, so the caller may learn why: 403,
 * because the credentials were right (401 would send them back to retype the password) and
 * repeating the request cannot help.
 */
function authenticationResult(op: 'login' | 'refresh', out: InitiateAuthCommandOutput): AuthenticationResultType {
  if (out.ChallengeName) {
    throw new ForbiddenError(
      `Sign-in requires the ${out.ChallengeName} challenge, which this API does not support; contact an administrator`,
    );
  }
  if (!out.AuthenticationResult) throw incomplete(op, 'an AuthenticationResult');
  return out.AuthenticationResult;
}

function tokens(op: 'login' | 'refresh', result: AuthenticationResultType): RefreshedTokens {
  const { AccessToken, IdToken, ExpiresIn } = result;
  if (!AccessToken || !IdToken || ExpiresIn === undefined) throw incomplete(op, 'an access token, an ID token and ExpiresIn');
  return { accessToken: AccessToken, idToken: IdToken, expiresIn: ExpiresIn };
}
