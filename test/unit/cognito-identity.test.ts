/**
 * The Cognito identity adapter against a mocked client: the exact requests it sends, how it
 * maps answers, and how every exception of its error table becomes a contract error.
 */
import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  AliasExistsException,
  CodeDeliveryFailureException,
  CodeMismatchException,
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ExpiredCodeException,
  ForbiddenException,
  ForgotPasswordCommand,
  GetUserCommand,
  InitiateAuthCommand,
  InternalErrorException,
  InvalidLambdaResponseException,
  InvalidParameterException,
  InvalidPasswordException,
  LimitExceededException,
  NotAuthorizedException,
  PasswordHistoryPolicyViolationException,
  PasswordResetRequiredException,
  ResourceNotFoundException,
  SignUpCommand,
  TooManyFailedAttemptsException,
  TooManyRequestsException,
  UnexpectedLambdaException,
  UserLambdaValidationException,
  UserNotConfirmedException,
  UserNotFoundException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { COGNITO_SIGNUP_CODE_TTL_SECONDS, CognitoIdentity } from '../../lambdas/adapters/identity/cognito-identity';
import { COGNITO_ERRORS, FORGOT_PASSWORD_SILENT, plainProse, type IdentityOperation } from '../../lambdas/adapters/identity/cognito-errors';
import { ManualClock } from '../../lambdas/core/clock';
import { HttpError, renderError } from '../../lambdas/core/errors';

const CLIENT_ID = 'app-client-123';
const POOL_ID = 'eu-west-1_AbCdEf123';
const USER_ID = '7c1e5a5e-3f0b-4f8e-9d2a-1b6f0c9e4a11';
const EMAIL = 'ada@example.com';
const PASSWORD = 'Correct-Horse-9';
const NEW_PASSWORD = 'Battery-Staple-7';
const CODE = '123456';
const ACCESS = 'access.jwt.token';
const REFRESH = 'refresh-token-opaque';
const ID_TOKEN = 'id.jwt.token';

const cognito = mockClient(CognitoIdentityProviderClient);
const identity = new CognitoIdentity({
  client: new CognitoIdentityProviderClient({ region: 'eu-west-1' }),
  clientId: CLIENT_ID,
  userPoolId: POOL_ID,
});

beforeEach(() => cognito.reset());

/** An SDK exception class, constructed as the SDK's deserializer does. */
type ExceptionClass = new (opts: { $metadata: object; message: string }) => CognitoIdentityProviderServiceException;

function exception(Ctor: ExceptionClass, message: string): CognitoIdentityProviderServiceException {
  return new Ctor({ $metadata: { httpStatusCode: 400 }, message });
}

/** Calls one port operation with fixed, valid inputs. */
const invoke: Record<IdentityOperation, () => Promise<unknown>> = {
  signUp: () => identity.signUp({ email: EMAIL, password: PASSWORD }),
  confirmSignUp: () => identity.confirmSignUp({ email: EMAIL, code: CODE }),
  login: () => identity.login({ email: EMAIL, password: PASSWORD }),
  refresh: () => identity.refresh({ refreshToken: REFRESH }),
  forgotPassword: () => identity.forgotPassword({ email: EMAIL }),
  resetPassword: () => identity.resetPassword({ email: EMAIL, code: CODE, newPassword: NEW_PASSWORD }),
  getUser: () => identity.getUser({ accessToken: ACCESS }),
  deleteUser: () => identity.deleteUser({ userId: USER_ID }),
  signUpPrivately: () => identity.signUpPrivately({ email: EMAIL, password: PASSWORD }),
  revokeRefreshTokens: () => identity.revokeRefreshTokens({ userId: USER_ID }),
};

/** The error an operation fails with when Cognito throws `err`. */
async function failure(op: IdentityOperation, err: Error): Promise<HttpError> {
  cognito.onAnyCommand().rejects(err);
  const caught: unknown = await invoke[op]().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(caught instanceof HttpError)) throw new Error(`${op} did not fail with an HttpError: ${String(caught)}`);
  return caught;
}

