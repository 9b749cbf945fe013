/**
 * A failing pre token generation trigger (lambdas/project-runtime/pre-token-generation.ts throws
 * rather than issue a token without its role) makes Cognito answer InitiateAuth with one of its
 * trigger exceptions. The Cognito adapter maps each to a 503 SERVICE_UNAVAILABLE that names the
 * cause, never the 500 INTERNAL an unknown exception gets, and never shows the trigger's own text.
 */
import {
  CognitoIdentityProviderClient,
  type CognitoIdentityProviderServiceException,
  InitiateAuthCommand,
  InvalidLambdaResponseException,
  SignUpCommand,
  UnexpectedLambdaException,
  UserLambdaValidationException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { CognitoIdentity } from '../../lambdas/adapters/identity/cognito-identity';
import { HttpError, renderError } from '../../lambdas/core/errors';

const cognito = mockClient(CognitoIdentityProviderClient);
const identity = new CognitoIdentity({ client: new CognitoIdentityProviderClient({ region: 'eu-west-1' }), clientId: 'app-client-123', userPoolId: 'eu-west-1_AbCdEf123' });

beforeEach(() => cognito.reset());

type ExceptionClass = new (opts: { $metadata: object; message: string }) => CognitoIdentityProviderServiceException;
const exception = (Ctor: ExceptionClass, message: string) => new Ctor({ $metadata: { httpStatusCode: 400 }, message });

async function failure(call: () => Promise<unknown>): Promise<HttpError> {
  const err = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

const login = () => identity.login({ email: 'ada@example.com', password: 'Correct-Horse-9' });
const refresh = () => identity.refresh({ refreshToken: 'refresh-token-opaque' });

describe('a failing pre token generation trigger at sign-in and refresh', () => {
  // Cognito's messages as it words them: the trigger's name, then what went wrong in it.
  const cases = [
    { op: 'login', call: login, Ctor: UserLambdaValidationException, message: 'PreTokenGeneration failed with error connect ECONNREFUSED 10.0.0.1:443.' },
    { op: 'refresh', call: refresh, Ctor: UserLambdaValidationException, message: 'PreTokenGeneration failed with error The pre token generation event has no sub attribute.' },
    { op: 'login', call: login, Ctor: UnexpectedLambdaException, message: 'PreTokenGeneration invocation failed due to error Rate Exceeded.' },
    { op: 'refresh', call: refresh, Ctor: InvalidLambdaResponseException, message: 'PreTokenGeneration failed with error Invalid lambda response.' },
  ] as const;

  it.each(cases)('$Ctor.name on $op -> 503 SERVICE_UNAVAILABLE naming the trigger', async ({ call, Ctor, message }) => {
    const thrown = exception(Ctor, message);
    cognito.on(InitiateAuthCommand).rejects(thrown);
    const err = await failure(call);
    const rendered = renderError(err);
    expect(rendered.statusCode).toBe(503);
    expect(rendered.body).toEqual({
      error: `The user pool's pre token generation trigger failed (${Ctor.name}), so Cognito could not complete the request; try again later`,
      code: 'SERVICE_UNAVAILABLE',
    });
    // A fault of the service: logged as one, with Cognito's exception kept for the logs.
    expect(rendered.serverFault).toBe(true);
    expect(err.cause).toBe(thrown);
    // The trigger's own words (an address, a stack's detail) never reach the client.
    expect(rendered.body.error).not.toContain(message.replace(/^PreTokenGeneration (failed with error|invocation failed due to error) /, ''));
  });

  it('a trigger Cognito does not name still answers 503, as "Lambda trigger"', async () => {
    cognito.on(InitiateAuthCommand).rejects(exception(UnexpectedLambdaException, 'Lambda invocation failed'));
    const err = await failure(login);
    expect({ status: err.statusCode, code: err.code, message: err.message }).toEqual({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: "The user pool's Lambda trigger failed (UnexpectedLambdaException), so Cognito could not complete the request; try again later",
    });
  });

  it('other triggers are named the same way (a pre sign-up trigger on signup)', async () => {
    cognito.on(SignUpCommand).rejects(exception(UserLambdaValidationException, 'PreSignUp failed with error domain not allowed.'));
    const err = await failure(() => identity.signUp({ email: 'ada@example.com', password: 'Correct-Horse-9' }));
    expect({ status: err.statusCode, message: err.message }).toEqual({
      status: 503,
      message: "The user pool's pre sign up trigger failed (UserLambdaValidationException), so Cognito could not complete the request; try again later",
    });
  });

  it('was a 500 INTERNAL before: an exception outside the table still is', async () => {
    const unknown = new Error('socket hang up');
    cognito.on(InitiateAuthCommand).rejects(unknown);
    const err = await failure(login);
    expect(renderError(err).body).toEqual({ error: 'Internal error', code: 'INTERNAL' });
  });
});
