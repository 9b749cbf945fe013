/**
 * The control-plane template, asserted against THE route manifest and the contract: one
 * function and one route per manifest entry, least-privilege roles, identity and data settings.
 * One synthesized template is shared by the whole file.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { TABLE_KEYS } from '../../lambdas/adapters/dynamodb/table-definition';
import { CONTROL_PLANE_ROUTE_LIST, CONTROL_PLANE_ROUTES, type RouteDefinition } from '../../lambdas/control-plane/routes';
import { ENV } from '../../lambdas/shared/env';
import { asArray, synthControlPlane, type CfnResource, type PolicyStatementJson } from './synth';

const { stack, template } = synthControlPlane();
const resources = template.toJSON().Resources as Record<string, CfnResource>;

function ofType(type: string): [string, CfnResource][] {
  return Object.entries(resources).filter(([, resource]) => resource.Type === type);
}

/** The functions and roles of the deployment workflow (checked in deployment-workflow.test.ts). */
const deploymentIds = [
  stack.deployment.stepFunction,
  stack.deployment.synthFunction,
  stack.deployment.stepFunction.role!,
  stack.deployment.synthFunction.role!,
  stack.deployment.stackRole,
  stack.deployment.stateMachine.role,
].map((c) => stack.getLogicalId(c.node.defaultChild as CfnElement));

/**
 * The functions that run the control plane's code (every one but the synthesis function, which
 * runs only the CDK and takes no configuration, and CDK's own providers).
 */
function handlerFunctions(template: { toJSON(): Record<string, unknown> }): [string, CfnResource][] {
  const all = Object.entries((template.toJSON().Resources ?? {}) as Record<string, CfnResource>).filter(([, r]) => r.Type === 'AWS::Lambda::Function');
  return all.filter(([id]) => id !== stack.getLogicalId(stack.deployment.synthFunction.node.defaultChild as CfnElement) && !id.startsWith('CustomS3AutoDeleteObjects'));
}

/** The route functions (the generation and deployment functions are checked in their workflows' tests, the spec writer in spec-writer.test.ts). */
function routeFunctions(): [string, CfnResource][] {
  const others = [stack.generation.stepFunction, stack.api.unmatchedRoute, ...(stack.specWriter ? [stack.specWriter.function] : [])].map((fn) => stack.getLogicalId(fn.node.defaultChild as CfnElement));
  return ofType('AWS::Lambda::Function').filter(([id]) => !others.includes(id) && !deploymentIds.includes(id));
}

/** Roles of the route functions and the generation step function (not the state machines' service roles, not the deployment workflow's). */
function functionRoles(): [string, CfnResource][] {
  const machineRoleId = stack.getLogicalId(stack.generation.stateMachine.role.node.defaultChild as CfnElement);
  return ofType('AWS::IAM::Role').filter(([id]) => id !== machineRoleId && !deploymentIds.includes(id));
}

function props(resource: CfnResource | undefined): Record<string, unknown> {
  if (!resource?.Properties) throw new Error('resource without Properties');
  return resource.Properties;
}

/** Logical id of the function that serves a route, from the construct the stack exposes. */
function functionLogicalId(routeId: string): string {
  const fn = stack.api.functions.get(routeId);
  if (!fn) throw new Error(`no function for route ${routeId}`);
  return stack.getLogicalId(fn.node.defaultChild as CfnElement);
}