describe('requests and results', () => {
  it('signUp sends the email as username and email attribute, and maps UserSub/UserConfirmed', async () => {
    const input = {
      ClientId: CLIENT_ID,
      Username: EMAIL,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: EMAIL }],
    };
    cognito.on(SignUpCommand, input, true).resolves({ UserSub: 'sub-1', UserConfirmed: false });

    await expect(identity.signUp({ email: EMAIL, password: PASSWORD })).resolves.toEqual({
      userId: 'sub-1',
      confirmed: false,
    });
    expect(cognito.calls()).toHaveLength(1);
    expect(cognito.commandCalls(SignUpCommand)[0]?.args[0].input).toEqual(input);
  });

  it('signUp reports an account confirmed at once (e.g. by a pre-sign-up trigger)', async () => {
    cognito.on(SignUpCommand).resolves({ UserSub: 'sub-2', UserConfirmed: true });
    await expect(identity.signUp({ email: EMAIL, password: PASSWORD })).resolves.toEqual({
      userId: 'sub-2',
      confirmed: true,
    });
  });

  it('signUp without UserSub in the answer is a 500', async () => {
    cognito.on(SignUpCommand).resolves({ UserConfirmed: false } as never);
    await expect(identity.signUp({ email: EMAIL, password: PASSWORD })).rejects.toMatchObject({
      statusCode: 500,
      code: 'INTERNAL',
    });
  });

  it('confirmSignUp sends ClientId, Username and ConfirmationCode', async () => {
    const input = { ClientId: CLIENT_ID, Username: EMAIL, ConfirmationCode: CODE };
    cognito.on(ConfirmSignUpCommand, input, true).resolves({});

    await expect(identity.confirmSignUp({ email: EMAIL, code: CODE })).resolves.toBeUndefined();
    expect(cognito.calls()).toHaveLength(1);
    expect(cognito.commandCalls(ConfirmSignUpCommand)[0]?.args[0].input).toEqual(input);
  });

  it('login uses USER_PASSWORD_AUTH and maps AuthenticationResult to a token set', async () => {
    const input = {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH' as const,
      AuthParameters: { USERNAME: EMAIL, PASSWORD },
    };
    cognito.on(InitiateAuthCommand, input, true).resolves({
      AuthenticationResult: {
        AccessToken: ACCESS,
        RefreshToken: REFRESH,
        IdToken: ID_TOKEN,
        ExpiresIn: 3600,
        TokenType: 'Bearer',
      },
    });

    await expect(identity.login({ email: EMAIL, password: PASSWORD })).resolves.toEqual({
      accessToken: ACCESS,
      refreshToken: REFRESH,
      idToken: ID_TOKEN,
      expiresIn: 3600,
    });
    expect(cognito.calls()).toHaveLength(1);
    expect(cognito.commandCalls(InitiateAuthCommand)[0]?.args[0].input).toEqual(input);
  });

  it.each(['NEW_PASSWORD_REQUIRED', 'SOFTWARE_TOKEN_MFA'] as const)(
    'login answered with the %s challenge is a 403 FORBIDDEN naming it',
    async (challenge) => {
      cognito.on(InitiateAuthCommand).resolves({ ChallengeName: challenge, Session: 'session', ChallengeParameters: {} });
      const err = await invoke.login().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpError);
      expect(err).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      expect((err as HttpError).message).toContain(challenge);
    },
  );

  it.each([
    ['no AuthenticationResult', {}],
    ['no refresh token', { AuthenticationResult: { AccessToken: ACCESS, IdToken: ID_TOKEN, ExpiresIn: 3600 } }],
    ['no ExpiresIn', { AuthenticationResult: { AccessToken: ACCESS, IdToken: ID_TOKEN, RefreshToken: REFRESH } }],
  ])('login answered with %s is a 500', async (_what, answer) => {
    cognito.on(InitiateAuthCommand).resolves(answer);
    await expect(invoke.login()).rejects.toMatchObject({ statusCode: 500, code: 'INTERNAL' });
  });

  it('refresh uses REFRESH_TOKEN_AUTH and returns no refresh token', async () => {
    const input = {
      ClientId: CLIENT_ID,
      AuthFlow: 'REFRESH_TOKEN_AUTH' as const,
      AuthParameters: { REFRESH_TOKEN: REFRESH },
    };
    cognito.on(InitiateAuthCommand, input, true).resolves({
      AuthenticationResult: { AccessToken: 'access-2', IdToken: 'id-2', ExpiresIn: 300, TokenType: 'Bearer' },
    });

    await expect(identity.refresh({ refreshToken: REFRESH })).resolves.toEqual({
      accessToken: 'access-2',
      idToken: 'id-2',
      expiresIn: 300,
    });
    expect(cognito.calls()).toHaveLength(1);
    expect(cognito.commandCalls(InitiateAuthCommand)[0]?.args[0].input).toEqual(input);
  });

  it('forgotPassword sends ClientId and Username', async () => {
    const input = { ClientId: CLIENT_ID, Username: EMAIL };
    cognito.on(ForgotPasswordCommand, input, true).resolves({
      CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', Destination: 'a***@e***.com', AttributeName: 'email' },
    });

    await expect(identity.forgotPassword({ email: EMAIL })).resolves.toBeUndefined();
    expect(cognito.calls()).toHaveLength(1);
    expect(cognito.commandCalls(ForgotPasswordCommand)[0]?.args[0].input).toEqual(input);
  });

  it('resetPassword sends ConfirmForgotPassword with the code and the new password', async () => {
    const input = { ClientId: CLIENT_ID, Username: EMAIL, ConfirmationCode: CODE, Password: NEW_PASSWORD };
    cognito.on(ConfirmForgotPasswordCommand, input, true).resolves({});

    await expect(identity.resetPassword({ email: EMAIL, code: CODE, newPassword: NEW_PASSWORD })).resolves.toBeUndefined();
    expect(cognito.calls()).toHaveLength(1);
    expect(cognito.commandCalls(ConfirmForgotPasswordCommand)[0]?.args[0].input).toEqual(input);
  });

  it('getUser sends the access token and maps the sub and email attributes', async () => {
    cognito.on(GetUserCommand, { AccessToken: ACCESS }, true).resolves({
      Username: 'sub-1',
      UserAttributes: [
        { Name: 'email_verified', Value: 'true' },
        { Name: 'email', Value: EMAIL },
        { Name: 'sub', Value: 'sub-1' },
      ],
    });

    await expect(identity.getUser({ accessToken: ACCESS })).resolves.toEqual({ id: 'sub-1', email: EMAIL });
    expect(cognito.calls()).toHaveLength(1);
    expect(cognito.commandCalls(GetUserCommand)[0]?.args[0].input).toEqual({ AccessToken: ACCESS });
  });

  it('getUser without an email attribute is a 500', async () => {
    cognito.on(GetUserCommand).resolves({ Username: 'sub-1', UserAttributes: [{ Name: 'sub', Value: 'sub-1' }] });
    await expect(invoke.getUser()).rejects.toMatchObject({ statusCode: 500, code: 'INTERNAL' });
  });
});

