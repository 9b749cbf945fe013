/**
 * Deploying project stacks on AWS (issue 24): a Step Functions state machine built from the step
 * lists (DEPLOY_STACK_STEPS, DESTROY_STACK_STEPS in lambdas/control-plane/deployment/stack-steps.ts),
 * one Lambda task per step in the lists' order. A `poll` step loops through a Wait state of its
 * `pollSeconds` until it reports done: no Lambda ever sleeps. Begin marks the deployment in
 * progress and chooses the list; the end task records success (or `destroyed`); any failure is
 * caught and ends the deployment `failed` with its message.
 *
 * With it: the artifact bucket (project templates are ~50 KB, over CloudFormation's inline
 * limit), the code of project stacks published once as assets of this stack, the synthesis
 * function (the project stack's CDK app, bundled apart: lib/shared/synth-bundling.ts), and the
 * role CloudFormation deploys project stacks with, so the step function itself needs only
 * iam:PassRole for it.
 */
import { ArnFormat, type CfnElement, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as assets from 'aws-cdk-lib/aws-s3-assets';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { DEPLOYMENT_RUN_TABLE_ACTIONS } from '../../lambdas/control-plane/deployment/run-deployment';
import { DEPLOY_STACK_STEPS, DESTROY_STACK_STEPS, type StackStep } from '../../lambdas/control-plane/deployment/stack-steps';
import { TABLE_KEYS } from '../../lambdas/adapters/dynamodb/table-definition';
import { ENV } from '../../lambdas/shared/env';
import { PROJECT_CODE_ENTRIES, PROJECT_CODE_NAMES, type ProjectCodeName } from '../project/project-code';
import { BUNDLE_HANDLER, bundledCode } from '../shared/bgs-function';
import { lambdaBundleDir, placeholderBundleDir, REPO_ROOT } from '../shared/lambda-bundling';
import { projectSynthBundleDir } from '../shared/synth-bundling';
import { WORKFLOWS_REGION } from '../../lambdas/core/deploy/regions';
import { acknowledgeWildcards, type Wildcards } from '../shared/nag-wildcards';
import { vendedLogGroupName, vendedLogGroupPattern } from '../shared/log-group-names';
import { dirname, join } from 'node:path';

export interface DeploymentWorkflowProps {
  /** ARN of the control-plane table (deployments, blueprints, projects live there). */
  readonly tableArn: string;
  /** The environment every control-plane function shares (names from lambdas/shared/env.ts). */
  readonly environment: Readonly<Record<string, string>>;
  /**
   * The region project stacks deploy to (a blueprint with workflows goes to WORKFLOWS_REGION).
   *
   * @default - the control plane's own region
   */
  readonly projectRegion?: string;
  /**
   * The sender of generated projects' workflow mail: an address of an SES identity verified in
   * the project region.
   *
   * @default - none: project workflows' notify steps fail, saying no sender is configured
   */
  readonly workflowMailFrom?: string;
  /**
   * The sender of project user pools' codes: an address of an SES identity verified in the project region.
   *
   * @default - Cognito's default sender
   */
  readonly mailFrom?: string;
  /**
   * The SNS topic the alarms of project stacks in the control plane's region notify (the control
   * plane's, lib/shared/alarm-topic.ts); a stack in another region gets no alarms (an alarm notifies
   * topics of its own region only).
   *
   * @default - project stacks get no alarms
   */
  readonly projectAlarmTopicArn?: string;
  /**
   * The reserved concurrency (a cap) of each project's runtime function (lib/shared/function-concurrency.ts).
   *
   * @default - none
   */
  readonly projectReservedConcurrency?: number;
  /**
   * How long logs (and project templates) are kept.
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Delete log groups and the artifact bucket with the stack (development stacks only).
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
}

const STEP_ENTRY = 'lambdas/control-plane/deployment/deployment-step.lambda.ts';

/** The task states' ids: CDK assertions compare them with the step lists. */
export const deploymentTaskId = (list: 'Deploy' | 'Destroy', step: string) => `${list} ${step}`;

/** Project stacks are named BgsProject-<id> (core/deploy/project-stack-name.ts): every grant below is scoped to them. */
const PROJECT_STACK_PATTERN = 'BgsProject-*';

export class DeploymentWorkflow extends Construct {
  public readonly stateMachine: sfn.StateMachine;
  public readonly stepFunction: lambda.Function;
  public readonly synthFunction: lambda.Function;
  public readonly artifactBucket: s3.Bucket;
  /** The role CloudFormation creates, updates and deletes project stacks with. */
  public readonly stackRole: iam.Role;
  /** What the control-plane routes need to start deployments and preview them (their environment). */
  public readonly environment: Readonly<Record<string, string>>;

  constructor(scope: Construct, id: string, props: DeploymentWorkflowProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const removalPolicy = props.destroyOnRemoval ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    const retention = props.logRetention ?? logs.RetentionDays.ONE_MONTH;
    const projectRegion = props.projectRegion ?? stack.region;

    this.artifactBucket = new s3.Bucket(this, 'Artifacts', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Templates matter while their deployment runs; a month keeps them for a post-mortem.
      lifecycleRules: [{ id: 'ExpireTemplates', expiration: Duration.days(30) }],
      removalPolicy,
      autoDeleteObjects: props.destroyOnRemoval ?? false,
    });
    Validations.of(this.artifactBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'Only project templates, written by the deployment step and read by CloudFormation; CloudTrail data events can record access if an account wants it.',
    });

    // The code of every project stack function, published once with the control plane.
    const code = Object.fromEntries(PROJECT_CODE_NAMES.map((name) => [name, new assets.Asset(this, `Code-${name}`, { path: codeDir(this, name) })])) as Record<ProjectCodeName, assets.Asset>;
    const codeBucket = code.runtime.s3BucketName;
    const projectCode = JSON.stringify({ bucket: codeBucket, keys: Object.fromEntries(PROJECT_CODE_NAMES.map((name) => [name, code[name].s3ObjectKey])) });

    const synthLogs = new logs.LogGroup(this, 'SynthLogs', { retention, removalPolicy });
    // It reads and calls nothing: its only permission is its own log group.
    const synthRole = new iam.Role(this, 'SynthRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'BGS project template synthesis: writes its own logs, nothing else',
      inlinePolicies: { Logs: new iam.PolicyDocument({ statements: [new iam.PolicyStatement({ sid: 'WriteOwnLogs', actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [synthLogs.logGroupArn] })] }) },
    });
    this.synthFunction = new lambda.Function(this, 'SynthFunction', {
      role: synthRole,
      code: lambda.Code.fromAsset(stack.bundlingRequired ? projectSynthBundleDir() : placeholderBundleDir()),
      handler: BUNDLE_HANDLER,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      // Synthesis is CPU-bound (measured: ~0.4 s warm, ~160 MB); more memory is more CPU.
      memorySize: 1769,
      timeout: Duration.minutes(2),
      description: "BGS: synthesizes a project's CloudFormation template from its blueprint",
      logGroup: synthLogs,
      // CDK's template validation adds 1.5-2 s and 300 MB per cold synth and changes nothing in the template (CI runs it).
      // No --enable-source-maps: the bundle maps its stack traces lazily (synth-bundling.ts), not at every cold start (~100 ms of its 11 MB map).
      environment: { CDK_VALIDATION: 'false' },
    });

    this.stackRole = new iam.Role(this, 'ProjectStackRole', {
      assumedBy: new iam.ServicePrincipal('cloudformation.amazonaws.com'),
      description: 'BGS: what CloudFormation creates, updates and deletes project stacks with',
      inlinePolicies: { ProjectStacks: new iam.PolicyDocument({ statements: projectStackStatements(stack, codeBucket) }) },
    });

    const stepLogs = new logs.LogGroup(this, 'StepLogs', { retention, removalPolicy });
    const account = stack.account;
    const stackArns = [stack.formatArn({ service: 'cloudformation', region: '*', resource: 'stack', resourceName: `${PROJECT_STACK_PATTERN}/*` })];
    const projectTables = [`arn:${stack.partition}:dynamodb:*:${account}:table/${PROJECT_STACK_PATTERN}`];
    const role = new iam.Role(this, 'StepRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'BGS deployment steps',
      inlinePolicies: {
        Steps: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({ sid: 'WriteOwnLogs', actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [stepLogs.logGroupArn] }),
            new iam.PolicyStatement({ sid: 'Table', actions: DEPLOYMENT_RUN_TABLE_ACTIONS.map((a) => `dynamodb:${a}`), resources: [props.tableArn] }),
            new iam.PolicyStatement({ sid: 'ListIndex', actions: ['dynamodb:Query'], resources: [`${props.tableArn}/index/${TABLE_KEYS.gsi1.indexName}`] }),
            new iam.PolicyStatement({
              sid: 'ProjectStacks',
              actions: ['CreateChangeSet', 'DescribeChangeSet', 'ExecuteChangeSet', 'DeleteChangeSet', 'DescribeStacks', 'DescribeStackEvents', 'GetTemplate', 'ListStackResources', 'DeleteStack'].map((a) => `cloudformation:${a}`),
              resources: stackArns,
            }),
            new iam.PolicyStatement({ sid: 'PassStackRole', actions: ['iam:PassRole'], resources: [this.stackRole.roleArn] }),
            new iam.PolicyStatement({ sid: 'Templates', actions: ['s3:PutObject'], resources: [this.artifactBucket.arnForObjects('project-templates/*')] }),
            new iam.PolicyStatement({ sid: 'Synthesize', actions: ['lambda:InvokeFunction'], resources: [this.synthFunction.functionArn] }),
            // The data plan and its safe steps over a project's records.
            new iam.PolicyStatement({ sid: 'ProjectRecords', actions: ['dynamodb:GetItem', 'dynamodb:Scan', 'dynamodb:UpdateItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'], resources: projectTables }),
            // Copying the published code to a project's region, into the regional code bucket.
            new iam.PolicyStatement({ sid: 'ReadPublishedCode', actions: ['s3:GetObject'], resources: [`arn:${stack.partition}:s3:::${codeBucket}/*`] }),
            new iam.PolicyStatement({
              sid: 'RegionalCode',
              actions: ['s3:CreateBucket', 's3:PutBucketPublicAccessBlock', 's3:PutBucketPolicy', 's3:PutObject', 's3:GetObject', 's3:ListBucket'],
              resources: [`arn:${stack.partition}:s3:::bgs-code-${account}-*`],
            }),
            // What a destroy with deleteData removes (the stack kept them: DeletionPolicy Retain).
            new iam.PolicyStatement({ sid: 'RemoveKeptTables', actions: ['dynamodb:UpdateTable', 'dynamodb:DeleteTable'], resources: projectTables }),
            new iam.PolicyStatement({
              sid: 'RemoveKeptBuckets',
              actions: ['s3:ListBucket', 's3:DeleteObject', 's3:DeleteBucket'],
              resources: [`arn:${stack.partition}:s3:::bgsproject-*`, `arn:${stack.partition}:s3:::bgsproject-*/*`],
            }),
            new iam.PolicyStatement({ sid: 'RemoveKeptPools', actions: ['cognito-idp:UpdateUserPool', 'cognito-idp:DeleteUserPool'], resources: [`arn:${stack.partition}:cognito-idp:*:${account}:userpool/*`] }),
          ],
        }),
      },
    });
    // Named, so its ARN is known before it exists: the step function's environment names it without a cycle.
    const stateMachineName = `${stack.stackName}-project-deployment`;
    const stateMachineArn = stack.formatArn({ service: 'states', resource: 'stateMachine', resourceName: stateMachineName, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
    this.environment = {
      [ENV.DEPLOYMENT_STATE_MACHINE_ARN]: stateMachineArn,
      [ENV.PROJECT_SYNTH_FUNCTION]: this.synthFunction.functionName,
      [ENV.ARTIFACT_BUCKET]: this.artifactBucket.bucketName,
      [ENV.PROJECT_CODE]: projectCode,
      [ENV.PROJECT_REGION]: projectRegion,
      ...(props.workflowMailFrom ? { [ENV.WORKFLOW_MAIL_FROM]: props.workflowMailFrom } : {}),
      ...(props.mailFrom ? { [ENV.MAIL_FROM]: props.mailFrom } : {}),
      ...(props.projectAlarmTopicArn ? { [ENV.PROJECT_ALARM_TOPIC_ARN]: props.projectAlarmTopicArn } : {}),
      ...(props.projectReservedConcurrency ? { [ENV.PROJECT_RESERVED_CONCURRENCY]: String(props.projectReservedConcurrency) } : {}),
      [ENV.PROJECT_STACK_ROLE_ARN]: this.stackRole.roleArn,
      [ENV.ACCOUNT_ID]: account,
    };
    this.stepFunction = new lambda.Function(this, 'StepFunction', {
      code: bundledCode(this, STEP_ENTRY),
      handler: BUNDLE_HANDLER,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 1024,
      // Each step is one or a few API calls; the data steps walk a project's records (a Scan per entity).
      timeout: Duration.minutes(15),
      description: 'BGS: one step of deploying or destroying a project stack',
      role,
      logGroup: stepLogs,
      environment: { ...props.environment, ...this.environment },
    });
    for (const fn of [this.stepFunction, this.synthFunction]) {
      Validations.of(fn).acknowledge({ id: 'AwsSolutions-L1', reason: 'nodejs22.x on purpose: the runtime nearest to the Node 20 the local mode and the tests run on; move with the test runtime.' });
    }

    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      stateMachineName,
      definitionBody: sfn.DefinitionBody.fromChainable(this.definition()),
      // A CloudFormation deploy of a project stack takes minutes; a stuck one ends here.
      timeout: Duration.hours(2),
      tracingEnabled: true,
      logs: {
        destination: new logs.LogGroup(this, 'StateMachineLogs', { logGroupName: vendedLogGroupName(this, 'project-deployment'), retention, removalPolicy }),
        level: sfn.LogLevel.ALL,
        includeExecutionData: false,
      },
    });
    this.acknowledge(stack, role);
  }

  private definition(): sfn.IChainable {
    const invoke = (taskId: string, payload: Record<string, unknown>, resultPath: string | undefined = '$.task') =>
      new tasks.LambdaInvoke(this, taskId, {
        lambdaFunction: this.stepFunction,
        payload: sfn.TaskInput.fromObject({ deploymentId: sfn.JsonPath.stringAt('$.deploymentId'), ...payload }),
        payloadResponseOnly: true,
        resultPath: resultPath ?? sfn.JsonPath.DISCARD,
        // Replaced by the retry below, which also waits out throttling.
        retryOnServiceExceptions: false,
      }).addRetry({
        // Throttling and Lambda's own hiccups, with backoff; a step's real failure is caught below.
        errors: ['Lambda.TooManyRequestsException', 'Lambda.ServiceException', 'Lambda.SdkClientException', 'Lambda.AWSLambdaException', 'Lambda.ClientExecutionTimeoutException'],
        interval: Duration.seconds(2),
        maxAttempts: 6,
        backoffRate: 2,
      });

    const fail = invoke('Mark failed', { step: 'fail', error: sfn.JsonPath.objectAt('$.error') }, undefined).next(new sfn.Fail(this, 'Deployment failed'));
    const run = (list: 'Deploy' | 'Destroy', steps: readonly StackStep[], end: sfn.IChainable): sfn.IChainable => {
      let next: sfn.IChainable = end;
      for (const step of [...steps].reverse()) {
        const task = invoke(deploymentTaskId(list, step.name), { step: step.name, run: sfn.JsonPath.objectAt('$.task.run') });
        task.addCatch(fail, { resultPath: '$.error' });
        if (step.kind === 'poll') {
          const wait = new sfn.Wait(this, `${list} ${step.name} wait`, { time: sfn.WaitTime.duration(Duration.seconds(step.pollSeconds ?? 5)) });
          const choice = new sfn.Choice(this, `${list} ${step.name} done?`).when(sfn.Condition.booleanEquals('$.task.done', false), wait.next(task)).otherwise(next);
          next = task.next(choice);
        } else {
          next = task.next(next);
        }
      }
      return next;
    };
    const succeed = invoke('Record success', { step: 'succeed', run: sfn.JsonPath.objectAt('$.task.run') }).addCatch(fail, { resultPath: '$.error' }).next(new sfn.Succeed(this, 'Deployed'));
    const destroyed = invoke('Record destroyed', { step: 'destroyed', run: sfn.JsonPath.objectAt('$.task.run') }).addCatch(fail, { resultPath: '$.error' }).next(new sfn.Succeed(this, 'Destroyed'));
    const begin = invoke('Begin', { step: 'begin' }).addCatch(fail, { resultPath: '$.error' });
    const route = new sfn.Choice(this, 'Deploy or destroy?')
      .when(sfn.Condition.stringEquals('$.task.path', 'deploy'), run('Deploy', DEPLOY_STACK_STEPS, succeed))
      .when(sfn.Condition.stringEquals('$.task.path', 'destroy'), run('Destroy', DESTROY_STACK_STEPS, destroyed))
      .otherwise(new sfn.Succeed(this, 'Already ended'));
    return begin.next(route);
  }

  private acknowledge(stack: Stack, role: iam.Role): void {
    void WORKFLOWS_REGION;
    const stepFunctionLogicalId = stack.getLogicalId(this.stepFunction.node.defaultChild as CfnElement);
    Validations.of(this.stateMachine).acknowledge(
      { id: `AwsSolutions-IAM5[Resource::<${stepFunctionLogicalId}.Arn>:*]`, reason: 'CDK grants the state machine lambda:InvokeFunction on the step function and its versions (`<arn>:*`): this one function only.' },
      { id: 'AwsSolutions-IAM5[Resource::*]', reason: 'X-Ray tracing and CloudWatch Logs log delivery support no resource-level permissions: AWS requires "*".' },
    );
    const artifacts = `<${stack.getLogicalId(this.artifactBucket.node.defaultChild as CfnElement)}.Arn>`;
    acknowledgeWildcards(role, STEP_ROLE_WILDCARDS.map(([finding, reason]) => [finding.replace('<ARTIFACTS>', artifacts), reason] as const));
    acknowledgeWildcards(this.stackRole, STACK_ROLE_WILDCARDS);
  }
}