function getAttTarget(value: unknown): string {
  const getAtt = (value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
  if (!getAtt) throw new Error(`expected Fn::GetAtt, got ${JSON.stringify(value)}`);
  return getAtt[0];
}

/** The inline policy statements of the role a route's function runs as. */
function routeStatements(routeId: string): PolicyStatementJson[] {
  const fn = resources[functionLogicalId(routeId)];
  const role = resources[getAttTarget(props(fn).Role)];
  const policies = (props(role).Policies ?? []) as { PolicyDocument: { Statement: PolicyStatementJson[] } }[];
  return policies.flatMap((policy) => policy.PolicyDocument.Statement);
}

function dynamoActionsOf(statements: PolicyStatementJson[]): string[] {
  return [...new Set(statements.flatMap((s) => asArray(s.Action)).filter((a) => a.startsWith('dynamodb:')))].sort();
}

/** The expectation, written out from the manifest (not by calling the construct's helper). */
function expectedDynamoActions(route: RouteDefinition): string[] {
  const actions = new Set<string>(route.dynamo);
  if (route.rate !== null) actions.add('UpdateItem');
  return [...actions].map((a) => `dynamodb:${a}`).sort();
}

const routeCount = CONTROL_PLANE_ROUTE_LIST.length;

describe('routes and functions come from the manifest', () => {
  test('one function and one route per manifest entry, and the $default route', () => {
    expect(routeCount).toBeGreaterThan(0);
    expect(routeFunctions()).toHaveLength(routeCount);
    template.resourceCountIs('AWS::ApiGatewayV2::Route', routeCount + 1);
    template.resourceCountIs('AWS::ApiGatewayV2::Integration', routeCount + 1);
  });

  test('route keys are exactly the manifest\'s "METHOD /path", and $default', () => {
    const keys = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => props(r).RouteKey as string);
    expect(keys.sort()).toEqual([...CONTROL_PLANE_ROUTE_LIST.map((r) => `${r.method} ${r.path}`), '$default'].sort());
  });

  test('the $default route answers 404 / 405 from a function that may only write its logs', () => {
    const fnId = stack.getLogicalId(stack.api.unmatchedRoute.node.defaultChild as CfnElement);
    const role = resources[getAttTarget(props(resources[fnId]).Role)];
    const statements = ((props(role).Policies ?? []) as { PolicyDocument: { Statement: PolicyStatementJson[] } }[]).flatMap((p) => p.PolicyDocument.Statement);
    expect(statements.flatMap((s) => asArray(s.Action)).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
    const [, route] = ofType('AWS::ApiGatewayV2::Route').find(([, r]) => props(r).RouteKey === '$default')!;
    const [, integration] = ofType('AWS::ApiGatewayV2::Integration').find(([id]) => JSON.stringify(props(route).Target).includes(id))!;
    expect(JSON.stringify(props(integration).IntegrationUri)).toContain(fnId);
  });

  test('each route invokes its own function with payload format 2.0', () => {
    const routesByKey = new Map(ofType('AWS::ApiGatewayV2::Route').map(([, r]) => [props(r).RouteKey as string, props(r)]));
    for (const route of CONTROL_PLANE_ROUTE_LIST) {
      const routeProps = routesByKey.get(`${route.method} ${route.path}`);
      const target = JSON.stringify(routeProps?.Target);
      const integrationId = /"Ref":"([^"]+)"/.exec(target)?.[1];
      expect(integrationId).toBeDefined();
      const integration = props(resources[integrationId as string]);
      expect(integration).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      expect(getAttTarget(integration.IntegrationUri)).toBe(functionLogicalId(route.id));
    }
  });

  test('every function: nodejs22.x on arm64, 512 MB, 29 s (under the 30 s gateway limit)', () => {
    for (const [, fn] of routeFunctions()) {
      expect(props(fn)).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], MemorySize: 512, Timeout: 29 });
    }
  });

  test('every function gets the AWS configuration and none of the local-only variables', () => {
    const required = [
      ENV.TABLE_NAME, ENV.IDENTITY_MODE, ENV.USER_POOL_ID, ENV.USER_POOL_CLIENT_ID,
      ENV.TOKEN_ISSUER, ENV.JWKS_URL, ENV.SERVICE_NAME, ENV.LOG_LEVEL, ENV.PUBLIC_URL,
    ];
    const apiEndpoint = { 'Fn::GetAtt': [stack.getLogicalId(stack.api.httpApi.node.defaultChild as CfnElement), 'ApiEndpoint'] };
    const localOnly = [ENV.DYNAMODB_ENDPOINT, ENV.DATA_DIR, ENV.LOCAL_CREDENTIALS_FILE, ENV.LOCAL_IDENTITY_KEYS_FILE, ENV.LOCAL_IDENTITY_TABLE, ENV.LOCAL_AUTO_CONFIRM];
    const poolRef = { Ref: stack.getLogicalId(stack.identity.userPool.node.defaultChild as CfnElement) };
    for (const [, fn] of handlerFunctions(template)) {
      const variables = (props(fn).Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(variables)).toEqual(expect.arrayContaining(required));
      for (const name of localOnly) expect(variables).not.toHaveProperty(name);
      expect(variables[ENV.IDENTITY_MODE]).toBe('cognito');
      expect(variables[ENV.USER_POOL_ID]).toEqual(poolRef);
      // https://cognito-idp.<region>.<suffix>/<pool id>, and the JWKS under it.
      const issuer = JSON.stringify(variables[ENV.TOKEN_ISSUER]);
      expect(issuer).toContain('https://cognito-idp.');
      expect(issuer).toContain(JSON.stringify(poolRef));
      expect(JSON.stringify(variables[ENV.JWKS_URL])).toContain('/.well-known/jwks.json');
      // Addresses in answers: the HTTP API's own endpoint (never the request's Host header).
      expect(variables[ENV.PUBLIC_URL]).toEqual(apiEndpoint);
    }
  });

  test('each function logs to its own log group, kept for a set time', () => {
    const logGroups = new Set<string>();
    for (const [, fn] of routeFunctions()) {
      const ref = (props(fn).LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(props(resources[ref]).RetentionInDays).toBe(30);
      logGroups.add(ref);
    }
    expect(logGroups.size).toBe(routeCount);
  });
});

