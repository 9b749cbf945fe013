/**
 * A project's workflows on AWS (lib/project/project-workflows.ts), synthesized from the golden IR
 * with workflows (03): the durable function (366-day executions, its own role, no managed policy)
 * behind the alias `live`, IAM written out per principal (the workflow function, the runtime, the
 * execution-ends function), the status-change rule with its dead-letter queue, cdk-nag clean with
 * every acknowledgement reasoned, and the region rule. The function on the table's stream, which
 * starts and resumes workflows, is every project's: test/cdk/project-events.test.ts.
 */
import { Validations, type CfnElement } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { ENV } from '../../lambdas/shared/env';
import { ProjectStack, type ProjectStackProps } from '../../lib/project/project-stack';
import { goldenIr } from '../support/golden-ir';
import { acknowledgementsIn, RecordingChecks } from './nag';
import { asArray, testApp, type CfnResource, type PolicyStatementJson } from './synth';
import { Template } from 'aws-cdk-lib/assertions';

const PROJECT_ID = 'p-0123456789';
const CONTROL_PLANE_TABLE = 'arn:aws:dynamodb:us-east-1:111122223333:table/BgsControlPlane-Table';

function synth(props: Partial<ProjectStackProps> = {}) {
  const app = testApp();
  const stack = new ProjectStack(app, 'ProjectTest', { ir: goldenIr('03-expense-approvals'), projectId: PROJECT_ID, ...props });
  const template = Template.fromStack(stack);
  return { app, stack, template, resources: template.toJSON().Resources as Record<string, CfnResource & { DependsOn?: string[] }> };
}