/** A code asset's folder: the service's bundle of a BGS function, or aws-cdk-lib's handler as the construct ships it. */
function codeDir(scope: Construct, name: ProjectCodeName): string {
  const entry = PROJECT_CODE_ENTRIES[name];
  if (entry.kind === 'cdk-handler') return join(dirname(require.resolve('aws-cdk-lib/package.json', { paths: [REPO_ROOT] })), entry.packagePath);
  return Stack.of(scope).bundlingRequired ? lambdaBundleDir(entry.entry) : placeholderBundleDir();
}

/** Turning an HTTP API stage's access logging on, changing and removing it (API Gateway adds the group to the log delivery). */
const LOG_DELIVERY_ACTIONS = ['CreateLogDelivery', 'GetLogDelivery', 'UpdateLogDelivery', 'DeleteLogDelivery', 'ListLogDeliveries', 'PutResourcePolicy', 'DescribeResourcePolicies', 'DescribeLogGroups'].map(
  (action) => `logs:${action}`,
);

/** An EventBridge rule with its target and tags, as CloudFormation creates, updates and deletes it. */
const EVENT_RULE_ACTIONS = ['PutRule', 'DescribeRule', 'DeleteRule', 'EnableRule', 'DisableRule', 'PutTargets', 'RemoveTargets', 'ListTargetsByRule', 'TagResource', 'UntagResource', 'ListTagsForResource'].map(
  (action) => `events:${action}`,
);