describe('least-privilege IAM', () => {
  test('getProject may only GetItem, and UpdateItem for its rate limiter, on the table', () => {
    const statements = routeStatements(CONTROL_PLANE_ROUTES.getProject.id);
    expect(dynamoActionsOf(statements)).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    const tableStatement = statements.find((s) => asArray(s.Action).includes('dynamodb:GetItem'));
    expect(getAttTarget(tableStatement?.Resource)).toBe(stack.getLogicalId(stack.data.table.node.defaultChild as CfnElement));
    expect(JSON.stringify(statements)).not.toContain('/index/');
  });

  test('signUp may only UpdateItem (its manifest action and its rate limiter\'s counter)', () => {
    // Written out on purpose: a manifest change that widens a public route must show up here.
    expect(dynamoActionsOf(routeStatements(CONTROL_PLANE_ROUTES.signUp.id))).toEqual(['dynamodb:UpdateItem']);
  });

  test('deployProject writes only what a deploy needs: the deployment, the lock and the pending marker in one transaction', () => {
    // Written out on purpose: the deploy route creates items and ends a deployment it cannot
    // start (Update + Delete of the lock and marker); it never Queries or Scans.
    expect(dynamoActionsOf(routeStatements(CONTROL_PLANE_ROUTES.deployProject.id))).toEqual(
      ['dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    );
    expect(dynamoActionsOf(routeStatements(CONTROL_PLANE_ROUTES.getDeployment.id))).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
  });

  test('health (public, not rate limited, no data) has no DynamoDB permission at all', () => {
    expect(dynamoActionsOf(routeStatements(CONTROL_PLANE_ROUTES.health.id))).toEqual([]);
  });

  test('every route has exactly its manifest actions; only Query routes reach the list index, by name', () => {
    for (const route of CONTROL_PLANE_ROUTE_LIST) {
      const statements = routeStatements(route.id);
      expect({ route: route.id, actions: dynamoActionsOf(statements) }).toEqual({ route: route.id, actions: expectedDynamoActions(route) });
      const indexStatements = statements.filter((s) => JSON.stringify(s.Resource).includes('/index/'));
      if (route.dynamo.includes('Query')) {
        expect(indexStatements).toHaveLength(1);
        expect(asArray(indexStatements[0]?.Action ?? [])).toEqual(['dynamodb:Query']);
        expect(JSON.stringify(indexStatements[0]?.Resource)).toContain(`/index/${TABLE_KEYS.gsi1.indexName}`);
      } else {
        expect(indexStatements).toHaveLength(0);
      }
    }
  });

  test('every role may write only to its own function\'s log group', () => {
    for (const route of CONTROL_PLANE_ROUTE_LIST) {
      const fn = resources[functionLogicalId(route.id)];
      const ownLogGroup = (props(fn).LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      const logStatements = routeStatements(route.id).filter((s) => asArray(s.Action).some((a) => a.startsWith('logs:')));
      expect(logStatements).toHaveLength(1);
      expect(asArray(logStatements[0]?.Action ?? []).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
      expect(getAttTarget(logStatements[0]?.Resource)).toBe(ownLogGroup);
    }
  });

  test('no wildcard action or resource, no managed policy, no policy outside the roles', () => {
    // The attached policies are the two state machines' (X-Ray and log delivery need "*": cdk-nag.test.ts).
    template.resourceCountIs('AWS::IAM::Policy', 2);
    template.resourceCountIs('AWS::IAM::ManagedPolicy', 0);
    for (const [, role] of functionRoles()) {
      expect(props(role).ManagedPolicyArns).toBeUndefined();
      const policies = (props(role).Policies ?? []) as { PolicyDocument: { Statement: PolicyStatementJson[] } }[];
      // Endpoint secrets are granted by name prefix (bgs/endpoints/*): checked in their own test below.
      for (const statement of policies.flatMap((p) => p.PolicyDocument.Statement).filter((st) => st.Sid !== 'EndpointSecrets')) {
        for (const action of asArray(statement.Action)) expect(action).not.toContain('*');
        expect(statement.Resource).not.toEqual('*');
        expect(JSON.stringify(statement.Resource)).not.toMatch(/"\*"|\/\*/);
      }
    }
  });

  test('only the endpoint routes reach Secrets Manager: exactly their manifest actions, on bgs/endpoints/* only', () => {
    const secretStatements = (routeId: string) => routeStatements(routeId).filter((st) => asArray(st.Action).some((a) => a.startsWith('secretsmanager:')));
    for (const route of CONTROL_PLANE_ROUTE_LIST) {
      const statements = secretStatements(route.id);
      if (!route.endpointSecrets) {
        expect([route.id, statements]).toEqual([route.id, []]);
        continue;
      }
      expect(statements).toHaveLength(1);
      expect(asArray(statements[0]!.Action).sort()).toEqual(route.endpointSecrets.map((a) => `secretsmanager:${a}`).sort());
      const resource = JSON.stringify(statements[0]!.Resource);
      expect(resource).toContain(':secretsmanager:');
      expect(resource).toContain(':secret:bgs/endpoints/*');
    }
    // Written out on purpose: a widening shows up here.
    expect(asArray(secretStatements(CONTROL_PLANE_ROUTES.putEndpoint.id)[0]!.Action).sort()).toEqual(['secretsmanager:CreateSecret', 'secretsmanager:DeleteSecret']);
    expect(asArray(secretStatements(CONTROL_PLANE_ROUTES.deleteEndpoint.id)[0]!.Action)).toEqual(['secretsmanager:DeleteSecret']);
    expect(secretStatements(CONTROL_PLANE_ROUTES.listEndpoints.id)).toEqual([]);
  });

  test('API Gateway may invoke each function only through its own route', () => {
    template.resourceCountIs('AWS::Lambda::Permission', routeCount + 1);
    const permissions = ofType('AWS::Lambda::Permission').map(([, p]) => props(p));
    for (const route of CONTROL_PLANE_ROUTE_LIST) {
      const own = permissions.filter((p) => getAttTarget(p.FunctionName) === functionLogicalId(route.id));
      expect(own).toHaveLength(1);
      expect(own[0]?.Principal).toBe('apigateway.amazonaws.com');
      // arn:...:execute-api:<region>:<account>:<api id>/<any stage>/<any method><the route's path>
      expect(JSON.stringify(own[0]?.SourceArn)).toContain(`/*/*${route.path}"`);
    }
  });
});

/** A development variant with every option set, synthesized once for the tests that need it. */
const dev = synthControlPlane({ destroyOnRemoval: true, rateLimits: 'auth=1000,project=5000', logLevel: 'DEBUG', publicUrl: 'https://bgs.example.com' }).template;

describe('options', () => {
  test('rateLimits and logLevel reach every handler; without them the rate limits stay unset', () => {
    for (const [, fn] of handlerFunctions(dev)) {
      expect((props(fn).Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({ [ENV.RATE_LIMITS]: 'auth=1000,project=5000', [ENV.LOG_LEVEL]: 'DEBUG' });
    }
    for (const [, fn] of handlerFunctions(template)) {
      expect((props(fn).Environment as { Variables: Record<string, unknown> }).Variables).not.toHaveProperty(ENV.RATE_LIMITS);
    }
  });

  test('a configured public address (a custom domain) reaches every handler', () => {
    for (const [, fn] of handlerFunctions(dev)) expect((props(fn).Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({ [ENV.PUBLIC_URL]: 'https://bgs.example.com' });
  });

  test('malformed rateLimits fail the synth, not every cold start', () => {
    expect(() => synthControlPlane({ rateLimits: 'auth,project' })).toThrow(/rate limit/i);
  });
});

describe('data', () => {
  test('the table: key schema from TABLE_KEYS, on-demand, PITR, TTL, encryption, deletion protection', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    const { partitionKey, sortKey, gsi1, ttlAttribute } = TABLE_KEYS;
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        KeySchema: [
          { AttributeName: partitionKey, KeyType: 'HASH' },
          { AttributeName: sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: gsi1.indexName,
            KeySchema: [
              { AttributeName: gsi1.partitionKey, KeyType: 'HASH' },
              { AttributeName: gsi1.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
      },
    });
  });

  test('destroyOnRemoval (development) lifts deletion protection and retention', () => {
    dev.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
    dev.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtection: 'INACTIVE' }),
    });
    dev.allResources('AWS::Logs::LogGroup', { DeletionPolicy: 'Delete' });
  });
});

describe('identity', () => {
  test('user pool: self sign-up by email with a code, the description\'s password policy, email recovery', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', 1);
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
        Policies: {
          PasswordPolicy: {
            MinimumLength: 8,
            RequireUppercase: true,
            RequireLowercase: true,
            RequireNumbers: true,
            RequireSymbols: false,
          },
        },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        DeletionProtection: 'ACTIVE',
      }),
    });
  });

  test('threat protection: Plus plan, full function', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
  });

  test('app client: a secret (so Cognito takes the caller\'s address), password and refresh flows only, 1 h / 1 h / 30 d, no user existence errors', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    const [[, client] = ['', undefined]] = ofType('AWS::Cognito::UserPoolClient');
    const p = props(client);
    expect(p).toMatchObject({ GenerateSecret: true, EnablePropagateAdditionalUserContextData: true });
    expect((p.ExplicitAuthFlows as string[]).slice().sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
    // Validities are rendered in minutes.
    expect(p.TokenValidityUnits).toEqual({ AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' });
    expect(p).toMatchObject({ AccessTokenValidity: 60, IdTokenValidity: 60, RefreshTokenValidity: 30 * 24 * 60 });
    expect(p.PreventUserExistenceErrors).toBe('ENABLED');
    expect(p.AllowedOAuthFlowsUserPoolClient).toBe(false);
  });
});

