/**
 * A project's events on AWS (issue 27), in every project stack (webhooks are every project's):
 *
 *   RecordChanges   the function on the project table's stream (record-changes.lambda.ts): the
 *                   one dispatcher hands each change to the workflow consumers (stacks with
 *                   workflows), the event handlers (run here; a failing one is queued for its
 *                   retry, never failing the batch) and the webhook subscriptions (deliveries
 *                   queued); a change no consumer could take is retried per record
 *                   (ReportBatchItemFailures, bisected), then sent to FailedChanges
 *   Jobs            the event-job queue (SQS): webhook deliveries, handler and job retries, a
 *                   job's run per organization; run by EventJobs (event-jobs.lambda.ts) through
 *                   an event source mapping with per-message failures; a message that failed
 *                   MAX_RECEIVES times waits in JobDeadLetters
 *   Schedules       only with scheduled jobs: one EventBridge Scheduler schedule per job (its
 *                   expression in its time zone), all invoking the schedules function
 *                   (schedules.lambda.ts) through SchedulerRole, which fans an occurrence out as one
 *                   job per organization; an invocation Scheduler gave up on goes to JobDeadLetters
 *
 * Nothing here needs Lambda durable functions: a project without workflows deploys in any region.
 * IAM is written out per principal (no grant helpers, no managed policy); every queue is
 * encrypted (SQS-managed keys) and refuses requests without TLS.
 */