describe('deleteUser (AdminIdentityPort)', () => {
  it('sends AdminDeleteUser with the pool id and the user id (the sub) as Username', async () => {
    const input = { UserPoolId: POOL_ID, Username: USER_ID };
    cognito.on(AdminDeleteUserCommand, input, true).resolves({});

    await expect(identity.deleteUser({ userId: USER_ID })).resolves.toBeUndefined();
    expect(cognito.calls()).toHaveLength(1);
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]?.args[0].input).toEqual(input);
  });

  it('is idempotent: a user that does not exist (already deleted) is success', async () => {
    cognito.on(AdminDeleteUserCommand).rejects(exception(UserNotFoundException, 'User does not exist.'));
    await expect(identity.deleteUser({ userId: USER_ID })).resolves.toBeUndefined();
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
  });

  it('an error merely named UserNotFoundException (no $metadata) is not trusted as one: 500', async () => {
    cognito.on(AdminDeleteUserCommand).rejects(Object.assign(new Error('nope'), { name: 'UserNotFoundException' }));
    await expect(identity.deleteUser({ userId: USER_ID })).rejects.toMatchObject({ statusCode: 500, code: 'INTERNAL' });
  });

  it("IAM's AccessDeniedException (no permission on the pool) is a 500 whose message stays in the logs", async () => {
    const denied = new CognitoIdentityProviderServiceException({
      name: 'AccessDeniedException',
      $fault: 'client',
      $metadata: { httpStatusCode: 400 },
      message: `User: arn:aws:sts::123456789012:assumed-role/fn is not authorized to perform: cognito-idp:AdminDeleteUser on resource: ${POOL_ID}`,
    });
    const err = await failure('deleteUser', denied);
    expect({ status: err.statusCode, code: err.code }).toEqual({ status: 500, code: 'INTERNAL' });
    expect(err.message).not.toContain(POOL_ID);
    expect(err.cause).toBe(denied);
  });

  it('without userPoolId it throws a plain Error (a wiring bug) and sends nothing', async () => {
    const controlPlane = new CognitoIdentity({ client: new CognitoIdentityProviderClient({ region: 'eu-west-1' }), clientId: CLIENT_ID });
    const err: unknown = await controlPlane.deleteUser({ userId: USER_ID }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(HttpError);
    expect((err as Error).message).toMatch(/userPoolId/);
    expect(cognito.calls()).toHaveLength(0);
  });
});

