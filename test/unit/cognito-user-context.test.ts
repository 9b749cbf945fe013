/**
 * Threat protection that sees the user (issue 28 item 4): the Cognito adapter hands Cognito the
 * caller's address and device data (UserContextData) on every app-client call, and with the
 * control plane's client secret signs each of them (SECRET_HASH), which Cognito needs to accept
 * the address; the auth use cases take the caller from the request. Against a mocked client.
 */
import {
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  DescribeUserPoolClientCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  NotAuthorizedException,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { describedClientSecret } from '../../lambdas/adapters/identity/cognito-app-client';
import { CognitoIdentity } from '../../lambdas/adapters/identity/cognito-identity';
import { confirmSignUp, forgotPassword, login, refresh, resetPassword, signUp } from '../../lambdas/control-plane/use-cases/auth';
import type { CallerContext, IdentityPort } from '../../lambdas/ports/identity';
import { USER_CONTEXT_DATA_HEADER, USER_CONTEXT_DATA_MAX_LENGTH } from '../../lambdas/shared/caller-context';

const CLIENT_ID = 'app-client-123';
const POOL_ID = 'eu-west-1_AbCdEf123';
const SECRET = 'client-secret-xyz';
/** Base64(HMAC-SHA256(SECRET, EMAIL + CLIENT_ID)), computed apart from the code under test. */
const SECRET_HASH = 'vFoLBRvzEvsDuEiTCfdkWeJUWrH3WMfck3HOmDXlqJM=';
const EMAIL = 'ada@example.com';
const PASSWORD = 'Correct-Horse-9';
const CODE = '123456';
const REFRESH = 'refresh-token-opaque';
const CALLER: CallerContext = { ipAddress: '203.0.113.7', encodedData: 'eyJwYXlsb2FkIjoi...device' };
const CONTEXT = { IpAddress: '203.0.113.7', EncodedData: 'eyJwYXlsb2FkIjoi...device' };
const AUTH_RESULT = { AccessToken: 'access.jwt', IdToken: 'id.jwt', RefreshToken: 'refresh.new', ExpiresIn: 3600 };

const cognito = mockClient(CognitoIdentityProviderClient);
beforeEach(() => cognito.reset());

const client = () => new CognitoIdentityProviderClient({ region: 'eu-west-1' });
/** The control plane's adapter: a client with a secret. */
const withSecret = () => new CognitoIdentity({ client: client(), clientId: CLIENT_ID, clientSecret: async () => SECRET });
/** A generated project's adapter: a public client. */
const publicClient = () => new CognitoIdentity({ client: client(), clientId: CLIENT_ID, userPoolId: POOL_ID });

const inputOf = <T>(calls: { args: [{ input: T }] }[]): T[] => calls.map((c) => c.args[0].input);

describe('a client with a secret (the control plane): UserContextData and SECRET_HASH on every call', () => {
  it('login: USER_PASSWORD_AUTH with SECRET_HASH and the caller', async () => {
    cognito.on(InitiateAuthCommand).resolves({ AuthenticationResult: AUTH_RESULT });
    await withSecret().login({ email: EMAIL, password: PASSWORD }, CALLER);
    expect(inputOf(cognito.commandCalls(InitiateAuthCommand))).toEqual([
      {
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: EMAIL, PASSWORD, SECRET_HASH },
        UserContextData: CONTEXT,
      },
    ]);
  });

  it('signup', async () => {
    cognito.on(SignUpCommand).resolves({ UserSub: 'sub-1', UserConfirmed: false });
    await withSecret().signUp({ email: EMAIL, password: PASSWORD }, CALLER);
    expect(inputOf(cognito.commandCalls(SignUpCommand))).toEqual([
      { ClientId: CLIENT_ID, Username: EMAIL, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: EMAIL }], SecretHash: SECRET_HASH, UserContextData: CONTEXT },
    ]);
  });

  it('confirm signup', async () => {
    cognito.on(ConfirmSignUpCommand).resolves({});
    await withSecret().confirmSignUp({ email: EMAIL, code: CODE }, CALLER);
    expect(inputOf(cognito.commandCalls(ConfirmSignUpCommand))).toEqual([
      { ClientId: CLIENT_ID, Username: EMAIL, ConfirmationCode: CODE, SecretHash: SECRET_HASH, UserContextData: CONTEXT },
    ]);
  });

  it('forgot password', async () => {
    cognito.on(ForgotPasswordCommand).resolves({});
    await withSecret().forgotPassword({ email: EMAIL }, CALLER);
    expect(inputOf(cognito.commandCalls(ForgotPasswordCommand))).toEqual([{ ClientId: CLIENT_ID, Username: EMAIL, SecretHash: SECRET_HASH, UserContextData: CONTEXT }]);
  });

  it('confirm forgot password (reset)', async () => {
    cognito.on(ConfirmForgotPasswordCommand).resolves({});
    await withSecret().resetPassword({ email: EMAIL, code: CODE, newPassword: PASSWORD }, CALLER);
    expect(inputOf(cognito.commandCalls(ConfirmForgotPasswordCommand))).toEqual([
      { ClientId: CLIENT_ID, Username: EMAIL, ConfirmationCode: CODE, Password: PASSWORD, SecretHash: SECRET_HASH, UserContextData: CONTEXT },
    ]);
  });

  it('refresh: GetTokensFromRefreshToken with the secret (REFRESH_TOKEN_AUTH would need the user\'s sub for its hash)', async () => {
    cognito.on(GetTokensFromRefreshTokenCommand).resolves({ AuthenticationResult: { AccessToken: 'a2', IdToken: 'i2', ExpiresIn: 3600 } });
    await expect(withSecret().refresh({ refreshToken: REFRESH }, CALLER)).resolves.toEqual({ accessToken: 'a2', idToken: 'i2', expiresIn: 3600 });
    expect(inputOf(cognito.commandCalls(GetTokensFromRefreshTokenCommand))).toEqual([{ ClientId: CLIENT_ID, ClientSecret: SECRET, RefreshToken: REFRESH }]);
    expect(cognito.commandCalls(InitiateAuthCommand)).toHaveLength(0);
  });

  it('refresh: an invalid refresh token is still 401 UNAUTHORIZED', async () => {
    cognito.on(GetTokensFromRefreshTokenCommand).rejects(new NotAuthorizedException({ $metadata: {}, message: 'Invalid Refresh Token' }));
    await expect(withSecret().refresh({ refreshToken: REFRESH }, CALLER)).rejects.toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it('a caller without device data: the address alone', async () => {
    cognito.on(ForgotPasswordCommand).resolves({});
    await withSecret().forgotPassword({ email: EMAIL }, { ipAddress: '2001:db8::7' });
    expect(inputOf(cognito.commandCalls(ForgotPasswordCommand))[0]?.UserContextData).toEqual({ IpAddress: '2001:db8::7' });
  });
});