/** A CloudWatch alarm with its tags, as CloudFormation creates, updates and deletes it. */
const ALARM_ACTIONS = ['PutMetricAlarm', 'DescribeAlarms', 'DeleteAlarms', 'TagResource', 'UntagResource', 'ListTagsForResource'].map((action) => `cloudwatch:${action}`);

/**
 * What CloudFormation needs to create, update and delete a project stack (lib/project): the
 * resources' own actions, each on the names CloudFormation gives them (BgsProject-<id>-...).
 */
function projectStackStatements(stack: Stack, codeBucket: string): iam.PolicyStatement[] {
  const a = stack.account;
  const p = stack.partition;
  return [
    new iam.PolicyStatement({ sid: 'Tables', actions: ['dynamodb:*'], resources: [`arn:${p}:dynamodb:*:${a}:table/${PROJECT_STACK_PATTERN}`] }),
    new iam.PolicyStatement({ sid: 'Buckets', actions: ['s3:*'], resources: [`arn:${p}:s3:::bgsproject-*`, `arn:${p}:s3:::bgsproject-*/*`] }),
    // Lambda fetches a function's code with CloudFormation's credentials: the published code (bootstrap assets) and its regional copies.
    new iam.PolicyStatement({ sid: 'PublishedCode', actions: ['s3:GetObject'], resources: [`arn:${p}:s3:::${codeBucket}/*`, `arn:${p}:s3:::bgs-code-${a}-*/*`] }),
    new iam.PolicyStatement({ sid: 'Functions', actions: ['lambda:*'], resources: [`arn:${p}:lambda:*:${a}:function:${PROJECT_STACK_PATTERN}`] }),
    new iam.PolicyStatement({
      sid: 'Roles',
      actions: ['iam:CreateRole', 'iam:DeleteRole', 'iam:GetRole', 'iam:PassRole', 'iam:PutRolePolicy', 'iam:DeleteRolePolicy', 'iam:GetRolePolicy', 'iam:TagRole', 'iam:UntagRole', 'iam:UpdateRoleDescription'],
      resources: [`arn:${p}:iam::${a}:role/${PROJECT_STACK_PATTERN}`],
    }),
    new iam.PolicyStatement({ sid: 'Logs', actions: ['logs:*'], resources: [`arn:${p}:logs:*:${a}:log-group:${PROJECT_STACK_PATTERN}`, `arn:${p}:logs:*:${a}:log-group:${PROJECT_STACK_PATTERN}:*`] }),
    // The stage's access log group, named under /aws/vendedlogs/ (lib/shared/log-group-names.ts).
    new iam.PolicyStatement({ sid: 'VendedLogs', actions: ['logs:*'], resources: [`arn:${p}:logs:*:${a}:log-group:${vendedLogGroupPattern(PROJECT_STACK_PATTERN)}`] }),
    // What API Gateway asks of whoever turns a stage's access logging on (its HTTP API logging guide): log delivery has no resource-level permission.
    new iam.PolicyStatement({ sid: 'AccessLogDelivery', actions: LOG_DELIVERY_ACTIONS, resources: ['*'] }),
    // A stack with workflows: the rule that ends instances of executions that ended outside the handler (lib/project/project-workflows.ts).
    new iam.PolicyStatement({ sid: 'EventRules', actions: EVENT_RULE_ACTIONS, resources: [`arn:${p}:events:*:${a}:rule/${PROJECT_STACK_PATTERN}`] }),
    // The project's operations alarms (lib/project/project-operations.ts), which notify the control plane's topic.
    new iam.PolicyStatement({ sid: 'Alarms', actions: ALARM_ACTIONS, resources: [`arn:${p}:cloudwatch:*:${a}:alarm:${PROJECT_STACK_PATTERN}`] }),
    new iam.PolicyStatement({ sid: 'UserPools', actions: ['cognito-idp:*'], resources: [`arn:${p}:cognito-idp:*:${a}:userpool/*`] }),
    new iam.PolicyStatement({ sid: 'CreateUserPools', actions: ['cognito-idp:CreateUserPool'], resources: ['*'] }),
    new iam.PolicyStatement({ sid: 'Apis', actions: ['apigateway:*'], resources: [`arn:${p}:apigateway:*::/apis`, `arn:${p}:apigateway:*::/apis/*`, `arn:${p}:apigateway:*::/tags/*`] }),
    // Every stack: its stream function's and event-jobs function's event source mappings and their queues (lib/project/project-events.ts).
    new iam.PolicyStatement({
      sid: 'CreateEventSourceMappings',
      actions: ['lambda:CreateEventSourceMapping'],
      resources: ['*'],
      conditions: { ArnLike: { 'lambda:FunctionArn': `arn:${p}:lambda:*:${a}:function:${PROJECT_STACK_PATTERN}` } },
    }),
    new iam.PolicyStatement({
      sid: 'EventSourceMappings',
      actions: ['lambda:GetEventSourceMapping', 'lambda:UpdateEventSourceMapping', 'lambda:DeleteEventSourceMapping', 'lambda:TagResource', 'lambda:UntagResource', 'lambda:ListTags'],
      resources: [`arn:${p}:lambda:*:${a}:event-source-mapping:*`],
    }),
    new iam.PolicyStatement({ sid: 'Queues', actions: ['sqs:*'], resources: [`arn:${p}:sqs:*:${a}:${PROJECT_STACK_PATTERN}`] }),
    // A stack with scheduled jobs: one EventBridge Scheduler schedule per job in the default group (lib/project/project-events.ts).
    new iam.PolicyStatement({
      sid: 'Schedules',
      actions: ['scheduler:CreateSchedule', 'scheduler:GetSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule', 'scheduler:TagResource', 'scheduler:UntagResource', 'scheduler:ListTagsForResource'],
      resources: [`arn:${p}:scheduler:*:${a}:schedule/default/${PROJECT_STACK_PATTERN}`],
    }),
  ];
}