describe('signUpPrivately (generated APIs: signup that never tells who has an account)', () => {
  const clock = new ManualClock(Date.parse('2026-11-25T12:00:00Z'));
  const project = new CognitoIdentity({ client: new CognitoIdentityProviderClient({ region: 'eu-west-1' }), clientId: CLIENT_ID, userPoolId: POOL_ID, clock });
  const exists = () => exception(UsernameExistsException, 'An account with the given email already exists.');
  const hoursAgo = (hours: number) => new Date(clock.now().getTime() - hours * 3600 * 1000);

  it('a new email: created, one SignUp, no admin call', async () => {
    cognito.on(SignUpCommand).resolves({ UserSub: 'sub-new', UserConfirmed: false });
    await expect(project.signUpPrivately({ email: EMAIL, password: PASSWORD })).resolves.toEqual({ outcome: 'created', userId: 'sub-new', confirmed: false });
    expect(cognito.calls()).toHaveLength(1);
  });

  it('UsernameExistsException on a CONFIRMED account: taken (no 409), nothing deleted', async () => {
    cognito.on(SignUpCommand).rejects(exists());
    cognito.on(AdminGetUserCommand, { UserPoolId: POOL_ID, Username: EMAIL }).resolves({ Username: 'sub-old', UserStatus: 'CONFIRMED', UserCreateDate: hoursAgo(48), UserAttributes: [{ Name: 'sub', Value: 'sub-old' }] });
    await expect(project.signUpPrivately({ email: EMAIL, password: PASSWORD })).resolves.toEqual({ outcome: 'taken' });
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });

  it('an UNCONFIRMED account whose code is still valid: taken, nothing deleted', async () => {
    cognito.on(SignUpCommand).rejects(exists());
    cognito.on(AdminGetUserCommand).resolves({ Username: 'sub-old', UserStatus: 'UNCONFIRMED', UserCreateDate: hoursAgo(23), UserAttributes: [{ Name: 'sub', Value: 'sub-old' }] });
    await expect(project.signUpPrivately({ email: EMAIL, password: PASSWORD })).resolves.toEqual({ outcome: 'taken' });
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
    expect(cognito.commandCalls(SignUpCommand)).toHaveLength(1);
  });

  it('an UNCONFIRMED account older than the code lifetime: deleted and signed up again, naming the replaced sub', async () => {
    expect(COGNITO_SIGNUP_CODE_TTL_SECONDS).toBe(24 * 3600);
    cognito.on(SignUpCommand).rejectsOnce(exists()).resolves({ UserSub: 'sub-new', UserConfirmed: false });
    cognito.on(AdminGetUserCommand).resolves({ Username: 'sub-old', UserStatus: 'UNCONFIRMED', UserCreateDate: hoursAgo(25), UserAttributes: [{ Name: 'sub', Value: 'sub-old' }] });
    cognito.on(AdminDeleteUserCommand, { UserPoolId: POOL_ID, Username: 'sub-old' }, true).resolves({});
    await expect(project.signUpPrivately({ email: EMAIL, password: PASSWORD })).resolves.toEqual({ outcome: 'created', userId: 'sub-new', confirmed: false, replaced: 'sub-old' });
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
    expect(cognito.commandCalls(SignUpCommand)).toHaveLength(2);
  });

  it("an UNCONFIRMED account older than the code lifetime, past the caller's mail budget: taken, nothing deleted, no second SignUp; no notice is ever asked for", async () => {
    cognito.on(SignUpCommand).rejectsOnce(exists()).resolves({ UserSub: 'sub-new', UserConfirmed: false });
    cognito.on(AdminGetUserCommand).resolves({ Username: 'sub-old', UserStatus: 'UNCONFIRMED', UserCreateDate: hoursAgo(25), UserAttributes: [{ Name: 'sub', Value: 'sub-old' }] });
    const asked: string[] = [];
    const budget = { notice: async () => (asked.push('notice'), true), replacement: async () => (asked.push('replacement'), false) };
    await expect(project.signUpPrivately({ email: EMAIL, password: PASSWORD }, budget)).resolves.toEqual({ outcome: 'taken' });
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
    expect(cognito.commandCalls(SignUpCommand)).toHaveLength(1);
    expect(asked).toEqual(['replacement']);
  });

  it('someone else signs up between the delete and the new SignUp: taken', async () => {
    cognito.on(SignUpCommand).rejects(exists());
    cognito.on(AdminGetUserCommand).resolves({ Username: 'sub-old', UserStatus: 'UNCONFIRMED', UserCreateDate: hoursAgo(30), UserAttributes: [{ Name: 'sub', Value: 'sub-old' }] });
    cognito.on(AdminDeleteUserCommand).resolves({});
    await expect(project.signUpPrivately({ email: EMAIL, password: PASSWORD })).resolves.toEqual({ outcome: 'taken' });
  });

  it('the account vanished between SignUp and AdminGetUser: taken (the client may sign up again)', async () => {
    cognito.on(SignUpCommand).rejects(exists());
    cognito.on(AdminGetUserCommand).rejects(exception(UserNotFoundException, 'User does not exist.'));
    await expect(project.signUpPrivately({ email: EMAIL, password: PASSWORD })).resolves.toEqual({ outcome: 'taken' });
  });

  it('a password the policy refuses is still a 400 (it reveals nothing about accounts)', async () => {
    cognito.on(SignUpCommand).rejects(exception(InvalidPasswordException, 'Password did not conform with policy: Password not long enough'));
    await expect(project.signUpPrivately({ email: EMAIL, password: 'short' })).rejects.toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
  });

  it('the control plane (signUp) keeps its 409 for the same exception', async () => {
    cognito.on(SignUpCommand).rejects(exists());
    await expect(project.signUp({ email: EMAIL, password: PASSWORD })).rejects.toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    expect(cognito.commandCalls(AdminGetUserCommand)).toHaveLength(0);
  });
});