describe('api', () => {
  test('no API Gateway authorizer: the handlers verify tokens', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 0);
    for (const [, route] of ofType('AWS::ApiGatewayV2::Route')) {
      expect(props(route).AuthorizerId).toBeUndefined();
      expect(props(route).AuthorizationType ?? 'NONE').toBe('NONE');
    }
  });

  test('one $default stage, auto-deployed, with JSON access logs and a flood-guard throttle', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    const [[, stage] = ['', undefined]] = ofType('AWS::ApiGatewayV2::Stage');
    const p = props(stage);
    expect(p).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 },
    });
    const access = p.AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(resources[getAttTarget(access.DestinationArn)]?.Type).toBe('AWS::Logs::LogGroup');
    const format = JSON.parse(access.Format) as Record<string, string>;
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      method: '$context.httpMethod',
      path: '$context.path',
      status: '$context.status',
      latency: '$context.responseLatency',
    });
  });

  test('CORS: any origin, authorization, content-type and the auth routes\' device-data headers, the manifest\'s methods', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: ['*'],
        AllowHeaders: ['authorization', 'content-type', 'x-user-context-data'],
        AllowMethods: [...new Set(CONTROL_PLANE_ROUTE_LIST.map((r) => r.method))].sort(),
        // A browser app reads which blueprint an SDK or API reference describes.
        ExposeHeaders: ['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after', 'x-bgs-blueprint-id', 'x-bgs-spec-version', 'x-bgs-newer-blueprint'],
      }),
    });
  });

  test('outputs: ApiUrl, UserPoolId, UserPoolClientId, TableName', () => {
    for (const name of ['ApiUrl', 'UserPoolId', 'UserPoolClientId', 'TableName']) template.hasOutput(name, {});
  });
});

describe("the control plane's user pool mail (issue 28 item 2)", () => {
  test('through SES from the configured sender, with a configuration set, in the stack region', () => {
    const configured = synthControlPlane({ mailFrom: 'no-reply@mail.example.org' });
    configured.template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    configured.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', From: 'BGS <no-reply@mail.example.org>', ConfigurationSet: Match.anyValue() }),
    });
    expect(Annotations.fromStack(configured.stack).findWarning('*', Match.stringLikeRegexp('default sender'))).toEqual([]);
  });

  test("without one, Cognito's default sender, and synthesis says what that costs", () => {
    template.resourceCountIs('AWS::SES::ConfigurationSet', 0);
    expect(JSON.stringify(template.findResources('AWS::Cognito::UserPool'))).not.toContain('EmailConfiguration');
    const warnings = Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp("Cognito's default sender"));
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]!.entry.data)).toMatch(/-c bgs:mailFrom=/);
  });
});