/** The IAM5 findings of the two roles, by name with why. `<ARTIFACTS>` stands for the artifact bucket's ARN token. */

const PROJECT_NAMES = 'BGS names every project stack BgsProject-<projectId> and CloudFormation names its resources from the stack name';

const STEP_ROLE_WILDCARDS: Wildcards = [
  ['Resource::arn:<AWS::Partition>:cloudformation:*:<AWS::AccountId>:stack/BgsProject-*/*', `Project stacks in any region (a blueprint with workflows deploys to ${WORKFLOWS_REGION}); ${PROJECT_NAMES}; the stack id suffix is CloudFormation's.`],
  ['Resource::arn:<AWS::Partition>:dynamodb:*:<AWS::AccountId>:table/BgsProject-*', `The data plan and its safe steps read and rewrite a project's records, and a destroy with deleteData removes the kept table; ${PROJECT_NAMES}.`],
  ['Resource::arn:<AWS::Partition>:s3:::bgsproject-*', `A destroy with deleteData empties and deletes the kept bucket of a project; ${PROJECT_NAMES} (lower case for buckets).`],
  ['Resource::arn:<AWS::Partition>:s3:::bgsproject-*/*', `A destroy with deleteData deletes the objects of the kept bucket of a project; ${PROJECT_NAMES}.`],
  ['Resource::arn:<AWS::Partition>:cognito-idp:*:<AWS::AccountId>:userpool/*', 'A destroy with deleteData deletes the kept user pool of a project by the id the destroy recorded: Cognito names pools by generated ids, which no prefix can match.'],
  ['Resource::<ARTIFACTS>/project-templates/*', 'Project templates are written under project-templates/<projectId>/<deploymentId>/: one object per deployment, named at run time.'],
  ['Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*', "The published code of project stacks: the control plane's CDK assets, keyed by content hash, read to be copied to another region."],
  ['Resource::arn:<AWS::Partition>:s3:::bgs-code-<AWS::AccountId>-*', "The regional copies of the published code, one bucket bgs-code-<account>-<region> per project region, created on a project's first deploy there."],
];

