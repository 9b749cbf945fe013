/**
 * A project's workflows on AWS (issue 25 item 3), only in stacks whose blueprint has workflows:
 *
 *   Workflow        the durable function (workflow.lambda.ts: the same handler the local engine
 *                   runs), 366-day executions, published as a version behind the alias `live`;
 *                   every start goes through the alias (Lambda refuses unqualified durable
 *                   executions, and an execution stays on the version it started on)
 *   ExecutionEnds   the function Lambda's "Durable Execution Status Change" events of the
 *                   workflow function reach through a rule (ExecutionEndsRule), for executions
 *                   that ended FAILED, TIMED_OUT or STOPPED outside the handler: it ends their
 *                   instances (workflow-execution-ends.lambda.ts)
 *   FailedChanges   the workflows' dead-letter queue (SQS, encrypted, TLS only): status-change
 *                   events the rule could not deliver (the id is older than its one use now)
 *
 * The function on the table's stream, which starts and resumes instances, is every project's
 * (ProjectEvents: handlers and webhooks need it too); it and the event-jobs function get the
 * transport and the statements to start and resume executions from here (`changeConsumers`).
 *
 * IAM is written out per principal (no grant helpers, no AWS managed policy):
 *   - the workflow function: the two durable actions and callbacks on its own versions, starts
 *     through its alias (a task's `start`), the project table as the runtime has it, SES
 *     SendEmail on the sender's identity, and the endpoint reads: GetItem on the control
 *     plane's table only where the partition key is `PROJECT#<id>`, GetSecretValue on
 *     `bgs/endpoints/<id>/*`;
 *   - the functions that consume changes or run `start` actions (ProjectEvents): starts and callbacks;
 *   - the execution-ends function: UpdateItem on the project table, GetDurableExecution on the
 *     workflow function's versions;
 *   - the runtime (statements handed to ProjectRuntimeFunction): starts, callbacks, the list that
 *     finds an execution's ARN, and stops.
 * The statements that name the workflow function itself sit in a policy of their own
 * (`SelfPolicy`): inline in its role they would make the function depend on itself.
 */
import { Duration, RemovalPolicy, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EXECUTION_ENDS_TABLE_ACTIONS } from '../../lambdas/project-runtime/runtime-permissions';
import { UNRECORDED_END_STATUSES } from '../../lambdas/project-runtime/workflows/execution-ends';
import { EXECUTION_STATUS_EVENT } from '../../lambdas/project-runtime/workflows/execution-status-events';
import { ENV } from '../../lambdas/shared/env';
import { BgsFunction } from '../shared/bgs-function';
import { PROJECT_CODE_ENTRIES } from './project-code';
import { projectTableStatements } from './runtime-function';
import { acknowledgeEndpointSecrets, checkControlPlaneTableArn, taskActionStatements } from './task-action-statements';
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
  /** @default logs.RetentionDays.ONE_MONTH */
  readonly logRetention?: logs.RetentionDays;
  /** Delete the log groups and the failure queue with the stack. @default false */
  readonly destroyOnRemoval?: boolean;
}

export class ProjectWorkflows extends Construct {
  public readonly workflow: BgsFunction;
  public readonly alias: lambda.Alias;
  public readonly failedChanges: sqs.Queue;
  public readonly executionEnds: BgsFunction;
  public readonly executionEndsRule: events.Rule;
  /** What the runtime sets to reach the workflow function (runtime-config.ts parseWorkflowTransport). */
  public readonly runtimeEnvironment: Readonly<Record<string, string>>;
  /** The runtime's permissions on the workflow function. */
  public readonly runtimeStatements: readonly iam.PolicyStatement[];
  /** What the functions that consume record changes or run `start` actions set and may do (ProjectEvents). */
  public readonly changeConsumers: { readonly environment: Readonly<Record<string, string>>; readonly statements: readonly iam.PolicyStatement[] };

  constructor(scope: Construct, id: string, props: ProjectWorkflowsProps) {
    super(scope, id);
    const { table, projectId } = props;
    checkControlPlaneTableArn(props.controlPlaneTableArn);
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
      statements: [...tableStatements, ...taskActionStatements(this, props)],
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
    this.changeConsumers = { environment: transport, statements: [starts, callbacks] };
    this.runtimeStatements = [
      starts,
      new iam.PolicyStatement({ sid: 'SignalAndStopWorkflows', actions: ['lambda:SendDurableExecutionCallbackSuccess', 'lambda:StopDurableExecution'], resources: [versionsArn] }),
      // A stop looks the execution's ARN up by its name (lambda-durable-executions.ts), on the unqualified function.
      new iam.PolicyStatement({ sid: 'FindWorkflowExecutions', actions: ['lambda:ListDurableExecutionsByFunction'], resources: [fn.functionArn] }),
    ];

    acknowledgeFindings(this, props);
  }

  /** The same finding on a role holding `runtimeStatements` or `changeConsumers.statements`, acknowledged with the same reason. */
  acknowledgeRuntimeRole(role: iam.IRole): void {
    Validations.of(role).acknowledge({ id: versionsFinding(this), reason: VERSIONS_REASON });
  }
}

const VERSIONS_REASON =
  "Lambda names a durable execution under the version it runs on (function:<name>:<version>/durable-execution/...), and versions are published with each deploy; '<function>:*' is this one function's versions and nothing else.";

const versionsFinding = (scope: ProjectWorkflows): string =>
  `AwsSolutions-IAM5[Resource::<${Stack.of(scope).getLogicalId(scope.workflow.function.node.defaultChild as CfnElement)}.Arn>:*]`;

/** cdk-nag's findings on these resources, each acknowledged by name with why it stands. */
function acknowledgeFindings(scope: ProjectWorkflows, props: ProjectWorkflowsProps): void {
  const versions = versionsFinding(scope);
  const why = VERSIONS_REASON;
  Validations.of(scope.executionEnds.role).acknowledge({ id: versions, reason: why });
  Validations.of(scope.node.findChild('SelfPolicy')).acknowledge({ id: versions, reason: why });
  Validations.of(scope.failedChanges).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: "This queue is the dead-letter destination of the execution status-change rule: a queue for what failed has no dead-letter queue of its own.",
  });
  acknowledgeEndpointSecrets(scope.workflow.role, props);
}
