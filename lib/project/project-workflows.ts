/**
 * A project's workflows on AWS (issue 25 item 3), only in stacks whose blueprint has workflows:
 *
 *   Workflow        the durable function (workflow.lambda.ts: the same handler the local engine
 *                   runs), 366-day executions, published as a version behind the alias `live`;
 *                   every start goes through the alias (Lambda refuses unqualified durable
 *                   executions, and an execution stays on the version it started on)
 *   RecordChanges   the function on the project table's stream (record-changes.lambda.ts):
 *                   triggers start instances, record waits resume callbacks
 *   ExecutionEnds   the function Lambda's "Durable Execution Status Change" events of the
 *                   workflow function reach through a rule (ExecutionEndsRule), for executions
 *                   that ended FAILED, TIMED_OUT or STOPPED outside the handler: it ends their
 *                   instances (workflow-execution-ends.lambda.ts)
 *   FailedChanges   the workflows' dead-letter queue (SQS, encrypted, TLS only): changes the stream
 *                   mapping gave up on, and status-change events the rule could not deliver
 *
 * IAM is written out per principal (no grant helpers, no AWS managed policy):
 *   - the workflow function: the two durable actions and callbacks on its own versions, starts
 *     through its alias (a task's `start`), the project table as the runtime has it, SES
 *     SendEmail on the sender's identity, and the endpoint reads: GetItem on the control
 *     plane's table only where the partition key is `PROJECT#<id>`, GetSecretValue on
 *     `bgs/endpoints/<id>/*`;
 *   - the stream function: the table's stream, the project table, starts and callbacks;
 *   - the execution-ends function: UpdateItem on the project table, GetDurableExecution on the
 *     workflow function's versions;
 *   - the runtime (statements handed to ProjectRuntimeFunction): starts, callbacks, the list that
 *     finds an execution's ARN, and stops.
 * The statements that name the workflow function itself sit in a policy of their own
 * (`SelfPolicy`): inline in its role they would make the function depend on itself.
 */
import { Arn, ArnFormat, Duration, RemovalPolicy, Stack, Token, Validations, type CfnElement } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { keys } from '../../lambdas/adapters/dynamodb/keys';
import { ENDPOINT_SECRET_NAME_PREFIX } from '../../lambdas/core/outgoing/endpoint';
import { EXECUTION_ENDS_TABLE_ACTIONS } from '../../lambdas/project-runtime/runtime-permissions';
import { UNRECORDED_END_STATUSES } from '../../lambdas/project-runtime/workflows/execution-ends';
import { EXECUTION_STATUS_EVENT } from '../../lambdas/project-runtime/workflows/execution-status-events';
import { ENV } from '../../lambdas/shared/env';
import { BgsFunction } from '../shared/bgs-function';
import { PROJECT_CODE_ENTRIES } from './project-code';
import { projectTableStatements } from './runtime-function';
import { DEPLOY_LIMITS } from '../../lambdas/core/blueprint/deploy-limits';

/** The alias every start and signal goes through. */
export const WORKFLOW_ALIAS = 'live';

/** Lambda's longest durable execution (31,622,400 s): a workflow may wait close to a year. */
export const WORKFLOW_EXECUTION_TIMEOUT = Duration.days(366);

/** The resources this construct adds to a project stack (the resource guard and the blueprint's deploy check count them). */
export const PROJECT_WORKFLOW_RESOURCES = DEPLOY_LIMITS.projectWorkflowResources;

export interface ProjectWorkflowsProps {
  readonly projectId: string;
  /** The project's table; it must stream NEW_AND_OLD_IMAGES (ProjectData does). */
  readonly table: dynamodb.ITable;
  /** The table's GSIs the workflow and stream functions may Query (as the runtime). */
  readonly indexNames: readonly string[];
  /** The runtime's environment (projectRuntimeEnvironment): both functions build the runtime's services. */
  readonly runtimeEnvironment: Readonly<Record<string, string>>;
  /** The workflow function's code. @default the service's bundle of its entry */
  readonly workflowCode?: lambda.Code;
  /** The stream function's code. @default the service's bundle of its entry */
  readonly recordChangesCode?: lambda.Code;
  /** The execution-ends function's code. @default the service's bundle of its entry */
  readonly executionEndsCode?: lambda.Code;
  /**
   * The sender of workflow mail, an address of an SES identity verified in the stack's region.
   *
   * @default - none: notify steps fail, saying no sender is configured
   */
  readonly mailFrom?: string;
  /**
   * The SES identity SendEmail is granted on.
   *
   * @default - the domain of `mailFrom`
   */
  readonly mailIdentity?: string;
  /**
   * The control plane's table (ARN), where the project's outgoing endpoints are (its region is
   * also where their secrets are).
   *
   * @default - none: call steps fail, saying the stack names no control-plane table
   */
  readonly controlPlaneTableArn?: string;
  /**
   * How often the stream mapping retries a batch that failed (bisected each time) before it goes to the failure queue.
   *
   * @default 10
   */
  readonly streamRetryAttempts?: number;
  /**
   * The oldest change the stream mapping still hands on; older ones go to the failure queue.
   *
   * @default Duration.hours(6)
   */
  readonly streamMaxRecordAge?: Duration;
  /** @default logs.RetentionDays.ONE_MONTH */
  readonly logRetention?: logs.RetentionDays;
  /** Delete the log groups and the failure queue with the stack. @default false */
  readonly destroyOnRemoval?: boolean;
}