const logicalId = (stack: ProjectStack, construct: IConstruct): string => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const getAtt = (id: string, attribute = 'Arn') => ({ 'Fn::GetAtt': [id, attribute] });
const join = (...parts: unknown[]) => ({ 'Fn::Join': ['', parts] });
const ofType = (resources: Record<string, CfnResource>, type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

function inlineStatements(resources: Record<string, CfnResource>, roleId: string): PolicyStatementJson[] {
  const policies = (resources[roleId]!.Properties!.Policies ?? []) as { PolicyDocument: { Statement: PolicyStatementJson[] } }[];
  return policies.flatMap((policy) => policy.PolicyDocument.Statement);
}
const bySid = (statements: PolicyStatementJson[]) => Object.fromEntries(statements.map((s) => [s.Sid, s]));

describe('workflows of a project stack (03-expense-approvals)', () => {
  const s = synth({ workflowMailFrom: 'workflows@mail.example.org', controlPlaneTableArn: CONTROL_PLANE_TABLE });
  const { stack, resources } = s;
  const workflows = stack.workflows!;
  const fnId = logicalId(stack, workflows.workflow.function);
  const roleId = logicalId(stack, workflows.workflow.role);
  const runtimeRoleId = logicalId(stack, stack.runtime.handler.role);
  const aliasId = logicalId(stack, workflows.alias);
  const tableId = logicalId(stack, stack.data.table);
  const queueId = logicalId(stack, workflows.failedChanges);
  const endsFnId = logicalId(stack, workflows.executionEnds.function);
  const endsRoleId = logicalId(stack, workflows.executionEnds.role);
  const versions = join(getAtt(fnId), ':*');
  const aliasArn = { Ref: aliasId };

  test('the durable function: 366-day executions, nodejs22.x, its own role with no managed policy, no fixed name', () => {
    const fn = resources[fnId]!.Properties!;
    expect(fn).toMatchObject({ Runtime: 'nodejs22.x', DurableConfig: { ExecutionTimeout: 366 * 24 * 3600 }, Role: getAtt(roleId) });
    expect(fn).not.toHaveProperty('FunctionName');
    expect(resources[roleId]!.Properties).not.toHaveProperty('ManagedPolicyArns');
    expect((fn.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
      [ENV.PROJECT_ID]: PROJECT_ID,
      [ENV.PROJECT_TABLE_NAME]: { Ref: tableId },
      [ENV.WORKFLOW_ALIAS]: 'live',
      [ENV.WORKFLOW_MAIL_FROM]: 'workflows@mail.example.org',
      [ENV.CONTROL_PLANE_TABLE_ARN]: CONTROL_PLANE_TABLE,
    });
  });

  test('an alias `live` on a published version, created after the function may checkpoint', () => {
    const [[, alias]] = ofType(resources, 'AWS::Lambda::Alias') as [[string, CfnResource & { DependsOn?: string[] }]];
    const [[versionId, version]] = ofType(resources, 'AWS::Lambda::Version') as [[string, CfnResource]];
    expect(alias.Properties).toMatchObject({ Name: 'live', FunctionName: { Ref: fnId }, FunctionVersion: getAtt(versionId, 'Version') });
    // Old versions stay: a running execution is pinned to the version it started on.
    expect(version.DeletionPolicy).toBe('Retain');
    const [[selfPolicyId]] = ofType(resources, 'AWS::IAM::Policy') as [[string, CfnResource]];
    expect(alias.DependsOn).toEqual(expect.arrayContaining([selfPolicyId]));
  });

  test("the workflow function's IAM: its own durable state and callbacks, starts through its alias, the table, SES, its own endpoints", () => {
    const [[, selfPolicy]] = ofType(resources, 'AWS::IAM::Policy') as [[string, CfnResource]];
    expect(selfPolicy.Properties).toMatchObject({ Roles: [{ Ref: roleId }] });
    expect((selfPolicy.Properties!.PolicyDocument as { Statement: PolicyStatementJson[] }).Statement).toEqual([
      { Sid: 'DurableState', Effect: 'Allow', Action: ['lambda:CheckpointDurableExecution', 'lambda:GetDurableExecutionState'], Resource: versions },
      { Sid: 'ResumeOwnCallbacks', Effect: 'Allow', Action: 'lambda:SendDurableExecutionCallbackSuccess', Resource: versions },
      { Sid: 'StartThroughAlias', Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: join(getAtt(fnId), ':live') },
    ]);
    const inline = bySid(inlineStatements(resources, roleId));
    expect(Object.keys(inline).sort()).toEqual(['Indexes', 'ReadOwnEndpointSecrets', 'ReadOwnEndpoints', 'SendMail', 'Table', 'WriteOwnLogs']);
    expect(inline.Table).toMatchObject({ Resource: getAtt(tableId) });
    expect(asArray(inline.Table!.Action).sort()).toEqual(['dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    expect(inline.SendMail).toEqual({
      Sid: 'SendMail',
      Effect: 'Allow',
      Action: 'ses:SendEmail',
      Resource: join('arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':identity/mail.example.org'),
    });
    // The control plane's table: GetItem only, only items in the project's own partition.
    expect(inline.ReadOwnEndpoints).toEqual({
      Sid: 'ReadOwnEndpoints',
      Effect: 'Allow',
      Action: 'dynamodb:GetItem',
      Resource: CONTROL_PLANE_TABLE,
      Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [`PROJECT#${PROJECT_ID}`] } },
    });
    // Its secrets, in the control plane's region.
    expect(inline.ReadOwnEndpointSecrets).toMatchObject({
      Action: 'secretsmanager:GetSecretValue',
      Resource: `arn:aws:secretsmanager:us-east-1:111122223333:secret:bgs/endpoints/${PROJECT_ID}/*`,
    });
  });

  test('without a sender or a control plane, no SES or endpoint permission at all', () => {
    const bare = synth();
    const inline = bySid(inlineStatements(bare.resources, logicalId(bare.stack, bare.stack.workflows!.workflow.role)));
    expect(Object.keys(inline).sort()).toEqual(['Indexes', 'Table', 'WriteOwnLogs']);
    const variables = (bare.resources[logicalId(bare.stack, bare.stack.workflows!.workflow.function)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables).not.toHaveProperty(ENV.WORKFLOW_MAIL_FROM);
    expect(variables).not.toHaveProperty(ENV.CONTROL_PLANE_TABLE_ARN);
  });

  test("the runtime: starts through the alias, signals and stops the function's executions, finds them by name", () => {
    const inline = bySid(inlineStatements(resources, runtimeRoleId));
    expect(inline.StartWorkflows).toEqual({ Sid: 'StartWorkflows', Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: aliasArn });
    expect(inline.SignalAndStopWorkflows).toEqual({ Sid: 'SignalAndStopWorkflows', Effect: 'Allow', Action: ['lambda:SendDurableExecutionCallbackSuccess', 'lambda:StopDurableExecution'], Resource: versions });
    expect(inline.FindWorkflowExecutions).toEqual({ Sid: 'FindWorkflowExecutions', Effect: 'Allow', Action: 'lambda:ListDurableExecutionsByFunction', Resource: getAtt(fnId) });
    const variables = (resources[logicalId(stack, stack.runtime.handler.function)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables).toMatchObject({ [ENV.WORKFLOW_FUNCTION_NAME]: { Ref: fnId }, [ENV.WORKFLOW_ALIAS]: 'live' });
  });

  test('the execution-ends function: UpdateItem on the table and GetDurableExecution on the versions, nothing else', () => {
    const inline = bySid(inlineStatements(resources, endsRoleId));
    expect(Object.keys(inline).sort()).toEqual(['EndInstances', 'ReadEndedExecutions', 'WriteOwnLogs']);
    expect(inline.EndInstances).toEqual({ Sid: 'EndInstances', Effect: 'Allow', Action: 'dynamodb:UpdateItem', Resource: getAtt(tableId) });
    expect(inline.ReadEndedExecutions).toEqual({ Sid: 'ReadEndedExecutions', Effect: 'Allow', Action: 'lambda:GetDurableExecution', Resource: versions });
    const variables = (resources[endsFnId]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables).toMatchObject({ [ENV.PROJECT_TABLE_NAME]: { Ref: tableId }, [ENV.WORKFLOW_FUNCTION_NAME]: { Ref: fnId }, [ENV.WORKFLOW_ALIAS]: 'live' });
  });

  test("the status-change rule: this function's versions, the ends the handler cannot record, retried, then the dead-letter queue", () => {
    const [[ruleId, rule]] = ofType(resources, 'AWS::Events::Rule') as [[string, CfnResource]];
    expect(rule.Properties).toMatchObject({
      EventPattern: {
        source: ['aws.lambda'],
        'detail-type': ['Durable Execution Status Change'],
        detail: { functionArn: [{ prefix: join(getAtt(fnId), ':') }], status: ['FAILED', 'TIMED_OUT', 'STOPPED'] },
      },
      State: 'ENABLED',
    });
    expect(rule.Properties!.Targets).toEqual([
      expect.objectContaining({ Arn: getAtt(endsFnId), DeadLetterConfig: { Arn: getAtt(queueId) }, RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 24 * 3600 } }),
    ]);
    // Only this rule may invoke the function, and only this rule may send to the queue as EventBridge.
    const permissions = ofType(resources, 'AWS::Lambda::Permission').filter(([, p]) => JSON.stringify(p.Properties!.FunctionName) === JSON.stringify(getAtt(endsFnId)));
    expect(permissions).toHaveLength(1);
    expect(permissions[0]![1].Properties).toMatchObject({ Action: 'lambda:InvokeFunction', FunctionName: getAtt(endsFnId), Principal: 'events.amazonaws.com', SourceArn: getAtt(ruleId) });
    // The queue: encrypted, kept 14 days, TLS only (ProjectEvents has queues of its own: this one by its id).
    expect(resources[queueId]!.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    const queuePolicies = ofType(resources, 'AWS::SQS::QueuePolicy').filter(([, p]) => JSON.stringify(p.Properties!.Queues) === JSON.stringify([{ Ref: queueId }]));
    expect(queuePolicies).toHaveLength(1);
    const statements = (queuePolicies[0]![1].Properties!.PolicyDocument as { Statement: PolicyStatementJson[] }).Statement;
    expect(JSON.stringify(statements)).toContain('"aws:SecureTransport":"false"');
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Allow', Action: 'sqs:SendMessage', Principal: { Service: 'events.amazonaws.com' }, Condition: { ArnEquals: { 'aws:SourceArn': getAtt(ruleId) } } }),
    );
  });

  test('cdk-nag clean; each acknowledgement reasoned and still needed', () => {
    const checks = new RecordingChecks();
    const report = checks.validateScope(s.app);
    expect(report.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
    const acks = acknowledgementsIn(s.app).filter((a) => a.path.includes('/ProjectWorkflows/') || a.id.includes(`<${fnId}.Arn>:*`));
    expect(acks.map((a) => `${a.id} at ${a.path.replace(`${stack.node.path}/`, '')}`).sort()).toEqual(
      [
        // nodejs22.x, on the workflow and execution-ends functions.
        'AwsSolutions-L1 at ProjectWorkflows/Workflow/Function',
        'AwsSolutions-L1 at ProjectWorkflows/ExecutionEnds/Function',
        // The status-change rule's dead-letter queue.
        'AwsSolutions-SQS3 at ProjectWorkflows/FailedChanges',
        // The workflow function's versions: every role holding starts, callbacks or its own durable actions.
        `AwsSolutions-IAM5[Resource::<${fnId}.Arn>:*] at ProjectWorkflows/SelfPolicy`,
        `AwsSolutions-IAM5[Resource::<${fnId}.Arn>:*] at ProjectWorkflows/ExecutionEnds/Role`,
        `AwsSolutions-IAM5[Resource::<${fnId}.Arn>:*] at ProjectRuntime/Handler/Role`,
        `AwsSolutions-IAM5[Resource::<${fnId}.Arn>:*] at ProjectEvents/RecordChanges/Role`,
        `AwsSolutions-IAM5[Resource::<${fnId}.Arn>:*] at ProjectEvents/EventJobs/Role`,
        `AwsSolutions-IAM5[Resource::arn:aws:secretsmanager:us-east-1:111122223333:secret:bgs/endpoints/${PROJECT_ID}/*] at ProjectWorkflows/Workflow/Role`,
      ].sort(),
    );
    for (const ack of acks) {
      expect(ack.reason.trim().length).toBeGreaterThanOrEqual(40);
      expect([ack.id, checks.raw.some((f) => f.ruleId === ack.id && (f.path === ack.path || f.path.startsWith(`${ack.path}/`)))]).toEqual([ack.id, true]);
    }
    Validations.of(s.app).addPlugins(new AwsSolutionsChecks(s.app));
    expect(() => s.app.synth()).not.toThrow();
  });
});

describe('the region rule', () => {
  test('a project with workflows is refused outside us-east-2, and synthesizes there', () => {
    expect(() => synth({ env: { region: 'eu-west-1' } })).toThrow(/workflows.*us-east-2 only.*not eu-west-1/);
    expect(synth({ env: { region: 'us-east-2', account: '111122223333' } }).stack.workflows).toBeDefined();
  });

  test('a project without workflows gets none of it, in any region', () => {
    const app = testApp();
    const stack = new ProjectStack(app, 'NoWorkflows', { ir: goldenIr('01-task-tracker'), projectId: PROJECT_ID, env: { region: 'eu-west-1', account: '111122223333' } });
    expect(stack.workflows).toBeUndefined();
    const template = Template.fromStack(stack);
    template.resourceCountIs('AWS::Lambda::Alias', 0);
    template.resourceCountIs('AWS::Lambda::Version', 0);
    template.resourceCountIs('AWS::Events::Rule', 0);
    template.resourceCountIs('AWS::IAM::Policy', 0);
    expect(Object.values(template.findResources('AWS::Lambda::Function')).filter((fn) => fn.Properties.DurableConfig !== undefined)).toEqual([]);
    expect(JSON.stringify(template.toJSON())).not.toMatch(/lambda:(CheckpointDurableExecution|SendDurableExecutionCallbackSuccess|StopDurableExecution)/);
  });
});