const STACK_ROLE_WILDCARDS: Wildcards = [
  ...(['dynamodb', 's3', 'lambda', 'logs', 'cognito-idp', 'apigateway', 'sqs'] as const).map(
    (service) => [`Action::${service}:*`, `CloudFormation creates, updates and deletes every property of a project's ${service} resources (the project stack's constructs decide which); the resources are limited to the project's.`] as const,
  ),
  ['Resource::arn:<AWS::Partition>:dynamodb:*:<AWS::AccountId>:table/BgsProject-*', `The project's table; ${PROJECT_NAMES}.`],
  ['Resource::arn:<AWS::Partition>:s3:::bgsproject-*', `The project's file bucket; ${PROJECT_NAMES} (lower case for buckets).`],
  ['Resource::arn:<AWS::Partition>:s3:::bgsproject-*/*', `The objects of the project's file bucket (emptied by its auto-delete in development stacks); ${PROJECT_NAMES}.`],
  ['Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*', 'Lambda fetches the code of project functions with the credentials CloudFormation uses: the published code (CDK assets, content-hash keys).'],
  ['Resource::arn:<AWS::Partition>:s3:::bgs-code-<AWS::AccountId>-*/*', 'Lambda fetches the code of project functions with the credentials CloudFormation uses: the regional copies of the published code.'],
  ['Resource::arn:<AWS::Partition>:lambda:*:<AWS::AccountId>:function:BgsProject-*', `The project's functions (runtime, token trigger, blueprint provider); ${PROJECT_NAMES}.`],
  ['Resource::arn:<AWS::Partition>:iam::<AWS::AccountId>:role/BgsProject-*', `The roles of the project's functions; ${PROJECT_NAMES}.`],
  ['Resource::arn:<AWS::Partition>:logs:*:<AWS::AccountId>:log-group:BgsProject-*', `The project's log groups; ${PROJECT_NAMES}.`],
  ['Resource::arn:<AWS::Partition>:logs:*:<AWS::AccountId>:log-group:BgsProject-*:*', `The log streams of the project's log groups; ${PROJECT_NAMES}.`],
  [
    `Resource::arn:<AWS::Partition>:logs:*:<AWS::AccountId>:log-group:${vendedLogGroupPattern(PROJECT_STACK_PATTERN)}`,
    `The access log group of the project's stage and its streams, named /aws/vendedlogs/bgs/<stack name>/api-access-<stack UUID> (lib/shared/log-group-names.ts); ${PROJECT_NAMES}.`,
  ],
  ['Resource::arn:<AWS::Partition>:events:*:<AWS::AccountId>:rule/BgsProject-*', `The rule of a project with workflows (execution status changes of its durable function); ${PROJECT_NAMES}.`],
  ['Resource::arn:<AWS::Partition>:cloudwatch:*:<AWS::AccountId>:alarm:BgsProject-*', `The project's operations alarms; ${PROJECT_NAMES}.`],
  ['Resource::arn:<AWS::Partition>:cognito-idp:*:<AWS::AccountId>:userpool/*', "The project's user pool and its client: Cognito names pools by generated ids, which no prefix can match."],
  [
    'Resource::*',
    'cognito-idp:CreateUserPool and lambda:CreateEventSourceMapping have no resource-level permission (what they create does not exist yet), nor have the log delivery actions API Gateway needs to turn a stage\'s access logging on: AWS requires "*" for them, and only for them; the mapping is further limited by its condition on the project\'s functions.',
  ],
  ['Resource::arn:<AWS::Partition>:lambda:*:<AWS::AccountId>:event-source-mapping:*', "The stream function's event source mapping: Lambda names mappings by generated UUIDs, which no prefix can match."],
  ['Resource::arn:<AWS::Partition>:sqs:*:<AWS::AccountId>:BgsProject-*', `The project's event-job queue, its dead-letter queue and the stream function's failure queue; ${PROJECT_NAMES}.`],
  ['Resource::arn:<AWS::Partition>:scheduler:*:<AWS::AccountId>:schedule/default/BgsProject-*', `The schedules of the project's scheduled jobs, in Scheduler's default group; ${PROJECT_NAMES}.`],
  ['Resource::arn:<AWS::Partition>:apigateway:*::/apis', "Creating the project's HTTP API: API Gateway authorizes it on the collection of APIs."],
  ['Resource::arn:<AWS::Partition>:apigateway:*::/apis/*', "The project's HTTP API, stage, routes and integration: API Gateway names APIs by generated ids."],
  ['Resource::arn:<AWS::Partition>:apigateway:*::/tags/*', "Tagging the project's HTTP API (CloudFormation tags what it creates)."],
];

