/**
 * The Cognito adapter of the identity port (AWS). It speaks to one user pool through one app
 * client (USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH must be enabled on it), with the email as the
 * username. A caller's context (CallerContext) goes to Cognito as UserContextData, so threat
 * protection sees the user, not the Lambda (cognito-app-client.ts); a client with a secret (the
 * control plane's, which that needs) gets the secret's SECRET_HASH on every call.
 *
 * Every Cognito exception is translated to a contract error in ONE table, `COGNITO_ERRORS`
 * (cognito-errors.ts).
 *
 * Generated project APIs also need `deleteUser`, `signUpPrivately` and `revokeRefreshTokens`
 * (AdminIdentityPort): IAM-authorized admin calls (AdminDeleteUser, AdminGetUser,
 * AdminUserGlobalSignOut), so they need the pool id, which the control plane never passes (its
 * handlers only call the unauthenticated client APIs; their one Cognito permission reads the
 * client's secret).
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
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  SignUpCommand,
  type AuthenticationResultType,
  type InitiateAuthCommandOutput,
  type UserContextDataType,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConflictError, ForbiddenError, InternalError } from '../../core/errors';
import { systemClock, type Clock } from '../../core/clock';
import type { AdminIdentityPort, CallerContext, IdentityUser, PrivateSignUpResult, RefreshedTokens, SignUpMailBudget, SignUpResult, TokenSet } from '../../ports/identity';
import { secretHash, userContextData, type ClientSecretSource } from './cognito-app-client';
import { EMAIL_TAKEN, FORGOT_PASSWORD_SILENT, incomplete, isEmailQuotaExceeded, knownExceptionName, toHttpError, type IdentityOperation } from './cognito-errors';

export interface CognitoIdentityProps {
  client: CognitoIdentityProviderClient;
  /** The user pool's app client. */
  clientId: string;
  /**
   * The app client's secret, when it has one (the control plane's); asked for at the first call
   * that needs it. @default none: a public client, no SECRET_HASH (generated project APIs)
   */
  clientSecret?: ClientSecretSource;
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

export class CognitoIdentity implements AdminIdentityPort {
  private readonly client: CognitoIdentityProviderClient;
  private readonly clientId: string;
  private readonly userPoolId: string | undefined;
  private readonly clientSecret: ClientSecretSource | undefined;
  private readonly clock: Clock;

  constructor(props: CognitoIdentityProps) {
    this.client = props.client;
    this.clientId = props.clientId;
    this.userPoolId = props.userPoolId;
    this.clientSecret = props.clientSecret;
    this.clock = props.clock ?? systemClock;
  }

  /**
   * The app client's secret (undefined: a public client). A failed read is our setup's fault (IAM,
   * configuration), a 500 in any operation: Cognito's NotAuthorizedException must not read as a
   * wrong password, nor be swallowed by forgot-password.
   */
  private async secret(): Promise<string | undefined> {
    if (!this.clientSecret) return undefined;
    try {
      return await this.clientSecret();
    } catch (err) {
      const failure = new InternalError("Could not read the app client's secret from Cognito");
      failure.cause = err;
      throw failure;
    }
  }

  /** SECRET_HASH for `username` when the client has a secret, else undefined (nothing is sent). */
  private async secretHashOf(username: string): Promise<string | undefined> {
    const secret = await this.secret();
    return secret === undefined ? undefined : secretHash(secret, username, this.clientId);
  }

  /** What every app-client call about `username` adds: SecretHash and UserContextData, each only when there is one. */
  private async appClientFields(username: string, caller: CallerContext | undefined): Promise<{ SecretHash?: string; UserContextData?: UserContextDataType }> {
    const hash = await this.secretHashOf(username);
    return { ...(hash ? { SecretHash: hash } : {}), ...(caller ? { UserContextData: userContextData(caller) } : {}) };
  }

  async signUp(input: { email: string; password: string }, caller?: CallerContext): Promise<SignUpResult> {
    const created = await this.sendSignUp(input, caller);
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
  private async sendSignUp(input: { email: string; password: string }, caller?: CallerContext): Promise<SignUpResult | 'exists'> {
    let out;
    try {
      out = await this.client.send(
        new SignUpCommand({
          ClientId: this.clientId,
          Username: input.email,
          Password: input.password,
          UserAttributes: [{ Name: 'email', Value: input.email }],
          ...(await this.appClientFields(input.email, caller)),
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

  async confirmSignUp(input: { email: string; code: string }, caller?: CallerContext): Promise<void> {
    await this.call('confirmSignUp', async () =>
      this.client.send(
        new ConfirmSignUpCommand({
          ClientId: this.clientId,
          Username: input.email,
          ConfirmationCode: input.code,
          ...(await this.appClientFields(input.email, caller)),
        }),
      ),
    );
  }

  async login(input: { email: string; password: string }, caller?: CallerContext): Promise<TokenSet> {
    const out = await this.call('login', async () => {
      const hash = await this.secretHashOf(input.email);
      return this.client.send(
        new InitiateAuthCommand({
          ClientId: this.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: input.email, PASSWORD: input.password, ...(hash ? { SECRET_HASH: hash } : {}) },
          ...(caller ? { UserContextData: userContextData(caller) } : {}),
        }),
      );
    });
    const result = authenticationResult('login', out);
    if (!result.RefreshToken) throw incomplete('login', 'a refresh token');
    return { ...tokens('login', result), refreshToken: result.RefreshToken };
  }

  async refresh(input: { refreshToken: string }, caller?: CallerContext): Promise<RefreshedTokens> {
    const secret = await this.secret();
    if (secret !== undefined) {
      // With a secret, REFRESH_TOKEN_AUTH wants the SECRET_HASH of the user's own username (the
      // sub), which a refresh request does not carry; GetTokensFromRefreshToken takes the secret.
      // It takes no context data: a token refresh is no event threat protection evaluates.
      const refreshed = await this.call('refresh', async () =>
        this.client.send(new GetTokensFromRefreshTokenCommand({ ClientId: this.clientId, ClientSecret: secret, RefreshToken: input.refreshToken })),
      );
      if (!refreshed.AuthenticationResult) throw incomplete('refresh', 'an AuthenticationResult');
      return tokens('refresh', refreshed.AuthenticationResult);
    }
    const out = await this.call('refresh', () =>
      this.client.send(
        new InitiateAuthCommand({
          ClientId: this.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: input.refreshToken },
          ...(caller ? { UserContextData: userContextData(caller) } : {}),
        }),
      ),
    );
    // REFRESH_TOKEN_AUTH returns no new refresh token: the client keeps the one it has.
    return tokens('refresh', authenticationResult('refresh', out));
  }

  async forgotPassword(input: { email: string }, caller?: CallerContext): Promise<void> {
    try {
      await this.client.send(
        new ForgotPasswordCommand({
          ClientId: this.clientId,
          Username: input.email,
          ...(await this.appClientFields(input.email, caller)),
        }),
      );
    } catch (err) {
      const name = knownExceptionName(err);
      // The pool's email quota is the same for every account: saying so reveals none.
      if (name !== undefined && FORGOT_PASSWORD_SILENT.has(name) && !isEmailQuotaExceeded(err)) return;
      throw toHttpError(err, 'forgotPassword');
    }
  }

  async resetPassword(input: { email: string; code: string; newPassword: string }, caller?: CallerContext): Promise<void> {
    await this.call('resetPassword', async () =>
      this.client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: this.clientId,
          Username: input.email,
          ConfirmationCode: input.code,
          Password: input.newPassword,
          ...(await this.appClientFields(input.email, caller)),
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