export class ProjectWorkflows extends Construct {
  public readonly workflow: BgsFunction;
  public readonly alias: lambda.Alias;
  public readonly recordChanges: BgsFunction;
  public readonly failedChanges: sqs.Queue;
  public readonly mapping: lambda.EventSourceMapping;
  public readonly executionEnds: BgsFunction;
  public readonly executionEndsRule: events.Rule;
  /** What the runtime sets to reach the workflow function (runtime-config.ts parseWorkflowTransport). */
  public readonly runtimeEnvironment: Readonly<Record<string, string>>;
  /** The runtime's permissions on the workflow function. */
  public readonly runtimeStatements: readonly iam.PolicyStatement[];

  constructor(scope: Construct, id: string, props: ProjectWorkflowsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const { table, projectId } = props;
    if (!table.tableStreamArn) throw new Error("ProjectWorkflows needs the project table's stream (ProjectData turns it on)");
    // A literal ARN: its region and account name the endpoint secrets, and cdk-nag's finding about them.
    if (props.controlPlaneTableArn !== undefined && (Token.isUnresolved(props.controlPlaneTableArn) || !/^arn:[a-z-]+:dynamodb:[a-z0-9-]+:\d{12}:table\/.+$/.test(props.controlPlaneTableArn))) {
      throw new Error(`controlPlaneTableArn must be a DynamoDB table ARN written out, got ${props.controlPlaneTableArn}`);
    }
    const tableStatements = projectTableStatements(table, props.indexNames);

    this.workflow = new BgsFunction(this, 'Workflow', {
      entry: PROJECT_CODE_ENTRIES.workflow.entry,
      code: props.workflowCode,
      description: `BGS project ${projectId}: its workflows (durable executions of the prebuilt workflow handler)`,
      environment: {
        ...props.runtimeEnvironment,
        [ENV.WORKFLOW_ALIAS]: WORKFLOW_ALIAS,
        ...(props.mailFrom ? { [ENV.WORKFLOW_MAIL_FROM]: props.mailFrom } : {}),
        ...(props.controlPlaneTableArn ? { [ENV.CONTROL_PLANE_TABLE_ARN]: props.controlPlaneTableArn } : {}),
      },
      statements: [...tableStatements, ...mailStatements(stack, props), ...endpointStatements(props)],
      durableConfig: { executionTimeout: WORKFLOW_EXECUTION_TIMEOUT },
      // Each invocation replays the history and runs what is due (a task's call waits up to 10 s per attempt).
      memorySize: 1024,
      timeout: Duration.minutes(5),
      logRetention: props.logRetention,
      destroyOnRemoval: props.destroyOnRemoval,
    });
    const fn = this.workflow.function;
    const aliasArn = `${fn.functionArn}:${WORKFLOW_ALIAS}`;
    // `<function>:*`: its versions and aliases, under which Lambda names its durable executions.
    const versionsArn = `${fn.functionArn}:*`;

    const selfPolicy = new iam.Policy(this, 'SelfPolicy', {
      roles: [this.workflow.role],
      statements: [
        new iam.PolicyStatement({ sid: 'DurableState', actions: ['lambda:CheckpointDurableExecution', 'lambda:GetDurableExecutionState'], resources: [versionsArn] }),
        new iam.PolicyStatement({ sid: 'ResumeOwnCallbacks', actions: ['lambda:SendDurableExecutionCallbackSuccess'], resources: [versionsArn] }),
        new iam.PolicyStatement({ sid: 'StartThroughAlias', actions: ['lambda:InvokeFunction'], resources: [aliasArn] }),
      ],
    });
    // Versions are kept when a new one is published: a running execution stays on the version it
    // started on (deleting the function with the stack still deletes them all).
    fn.currentVersion.applyRemovalPolicy(RemovalPolicy.RETAIN);
    this.alias = new lambda.Alias(this, 'Alias', { aliasName: WORKFLOW_ALIAS, version: fn.currentVersion });
    // Nothing reaches the alias before the function may checkpoint.
    this.alias.node.addDependency(selfPolicy);

    const transport = { [ENV.WORKFLOW_FUNCTION_NAME]: fn.functionName, [ENV.WORKFLOW_ALIAS]: WORKFLOW_ALIAS };
    const starts = new iam.PolicyStatement({ sid: 'StartWorkflows', actions: ['lambda:InvokeFunction'], resources: [this.alias.functionArn] });
    const callbacks = new iam.PolicyStatement({ sid: 'ResumeWorkflows', actions: ['lambda:SendDurableExecutionCallbackSuccess'], resources: [versionsArn] });

    this.failedChanges = new sqs.Queue(this, 'FailedChanges', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: props.destroyOnRemoval ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });

    this.recordChanges = new BgsFunction(this, 'RecordChanges', {
      entry: PROJECT_CODE_ENTRIES['record-changes'].entry,
      code: props.recordChangesCode,
      description: `BGS project ${projectId}: record changes from the table's stream to its workflows (triggers, record waits)`,
      environment: { ...props.runtimeEnvironment, ...transport },
      statements: [
        new iam.PolicyStatement({
          sid: 'ReadStream',
          actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
          resources: [table.tableStreamArn],
        }),
        new iam.PolicyStatement({ sid: 'ListStreams', actions: ['dynamodb:ListStreams'], resources: [`${table.tableArn}/stream/*`] }),
        new iam.PolicyStatement({ sid: 'FailedChanges', actions: ['sqs:SendMessage'], resources: [this.failedChanges.queueArn] }),
        ...tableStatements,
        starts,
        callbacks,
      ],
      memorySize: 512,
      // A batch of 100 changes, each a few table writes and an asynchronous invoke.
      timeout: Duration.minutes(1),
      logRetention: props.logRetention,
      destroyOnRemoval: props.destroyOnRemoval,
    });

    this.mapping = new lambda.EventSourceMapping(this, 'StreamMapping', {
      target: this.recordChanges.function,
      eventSourceArn: table.tableStreamArn,
      // LATEST: a deploy that adds workflows to a project starts them for changes made from then
      // on, not for up to 24 hours of changes made before they existed (TRIM_HORIZON would). The
      // position matters only when the mapping is created; its id is fixed, so it is never re-created.
      startingPosition: lambda.StartingPosition.LATEST,
      batchSize: 100,
      reportBatchItemFailures: true,
      bisectBatchOnError: true,
      retryAttempts: props.streamRetryAttempts ?? 10,
      maxRecordAge: props.streamMaxRecordAge ?? Duration.hours(6),
      // The granted queue (sqs:SendMessage above), without the grant CDK's SqsDlq adds to the role.
      onFailure: { bind: () => ({ destination: this.failedChanges.queueArn }) },
    });
    // The function may read the stream before the mapping first calls it.
    this.mapping.node.addDependency(this.recordChanges.role);

    this.executionEnds = new BgsFunction(this, 'ExecutionEnds', {
      entry: PROJECT_CODE_ENTRIES['workflow-execution-ends'].entry,
      code: props.executionEndsCode,
      description: `BGS project ${projectId}: ends the workflow instances whose durable executions ended outside the handler (failed, timed out, stopped)`,
      environment: { ...props.runtimeEnvironment, ...transport },
      statements: [
        new iam.PolicyStatement({ sid: 'EndInstances', actions: EXECUTION_ENDS_TABLE_ACTIONS.map((action) => `dynamodb:${action}`), resources: [table.tableArn] }),
        // The event names the execution; its input (the instance and its organization) is read by its ARN.
        new iam.PolicyStatement({ sid: 'ReadEndedExecutions', actions: ['lambda:GetDurableExecution'], resources: [versionsArn] }),
      ],
      memorySize: 256,
      timeout: Duration.seconds(30),
      logRetention: props.logRetention,
      destroyOnRemoval: props.destroyOnRemoval,
    });
    this.executionEndsRule = new events.Rule(this, 'ExecutionEndsRule', {
      description: `BGS project ${projectId}: durable executions of its workflow function that ended outside the handler`,
      eventPattern: {
        source: [EXECUTION_STATUS_EVENT.source],
        detailType: [EXECUTION_STATUS_EVENT.detailType],
        // The function's versions (`<function>:<version>`), the ends the handler cannot record itself.
        detail: { functionArn: events.Match.prefix(`${fn.functionArn}:`), status: [...UNRECORDED_END_STATUSES] },
      },
    });
    this.executionEndsRule.addTarget(
      new targets.LambdaFunction(this.executionEnds.function, {
        // An event that failed every attempt waits in the workflows' dead-letter queue, not lost.
        deadLetterQueue: this.failedChanges,
        retryAttempts: 8,
        maxEventAge: Duration.hours(24),
      }),
    );

