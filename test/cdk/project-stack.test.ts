/**
 * The stack of one generated project (lib/project/project-stack.ts), synthesized from each
 * golden IR (test/fixtures/blueprint/0[1-5]-*.ir.json) as `cdk synth` writes it (analytics and
 * path metadata on, bundling skipped as in synth.ts): cdk-nag AwsSolutions clean with only
 * reasoned acknowledgements; routes exactly the manifest's; least-privilege IAM written out by
 * hand; identity, data, files and the deployed blueprint as the IR says; and a resource guard.
 */
import { gunzipSync } from 'node:zlib';
import { Validations, type App, type CfnElement, type PolicyViolation } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { PROJECT_TABLE_KEYS } from '../../lambdas/adapters/project-data/project-table';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { projectApi } from '../../lambdas/core/blueprint/project-routes';
import { GRANT_GRACE_SECONDS } from '../../lambdas/core/project-api/file-keys';
import { ENV } from '../../lambdas/shared/env';
import { ProjectStack, projectStackResourceCount, type ProjectStackProps } from '../../lib/project/project-stack';
import { PROJECT_WORKFLOW_RESOURCES } from '../../lib/project/project-workflows';
import { goldenIr } from '../support/golden-ir';
import { asArray, testApp, type CfnResource, type PolicyStatementJson } from './synth';
import { acknowledgementsIn, RecordingChecks } from './nag';
import { DEPLOY_LIMITS } from '../../lambdas/core/blueprint/deploy-limits';
import { schedulesOf } from '../../lambdas/core/blueprint/ir';

const GOLDEN = ['01-task-tracker', '02-recipe-blog', '03-expense-approvals', '04-clinic-appointments', '05-inventory'] as const;
const PROJECT_ID = 'p-0123456789';

// --- cdk-nag, recording every finding before acknowledgements (as cdk-nag.test.ts does) -------





