/**
 * The runtime Lambda's AWS wiring (runtime-config.ts, composition-root.ts), with mocked AWS
 * clients: the configuration fails loudly, the deployed blueprint is read from the project's
 * table once, the manifest routes by API Gateway's routeKey, and the Cognito adapter gets the
 * project's pool.
 */
import { gzipSync } from 'node:zlib';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { buildProjectApiServices } from '../../lambdas/project-runtime/composition-root';
import { parseRuntimeConfig } from '../../lambdas/project-runtime/runtime-config';
import { createRuntimeHandler } from '../../lambdas/project-runtime/runtime-handler';
import { goldenIr } from '../support/golden-ir';

const env = {
  BGS_PROJECT_ID: 'p1',
  BGS_PROJECT_TABLE_NAME: 'project-p1',
  BGS_PROJECT_BUCKET: 'bgs-p1',
  BGS_PROJECT_USER_POOL_ID: 'us-east-2_AbC123',
  BGS_PROJECT_USER_POOL_CLIENT_ID: 'client-1',
  AWS_REGION: 'us-east-2',
  BGS_URL_SUFFIX: 'amazonaws.com',
};

describe('runtime configuration', () => {
  it('derives the Cognito issuer and JWKS address from the pool', () => {
    expect(parseRuntimeConfig(env)).toMatchObject({
      identity: {
        mode: 'cognito',
        issuer: 'https://cognito-idp.us-east-2.amazonaws.com/us-east-2_AbC123',
        jwksUrl: 'https://cognito-idp.us-east-2.amazonaws.com/us-east-2_AbC123/.well-known/jwks.json',
      },
      bucket: 'bgs-p1',
    });
  });
  it('names every missing or malformed variable at once', () => {
    expect(() => parseRuntimeConfig({ ...env, BGS_PROJECT_BUCKET: '', BGS_PROJECT_USER_POOL_ID: 'nope' })).toThrow(/BGS_PROJECT_BUCKET.*BGS_PROJECT_USER_POOL_ID|BGS_PROJECT_USER_POOL_ID.*BGS_PROJECT_BUCKET/);
  });
});

function event(routeKey: string, body?: unknown, headers: Record<string, string> = {}): APIGatewayProxyEventV2 {
  const [method, path] = routeKey.split(' ') as [string, string];
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    requestContext: {
      accountId: '1',
      apiId: 'api',
      domainName: 'api.example',
      domainPrefix: 'api',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.1', userAgent: 'jest' },
      requestId: 'r1',
      routeKey,
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    isBase64Encoded: false,
  };
}
const context = { awsRequestId: 'req-1', functionName: 'runtime', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

describe('the runtime Lambda on AWS clients', () => {
  const dynamo = mockClient(DynamoDBDocumentClient);
  const cognito = mockClient(CognitoIdentityProviderClient);
  afterEach(() => {
    dynamo.reset();
    cognito.reset();
  });

  it('reads the deployed blueprint once and serves its manifest', async () => {
    const ir = goldenIr('01-task-tracker');
    dynamo
      .on(GetCommand, { Key: { PK: 'META', SK: 'BLUEPRINT' } })
      .resolves({ Item: { PK: 'META', SK: 'BLUEPRINT', deploymentId: 'd1', blueprintId: 'b1', deployedAt: '2026-11-22T00:00:00Z', irGzip: gzipSync(JSON.stringify(ir)) } });
    dynamo.on(GetCommand, { Key: { PK: 'SECRET#cursor', SK: 'SECRET' } }).resolves({ Item: { value: 'secret' } });
    cognito.on(InitiateAuthCommand).resolves({ AuthenticationResult: { AccessToken: 'a', RefreshToken: 'r', IdToken: 'i', ExpiresIn: 3600 } });
    dynamo.on(UpdateCommand).resolves({ Attributes: { hits: 1 } });
    // The mocks stand in for every client of these classes: the composition root builds its own.
    const services = await buildProjectApiServices(parseRuntimeConfig(env));
    expect(services.routes.has('GET /v1/tasks/{id}')).toBe(true);
    const handler = createRuntimeHandler(async () => services);

    const noToken = await handler(event('GET /v1/tasks'), context);
    expect(noToken).toMatchObject({ statusCode: 401 });
    const login = await handler(event('POST /auth/login', { email: 'a@example.org', password: 'Passw0rd!' }), context);
    expect(login.statusCode).toBe(200);
    expect(JSON.parse(login.body as string)).toEqual({ accessToken: 'a', refreshToken: 'r', idToken: 'i', expiresIn: 3600 });
    expect(cognito.commandCalls(InitiateAuthCommand)[0]!.args[0].input).toMatchObject({ ClientId: 'client-1', AuthFlow: 'USER_PASSWORD_AUTH' });
    // The login rate limit counts in the project's own table, whose TTL attribute is `_ttl`.
    expect(dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input)).toEqual([
      expect.objectContaining({ TableName: 'project-p1', Key: { PK: expect.stringMatching(/^RATE#auth-login#/), SK: expect.stringMatching(/^W60#\d+$/) }, ExpressionAttributeNames: { '#ttl': '_ttl' } }),
    ]);
    expect(login.headers).toMatchObject({ 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '9' });
    const unknown = await handler(event('GET /v1/widgets'), context);
    expect(unknown.statusCode).toBe(404);
    // API Gateway's `$default` route: a known path with another method is 405 with Allow, as locally.
    const wrongMethod = await handler({ ...event('PUT /v1/tasks'), routeKey: '$default' }, context);
    expect(wrongMethod).toMatchObject({ statusCode: 405, headers: expect.objectContaining({ allow: 'GET, POST' }) });
    expect(JSON.parse(wrongMethod.body as string)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    const nowhere = await handler({ ...event('GET /nowhere'), routeKey: '$default' }, context);
    expect(JSON.parse(nowhere.body as string)).toEqual({ code: 'NOT_FOUND', error: 'No route for GET /nowhere' });
    // The blueprint was read once, at cold start; nothing was written.
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(2);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('fails the cold start when the table holds no blueprint', async () => {
    dynamo.on(GetCommand).resolves({});
    await expect(buildProjectApiServices(parseRuntimeConfig(env))).rejects.toThrow(/no deployed blueprint/);
  });
});