    this.runtimeEnvironment = transport;
    this.runtimeStatements = [
      starts,
      new iam.PolicyStatement({ sid: 'SignalAndStopWorkflows', actions: ['lambda:SendDurableExecutionCallbackSuccess', 'lambda:StopDurableExecution'], resources: [versionsArn] }),
      // A stop looks the execution's ARN up by its name (lambda-durable-executions.ts), on the unqualified function.
      new iam.PolicyStatement({ sid: 'FindWorkflowExecutions', actions: ['lambda:ListDurableExecutionsByFunction'], resources: [fn.functionArn] }),
    ];

    acknowledgeFindings(this, props);
  }

  /** The same finding on a role holding `runtimeStatements` (the runtime's), acknowledged with the same reason. */
  acknowledgeRuntimeRole(role: iam.IRole): void {
    Validations.of(role).acknowledge({ id: versionsFinding(this), reason: VERSIONS_REASON });
  }
}

const VERSIONS_REASON =
  "Lambda names a durable execution under the version it runs on (function:<name>:<version>/durable-execution/...), and versions are published with each deploy; '<function>:*' is this one function's versions and nothing else.";

const versionsFinding = (scope: ProjectWorkflows): string =>
  `AwsSolutions-IAM5[Resource::<${Stack.of(scope).getLogicalId(scope.workflow.function.node.defaultChild as CfnElement)}.Arn>:*]`;

/** SES SendEmail on the sender's identity, when a sender is configured. */
function mailStatements(stack: Stack, props: ProjectWorkflowsProps): iam.PolicyStatement[] {
  if (!props.mailFrom) return [];
  const identity = props.mailIdentity ?? props.mailFrom.slice(props.mailFrom.lastIndexOf('@') + 1);
  return [new iam.PolicyStatement({ sid: 'SendMail', actions: ['ses:SendEmail'], resources: [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity })] })];
}

/** The endpoint reads: the project's own partition of the control plane's table, its own secrets. */
function endpointStatements(props: ProjectWorkflowsProps): iam.PolicyStatement[] {
  const tableArn = props.controlPlaneTableArn;
  if (!tableArn) return [];
  return [
    new iam.PolicyStatement({
      sid: 'ReadOwnEndpoints',
      actions: ['dynamodb:GetItem'],
      resources: [tableArn],
      // Items whose partition key is the project's (`PROJECT#<id>`, keys.ts): no other project's.
      conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [keys.projectPartition(props.projectId)] } },
    }),
    new iam.PolicyStatement({
      sid: 'ReadOwnEndpointSecrets',
      actions: ['secretsmanager:GetSecretValue'],
      resources: [endpointSecretsArn(tableArn, props.projectId)],
    }),
  ];
}

/** cdk-nag's findings on these resources, each acknowledged by name with why it stands. */
function acknowledgeFindings(scope: ProjectWorkflows, props: ProjectWorkflowsProps): void {
  const versions = versionsFinding(scope);
  const why = VERSIONS_REASON;
  Validations.of(scope.recordChanges.role).acknowledge({ id: versions, reason: why });
  Validations.of(scope.executionEnds.role).acknowledge({ id: versions, reason: why });
  Validations.of(scope.node.findChild('SelfPolicy')).acknowledge({ id: versions, reason: why });
  const tableId = Stack.of(scope).getLogicalId(props.table.node.defaultChild as CfnElement);
  Validations.of(scope.recordChanges.role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${tableId}.Arn>/stream/*]`,
    reason: "ListStreams, which Lambda's stream mappings need, on this one table's streams: a stream's ARN ends in a label DynamoDB sets when the stream is turned on.",
  });
  Validations.of(scope.failedChanges).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: "This queue is the dead-letter destination of the project table's stream mapping: a queue for what failed has no dead-letter queue of its own.",
  });
  if (props.controlPlaneTableArn) {
    Validations.of(scope.workflow.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${endpointSecretsArn(props.controlPlaneTableArn, props.projectId)}]`,
      reason:
        "The secrets of this project's outgoing endpoints: the control plane names each bgs/endpoints/<projectId>/<endpoint>/<uuid>, a new name per change, so only the project's prefix is fixed.",
    });
  }
}

/** `bgs/endpoints/<projectId>/*` in the control plane's partition, region and account (those of its table). */
function endpointSecretsArn(controlPlaneTableArn: string, projectId: string): string {
  const { partition, region, account } = Arn.split(controlPlaneTableArn, ArnFormat.SLASH_RESOURCE_NAME);
  return `arn:${partition}:secretsmanager:${region}:${account}:secret:${ENDPOINT_SECRET_NAME_PREFIX}${projectId}/*`;
}
