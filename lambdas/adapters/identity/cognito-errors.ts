/**
 * Cognito's exceptions as contract errors: ONE table, `COGNITO_ERRORS`, whose factories receive
 * the operation: the same exception means different things per call (a NotAuthorizedException
 * is a wrong password on login, a dead token on refresh), and the port promises never to reveal
 * whether an account exists. Anything not in the table is a server fault: a 500 whose message
 * never reaches the client (the original is kept as `cause` for the logs).
 */
import type * as CognitoSdk from '@aws-sdk/client-cognito-identity-provider';
import {
  AccountLockedError,
  ConflictError,
  ForbiddenError,
  HttpError,
  InternalError,
  InvalidCredentialsError,
  RateLimitedError,
  ServiceUnavailableError,
  TokenExpiredError,
  UnauthorizedError,
  UserNotConfirmedError,
  ValidationError,
} from '../../core/errors';
import type { AdminIdentityPort } from '../../ports/identity';

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

export const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * Cognito's default sender (a pool without its own SES sending) mails a small number of messages
 * a day for the whole account; past it, signup and forgot-password answer LimitExceededException
 * "Exceeded daily email limit for the operation or the account". That is the service's quota, not
 * the caller's: a 503 that names the cause, never a per-user 429 (nor, for forgot-password, a
 * silent success that sends nothing).
 */
export function isEmailQuotaExceeded(err: unknown): boolean {
  return err instanceof Error && err.name === 'LimitExceededException' && /daily email limit/i.test(err.message);
}

export const EMAIL_QUOTA_EXCEEDED =
  "No more email can be sent today: the user pool's daily email quota is used up (Cognito's default sender). Its operator can configure SES sending for the pool; try again later";

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

/** Cognito's names of its Lambda triggers, as its messages start ("PreTokenGeneration failed with error ..."). */
const TRIGGER_NAMES = ['PreSignUp', 'CustomMessage', 'PostConfirmation', 'PreAuthentication', 'PostAuthentication', 'PreTokenGeneration', 'UserMigration', 'CustomEmailSender'];

/**
 * A Lambda trigger of the pool failed: UserLambdaValidationException (it threw: the project pool's
 * pre token generation trigger does, rather than issue a token without its role), UnexpectedLambdaException
 * (Lambda could not run it: throttled, timed out, not permitted) or InvalidLambdaResponseException (an
 * answer Cognito cannot read). The service's fault, not the caller's: a 503 that names the cause (never
 * the trigger's own error text, which is for the logs), instead of a 500 that says nothing.
 */
function triggerFailed(ctx: CognitoErrorContext): ServiceUnavailableError {
  const named = TRIGGER_NAMES.find((name) => ctx.message.startsWith(`${name} `));
  const trigger = named ? `${named.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase()} trigger` : 'Lambda trigger';
  const exception = ctx.cause instanceof Error ? ctx.cause.name : 'a trigger failure';
  const err = new ServiceUnavailableError(`The user pool's ${trigger} failed (${exception}), so Cognito could not complete the request; try again later`);
  err.cause = ctx.cause;
  return err;
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
  // Per-user limits: codes requested (LimitExceeded), wrong codes tried (TooManyFailedAttempts);
  // the same exception for the pool's daily email quota is the service's, not the user's.
  LimitExceededException: (ctx) => (isEmailQuotaExceeded(ctx.cause) ? new ServiceUnavailableError(EMAIL_QUOTA_EXCEEDED) : rateLimited(RETRY_AFTER_SECONDS.perUserLimit)(ctx)),
  TooManyFailedAttemptsException: rateLimited(RETRY_AFTER_SECONDS.perUserLimit),

  // The pool's AWS WAF web ACL refused the request: a deliberate refusal, not a fault.
  ForbiddenException: () => new ForbiddenError('The request was refused'),

  // A Lambda trigger of the pool failed (sign-in and refresh run the pre token generation trigger).
  UserLambdaValidationException: triggerFailed,
  UnexpectedLambdaException: triggerFailed,
  InvalidLambdaResponseException: triggerFailed,
};

/** The name of a Cognito service exception that the table knows, else undefined. */
export function knownExceptionName(err: unknown): CognitoExceptionName | undefined {
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
export function incomplete(op: IdentityOperation, what: string): InternalError {
  return new InternalError(`Cognito answered ${op} without ${what}`);
}