describe('revokeRefreshTokens (AdminIdentityPort)', () => {
  it('sends AdminUserGlobalSignOut with the pool id and the sub as Username', async () => {
    const input = { UserPoolId: POOL_ID, Username: USER_ID };
    cognito.on(AdminUserGlobalSignOutCommand, input, true).resolves({});
    await expect(identity.revokeRefreshTokens({ userId: USER_ID })).resolves.toBeUndefined();
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)[0]?.args[0].input).toEqual(input);
  });

  it('is idempotent: an unknown user is success', async () => {
    cognito.on(AdminUserGlobalSignOutCommand).rejects(exception(UserNotFoundException, 'User does not exist.'));
    await expect(identity.revokeRefreshTokens({ userId: USER_ID })).resolves.toBeUndefined();
  });

  it('without userPoolId it throws a plain Error and sends nothing', async () => {
    const controlPlane = new CognitoIdentity({ client: new CognitoIdentityProviderClient({ region: 'eu-west-1' }), clientId: CLIENT_ID });
    const err: unknown = await controlPlane.revokeRefreshTokens({ userId: USER_ID }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(HttpError);
    expect((err as Error).message).toMatch(/userPoolId/);
    expect(cognito.calls()).toHaveLength(0);
  });
});

interface Case {
  op: IdentityOperation;
  exception: ExceptionClass;
  message: string;
  status: number;
  code: string;
  retryAfter?: string;
}

const DAILY_EMAIL_LIMIT =
  'Exceeded daily email limit for the operation or the account. If a higher limit is required, please configure your user pool to use your own Amazon SES configuration for sending email.';

function row(
  op: IdentityOperation,
  exception: ExceptionClass,
  message: string,
  status: number,
  code: string,
  retryAfter?: string,
): Case & { name: string } {
  return { op, exception, message, status, code, retryAfter, name: exception.name };
}