describe('a public client (generated project APIs): the caller without SECRET_HASH', () => {
  it('login and refresh carry UserContextData and no hash', async () => {
    cognito.on(InitiateAuthCommand).resolves({ AuthenticationResult: AUTH_RESULT });
    const identity = publicClient();
    await identity.login({ email: EMAIL, password: PASSWORD }, CALLER);
    await identity.refresh({ refreshToken: REFRESH }, CALLER);
    expect(inputOf(cognito.commandCalls(InitiateAuthCommand))).toEqual([
      { ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: EMAIL, PASSWORD }, UserContextData: CONTEXT },
      { ClientId: CLIENT_ID, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: REFRESH }, UserContextData: CONTEXT },
    ]);
  });

  it('without a caller nothing is added (the requests of before)', async () => {
    cognito.on(SignUpCommand).resolves({ UserSub: 'sub-1', UserConfirmed: false });
    await publicClient().signUp({ email: EMAIL, password: PASSWORD });
    expect(inputOf(cognito.commandCalls(SignUpCommand))).toEqual([{ ClientId: CLIENT_ID, Username: EMAIL, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: EMAIL }] }]);
  });
});

describe("the client's secret, read from Cognito", () => {
  it('once per execution environment, with DescribeUserPoolClient on the pool', async () => {
    cognito.on(DescribeUserPoolClientCommand).resolves({ UserPoolClient: { ClientId: CLIENT_ID, ClientSecret: SECRET } });
    cognito.on(InitiateAuthCommand).resolves({ AuthenticationResult: AUTH_RESULT });
    cognito.on(ForgotPasswordCommand).resolves({});
    const sdk = client();
    const identity = new CognitoIdentity({ client: sdk, clientId: CLIENT_ID, clientSecret: describedClientSecret(sdk, POOL_ID, CLIENT_ID) });
    await identity.login({ email: EMAIL, password: PASSWORD }, CALLER);
    await identity.forgotPassword({ email: EMAIL }, CALLER);
    expect(inputOf(cognito.commandCalls(DescribeUserPoolClientCommand))).toEqual([{ UserPoolId: POOL_ID, ClientId: CLIENT_ID }]);
    expect(inputOf(cognito.commandCalls(InitiateAuthCommand))[0]?.AuthParameters?.SECRET_HASH).toBe(SECRET_HASH);
    expect(inputOf(cognito.commandCalls(ForgotPasswordCommand))[0]?.SecretHash).toBe(SECRET_HASH);
  });

  it('a failed read is tried again by the next request', async () => {
    cognito
      .on(DescribeUserPoolClientCommand)
      .rejectsOnce(new Error('network down'))
      .resolves({ UserPoolClient: { ClientId: CLIENT_ID, ClientSecret: SECRET } });
    const read = describedClientSecret(client(), POOL_ID, CLIENT_ID);
    await expect(read()).rejects.toThrow('network down');
    await expect(read()).resolves.toBe(SECRET);
    await expect(read()).resolves.toBe(SECRET);
    expect(cognito.commandCalls(DescribeUserPoolClientCommand)).toHaveLength(2);
  });

  it('a refused read is our setup\'s fault: 500, not a wrong password, and forgot-password does not pretend to succeed', async () => {
    const refused = async () => {
      throw new NotAuthorizedException({ $metadata: {}, message: 'not authorized to perform cognito-idp:DescribeUserPoolClient' });
    };
    const identity = new CognitoIdentity({ client: client(), clientId: CLIENT_ID, clientSecret: refused });
    await expect(identity.login({ email: EMAIL, password: PASSWORD }, CALLER)).rejects.toMatchObject({ statusCode: 500, code: 'INTERNAL' });
    await expect(identity.forgotPassword({ email: EMAIL }, CALLER)).rejects.toMatchObject({ statusCode: 500, code: 'INTERNAL' });
    await expect(identity.refresh({ refreshToken: REFRESH }, CALLER)).rejects.toMatchObject({ statusCode: 500, code: 'INTERNAL' });
    expect(cognito.calls()).toHaveLength(0);
  });

  it('a client without a secret, though configured with one, is named in the error', async () => {
    cognito.on(DescribeUserPoolClientCommand).resolves({ UserPoolClient: { ClientId: CLIENT_ID } });
    await expect(describedClientSecret(client(), POOL_ID, CLIENT_ID)()).rejects.toThrow(`The app client ${CLIENT_ID} of ${POOL_ID} has no secret`);
  });
});