import { Duration, RemovalPolicy, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { IrSchedule } from '../../lambdas/core/blueprint/ir';
import { pascalCase } from '../../lambdas/core/text/case';
import { ENV } from '../../lambdas/shared/env';
import { BgsFunction } from '../shared/bgs-function';
import { PROJECT_CODE_ENTRIES } from './project-code';
import { projectTableStatements } from './runtime-function';
import { acknowledgeEndpointSecrets, checkControlPlaneTableArn, taskActionStatements, type TaskActionGrants } from './task-action-statements';

/** Receives of one event-job message before it goes to the dead-letter queue (SQS maxReceiveCount). */
export const MAX_RECEIVES = 5;
/** The event-jobs function's timeout: a job's run over a page of records, or one webhook attempt (10 s). */
const EVENT_JOBS_TIMEOUT = Duration.minutes(5);

export interface ProjectEventsProps extends TaskActionGrants {
  /** The project's table; it must stream NEW_AND_OLD_IMAGES (ProjectData does). */
  readonly table: dynamodb.ITable;
  /** The table's GSIs the functions may Query (as the runtime). */
  readonly indexNames: readonly string[];
  /** The runtime's environment (projectRuntimeEnvironment): every function builds the runtime's services. */
  readonly runtimeEnvironment: Readonly<Record<string, string>>;
  /** The blueprint's scheduled jobs (one schedule each). @default none */
  readonly schedules?: readonly IrSchedule[];
  /**
   * What the functions that consume changes or run `start` actions need of the workflow function
   * (ProjectWorkflows.changeConsumers). @default - none: the stack has no workflows
   */
  readonly workflows?: { readonly environment: Readonly<Record<string, string>>; readonly statements: readonly iam.PolicyStatement[] };
  /** The stream function's code. @default the service's bundle of its entry */
  readonly recordChangesCode?: lambda.Code;
  /** The event-jobs function's code. @default the service's bundle of its entry */
  readonly eventJobsCode?: lambda.Code;
  /** The schedules function's code. @default the service's bundle of its entry */
  readonly schedulesCode?: lambda.Code;
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
  /** Delete the log groups and the queues with the stack. @default false */
  readonly destroyOnRemoval?: boolean;
}

export class ProjectEvents extends Construct {
  public readonly jobs: sqs.Queue;
  public readonly jobDeadLetters: sqs.Queue;
  public readonly failedChanges: sqs.Queue;
  public readonly recordChanges: BgsFunction;
  public readonly streamMapping: lambda.EventSourceMapping;
  public readonly eventJobs: BgsFunction;
  public readonly jobsMapping: lambda.EventSourceMapping;
  /** Absent without scheduled jobs. */
  public readonly schedulesFunction?: BgsFunction;
  public readonly schedules: readonly scheduler.CfnSchedule[];
  /** What the runtime sets to reach the queue (runtime-config.ts parseEventJobsQueue). */
  public readonly runtimeEnvironment: Readonly<Record<string, string>>;
  /** The runtime's permission on the queue (webhook redeliveries, an admin's retry of a parked run). */
  public readonly runtimeStatements: readonly iam.PolicyStatement[];

  constructor(scope: Construct, id: string, props: ProjectEventsProps) {
    super(scope, id);
    const { table, projectId } = props;
    if (!table.tableStreamArn) throw new Error("ProjectEvents needs the project table's stream (ProjectData turns it on)");
    checkControlPlaneTableArn(props.controlPlaneTableArn);
    const removalPolicy = props.destroyOnRemoval ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    const queueDefaults = { encryption: sqs.QueueEncryption.SQS_MANAGED, enforceSSL: true, removalPolicy };

    this.jobDeadLetters = new sqs.Queue(this, 'JobDeadLetters', { ...queueDefaults, retentionPeriod: Duration.days(14) });
    this.jobs = new sqs.Queue(this, 'Jobs', {
      ...queueDefaults,
      // Six times the function's timeout (Lambda's advice for SQS sources): a slow batch is not handed in twice.
      visibilityTimeout: Duration.seconds(EVENT_JOBS_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.jobDeadLetters, maxReceiveCount: MAX_RECEIVES },
    });
    this.failedChanges = new sqs.Queue(this, 'FailedChanges', { ...queueDefaults, retentionPeriod: Duration.days(14) });

    const tableStatements = projectTableStatements(table, props.indexNames);
    const queueEnvironment = { [ENV.EVENT_JOBS_QUEUE_URL]: this.jobs.queueUrl };
    const sendJobs = new iam.PolicyStatement({ sid: 'SendEventJobs', actions: ['sqs:SendMessage'], resources: [this.jobs.queueArn] });
    // The functions that run actions: mail, endpoints, and (with workflows) the start of one.
    const actionEnvironment = {
      ...props.runtimeEnvironment,
      ...queueEnvironment,
      ...(props.mailFrom ? { [ENV.WORKFLOW_MAIL_FROM]: props.mailFrom } : {}),
      ...(props.controlPlaneTableArn ? { [ENV.CONTROL_PLANE_TABLE_ARN]: props.controlPlaneTableArn } : {}),
      ...props.workflows?.environment,
    };
    const actionStatements = [...tableStatements, sendJobs, ...taskActionStatements(this, props), ...(props.workflows?.statements ?? [])];

    this.recordChanges = new BgsFunction(this, 'RecordChanges', {
      entry: PROJECT_CODE_ENTRIES['record-changes'].entry,
      code: props.recordChangesCode,
      description: `BGS project ${projectId}: record changes from the table's stream to its workflows, event handlers and webhooks`,
      environment: actionEnvironment,
      statements: [
        new iam.PolicyStatement({
          sid: 'ReadStream',
          actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
          resources: [table.tableStreamArn],
        }),
        new iam.PolicyStatement({ sid: 'ListStreams', actions: ['dynamodb:ListStreams'], resources: [`${table.tableArn}/stream/*`] }),
        new iam.PolicyStatement({ sid: 'FailedChanges', actions: ['sqs:SendMessage'], resources: [this.failedChanges.queueArn] }),
        ...actionStatements,
      ],
      memorySize: 512,
      // A batch of 100 changes, each a few table writes, queued jobs and the handlers' actions.
      timeout: Duration.minutes(2),
      logRetention: props.logRetention,
      destroyOnRemoval: props.destroyOnRemoval,
    });
    this.streamMapping = new lambda.EventSourceMapping(this, 'StreamMapping', {
      target: this.recordChanges.function,
      eventSourceArn: table.tableStreamArn,
      // LATEST: a mapping created by a deploy hands on the changes made from then on, not up to 24
      // hours of changes made before (TRIM_HORIZON would). Its id is fixed, so it is never re-created.
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
    this.streamMapping.node.addDependency(this.recordChanges.role);

    this.eventJobs = new BgsFunction(this, 'EventJobs', {
      entry: PROJECT_CODE_ENTRIES['event-jobs'].entry,
      code: props.eventJobsCode,
      description: `BGS project ${projectId}: its event jobs (webhook deliveries, retries of event handlers and scheduled jobs, a job's run per organization)`,
      environment: actionEnvironment,
      statements: [
        new iam.PolicyStatement({
          sid: 'ReceiveEventJobs',
          actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ChangeMessageVisibility'],
          resources: [this.jobs.queueArn],
        }),
        ...actionStatements,
      ],
      memorySize: 512,
      timeout: EVENT_JOBS_TIMEOUT,
      logRetention: props.logRetention,
      destroyOnRemoval: props.destroyOnRemoval,
    });
    this.jobsMapping = new lambda.EventSourceMapping(this, 'JobsMapping', {
      target: this.eventJobs.function,
      eventSourceArn: this.jobs.queueArn,
      batchSize: 10,
      reportBatchItemFailures: true,
      // A burst of deliveries must not take every connection of the project's table or its receivers.
      maxConcurrency: 10,
    });
    this.jobsMapping.node.addDependency(this.eventJobs.role);

    const schedules = props.schedules ?? [];
    if (schedules.length > 0) {
      this.schedulesFunction = new BgsFunction(this, 'Schedules', {
        entry: PROJECT_CODE_ENTRIES.schedules.entry,
        code: props.schedulesCode,
        description: `BGS project ${projectId}: its scheduled jobs' occurrences, one event job per organization`,
        environment: { ...props.runtimeEnvironment, ...queueEnvironment },
        statements: [...tableStatements, sendJobs],
        memorySize: 256,
        timeout: Duration.minutes(1),
        logRetention: props.logRetention,
        destroyOnRemoval: props.destroyOnRemoval,
      });
      const role = new iam.Role(this, 'SchedulerRole', {
        assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } } }),
        description: `BGS project ${projectId}: EventBridge Scheduler invokes its schedules function`,
        inlinePolicies: {
          Invoke: new iam.PolicyDocument({
            statements: [
              new iam.PolicyStatement({ sid: 'InvokeSchedules', actions: ['lambda:InvokeFunction'], resources: [this.schedulesFunction.function.functionArn] }),
              new iam.PolicyStatement({ sid: 'DeadLetters', actions: ['sqs:SendMessage'], resources: [this.jobDeadLetters.queueArn] }),
            ],
          }),
        },
      });
      this.schedules = schedules.map(
        (job) =>
          new scheduler.CfnSchedule(this, `Schedule${pascalCase(job.name)}`, {
            description: `BGS project ${projectId}: the scheduled job ${job.name}`.slice(0, 512),
            scheduleExpression: job.expression,
            scheduleExpressionTimezone: job.timezone,
            flexibleTimeWindow: { mode: 'OFF' },
            state: 'ENABLED',
            target: {
              arn: this.schedulesFunction!.function.functionArn,
              roleArn: role.roleArn,
              // Scheduler fills in the occurrence's time: the run of (job, occurrence, organization) is recorded once.
              input: JSON.stringify({ schedule: job.name, occurrence: '<aws.scheduler.scheduled-time>' }),
              retryPolicy: { maximumRetryAttempts: 10, maximumEventAgeInSeconds: 3600 },
              deadLetterConfig: { arn: this.jobDeadLetters.queueArn },
            },
          }),
      );
    } else {
      this.schedules = [];
    }

    this.runtimeEnvironment = queueEnvironment;
    this.runtimeStatements = [sendJobs];
    acknowledgeFindings(this, props);
  }
}

/** cdk-nag's findings on these resources, each acknowledged by name with why it stands. */
function acknowledgeFindings(scope: ProjectEvents, props: ProjectEventsProps): void {
  const tableId = Stack.of(scope).getLogicalId(props.table.node.defaultChild as CfnElement);
  Validations.of(scope.recordChanges.role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${tableId}.Arn>/stream/*]`,
    reason: "ListStreams, which Lambda's stream mappings need, on this one table's streams: a stream's ARN ends in a label DynamoDB sets when the stream is turned on.",
  });
  // JobDeadLetters needs none: cdk-nag sees it is the Jobs queue's redrive target.
  Validations.of(scope.failedChanges).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: "This queue is the dead-letter destination of the project table's stream mapping: a queue for what failed has no dead-letter queue of its own.",
  });
  for (const fn of [scope.recordChanges, scope.eventJobs]) acknowledgeEndpointSecrets(fn.role, props);
}
