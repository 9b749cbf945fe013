/**
 * Many projects per account (issue 28 items 5 and 6), read from the synthesized templates:
 *   - every log group an AWS service delivers to (HTTP API stage access logs, state machine
 *     logs) is named under /aws/vendedlogs/ (lib/shared/log-group-names.ts), unique per stack
 *     and per creation of a stack, stable across its updates; the stages and state machines
 *     point at them, and CloudFormation's role for project stacks may create them;
 *   - every taggable resource of the control plane and of each project stack carries the BGS
 *     tags (lib/shared/cost-tags.ts), the project's id on a project's;
 *   - a project stack's IAM roles, the figure the account-quota warning counts with.
 */
import type { CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { PROJECT_STACK_IAM_ROLES } from '../../lambdas/core/deploy/account-quotas';
import { projectStackName } from '../../lambdas/core/deploy/project-stack-name';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { ProjectStack } from '../../lib/project/project-stack';
import { BGS_SERVICE, BGS_TAG_KEYS } from '../../lib/shared/cost-tags';
import { VENDED_LOGS_PREFIX } from '../../lib/shared/log-group-names';
import { goldenIr } from '../support/golden-ir';
import { goldenIrWithSchedules } from './scheduled-ir';
import { asArray, synthControlPlane, testApp, type CfnResource, type PolicyStatementJson } from './synth';

type Resources = Record<string, CfnResource>;

const STACK_ID = (name: string, uuid: string) => `arn:aws:cloudformation:us-east-1:123456789012:stack/${name}/${uuid}`;
const FIRST = '1c2fa620-982a-11e3-aff7-50e2416294e0';
/** The same stack name created again after a destroy: same host part, another moment. */
const AGAIN = '7d01be40-5d0d-11ef-aff7-50e2416294e0';

/** A CloudFormation string expression as the stack `stackId` resolves it (the functions our names use). */
function render(value: unknown, stackId: string): string {
  if (typeof value === 'string') return value;
  const fn = value as Record<string, unknown>;
  if (fn.Ref === 'AWS::StackId') return stackId;
  if (fn.Ref === 'AWS::Partition') return 'aws';
  if (fn.Ref === 'AWS::AccountId') return '123456789012';
  if ('Fn::Join' in fn) {
    const [separator, parts] = fn['Fn::Join'] as [string, unknown[]];
    return parts.map((part) => render(part, stackId)).join(separator);
  }
  if ('Fn::Select' in fn) {
    const [index, list] = fn['Fn::Select'] as [number | string, { 'Fn::Split': [string, unknown] }];
    const [separator, text] = list['Fn::Split'];
    return render(text, stackId).split(separator)[Number(index)]!;
  }
  throw new Error(`cannot render ${JSON.stringify(value)}`);
}

const logicalId = (stack: Stack, construct: IConstruct): string => stack.getLogicalId(construct.node.defaultChild as CfnElement);
const ofType = (resources: Resources, type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const getAttTarget = (value: unknown): string => (value as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];

/** The log groups a service delivers to: each stage's access log destination and each state machine's. */
function deliveredGroups(resources: Resources): string[] {
  const stages = ofType(resources, 'AWS::ApiGatewayV2::Stage').map(([, r]) => getAttTarget((r.Properties!.AccessLogSettings as { DestinationArn: unknown }).DestinationArn));
  const machines = ofType(resources, 'AWS::StepFunctions::StateMachine').map(([, r]) => {
    const destinations = (r.Properties!.LoggingConfiguration as { Destinations: { CloudWatchLogsLogGroup: { LogGroupArn: unknown } }[] }).Destinations;
    return getAttTarget(destinations[0]!.CloudWatchLogsLogGroup.LogGroupArn);
  });
  return [...stages, ...machines];
}

const nameOf = (resources: Resources, id: string, stackId: string): string => render(resources[id]!.Properties!.LogGroupName, stackId);

/** A resource's tags, whichever way its type spells them (a list of Key/Value, a map, or a user pool's map). */
function tagsOf(resource: CfnResource): Record<string, string> | undefined {
  const tags = resource.Properties?.Tags ?? resource.Properties?.UserPoolTags;
  if (tags === undefined) return undefined;
  if (Array.isArray(tags)) return Object.fromEntries((tags as { Key: string; Value: string }[]).map((tag) => [tag.Key, tag.Value]));
  return tags as Record<string, string>;
}

/** A project stack named as the deployer names it (BgsProject-<id>). */
function synthProject(ir: BlueprintIR, projectId: string): { stack: ProjectStack; resources: Resources } {
  const stack = new ProjectStack(testApp(), projectStackName(projectId), { ir, projectId });
  return { stack, resources: Template.fromStack(stack).toJSON().Resources as Resources };
}

const controlPlane = synthControlPlane();
const cpResources = controlPlane.template.toJSON().Resources as Resources;
const tracker = synthProject(goldenIr('01-task-tracker'), 'p-tracker');
const other = synthProject(goldenIr('01-task-tracker'), 'p-other');
const approvals = synthProject(goldenIrWithSchedules('03-expense-approvals'), 'p-approvals');
const workflowsOnly = synthProject(goldenIr('03-expense-approvals'), 'p-workflows');

describe('log groups AWS services deliver to', () => {
  it("the control plane's stage and both state machines write to groups under /aws/vendedlogs/, one each", () => {
    const groups = deliveredGroups(cpResources);
    expect(groups).toHaveLength(3);
    expect(groups).toContain(logicalId(controlPlane.stack, controlPlane.stack.api.accessLogGroup));
    const names = groups.map((id) => nameOf(cpResources, id, STACK_ID('ControlPlaneTest', FIRST)));
    for (const name of names) expect(name.startsWith(`${VENDED_LOGS_PREFIX}bgs/ControlPlaneTest/`)).toBe(true);
    expect(names.map((name) => name.split('/').pop()!.replace(`-${FIRST}`, '')).sort()).toEqual(['api-access', 'blueprint-generation', 'project-deployment']);
  });

  it("each project stack's stage writes to its own group under /aws/vendedlogs/", () => {
    for (const { stack, resources } of [tracker, other, approvals]) {
      const [group, ...more] = deliveredGroups(resources);
      expect(more).toEqual([]);
      expect(group).toBe(logicalId(stack, stack.api.accessLogGroup));
      expect(nameOf(resources, group!, STACK_ID(stack.stackName, FIRST))).toBe(`${VENDED_LOGS_PREFIX}bgs/${stack.stackName}/api-access-${FIRST}`);
    }
    const names = [tracker, other].map(({ stack, resources }) => nameOf(resources, logicalId(stack, stack.api.accessLogGroup), STACK_ID(stack.stackName, FIRST)));
    expect(new Set(names).size).toBe(2);
  });

  it('keep their name across updates of a stack (the same expression, the same stack id) and get a new one when the stack is created again, so a retained group never collides', () => {
    const again = synthProject(goldenIr('01-task-tracker'), 'p-tracker');
    const id = logicalId(tracker.stack, tracker.stack.api.accessLogGroup);
    expect(again.resources[id]!.Properties!.LogGroupName).toEqual(tracker.resources[id]!.Properties!.LogGroupName);
    const first = nameOf(tracker.resources, id, STACK_ID(tracker.stack.stackName, FIRST));
    const recreated = nameOf(tracker.resources, id, STACK_ID(tracker.stack.stackName, AGAIN));
    expect(recreated).not.toBe(first);
    // Retained (not destroyOnRemoval): the group outlives a destroy, hence the suffix.
    expect(tracker.resources[id]!.DeletionPolicy).toBe('Retain');
  });

  it("CloudFormation's role for project stacks may create the access log group and turn the stage's logging on", () => {
    const roleId = logicalId(controlPlane.stack, controlPlane.stack.deployment.stackRole);
    const statements = (cpResources[roleId]!.Properties!.Policies as { PolicyDocument: { Statement: (PolicyStatementJson & { Sid: string })[] } }[]).flatMap((p) => p.PolicyDocument.Statement);
    const vended = statements.find((s) => s.Sid === 'VendedLogs')!;
    const pattern = asArray(vended.Resource).map((r) => render(r, 'unused').replace(/^.*:log-group:/, ''));
    expect(pattern).toEqual(['/aws/vendedlogs/bgs/BgsProject-*/*']);
    const glob = new RegExp(`^${pattern[0]!.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '*' ? '.*' : `\\${c}`))}$`);
    for (const { stack, resources } of [tracker, approvals]) {
      expect(nameOf(resources, logicalId(stack, stack.api.accessLogGroup), STACK_ID(stack.stackName, FIRST))).toMatch(glob);
    }
    const delivery = statements.find((s) => s.Sid === 'AccessLogDelivery')!;
    expect(asArray(delivery.Action)).toEqual(expect.arrayContaining(['logs:CreateLogDelivery', 'logs:PutResourcePolicy', 'logs:DescribeResourcePolicies']));
    // And the rule of a stack with workflows, tags included.
    expect(asArray(statements.find((s) => s.Sid === 'EventRules')!.Action)).toEqual(expect.arrayContaining(['events:PutRule', 'events:PutTargets', 'events:TagResource']));
  });
});

describe('tags for cost per project', () => {
  const cpTags = { [BGS_TAG_KEYS.service]: BGS_SERVICE, [BGS_TAG_KEYS.component]: 'control-plane' };
  const projectTags = (projectId: string) => ({ [BGS_TAG_KEYS.service]: BGS_SERVICE, [BGS_TAG_KEYS.component]: 'project', [BGS_TAG_KEYS.projectId]: projectId });

  it('every taggable resource of the control plane carries them: functions, table, user pool, API, stage, state machines, roles, log groups, bucket', () => {
    for (const type of ['AWS::Lambda::Function', 'AWS::DynamoDB::Table', 'AWS::Cognito::UserPool', 'AWS::ApiGatewayV2::Api', 'AWS::ApiGatewayV2::Stage', 'AWS::StepFunctions::StateMachine', 'AWS::IAM::Role', 'AWS::Logs::LogGroup', 'AWS::S3::Bucket']) {
      const resources = ofType(cpResources, type);
      expect({ type, some: resources.length > 0 }).toEqual({ type, some: true });
      for (const [id, resource] of resources) expect({ id, tags: tagsOf(resource) }).toEqual({ id, tags: expect.objectContaining(cpTags) });
    }
    for (const [id, resource] of Object.entries(cpResources)) if (tagsOf(resource)) expect({ id, tags: tagsOf(resource) }).toEqual({ id, tags: expect.objectContaining(cpTags) });
  });

  it("every taggable resource of a project stack carries them with the project's id: functions, table, user pool, API, stage, queues, roles, log groups, bucket, and the workflows' rule", () => {
    for (const { stack, resources } of [tracker, approvals]) {
      const types = ['AWS::Lambda::Function', 'AWS::DynamoDB::Table', 'AWS::Cognito::UserPool', 'AWS::ApiGatewayV2::Api', 'AWS::ApiGatewayV2::Stage', 'AWS::SQS::Queue', 'AWS::IAM::Role', 'AWS::Logs::LogGroup', 'AWS::S3::Bucket', 'AWS::Lambda::EventSourceMapping'];
      if (stack === approvals.stack) types.push('AWS::Events::Rule');
      for (const type of types) {
        const found = ofType(resources, type);
        expect({ type, some: found.length > 0 }).toEqual({ type, some: true });
        for (const [id, resource] of found) expect({ id, tags: tagsOf(resource) }).toEqual({ id, tags: expect.objectContaining(projectTags(stack.projectId)) });
      }
      for (const [id, resource] of Object.entries(resources)) if (tagsOf(resource)) expect({ id, tags: tagsOf(resource) }).toEqual({ id, tags: expect.objectContaining(projectTags(stack.projectId)) });
    }
  });
});

describe("a project stack's share of the account's IAM roles", () => {
  it('is PROJECT_STACK_IAM_ROLES without workflows or scheduled jobs, two more with workflows and two more with scheduled jobs', () => {
    expect(ofType(tracker.resources, 'AWS::IAM::Role')).toHaveLength(PROJECT_STACK_IAM_ROLES);
    expect(ofType(workflowsOnly.resources, 'AWS::IAM::Role')).toHaveLength(PROJECT_STACK_IAM_ROLES + 2);
    expect(ofType(approvals.resources, 'AWS::IAM::Role')).toHaveLength(PROJECT_STACK_IAM_ROLES + 2 + 2);
  });
});