/** Every entry of COGNITO_ERRORS, on every operation where Cognito sends it. */
const cases = [
  row('signUp', UsernameExistsException, 'An account with the given email already exists.', 409, 'CONFLICT'),
  row('confirmSignUp', AliasExistsException, 'An account with the given email already exists.', 409, 'CONFLICT'),

  row('signUp', InvalidPasswordException, 'Password did not conform with policy: Password not long enough', 400, 'VALIDATION_ERROR'),
  row('resetPassword', InvalidPasswordException, 'Password does not conform to policy: Password must have symbol characters', 400, 'VALIDATION_ERROR'),
  row('login', InvalidPasswordException, 'Invalid password', 401, 'INVALID_CREDENTIALS'),
  row('resetPassword', PasswordHistoryPolicyViolationException, 'Password cannot be reused.', 400, 'VALIDATION_ERROR'),

  row('signUp', InvalidParameterException, 'Invalid email address format.', 400, 'VALIDATION_ERROR'),
  row('confirmSignUp', InvalidParameterException, 'Invalid email address format.', 400, 'VALIDATION_ERROR'),
  row('resetPassword', InvalidParameterException, 'Cannot reset password for the user as there is no registered/verified email or phone_number', 400, 'VALIDATION_ERROR'),
  row('refresh', InvalidParameterException, "1 validation error detected: Value at 'refreshToken' failed to satisfy constraint", 401, 'UNAUTHORIZED'),
  row('getUser', InvalidParameterException, "1 validation error detected: Value at 'accessToken' failed to satisfy constraint", 401, 'UNAUTHORIZED'),
  row('login', InvalidParameterException, 'USER_PASSWORD_AUTH flow not enabled for this client', 500, 'INTERNAL'),

  row('confirmSignUp', CodeMismatchException, 'Invalid verification code provided, please try again.', 400, 'VALIDATION_ERROR'),
  row('resetPassword', CodeMismatchException, 'Invalid verification code provided, please try again.', 400, 'VALIDATION_ERROR'),
  row('confirmSignUp', ExpiredCodeException, 'Invalid code provided, please request a code again.', 400, 'VALIDATION_ERROR'),
  row('resetPassword', ExpiredCodeException, 'Invalid code provided, please request a code again.', 400, 'VALIDATION_ERROR'),

  row('login', NotAuthorizedException, 'Incorrect username or password.', 401, 'INVALID_CREDENTIALS'),
  row('login', NotAuthorizedException, 'User is disabled.', 401, 'INVALID_CREDENTIALS'),
  row('login', NotAuthorizedException, 'Password attempts exceeded', 429, 'ACCOUNT_LOCKED', '1'),
  row('refresh', NotAuthorizedException, 'Invalid Refresh Token', 401, 'UNAUTHORIZED'),
  row('refresh', NotAuthorizedException, 'Refresh Token has expired', 401, 'UNAUTHORIZED'),
  row('refresh', NotAuthorizedException, 'Refresh Token has been revoked', 401, 'UNAUTHORIZED'),
  row('getUser', NotAuthorizedException, 'Access Token has expired', 401, 'TOKEN_EXPIRED'),
  row('getUser', NotAuthorizedException, 'Invalid Access Token', 401, 'UNAUTHORIZED'),
  row('getUser', NotAuthorizedException, 'Access Token has been revoked', 401, 'UNAUTHORIZED'),
  row('confirmSignUp', NotAuthorizedException, 'User cannot be confirmed. Current status is CONFIRMED', 409, 'CONFLICT'),
  row('confirmSignUp', NotAuthorizedException, 'User is disabled.', 400, 'VALIDATION_ERROR'),
  row('resetPassword', NotAuthorizedException, 'User password cannot be reset in the current state.', 400, 'VALIDATION_ERROR'),
  row('signUp', NotAuthorizedException, 'SignUp is not permitted for this user pool', 403, 'FORBIDDEN'),

  row('login', UserNotFoundException, 'User does not exist.', 401, 'INVALID_CREDENTIALS'),
  row('confirmSignUp', UserNotFoundException, 'Username/client id combination not found.', 400, 'VALIDATION_ERROR'),
  row('resetPassword', UserNotFoundException, 'Username/client id combination not found.', 400, 'VALIDATION_ERROR'),
  row('refresh', UserNotFoundException, 'User does not exist.', 401, 'UNAUTHORIZED'),
  row('getUser', UserNotFoundException, 'User does not exist.', 401, 'UNAUTHORIZED'),

  row('login', UserNotConfirmedException, 'User is not confirmed.', 403, 'USER_NOT_CONFIRMED'),
  row('resetPassword', UserNotConfirmedException, 'User is not confirmed.', 400, 'VALIDATION_ERROR'),
  row('getUser', UserNotConfirmedException, 'User is not confirmed.', 401, 'UNAUTHORIZED'),

  row('login', PasswordResetRequiredException, 'Password reset required for the user', 401, 'INVALID_CREDENTIALS'),
  row('refresh', PasswordResetRequiredException, 'Password reset required for the user', 401, 'UNAUTHORIZED'),
  row('getUser', PasswordResetRequiredException, 'Password reset required for the user', 401, 'UNAUTHORIZED'),

  row('login', TooManyRequestsException, 'Too many requests', 429, 'RATE_LIMITED', '1'),
  row('signUp', TooManyRequestsException, 'Too many requests', 429, 'RATE_LIMITED', '1'),
  row('forgotPassword', TooManyRequestsException, 'Too many requests', 429, 'RATE_LIMITED', '1'),
  row('confirmSignUp', LimitExceededException, 'Attempt limit exceeded, please try after some time.', 429, 'RATE_LIMITED', '60'),
  row('resetPassword', LimitExceededException, 'Attempt limit exceeded, please try after some time.', 429, 'RATE_LIMITED', '60'),
  row('confirmSignUp', TooManyFailedAttemptsException, 'Too many failed attempts.', 429, 'RATE_LIMITED', '60'),
  // The pool's daily email quota (Cognito's default sender) is the service's: 503 naming it, not a per-user 429.
  row('signUp', LimitExceededException, DAILY_EMAIL_LIMIT, 503, 'SERVICE_UNAVAILABLE'),
  row('signUpPrivately', LimitExceededException, DAILY_EMAIL_LIMIT, 503, 'SERVICE_UNAVAILABLE'),
  row('resetPassword', TooManyFailedAttemptsException, 'Too many failed attempts.', 429, 'RATE_LIMITED', '60'),

  row('login', ForbiddenException, 'Request blocked by AWS WAF', 403, 'FORBIDDEN'),

  // A Lambda trigger of the pool failed (test/unit/pre-token-errors.test.ts): the service's fault, a 503 naming it.
  row('login', UserLambdaValidationException, 'PreTokenGeneration failed with error membership read failed.', 503, 'SERVICE_UNAVAILABLE'),
  row('refresh', UnexpectedLambdaException, 'PreTokenGeneration invocation failed due to error Rate Exceeded.', 503, 'SERVICE_UNAVAILABLE'),
  row('login', InvalidLambdaResponseException, 'Invalid lambda response received: Invalid lambda trigger source', 503, 'SERVICE_UNAVAILABLE'),

  // AdminDeleteUser (undoing a project signup): throttling is the pool's, anything else is ours.
  row('deleteUser', TooManyRequestsException, 'Too many requests', 429, 'RATE_LIMITED', '1'),
  row('deleteUser', NotAuthorizedException, 'Access to the requested resource is denied', 500, 'INTERNAL'),
  row('deleteUser', InvalidParameterException, "1 validation error detected: Value at 'username' failed to satisfy constraint", 500, 'INTERNAL'),
  row('revokeRefreshTokens', TooManyRequestsException, 'Too many requests', 429, 'RATE_LIMITED', '1'),
  row('revokeRefreshTokens', NotAuthorizedException, 'Access to the requested resource is denied', 500, 'INTERNAL'),
  row('signUpPrivately', TooManyRequestsException, 'Too many requests', 429, 'RATE_LIMITED', '1'),
];