describe('the auth use cases take the caller from the request', () => {
  /** An identity that records the caller of every call. */
  function recordingIdentity(): { identity: IdentityPort; callers: (CallerContext | undefined)[] } {
    const callers: (CallerContext | undefined)[] = [];
    const record = <T>(value: T) => async (_input: unknown, caller?: CallerContext) => {
      callers.push(caller);
      return value;
    };
    const identity: IdentityPort = {
      signUp: record({ userId: 'u1', confirmed: false }),
      confirmSignUp: record(undefined),
      login: record({ accessToken: 'a', refreshToken: 'r', idToken: 'i', expiresIn: 3600 }),
      refresh: record({ accessToken: 'a', idToken: 'i', expiresIn: 3600 }),
      forgotPassword: record(undefined),
      resetPassword: record(undefined),
      getUser: async () => ({ id: 'u1', email: EMAIL }),
    };
    return { identity, callers };
  }

  /** What the route handler hands a use case, for one request from `sourceIp` with these headers. */
  const request = (body: unknown, headers: Record<string, string>) =>
    ({ body, now: new Date('2026-01-01T00:00:00Z'), sourceIp: '198.51.100.23', event: { headers, requestContext: { http: { sourceIp: '198.51.100.23' } } } }) as never;

  it('every auth route: the source address, and the device data of the header when sent', async () => {
    const { identity, callers } = recordingIdentity();
    const profiles = { ensure: async (p: unknown) => p, get: async () => undefined };
    const header = { [USER_CONTEXT_DATA_HEADER]: ' device-data ' };
    await signUp(request({ email: EMAIL, password: PASSWORD }, header), { identity, profiles } as never);
    await confirmSignUp(request({ email: EMAIL, code: CODE }, header), { identity } as never);
    await login(request({ email: EMAIL, password: PASSWORD }, header), { identity } as never);
    await refresh(request({ refreshToken: REFRESH }, header), { identity } as never);
    await forgotPassword(request({ email: EMAIL }, header), { identity } as never);
    await resetPassword(request({ email: EMAIL, code: CODE, newPassword: PASSWORD }, {}), { identity } as never);
    const withData = { ipAddress: '198.51.100.23', encodedData: 'device-data' };
    expect(callers).toEqual([withData, withData, withData, withData, withData, { ipAddress: '198.51.100.23' }]);
  });

  it('device data over the limit is a 400 naming the header, and nothing reaches the identity', async () => {
    const { identity, callers } = recordingIdentity();
    const long = { [USER_CONTEXT_DATA_HEADER]: 'x'.repeat(USER_CONTEXT_DATA_MAX_LENGTH + 1) };
    await expect(login(request({ email: EMAIL, password: PASSWORD }, long), { identity } as never)).rejects.toMatchObject({
      statusCode: 400,
      details: [{ path: `headers.${USER_CONTEXT_DATA_HEADER}` }],
    });
    expect(callers).toEqual([]);
  });
});
