/**
 * A project's events on AWS (lib/project/project-events.ts), in every project stack: synthesized
 * from the golden IR with workflows (03) plus a scheduled job, from the events fixture (handlers
 * and two scheduled jobs, no workflow) in a region without Lambda durable functions, and from a
 * blueprint with neither. The stream function (its IAM, its mapping's settings and failure queue),
 * the event-job queue with its dead-letter queue and the event-jobs function on its SQS mapping,
 * the runtime's right to queue, one EventBridge Scheduler schedule per job through SchedulerRole
 * (none of it without scheduled jobs), IAM written out per principal, the resource count of
 * projectStackResourceCount, and cdk-nag clean with every acknowledgement reasoned and still needed.
 */
import { Validations, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { schedulesOf, type BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { projectApi } from '../../lambdas/core/blueprint/project-routes';
import { ENV } from '../../lambdas/shared/env';
import { MAX_RECEIVES } from '../../lib/project/project-events';
import { ProjectStack, projectStackResourceCount, type ProjectStackProps } from '../../lib/project/project-stack';
import { goldenIr } from '../support/golden-ir';
import { acknowledgementsIn, RecordingChecks } from './nag';
import { goldenIrWithSchedules, NIGHTLY_JOB } from './scheduled-ir';
import { asArray, testApp, type CfnResource, type PolicyStatementJson } from './synth';

/** A resource's properties without the cost-allocation tags every resource carries (test/cdk/log-groups-and-tags.test.ts checks those). */
const untagged = (properties: Record<string, unknown> | undefined): Record<string, unknown> => {
  const { Tags: _tags, ...rest } = properties ?? {};
  return rest;
};

const PROJECT_ID = 'p-0123456789';
const CONTROL_PLANE_TABLE = 'arn:aws:dynamodb:us-east-1:111122223333:table/BgsControlPlane-Table';
const SECRETS = `arn:aws:secretsmanager:us-east-1:111122223333:secret:bgs/endpoints/${PROJECT_ID}/*`;

type Resources = Record<string, CfnResource & { DependsOn?: string[] }>;

function synth(ir: BlueprintIR, props: Partial<ProjectStackProps> = {}) {
  // As `cdk synth` writes the template: the CDKMetadata resource counts in projectStackResourceCount.
  const app = testApp({ analyticsReporting: true });
  const stack = new ProjectStack(app, 'ProjectTest', { ir, projectId: PROJECT_ID, ...props });
  const template = Template.fromStack(stack);
  return { app, stack, template, resources: template.toJSON().Resources as Resources };
}

const logicalId = (stack: ProjectStack, construct: IConstruct): string => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const getAtt = (id: string, attribute = 'Arn') => ({ 'Fn::GetAtt': [id, attribute] });
const join = (...parts: unknown[]) => ({ 'Fn::Join': ['', parts] });
const ofType = (resources: Resources, type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const variablesOf = (resources: Resources, fnId: string) => (resources[fnId]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;

function inlineStatements(resources: Resources, roleId: string): PolicyStatementJson[] {
  const policies = (resources[roleId]!.Properties!.Policies ?? []) as { PolicyDocument: { Statement: PolicyStatementJson[] } }[];
  return policies.flatMap((policy) => policy.PolicyDocument.Statement);
}
const bySid = (statements: PolicyStatementJson[]) => Object.fromEntries(statements.map((s) => [s.Sid, s]));
const sidsOf = (resources: Resources, roleId: string) => Object.keys(bySid(inlineStatements(resources, roleId))).sort();

/** The logical ids of ProjectEvents' resources in a synthesized stack. */
function eventIds(stack: ProjectStack) {
  const { events } = stack;
  return {
    table: logicalId(stack, stack.data.table),
    jobs: logicalId(stack, events.jobs),
    deadLetters: logicalId(stack, events.jobDeadLetters),
    failedChanges: logicalId(stack, events.failedChanges),
    streamFn: logicalId(stack, events.recordChanges.function),
    streamRole: logicalId(stack, events.recordChanges.role),
    jobsFn: logicalId(stack, events.eventJobs.function),
    jobsRole: logicalId(stack, events.eventJobs.role),
    runtimeFn: logicalId(stack, stack.runtime.handler.function),
    runtimeRole: logicalId(stack, stack.runtime.handler.role),
  };
}

/** cdk-nag over the app: no unacknowledged finding, and every acknowledgement reasoned and matching a finding at or under its construct. */
function expectNagClean(app: ReturnType<typeof testApp>) {
  const checks = new RecordingChecks();
  const report = checks.validateScope(app);
  expect(report.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  const acks = acknowledgementsIn(app);
  for (const ack of acks) {
    expect([ack.id, ack.path, ack.reason.trim().length >= 40]).toEqual([ack.id, ack.path, true]);
    expect([ack.id, ack.path, checks.raw.some((f) => f.ruleId === ack.id && (f.path === ack.path || f.path.startsWith(`${ack.path}/`)))]).toEqual([ack.id, ack.path, true]);
  }
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  expect(() => app.synth()).not.toThrow();
  return acks;
}

describe('events of a project stack with workflows and a scheduled job (03-expense-approvals)', () => {
  const ir = goldenIrWithSchedules('03-expense-approvals');
  const s = synth(ir, { workflowMailFrom: 'workflows@mail.example.org', controlPlaneTableArn: CONTROL_PLANE_TABLE });
  const { stack, resources } = s;
  const ids = eventIds(stack);
  const workflowFnId = logicalId(stack, stack.workflows!.workflow.function);
  const aliasArn = { Ref: logicalId(stack, stack.workflows!.alias) };
  const versions = join(getAtt(workflowFnId), ':*');
  const schedulesFnId = logicalId(stack, stack.events.schedulesFunction!.function);
  const schedulerRoleId = logicalId(stack, stack.events.node.findChild('SchedulerRole'));

  test('the stream function: the stream, the failure queue, the table, the queue, mail, its endpoints, starts and callbacks', () => {
    const inline = bySid(inlineStatements(resources, ids.streamRole));
    expect(Object.keys(inline).sort()).toEqual(
      ['FailedChanges', 'Indexes', 'ListStreams', 'ReadOwnEndpointSecrets', 'ReadOwnEndpoints', 'ReadStream', 'ResumeWorkflows', 'SendEventJobs', 'SendMail', 'StartWorkflows', 'Table', 'WriteOwnLogs'].sort(),
    );
    expect(inline.ReadStream).toEqual({ Sid: 'ReadStream', Effect: 'Allow', Action: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'], Resource: getAtt(ids.table, 'StreamArn') });
    expect(inline.ListStreams).toMatchObject({ Action: 'dynamodb:ListStreams', Resource: join(getAtt(ids.table), '/stream/*') });
    expect(inline.FailedChanges).toEqual({ Sid: 'FailedChanges', Effect: 'Allow', Action: 'sqs:SendMessage', Resource: getAtt(ids.failedChanges) });
    expect(inline.SendEventJobs).toEqual({ Sid: 'SendEventJobs', Effect: 'Allow', Action: 'sqs:SendMessage', Resource: getAtt(ids.jobs) });
    expect(inline.StartWorkflows).toMatchObject({ Action: 'lambda:InvokeFunction', Resource: aliasArn });
    expect(inline.ResumeWorkflows).toMatchObject({ Action: 'lambda:SendDurableExecutionCallbackSuccess', Resource: versions });
    expect(inline.ReadOwnEndpoints).toMatchObject({ Resource: CONTROL_PLANE_TABLE, Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [`PROJECT#${PROJECT_ID}`] } } });
    expect(inline.ReadOwnEndpointSecrets).toMatchObject({ Action: 'secretsmanager:GetSecretValue', Resource: SECRETS });
    expect(inline.SendMail).toMatchObject({ Action: 'ses:SendEmail' });
    expect(variablesOf(resources, ids.streamFn)).toMatchObject({
      [ENV.PROJECT_TABLE_NAME]: { Ref: ids.table },
      [ENV.EVENT_JOBS_QUEUE_URL]: { Ref: ids.jobs },
      [ENV.WORKFLOW_FUNCTION_NAME]: { Ref: workflowFnId },
      [ENV.WORKFLOW_ALIAS]: 'live',
      [ENV.WORKFLOW_MAIL_FROM]: 'workflows@mail.example.org',
      [ENV.CONTROL_PLANE_TABLE_ARN]: CONTROL_PLANE_TABLE,
    });
  });

  test('the stream mapping: the table stream, LATEST, batch item failures, bisect, bounded retries and age, SQS on failure', () => {
    const mappings = ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(([, m]) => JSON.stringify(m.Properties!.FunctionName) === JSON.stringify({ Ref: ids.streamFn }));
    expect(mappings).toHaveLength(1);
    expect(untagged(mappings[0]![1].Properties)).toEqual({
      FunctionName: { Ref: ids.streamFn },
      EventSourceArn: getAtt(ids.table, 'StreamArn'),
      StartingPosition: 'LATEST',
      BatchSize: 100,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      MaximumRecordAgeInSeconds: 6 * 3600,
      DestinationConfig: { OnFailure: { Destination: getAtt(ids.failedChanges) } },
    });
    expect(resources[ids.table]!.Properties).toMatchObject({ StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' } });
  });

  test("the event-jobs function: receives from Jobs only; the queue, the table, mail, its endpoints, and (with workflows) starts and callbacks", () => {
    const inline = bySid(inlineStatements(resources, ids.jobsRole));
    expect(Object.keys(inline).sort()).toEqual(
      ['Indexes', 'ReadOwnEndpointSecrets', 'ReadOwnEndpoints', 'ReceiveEventJobs', 'ResumeWorkflows', 'SendEventJobs', 'SendMail', 'StartWorkflows', 'Table', 'WriteOwnLogs'].sort(),
    );
    expect(inline.ReceiveEventJobs).toEqual({
      Sid: 'ReceiveEventJobs',
      Effect: 'Allow',
      Action: ['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ReceiveMessage'],
      Resource: getAtt(ids.jobs),
    });
    expect(inline.SendEventJobs).toEqual({ Sid: 'SendEventJobs', Effect: 'Allow', Action: 'sqs:SendMessage', Resource: getAtt(ids.jobs) });
    expect(inline.Table).toMatchObject({ Resource: getAtt(ids.table) });
    expect(inline.SendMail).toEqual({
      Sid: 'SendMail',
      Effect: 'Allow',
      Action: 'ses:SendEmail',
      Resource: join('arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':identity/mail.example.org'),
    });
    expect(inline.ReadOwnEndpoints).toEqual({
      Sid: 'ReadOwnEndpoints',
      Effect: 'Allow',
      Action: 'dynamodb:GetItem',
      Resource: CONTROL_PLANE_TABLE,
      Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [`PROJECT#${PROJECT_ID}`] } },
    });
    expect(inline.ReadOwnEndpointSecrets).toMatchObject({ Action: 'secretsmanager:GetSecretValue', Resource: SECRETS });
    expect(inline.StartWorkflows).toMatchObject({ Action: 'lambda:InvokeFunction', Resource: aliasArn });
    expect(inline.ResumeWorkflows).toMatchObject({ Action: 'lambda:SendDurableExecutionCallbackSuccess', Resource: versions });
    // No other role of the stack may take jobs off the queue.
    const receivers = ofType(resources, 'AWS::IAM::Role').filter(([roleId]) => inlineStatements(resources, roleId).some((st) => asArray(st.Action).includes('sqs:ReceiveMessage')));
    expect(receivers.map(([roleId]) => roleId)).toEqual([ids.jobsRole]);
    expect(variablesOf(resources, ids.jobsFn)).toMatchObject({ [ENV.EVENT_JOBS_QUEUE_URL]: { Ref: ids.jobs }, [ENV.WORKFLOW_FUNCTION_NAME]: { Ref: workflowFnId }, [ENV.WORKFLOW_MAIL_FROM]: 'workflows@mail.example.org' });
  });

  test("the runtime may queue event jobs (SendEventJobs) and knows the queue's URL", () => {
    expect(bySid(inlineStatements(resources, ids.runtimeRole)).SendEventJobs).toEqual({ Sid: 'SendEventJobs', Effect: 'Allow', Action: 'sqs:SendMessage', Resource: getAtt(ids.jobs) });
    expect(variablesOf(resources, ids.runtimeFn)).toMatchObject({ [ENV.EVENT_JOBS_QUEUE_URL]: { Ref: ids.jobs } });
  });

  test(`the Jobs queue: six times the function's timeout invisible, then JobDeadLetters after ${MAX_RECEIVES} receives; every queue encrypted and TLS only`, () => {
    const timeout = resources[ids.jobsFn]!.Properties!.Timeout as number;
    expect(untagged(resources[ids.jobs]!.Properties)).toEqual({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 6 * timeout,
      MessageRetentionPeriod: 4 * 24 * 3600,
      RedrivePolicy: { deadLetterTargetArn: getAtt(ids.deadLetters), maxReceiveCount: MAX_RECEIVES },
    });
    for (const id of [ids.deadLetters, ids.failedChanges]) expect(untagged(resources[id]!.Properties)).toEqual({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    for (const id of [ids.jobs, ids.deadLetters, ids.failedChanges]) {
      // Kept when the stack goes (destroyOnRemoval is off): jobs and parked failures are not lost with a stack update gone wrong.
      expect([id, resources[id]!.DeletionPolicy]).toEqual([id, 'Retain']);
      const policies = ofType(resources, 'AWS::SQS::QueuePolicy').filter(([, p]) => JSON.stringify(p.Properties!.Queues) === JSON.stringify([{ Ref: id }]));
      expect([id, policies.length]).toEqual([id, 1]);
      expect(JSON.stringify(policies[0]![1].Properties!.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  test('the SQS mapping: the Jobs queue, batches of 10 with per-message failures, at most 10 at once', () => {
    const mappings = ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(([, m]) => JSON.stringify(m.Properties!.FunctionName) === JSON.stringify({ Ref: ids.jobsFn }));
    expect(mappings).toHaveLength(1);
    const [, mapping] = mappings[0]!;
    expect(untagged(mapping.Properties)).toEqual({
      FunctionName: { Ref: ids.jobsFn },
      EventSourceArn: getAtt(ids.jobs),
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 10 },
    });
    // Created after the role that lets the function receive from the queue.
    expect(mapping.DependsOn).toEqual(expect.arrayContaining([ids.jobsRole]));
  });

  test('one schedule per job: its expression in its time zone, on time, the schedules function with the job and the occurrence, retried, then JobDeadLetters', () => {
    const schedules = ofType(resources, 'AWS::Scheduler::Schedule');
    expect(schedules).toHaveLength(1);
    const properties = schedules[0]![1].Properties!;
    expect(properties).toMatchObject({
      ScheduleExpression: NIGHTLY_JOB.expression,
      ScheduleExpressionTimezone: 'Europe/Paris',
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
      Target: {
        Arn: getAtt(schedulesFnId),
        RoleArn: getAtt(schedulerRoleId),
        RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: getAtt(ids.deadLetters) },
      },
    });
    // Scheduler fills in the time of the occurrence (its context attribute), which keys the run per organization.
    expect(JSON.parse((properties.Target as { Input: string }).Input)).toEqual({ schedule: NIGHTLY_JOB.name, occurrence: '<aws.scheduler.scheduled-time>' });
  });

  test("SchedulerRole: assumed by EventBridge Scheduler for this account only; may invoke the schedules function and send to JobDeadLetters, nothing else", () => {
    const role = resources[schedulerRoleId]!.Properties!;
    expect(role.AssumeRolePolicyDocument).toEqual({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: 'sts:AssumeRole', Principal: { Service: 'scheduler.amazonaws.com' }, Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } } }],
    });
    expect(role).not.toHaveProperty('ManagedPolicyArns');
    expect(inlineStatements(resources, schedulerRoleId)).toEqual([
      { Sid: 'InvokeSchedules', Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: getAtt(schedulesFnId) },
      { Sid: 'DeadLetters', Effect: 'Allow', Action: 'sqs:SendMessage', Resource: getAtt(ids.deadLetters) },
    ]);
  });

  test('the schedules function: the table and the queue only (it fans an occurrence out, it runs no action)', () => {
    const roleId = logicalId(stack, stack.events.schedulesFunction!.role);
    expect(sidsOf(resources, roleId)).toEqual(['Indexes', 'SendEventJobs', 'Table', 'WriteOwnLogs']);
    expect(bySid(inlineStatements(resources, roleId)).SendEventJobs).toMatchObject({ Action: 'sqs:SendMessage', Resource: getAtt(ids.jobs) });
    expect(variablesOf(resources, schedulesFnId)).toMatchObject({ [ENV.EVENT_JOBS_QUEUE_URL]: { Ref: ids.jobs }, [ENV.PROJECT_TABLE_NAME]: { Ref: ids.table } });
  });

  test('each function that builds the runtime starts after the blueprint is stored', () => {
    const blueprintId = logicalId(stack, stack.blueprint.resource.node.findChild('Resource'));
    for (const fnId of [ids.streamFn, ids.jobsFn, schedulesFnId]) expect([fnId, resources[fnId]!.DependsOn]).toEqual([fnId, expect.arrayContaining([blueprintId])]);
  });

  test('the stack has projectStackResourceCount resources (workflows, one scheduled job)', () => {
    expect(Object.keys(resources)).toHaveLength(projectStackResourceCount(projectApi(ir).routes.length, true, 1));
  });

  test('cdk-nag clean; each acknowledgement reasoned and still needed', () => {
    const acks = expectNagClean(s.app);
    const events = acks.filter((a) => a.path.includes('/ProjectEvents/')).map((a) => `${a.id} at ${a.path.replace(`${stack.node.path}/ProjectEvents/`, '')}`);
    expect(events.sort()).toEqual(
      [
        // nodejs22.x.
        'AwsSolutions-L1 at RecordChanges/Function',
        'AwsSolutions-L1 at EventJobs/Function',
        'AwsSolutions-L1 at Schedules/Function',
        // The stream mapping's failure queue is itself a dead-letter queue (JobDeadLetters is the Jobs queue's redrive target: no finding).
        'AwsSolutions-SQS3 at FailedChanges',
        `AwsSolutions-IAM5[Resource::<${ids.table}.Arn>/stream/*] at RecordChanges/Role`,
        // The project's endpoint secrets and the workflow function's versions, on both functions that run actions.
        `AwsSolutions-IAM5[Resource::${SECRETS}] at RecordChanges/Role`,
        `AwsSolutions-IAM5[Resource::${SECRETS}] at EventJobs/Role`,
        `AwsSolutions-IAM5[Resource::<${workflowFnId}.Arn>:*] at RecordChanges/Role`,
        `AwsSolutions-IAM5[Resource::<${workflowFnId}.Arn>:*] at EventJobs/Role`,
      ].sort(),
    );
  });
});

describe('events of a project stack without workflows (the events fixture: handlers and two scheduled jobs), in eu-west-1', () => {
  const ir = goldenIr('events');
  const s = synth(ir, { env: { region: 'eu-west-1', account: '111122223333' } });
  const { stack, resources } = s;
  const ids = eventIds(stack);
  const jobs = schedulesOf(ir);

  test('no workflow, no durable function, no durable action in any statement', () => {
    expect(ir.workflows).toEqual([]);
    expect(stack.workflows).toBeUndefined();
    s.template.resourceCountIs('AWS::Lambda::Alias', 0);
    expect(ofType(resources, 'AWS::Lambda::Function').filter(([, fn]) => fn.Properties!.DurableConfig !== undefined)).toEqual([]);
    expect(JSON.stringify(resources)).not.toMatch(/"lambda:[A-Za-z]*DurableExecution/);
  });

  test('the stream function, the queues and the event-jobs function, with no workflow rights, mail or endpoints (none configured)', () => {
    expect(sidsOf(resources, ids.streamRole)).toEqual(['FailedChanges', 'Indexes', 'ListStreams', 'ReadStream', 'SendEventJobs', 'Table', 'WriteOwnLogs']);
    expect(sidsOf(resources, ids.jobsRole)).toEqual(['Indexes', 'ReceiveEventJobs', 'SendEventJobs', 'Table', 'WriteOwnLogs']);
    for (const fnId of [ids.streamFn, ids.jobsFn]) {
      const variables = variablesOf(resources, fnId);
      expect(variables).toMatchObject({ [ENV.EVENT_JOBS_QUEUE_URL]: { Ref: ids.jobs } });
      for (const name of [ENV.WORKFLOW_FUNCTION_NAME, ENV.WORKFLOW_ALIAS, ENV.WORKFLOW_MAIL_FROM, ENV.CONTROL_PLANE_TABLE_ARN]) expect(variables).not.toHaveProperty(name);
    }
    expect(ofType(resources, 'AWS::SQS::Queue').map(([id]) => id).sort()).toEqual([ids.jobs, ids.deadLetters, ids.failedChanges].sort());
    expect(ofType(resources, 'AWS::Lambda::EventSourceMapping')).toHaveLength(2);
    expect(bySid(inlineStatements(resources, ids.runtimeRole)).SendEventJobs).toMatchObject({ Action: 'sqs:SendMessage', Resource: getAtt(ids.jobs) });
  });

  test(`one schedule per scheduled job (${jobs.length}), each its own expression and time zone, all to the schedules function`, () => {
    const schedulesFnId = logicalId(stack, stack.events.schedulesFunction!.function);
    const schedules = ofType(resources, 'AWS::Scheduler::Schedule').map(([, schedule]) => schedule.Properties!);
    const byJob = new Map(schedules.map((p) => [(JSON.parse((p.Target as { Input: string }).Input) as { schedule: string }).schedule, p]));
    expect([...byJob.keys()].sort()).toEqual(jobs.map((job) => job.name).sort());
    for (const job of jobs) {
      expect(byJob.get(job.name)).toMatchObject({ ScheduleExpression: job.expression, ScheduleExpressionTimezone: job.timezone, FlexibleTimeWindow: { Mode: 'OFF' }, Target: { Arn: getAtt(schedulesFnId) } });
    }
    // The account written out: the role's trust names it.
    const roleId = logicalId(stack, stack.events.node.findChild('SchedulerRole'));
    expect(JSON.stringify(resources[roleId]!.Properties!.AssumeRolePolicyDocument)).toContain('"aws:SourceAccount":"111122223333"');
  });

  test(`the stack has projectStackResourceCount resources (no workflows, ${jobs.length} scheduled jobs)`, () => {
    expect(Object.keys(resources)).toHaveLength(projectStackResourceCount(projectApi(ir).routes.length, false, jobs.length));
  });

  test('cdk-nag clean; each acknowledgement reasoned and still needed', () => {
    const acks = expectNagClean(s.app);
    const events = acks.filter((a) => a.path.includes('/ProjectEvents/')).map((a) => `${a.id} at ${a.path.replace(`${stack.node.path}/ProjectEvents/`, '')}`);
    expect(events.sort()).toEqual(
      [
        'AwsSolutions-L1 at RecordChanges/Function',
        'AwsSolutions-L1 at EventJobs/Function',
        'AwsSolutions-L1 at Schedules/Function',
        'AwsSolutions-SQS3 at FailedChanges',
        `AwsSolutions-IAM5[Resource::<${ids.table}.Arn>/stream/*] at RecordChanges/Role`,
      ].sort(),
    );
  });
});

describe('a project stack without scheduled jobs (01-task-tracker)', () => {
  const ir = goldenIr('01-task-tracker');
  const s = synth(ir, { env: { region: 'eu-west-1', account: '111122223333' } });

  test('has the stream function, the queue and the event-jobs function, but no schedules function, SchedulerRole or schedule', () => {
    expect(schedulesOf(ir)).toEqual([]);
    expect(s.stack.events.schedulesFunction).toBeUndefined();
    expect(s.stack.events.schedules).toEqual([]);
    expect(s.stack.events.node.tryFindChild('Schedules')).toBeUndefined();
    expect(s.stack.events.node.tryFindChild('SchedulerRole')).toBeUndefined();
    s.template.resourceCountIs('AWS::Scheduler::Schedule', 0);
    expect(JSON.stringify(s.resources)).not.toContain('scheduler.amazonaws.com');
    expect(ofType(s.resources, 'AWS::Lambda::Function').map(([id]) => id)).toEqual(expect.arrayContaining([eventIds(s.stack).streamFn, eventIds(s.stack).jobsFn]));
    expect(Object.keys(s.resources)).toHaveLength(projectStackResourceCount(projectApi(ir).routes.length));
  });
});