describe('Cognito exceptions -> contract errors', () => {
  it.each(cases)('$name on $op ("$message") -> $status $code', async ({ op, exception: Ctor, message, status, code, retryAfter }) => {
    const err = await failure(op, exception(Ctor, message));
    expect({ status: err.statusCode, code: err.code }).toEqual({ status, code });
    if (retryAfter !== undefined) expect(err.headers['retry-after']).toBe(retryAfter);
    // Cognito's message reaches the client only where the adapter deliberately kept it.
    if (status === 500) expect(renderError(err).body).toEqual({ error: 'Internal error', code: 'INTERNAL' });
    // The 503s (the email quota, a failed trigger) answer in the adapter's own words.
    if (status === 503) expect(renderError(err).body).toEqual({ error: expect.stringMatching(/^(No more email can be sent today|The user pool's .* failed)/), code: 'SERVICE_UNAVAILABLE' });
  });

  it('covers every entry of the table', () => {
    const covered = new Set(cases.map((c) => c.name));
    expect(Object.keys(COGNITO_ERRORS).filter((name) => !covered.has(name))).toEqual([]);
  });
});

describe('never revealing whether an account exists', () => {
  const same = (err: HttpError) => ({ status: err.statusCode, code: err.code, message: err.message });

  it('login: an unknown email is answered exactly like a wrong password', async () => {
    const unknown = await failure('login', exception(UserNotFoundException, 'User does not exist.'));
    const wrong = await failure('login', exception(NotAuthorizedException, 'Incorrect username or password.'));
    expect(same(unknown)).toEqual(same(wrong));
  });

  it.each(['confirmSignUp', 'resetPassword'] as const)('%s: an unknown email is answered exactly like a wrong code', async (op) => {
    const unknown = await failure(op, exception(UserNotFoundException, 'Username/client id combination not found.'));
    const wrong = await failure(op, exception(CodeMismatchException, 'Invalid verification code provided, please try again.'));
    expect(same(unknown)).toEqual(same(wrong));
  });

  it.each([
    { name: 'UserNotFoundException', Ctor: UserNotFoundException, message: 'Username/client id combination not found.' },
    { name: 'UserNotConfirmedException', Ctor: UserNotConfirmedException, message: 'User is not confirmed.' },
    {
      name: 'InvalidParameterException',
      Ctor: InvalidParameterException,
      message: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
    },
    { name: 'NotAuthorizedException', Ctor: NotAuthorizedException, message: 'User password cannot be reset in the current state.' },
    { name: 'LimitExceededException', Ctor: LimitExceededException, message: 'Attempt limit exceeded, please try after some time.' },
  ])('forgotPassword resolves on $name ("$message")', async ({ Ctor, message }) => {
    const err = exception(Ctor, message);
    cognito.on(ForgotPasswordCommand).rejects(err);
    await expect(identity.forgotPassword({ email: EMAIL })).resolves.toBeUndefined();
    expect((FORGOT_PASSWORD_SILENT as ReadonlySet<string>).has(err.name)).toBe(true);
  });
});

describe("the pool's daily email quota", () => {
  it('forgot-password says so (503, the same for every account) instead of succeeding without sending', async () => {
    cognito.on(ForgotPasswordCommand).rejects(exception(LimitExceededException, DAILY_EMAIL_LIMIT));
    const err = await identity.forgotPassword({ email: EMAIL }).then(() => undefined, (e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    expect((err as Error).message).toMatch(/daily email quota is used up.*SES/);
  });
});

describe('messages', () => {
  it('keeps the policy reason of InvalidPasswordException under the password field of the request', async () => {
    const signUp = await failure('signUp', exception(InvalidPasswordException, 'Password did not conform with policy: Password not long enough'));
    expect(signUp.details).toEqual([{ path: 'password', message: 'Password not long enough' }]);
    const reset = await failure(
      'resetPassword',
      exception(InvalidPasswordException, 'Password does not conform to policy: Password must have symbol characters'),
    );
    expect(reset.details).toEqual([{ path: 'newPassword', message: 'Password must have symbol characters' }]);
  });

  it("keeps Cognito's plain-prose messages and hides validation dumps that echo input", async () => {
    const prose = await failure('signUp', exception(InvalidParameterException, 'Invalid email address format.'));
    expect(prose.message).toBe('Invalid email address format.');
    const dump = await failure(
      'signUp',
      exception(InvalidParameterException, "1 validation error detected: Value 'ada lovelace' at 'username' failed to satisfy constraint"),
    );
    expect(dump.message).toBe('The email or password was not accepted');
    expect(plainProse('Value \'x\' at "y": [\\S]+')).toBeUndefined();
  });

  it('tells an expired reset code from a wrong one', async () => {
    const expired = await failure('resetPassword', exception(ExpiredCodeException, 'Invalid code provided, please request a code again.'));
    expect(expired.message).toMatch(/expired/);
    const wrong = await failure('resetPassword', exception(CodeMismatchException, 'Invalid verification code provided, please try again.'));
    expect(wrong.message).toMatch(/incorrect/);
  });
});

describe('anything unknown -> 500 INTERNAL, its message not exposed', () => {
  const secret = 'arn:aws:cognito-idp:eu-west-1:123456789012:userpool/eu-west-1_SECRET';

  it.each([
    ['signUp', exception(InternalErrorException, secret)],
    ['login', exception(ResourceNotFoundException, secret)],
    ['forgotPassword', exception(CodeDeliveryFailureException, secret)],
    ['getUser', new Error(`socket hang up ${secret}`)],
    ['deleteUser', exception(ResourceNotFoundException, secret)],
    // Named like a Cognito exception but not one (no $metadata): not trusted as one.
    ['login', Object.assign(new Error(secret), { name: 'NotAuthorizedException' })],
  ] as [IdentityOperation, Error][])('%s failing with %p', async (op, cause) => {
    const err = await failure(op, cause);
    expect({ status: err.statusCode, code: err.code }).toEqual({ status: 500, code: 'INTERNAL' });
    expect(err.message).not.toContain(secret);
    expect(err.cause).toBe(cause);
    expect(renderError(err)).toMatchObject({ statusCode: 500, body: { error: 'Internal error', code: 'INTERNAL' }, serverFault: true });
  });
});