const describeViolations = (violations: readonly PolicyViolation[]): string[] =>
  violations.map((v) => `${v.severity} ${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);

// --- synthesis --------------------------------------------------------------------------------

interface Synthesized {
  readonly app: App;
  readonly stack: ProjectStack;
  readonly template: Template;
  readonly resources: Record<string, CfnResource & { DependsOn?: string[] }>;
  readonly json: string;
}

function synth(ir: BlueprintIR, props: Partial<ProjectStackProps> = {}): Synthesized {
  // As `cdk synth` writes the template: CDKMetadata and path metadata count in the guard below.
  const app = testApp({ analyticsReporting: true, context: { 'aws:cdk:enable-path-metadata': true } });
  const stack = new ProjectStack(app, 'ProjectTest', { ir, projectId: PROJECT_ID, ...props });
  const template = Template.fromStack(stack);
  const json = JSON.stringify(template.toJSON());
  return { app, stack, template, json, resources: template.toJSON().Resources as Synthesized['resources'] };
}

function props(resource: CfnResource | undefined): Record<string, unknown> {
  if (!resource?.Properties) throw new Error('resource without Properties');
  return resource.Properties;
}

const logicalId = (stack: ProjectStack, construct: IConstruct): string => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const ofType = (s: Synthesized, type: string) => Object.entries(s.resources).filter(([, r]) => r.Type === type);
const getAtt = (id: string, attribute = 'Arn') => ({ 'Fn::GetAtt': [id, attribute] });
const join = (...parts: unknown[]) => ({ 'Fn::Join': ['', parts] });

function inlineStatements(s: Synthesized, roleId: string): PolicyStatementJson[] {
  const policies = (props(s.resources[roleId]).Policies ?? []) as { PolicyDocument: { Statement: PolicyStatementJson[] } }[];
  return policies.flatMap((policy) => policy.PolicyDocument.Statement);
}

const actionsOf = (statements: PolicyStatementJson[]): string[] => [...new Set(statements.flatMap((s) => asArray(s.Action)))].sort();

/** The JSON of a custom resource's call property: its Fn::Join parts, with every token replaced by a marker. */
function callOf(value: unknown): { service: string; action: string; parameters: { TableName: string; Item: Record<string, { S: string }> } } {
  const parts = (value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
  return JSON.parse(parts.map((part) => (typeof part === 'string' ? part : 'TOKEN')).join('')) as ReturnType<typeof callOf>;
}

// --- one synthesized stack per golden IR --------------------------------------------------------

describe.each(GOLDEN)('project stack of %s', (name) => {
  const ir = goldenIr(name);
  const s = synth(ir);
  const { stack, resources } = s;
  const manifest = projectApi(ir).routes;
  const tableId = logicalId(stack, stack.data.table);
  const bucketId = logicalId(stack, stack.files.bucket);
  const poolId = logicalId(stack, stack.identity.userPool);
  const clientId = logicalId(stack, stack.identity.userPoolClient);
  const runtimeFnId = logicalId(stack, stack.runtime.handler.function);
  const runtimeRoleId = logicalId(stack, stack.runtime.handler.role);
  const triggerFnId = logicalId(stack, stack.identity.preTokenGeneration.function);
  const triggerRoleId = logicalId(stack, stack.identity.preTokenGeneration.role);
  // Blueprints with workflows add ProjectWorkflows (test/cdk/project-workflows.test.ts has its assertions);
  // every stack has ProjectEvents (test/cdk/project-events.test.ts), the golden IRs no scheduled job.
  const workflows = ir.workflows.length > 0;
  const schedules = schedulesOf(ir).length;

  describe('cdk-nag AwsSolutions', () => {
    const checks = new RecordingChecks();
    const report = checks.validateScope(s.app);
    const acknowledgements = acknowledgementsIn(s.app);

    test('no unacknowledged finding, and the check did see findings', () => {
      expect(describeViolations(report.violations)).toEqual([]);
      expect(report.success).toBe(true);
      expect(checks.raw.length).toBeGreaterThan(0);
    });

    test('every acknowledgement gives a specific reason, on its construct (never the stack)', () => {
      expect(acknowledgements.length).toBeGreaterThan(0);
      for (const ack of acknowledgements) {
        expect({ id: ack.id, path: ack.path, specific: ack.reason.trim().length >= 40 }).toEqual({ id: ack.id, path: ack.path, specific: true });
        expect(ack.path).not.toBe(stack.node.path);
      }
    });

    test('only the expected rules are acknowledged; the one wildcard is the bucket\'s objects', () => {
      const expected = new Set([
        'AwsSolutions-APIG4', // per route: the runtime verifies tokens (DESIGN.md "Tokens")
        'AwsSolutions-COG1', // the contract's password policy (symbols optional)
        'AwsSolutions-COG2', // no MFA step in the contract's login
        'AwsSolutions-COG8', // Essentials, not Plus
        'AwsSolutions-L1', // nodejs22.x
        'AwsSolutions-S1', // no server access log bucket
        `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/*]`,
        'AwsSolutions-SQS3', // the failure queues (the stream mapping's, the event jobs', the status-change rule's) are themselves dead-letter queues
        `AwsSolutions-IAM5[Resource::<${tableId}.Arn>/stream/*]`, // ListStreams for the stream mapping
        ...(workflows && stack.workflows
          ? [`AwsSolutions-IAM5[Resource::<${logicalId(stack, stack.workflows.workflow.function)}.Arn>:*]`] // the workflow function's versions
          : []),
      ]);
      expect(acknowledgements.filter((a) => !expected.has(a.id)).map((a) => `${a.id} at ${a.path}`)).toEqual([]);
      const routeAcks = acknowledgements.filter((a) => a.id === 'AwsSolutions-APIG4');
      // One per manifest route, and one for the catch-all `$default` route.
      expect(routeAcks).toHaveLength(manifest.length + 1);
    });

    test('no stale acknowledgement: each still matches a finding at or under its construct', () => {
      const stale = acknowledgements.filter(
        (ack) => !checks.raw.some((f) => f.ruleId === ack.id && (f.path === ack.path || f.path.startsWith(`${ack.path}/`))),
      );
      expect(stale.map((a) => `${a.id} at ${a.path}`)).toEqual([]);
    });

    test('registered as a validation plugin (as an app would), synth passes', () => {
      Validations.of(s.app).addPlugins(new AwsSolutionsChecks(s.app));
      expect(() => s.app.synth()).not.toThrow();
    });
  });

  test('the stack has its fixed resources plus one per manifest route (projectStackResourceCount)', () => {
    expect(Object.keys(s.resources)).toHaveLength(projectStackResourceCount(manifest.length, workflows, schedules));
  });

  describe('API: one route per manifest route, all to the runtime', () => {
    const routes = ofType(s, 'AWS::ApiGatewayV2::Route');

    test('route keys are exactly the manifest\'s "METHOD /path"', () => {
      // The manifest's routes, plus `$default`: any other path reaches the runtime's contract 404.
      expect(routes).toHaveLength(manifest.length + 1);
      expect(routes.map(([, r]) => props(r).RouteKey as string).sort()).toEqual([...manifest.map((r) => `${r.method} ${r.path}`), '$default'].sort());
    });

    test('one integration (AWS_PROXY, payload 2.0, the runtime function), no authorizer', () => {
      const integrations = ofType(s, 'AWS::ApiGatewayV2::Integration');
      expect(integrations).toHaveLength(1);
      const [integrationId, integration] = integrations[0]!;
      expect(props(integration)).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0', IntegrationUri: getAtt(runtimeFnId) });
      for (const [, route] of routes) {
        expect(props(route)).toMatchObject({ AuthorizationType: 'NONE', Target: join('integrations/', { Ref: integrationId }) });
      }
      s.template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 0);
    });

    test('one invoke permission, for any route of this API', () => {
      const permissions = ofType(s, 'AWS::Lambda::Permission').filter(([, p]) => props(p).Principal === 'apigateway.amazonaws.com');
      expect(permissions).toHaveLength(1);
      const permission = props(permissions[0]![1]);
      expect(permission.FunctionName).toEqual(getAtt(runtimeFnId));
      const sourceArn = JSON.stringify(permission.SourceArn);
      expect(sourceArn).toContain(JSON.stringify({ Ref: logicalId(stack, stack.api.httpApi) }));
      expect(sourceArn).toContain('/*/*');
    });

    test('CORS preflight for the IR\'s origins; default stage with access logs and throttling', () => {
      s.template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
        ProtocolType: 'HTTP',
        CorsConfiguration: {
          AllowOrigins: ir.cors.allowedOrigins,
          // The local project host answers from the same policy (lambdas/shared/cors.ts).
          AllowMethods: ['DELETE', 'GET', 'PATCH', 'POST', 'PUT'],
          AllowHeaders: ['authorization', 'content-type'],
          ExposeHeaders: ['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after'],
          MaxAge: 600,
        },
      });
      const [, stage] = ofType(s, 'AWS::ApiGatewayV2::Stage')[0]!;
      expect(props(stage)).toMatchObject({ StageName: '$default', AutoDeploy: true, DefaultRouteSettings: { ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 } });
      const accessLogs = props(stage).AccessLogSettings as { DestinationArn: unknown; Format: string };
      expect(accessLogs.DestinationArn).toEqual(getAtt(logicalId(stack, stack.api.accessLogGroup)));
      expect(JSON.parse(accessLogs.Format)).toMatchObject({ requestId: '$context.requestId', routeKey: '$context.routeKey', status: '$context.status' });
    });
  });

  describe('runtime', () => {
    test('one function: nodejs22.x arm64, 29 s, the environment of runtime-config.ts', () => {
      const fn = props(resources[runtimeFnId]);
      expect(fn).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Timeout: 29, Role: getAtt(runtimeRoleId) });
      const variables = (fn.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables).toMatchObject({
        [ENV.PROJECT_ID]: PROJECT_ID,
        [ENV.PROJECT_TABLE_NAME]: { Ref: tableId },
        [ENV.PROJECT_BUCKET]: { Ref: bucketId },
        [ENV.PROJECT_USER_POOL_ID]: { Ref: poolId },
        [ENV.PROJECT_USER_POOL_CLIENT_ID]: { Ref: clientId },
      });
      expect(variables).not.toHaveProperty(ENV.DYNAMODB_ENDPOINT);
    });

    test('its role holds exactly the listed actions', () => {
      // Written out by hand on purpose: widening the runtime must show up here.
      expect(actionsOf(inlineStatements(s, runtimeRoleId))).toEqual([
        'cognito-idp:AdminDeleteUser',
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminUserGlobalSignOut',
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
        // Starting, signalling and cancelling workflow instances (project-workflows.ts runtimeStatements).
        ...(workflows ? ['lambda:InvokeFunction', 'lambda:ListDurableExecutionsByFunction', 'lambda:SendDurableExecutionCallbackSuccess', 'lambda:StopDurableExecution'] : []),
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        's3:DeleteObject',
        's3:GetObject',
        's3:ListBucket',
        's3:PutObject',
        // Queueing webhook redeliveries and retries of parked event runs (project-events.ts runtimeStatements).
        'sqs:SendMessage',
      ]);
    });

    test('each action on this project\'s resources only: table, named indexes, bucket, pool, own logs', () => {
      const bySid = new Map(inlineStatements(s, runtimeRoleId).map((st) => [st.Sid, st]));
      expect(bySid.get('Table')?.Resource).toEqual(getAtt(tableId));
      expect(asArray(bySid.get('Table')!.Action).sort()).toEqual(
        ['dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
      );
      expect(bySid.get('Indexes')).toMatchObject({ Action: 'dynamodb:Query', Resource: ['GSI1', 'GSI2', 'GSI3', 'GSI4', 'GSI5'].map((index) => join(getAtt(tableId), `/index/${index}`)) });
      expect(bySid.get('FileObjects')).toMatchObject({ Resource: join(getAtt(bucketId), '/*') });
      expect(bySid.get('FileBucket')).toMatchObject({ Action: 's3:ListBucket', Resource: getAtt(bucketId) });
      expect(bySid.get('Accounts')).toMatchObject({ Action: ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminUserGlobalSignOut'], Resource: getAtt(poolId) });
      expect(bySid.get('WriteOwnLogs')).toMatchObject({ Resource: getAtt(logicalId(stack, stack.runtime.handler.logGroup)) });
      expect(bySid.get('SendEventJobs')).toMatchObject({ Action: 'sqs:SendMessage', Resource: getAtt(logicalId(stack, stack.events.jobs)) });
      expect(bySid.size).toBe(workflows ? 10 : 7);
      for (const statement of bySid.values()) expect(statement.Effect).toBe('Allow');
      expect(JSON.stringify(inlineStatements(s, runtimeRoleId))).not.toMatch(/"\*"|index\/\*/);
      expect(props(resources[runtimeRoleId])).not.toHaveProperty('ManagedPolicyArns');
    });

    test('no role of the stack has an AWS managed policy or an AWS::IAM::Policy beside it', () => {
      for (const [, role] of ofType(s, 'AWS::IAM::Role')) expect(props(role)).not.toHaveProperty('ManagedPolicyArns');
      // The one exception: the workflow function's statements about itself (inline, they would make it depend on itself).
      s.template.resourceCountIs('AWS::IAM::Policy', workflows ? 1 : 0);
    });
  });

  describe('identity', () => {
    test('Essentials plan, pre-token-generation trigger V2_0 on the trigger function', () => {
      const pool = props(resources[poolId]);
      expect(pool.UserPoolTier).toBe('ESSENTIALS');
      expect(pool.LambdaConfig).toEqual({ PreTokenGenerationConfig: { LambdaArn: getAtt(triggerFnId), LambdaVersion: 'V2_0' } });
      const permission = ofType(s, 'AWS::Lambda::Permission').find(([, p]) => props(p).Principal === 'cognito-idp.amazonaws.com');
      expect(props(permission?.[1])).toMatchObject({ FunctionName: getAtt(triggerFnId), SourceArn: getAtt(poolId) });
    });

    test('the trigger reads the table with GetItem only', () => {
      expect(props(resources[triggerFnId])).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Environment: { Variables: { [ENV.PROJECT_TABLE_NAME]: { Ref: tableId } } } });
      const statements = inlineStatements(s, triggerRoleId);
      expect(actionsOf(statements)).toEqual(['dynamodb:GetItem', 'logs:CreateLogStream', 'logs:PutLogEvents']);
      expect(statements.find((st) => st.Action === 'dynamodb:GetItem')?.Resource).toEqual(getAtt(tableId));
    });

    test('email sign-in, self sign-up, email code verification, the IR\'s password policy', () => {
      const policy = ir.auth.passwordPolicy;
      expect(props(resources[poolId])).toMatchObject({
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
        VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
        Policies: {
          PasswordPolicy: {
            MinimumLength: policy.minLength,
            RequireUppercase: policy.requireUppercase,
            RequireLowercase: policy.requireLowercase,
            RequireNumbers: policy.requireDigit,
            RequireSymbols: policy.requireSymbol,
          },
        },
      });
      expect(JSON.stringify(props(resources[poolId]).VerificationMessageTemplate)).toContain('{####}');
    });

    test('public client: no secret, USER_PASSWORD_AUTH + refresh, the IR\'s token lifetimes', () => {
      const client = props(resources[clientId]);
      expect(client).toMatchObject({ GenerateSecret: false, TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' } });
      expect([...(client.ExplicitAuthFlows as string[])].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
      const lifetimes = ir.auth.tokenLifetimes;
      expect({ access: Number(client.AccessTokenValidity) * 60, id: Number(client.IdTokenValidity) * 60, refresh: Number(client.RefreshTokenValidity) * 60 }).toEqual({
        access: lifetimes.accessSeconds,
        id: lifetimes.idSeconds,
        refresh: lifetimes.refreshSeconds,
      });
    });
  });

  describe('data and files', () => {
    test('table: keys and GSI1..GSIn of PROJECT_TABLE_KEYS, on-demand, PITR, TTL, AWS managed key, retained', () => {
      const table = resources[tableId]!;
      const { partitionKey, sortKey, indexes, ttlAttribute } = PROJECT_TABLE_KEYS;
      expect(props(table)).toMatchObject({
        KeySchema: [{ AttributeName: partitionKey, KeyType: 'HASH' }, { AttributeName: sortKey, KeyType: 'RANGE' }],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
      });
      expect(props(table).SSESpecification).not.toHaveProperty('KMSMasterKeyId');
      expect(props(table).GlobalSecondaryIndexes).toEqual(
        indexes.map((index) => ({
          IndexName: index.indexName,
          KeySchema: [{ AttributeName: index.partitionKey, KeyType: 'HASH' }, { AttributeName: index.sortKey, KeyType: 'RANGE' }],
          Projection: { ProjectionType: 'ALL' },
        })),
      );
      expect([table.DeletionPolicy, table.UpdateReplacePolicy]).toEqual(['Retain', 'Retain']);
    });

    test('bucket: public access fully blocked, SSE AES-256, TLS only, no versioning, retained', () => {
      const bucket = resources[bucketId]!;
      expect(props(bucket)).toMatchObject({
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      });
      expect(props(bucket)).not.toHaveProperty('VersioningConfiguration');
      expect([bucket.DeletionPolicy, bucket.UpdateReplacePolicy]).toEqual(['Retain', 'Retain']);
      const [, policy] = ofType(s, 'AWS::S3::BucketPolicy')[0]!;
      expect(props(policy).PolicyDocument).toMatchObject({
        Statement: expect.arrayContaining([
          expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      });
    });

    test('bucket lifecycle: uploads never attached (the staging prefix only) expire once past their grant', () => {
      // Written out by hand: 2 days = the grant's lifetime (1 h URL + 24 h to attach) plus a 1 h margin, in whole days.
      expect(props(resources[bucketId]).LifecycleConfiguration).toEqual({
        Rules: [{ Id: 'ExpireUnattachedUploads', Prefix: 'staging/', Status: 'Enabled', ExpirationInDays: 2 }],
      });
      // Never before the grant has expired (S3 rounds up to the next midnight UTC, never down).
      expect(2 * 86400).toBeGreaterThanOrEqual(ir.limits.signedUrlSeconds + GRANT_GRACE_SECONDS);
    });

    test(`bucket CORS: PUT and GET with Content-Type for the IR's origins, only with file fields (this IR: ${ir.files.length})`, () => {
      const cors = props(resources[bucketId]).CorsConfiguration;
      if (ir.files.length === 0) {
        expect(cors).toBeUndefined();
      } else {
        expect(cors).toEqual({ CorsRules: [{ AllowedMethods: ['PUT', 'GET'], AllowedOrigins: ir.cors.allowedOrigins, AllowedHeaders: ['Content-Type'], MaxAge: 3600 }] });
      }
    });
  });

  describe('the deployed blueprint', () => {
    const blueprintId = logicalId(stack, stack.blueprint.resource.node.findChild('Resource'));
    const resource = props(resources[blueprintId]);

    test('a custom resource PutItems META/BLUEPRINT with the IR (decoded here and compared), on create and update', () => {
      const create = callOf(resource.Create);
      expect(callOf(resource.Update)).toEqual(create);
      expect(create).toMatchObject({ service: 'DynamoDB', action: 'PutItem', parameters: { TableName: 'TOKEN' } });
      expect(JSON.stringify(resource.Create)).toContain(JSON.stringify({ Ref: tableId }));
      const item = create.parameters.Item;
      expect(item).toMatchObject({ PK: { S: 'META' }, SK: { S: 'BLUEPRINT' }, deploymentId: { S: 'cdk' }, blueprintId: { S: 'cdk' } });
      const decoded: unknown = JSON.parse(gunzipSync(Buffer.from(item.irGzipBase64!.S, 'base64')).toString('utf8'));
      expect(decoded).toEqual(ir);
      expect(resource).not.toHaveProperty('Delete');
    });

    test('its provider may only PutItem on the table (and write its own logs)', () => {
      const statements = inlineStatements(s, logicalId(stack, stack.blueprint.role));
      expect(actionsOf(statements)).toEqual(['dynamodb:PutItem', 'logs:CreateLogStream', 'logs:PutLogEvents']);
      expect(statements.find((st) => st.Action === 'dynamodb:PutItem')?.Resource).toEqual(getAtt(tableId));
      const provider = ofType(s, 'AWS::Lambda::Function').find(([id]) => JSON.stringify(resource.ServiceToken) === JSON.stringify(getAtt(id)));
      expect(props(provider?.[1]).Role).toEqual(getAtt(logicalId(stack, stack.blueprint.role)));
    });

    test('the runtime starts only after the blueprint is stored, and restarts when it changes', () => {
      expect(resources[runtimeFnId]!.DependsOn).toContain(blueprintId);
      const variables = (props(resources[runtimeFnId]).Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.BGS_PROJECT_BLUEPRINT_SHA256).toBe(stack.blueprintSha256);
      expect(stack.blueprintSha256).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  test('outputs: ApiUrl, UserPoolId, UserPoolClientId, TableName, BucketName', () => {
    const outputs = s.template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(Object.keys(outputs).sort()).toEqual(['ApiUrl', 'BucketName', 'TableName', 'UserPoolClientId', 'UserPoolId']);
    expect(outputs.TableName!.Value).toEqual({ Ref: tableId });
    expect(outputs.BucketName!.Value).toEqual({ Ref: bucketId });
    expect(outputs.UserPoolId!.Value).toEqual({ Ref: poolId });
    expect(outputs.UserPoolClientId!.Value).toEqual({ Ref: clientId });
    expect(JSON.stringify(outputs.ApiUrl!.Value)).toContain('.execute-api.');
  });

  describe('resource guard', () => {
    // CloudFormation refuses more than 500 resources per stack (and CDK refuses to synthesize
    // them); a project stack must stay well below for the blueprints BGS accepts.
    const RESOURCE_LIMIT = 450;
    // Table, bucket and its policy, pool, client; trigger function, role, log group, Cognito
    // permission; runtime function, role, log group, API permission; API, stage, access logs,
    // integration, the catch-all `$default` route; blueprint custom resource, its provider
    // function, role and log group; CDKMetadata; ProjectEvents' three queues with their
    // policies, two functions with their roles and log groups, and two event source mappings;
    // ProjectOperations' three alarms, and its own alarm topic with its policy and key.
    const FIXED = DEPLOY_LIMITS.projectStackFixedResources;
    const all = Object.values(resources);

    test(`fewer than ${RESOURCE_LIMIT} resources, and each route costs exactly one`, () => {
      expect(all.length).toBeLessThan(RESOURCE_LIMIT);
      expect(all.length - manifest.length).toBe(FIXED + (workflows ? PROJECT_WORKFLOW_RESOURCES : 0));
      // One route resource per manifest route; nothing else grows with the blueprint.
      const perType = new Map<string, number>();
      for (const resource of all) perType.set(resource.Type, (perType.get(resource.Type) ?? 0) + 1);
      expect(Object.fromEntries(perType)).toEqual({
        'AWS::DynamoDB::Table': 1,
        'AWS::S3::Bucket': 1,
        'AWS::S3::BucketPolicy': 1,
        'AWS::Cognito::UserPool': 1,
        'AWS::Cognito::UserPoolClient': 1,
        // ProjectEvents: the stream and event-jobs functions; ProjectWorkflows: the workflow and
        // execution-ends functions; each with its role and log group.
        'AWS::Lambda::Function': 3 + 2 + (workflows ? 2 : 0),
        'AWS::Lambda::Permission': 2 + (workflows ? 1 : 0),
        'AWS::IAM::Role': 3 + 2 + (workflows ? 2 : 0),
        'AWS::Logs::LogGroup': 4 + 2 + (workflows ? 2 : 0),
        'AWS::ApiGatewayV2::Api': 1,
        'AWS::ApiGatewayV2::Stage': 1,
        'AWS::ApiGatewayV2::Integration': 1,
        'AWS::ApiGatewayV2::Route': manifest.length + 1,
        'Custom::BgsDeployedBlueprint': 1,
        'AWS::CDK::Metadata': 1,
        // ProjectEvents: the stream and event-job mappings; the event-job queue, its dead-letter queue
        // and the stream's failure queue (and ProjectWorkflows' status-change rule's), each with its TLS-only policy.
        'AWS::Lambda::EventSourceMapping': 2,
        'AWS::SQS::Queue': 3 + (workflows ? 1 : 0),
        'AWS::SQS::QueuePolicy': 3 + (workflows ? 1 : 0),
        // ProjectWorkflows: its version and alias, the self policy, the status-change rule.
        ...(workflows ? { 'AWS::Lambda::Version': 1, 'AWS::Lambda::Alias': 1, 'AWS::IAM::Policy': 1, 'AWS::Events::Rule': 1 } : {}),
        // ProjectOperations: the API's 5xx rate, the background functions' errors, the table's
        // throttles; the stack's own alarm topic, its policy and its key (none when the control
        // plane deploys it: its alarms notify the control plane's topic).
        'AWS::CloudWatch::Alarm': 3,
        'AWS::SNS::Topic': 1,
        'AWS::SNS::TopicPolicy': 1,
        'AWS::KMS::Key': 1,
      });
    });

    test('the template stays far below CloudFormation\'s 1 MB (template uploaded to S3)', () => {
      expect(s.json.length).toBeLessThan(100_000);
    });
  });
});

// --- construction-time validation and props ------------------------------------------------------

describe('validation at construction', () => {
  const ir = goldenIr('01-task-tracker');

  test.each([
    ['an unknown IR version', { ...ir, irVersion: 999 }],
    ['a missing section', { ...ir, auth: undefined }],
    ['an unknown field', { ...ir, extra: true }],
    ['not an object', 'blueprint'],
  ])('an IR BlueprintIR.parse refuses (%s) throws, and adds nothing to the app', (_label, bad) => {
    const app = testApp();
    expect(() => new ProjectStack(app, 'Bad', { ir: bad as unknown as BlueprintIR, projectId: PROJECT_ID })).toThrow(/Invalid blueprint IR/);
    expect(app.node.children).toHaveLength(0);
  });

  test.each(['', 'has space', 'a/b', 'under_score', 'ünicode', 'x'.repeat(65)])('projectId %j throws', (projectId) => {
    const app = testApp();
    expect(() => new ProjectStack(app, 'Bad', { ir, projectId })).toThrow(/Invalid projectId/);
    expect(app.node.children).toHaveLength(0);
  });

  test('letters, digits and hyphens are accepted', () => {
    expect(() => new ProjectStack(testApp(), 'Good', { ir, projectId: 'Ab-9' })).not.toThrow();
  });
});

describe('props', () => {
  const ir = goldenIr('01-task-tracker');

  test('the same IR and props give the same template (no clock, no randomness)', () => {
    expect(synth(ir).json).toEqual(synth(ir).json);
  });

  test('another blueprint changes the runtime\'s blueprint hash (fresh execution environments)', () => {
    const changed: BlueprintIR = { ...ir, project: { ...ir.project, summary: `${ir.project.summary} (edited)` } };
    expect(synth(changed).stack.blueprintSha256).not.toBe(synth(ir).stack.blueprintSha256);
  });

  test('deployment, blueprint and time go into the stored item', () => {
    const { stack, resources } = synth(ir, { deploymentId: 'd-1', blueprintId: 'b-1', deployedAt: '2026-11-22T10:00:00.000Z' });
    const item = callOf(props(resources[logicalId(stack, stack.blueprint.resource.node.findChild('Resource'))]).Create).parameters.Item;
    expect(item).toMatchObject({ deploymentId: { S: 'd-1' }, blueprintId: { S: 'b-1' }, deployedAt: { S: '2026-11-22T10:00:00.000Z' } });
  });

  test('throttling and log retention reach the stage and the log groups', () => {
    const { template } = synth(ir, { throttlingRateLimit: 50, throttlingBurstLimit: 100, logRetention: 7 });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 } });
    for (const group of Object.values(template.findResources('AWS::Logs::LogGroup'))) expect(group.Properties.RetentionInDays).toBe(7);
  });

  test('destroyOnRemoval: data, pool and logs are deleted with the stack (the bucket emptied first), still nag-clean', () => {
    const s = synth(ir, { destroyOnRemoval: true });
    const table = s.resources[logicalId(s.stack, s.stack.data.table)]!;
    expect(table.DeletionPolicy).toBe('Delete');
    expect(props(table).DeletionProtectionEnabled).toBe(false);
    expect(s.resources[logicalId(s.stack, s.stack.files.bucket)]!.DeletionPolicy).toBe('Delete');
    expect(s.resources[logicalId(s.stack, s.stack.identity.userPool)]!.DeletionPolicy).toBe('Delete');
    s.template.resourceCountIs('Custom::S3AutoDeleteObjects', 1);
    for (const group of Object.values(s.template.findResources('AWS::Logs::LogGroup'))) expect(group.DeletionPolicy).toBe('Delete');
    expect(describeViolations(new AwsSolutionsChecks().validateScope(s.app).violations)).toEqual([]);
  });
});
