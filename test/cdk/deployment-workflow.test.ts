/**
 * The deployment state machine (lib/control-plane/deployment-workflow.ts), read from the
 * synthesized template: Begin, then the deploy or destroy task list in the order of the step
 * lists, each poll step looping through a Wait of its pollSeconds, retries with backoff on every
 * task, every failure caught into "Mark failed"; who may start it and what each role may do.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { DEPLOY_STACK_STEPS, DESTROY_STACK_STEPS, type StackStep } from '../../lambdas/control-plane/deployment/stack-steps';
import { CONTROL_PLANE_ROUTE_LIST } from '../../lambdas/control-plane/routes';
import { ENV } from '../../lambdas/shared/env';
import { deploymentTaskId } from '../../lib/control-plane/deployment-workflow';
import { synthControlPlane, type CfnResource } from './synth';

interface State {
  Type: string;
  Next?: string;
  Default?: string;
  Choices?: { Variable: string; Next: string; StringEquals?: string; BooleanEquals?: boolean }[];
  Parameters?: { step?: string };
  Retry?: { ErrorEquals: string[]; IntervalSeconds: number; MaxAttempts: number; BackoffRate: number }[];
  Catch?: { ErrorEquals: string[]; Next: string }[];
  Seconds?: number;
}

const { template, stack } = synthControlPlane();
const resources = template.toJSON().Resources as Record<string, CfnResource>;
const machine = Object.values(resources).find((r) => r.Type === 'AWS::StepFunctions::StateMachine' && String(r.Properties?.StateMachineName).endsWith('-project-deployment'))!;
const definition = (() => {
  const body = machine.Properties!.DefinitionString as { 'Fn::Join': [string, unknown[]] };
  const text = body['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : '"ARN"')).join('');
  return JSON.parse(text.replace(/""ARN""/g, '"ARN"')) as { StartAt: string; TimeoutSeconds?: number; States: Record<string, State> };
})();
const logicalId = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnElement);

/** The tasks from a state, following Next and each Choice's way on (a poll's "done" branch). */
function taskOrder(from: string): string[] {
  const order: string[] = [];
  let current: string | undefined = from;
  const seen = new Set<string>();
  while (current && !seen.has(current)) {
    seen.add(current);
    const state: State = definition.States[current]!;
    if (state.Type === 'Task') order.push(state.Parameters?.step ?? current);
    current = state.Type === 'Choice' ? state.Default : state.Next;
  }
  return order;
}

it('exists once, with logging, tracing and a time limit', () => {
  expect(machine.Properties).toMatchObject({ TracingConfiguration: { Enabled: true }, LoggingConfiguration: { Level: 'ALL' } });
  expect(definition.TimeoutSeconds).toBe(2 * 60 * 60);
});

it('begins, then runs the deploy or the destroy steps in the order of their lists', () => {
  expect(definition.StartAt).toBe('Begin');
  const route = definition.States[definition.States.Begin!.Next!]!;
  expect(route.Type).toBe('Choice');
  const to = (path: string) => route.Choices!.find((c) => c.StringEquals === path)!.Next;
  expect(taskOrder(to('deploy'))).toEqual([...DEPLOY_STACK_STEPS.map((s) => s.name), 'succeed']);
  expect(taskOrder(to('destroy'))).toEqual([...DESTROY_STACK_STEPS.map((s) => s.name), 'destroyed']);
  expect(definition.States[route.Default!]!.Type).toBe('Succeed');
});

it('loops each poll step through a Wait of its pollSeconds until it reports done; no Lambda sleeps', () => {
  const check = (list: 'Deploy' | 'Destroy', steps: readonly StackStep[]) => {
    for (const step of steps.filter((s) => s.kind === 'poll')) {
      const task = definition.States[deploymentTaskId(list, step.name)]!;
      const choice = definition.States[task.Next!]!;
      expect(choice.Type).toBe('Choice');
      const notDone = choice.Choices!.find((c) => c.Variable === '$.task.done' && c.BooleanEquals === false)!;
      const wait = definition.States[notDone.Next]!;
      expect(wait).toMatchObject({ Type: 'Wait', Seconds: step.pollSeconds, Next: deploymentTaskId(list, step.name) });
    }
  };
  check('Deploy', DEPLOY_STACK_STEPS);
  check('Destroy', DESTROY_STACK_STEPS);
});

it('retries every task on throttling and Lambda errors with backoff, and catches any failure into "Mark failed"', () => {
  const tasks = Object.entries(definition.States).filter(([, s]) => s.Type === 'Task');
  expect(tasks.length).toBe(DEPLOY_STACK_STEPS.length + DESTROY_STACK_STEPS.length + 4);
  for (const [name, state] of tasks) {
    expect(state.Retry).toEqual([expect.objectContaining({ ErrorEquals: expect.arrayContaining(['Lambda.TooManyRequestsException', 'Lambda.ServiceException']), BackoffRate: 2, MaxAttempts: 6 })]);
    if (name !== 'Mark failed') expect(state.Catch?.[0]).toMatchObject({ ErrorEquals: ['States.ALL'], Next: 'Mark failed' });
  }
  expect(definition.States[definition.States['Mark failed']!.Next!]!.Type).toBe('Fail');
});

it('is started only by the deploy, rollback and destroy routes; the step function previews for the deploy, rollback and preview routes', () => {
  const machineRef = JSON.stringify({ Ref: logicalId(stack.deployment.stateMachine) });
  const stepFunctionArn = JSON.stringify({ 'Fn::GetAtt': [logicalId(stack.deployment.stepFunction), 'Arn'] });
  const roleOf = (routeId: string) => JSON.stringify(resources[stack.getLogicalId(stack.api.functions.get(routeId)!.role!.node.defaultChild as CfnElement)]);
  for (const route of CONTROL_PLANE_ROUTE_LIST) {
    const role = roleOf(route.id);
    expect([route.id, role.includes(machineRef)]).toEqual([route.id, route.startsDeployment === true]);
    expect([route.id, role.includes(stepFunctionArn)]).toEqual([route.id, route.previewsStacks === true]);
  }
  expect(CONTROL_PLANE_ROUTE_LIST.filter((r) => r.startsDeployment).map((r) => r.id).sort()).toEqual(['deployProject', 'destroyProjectStack', 'rollbackProject']);
});

it('the routes and the step function are configured to find the workflow; the synthesis function only its own settings', () => {
  const fn = (c: { node: { defaultChild?: unknown } }) => (resources[logicalId(c)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
  const route = fn(stack.api.functions.get('deployProject')! as never);
  for (const name of [ENV.DEPLOYMENT_STATE_MACHINE_ARN, ENV.DEPLOYMENT_STEP_FUNCTION, ENV.PROJECT_SYNTH_FUNCTION, ENV.ARTIFACT_BUCKET, ENV.PROJECT_CODE, ENV.PROJECT_STACK_ROLE_ARN]) expect(route).toHaveProperty(name);
  const step = fn(stack.deployment.stepFunction);
  expect(step).toHaveProperty(ENV.PROJECT_CODE);
  expect(step).not.toHaveProperty(ENV.DEPLOYMENT_STEP_FUNCTION);
  expect(Object.keys(fn(stack.deployment.synthFunction)).sort()).toEqual(['CDK_VALIDATION']);
});

it('CloudFormation acts through its own role, which the step function may only pass; the synthesis function may only log', () => {
  const stepRole = JSON.stringify(resources[logicalId(stack.deployment.stepFunction.role as never)]);
  expect(stepRole).toContain('iam:PassRole');
  expect(stepRole).not.toMatch(/"iam:(CreateRole|PutRolePolicy)"/);
  const stackRole = resources[logicalId(stack.deployment.stackRole)]!;
  expect(JSON.stringify(stackRole.Properties!.AssumeRolePolicyDocument)).toContain('cloudformation.amazonaws.com');
  const synthRole = resources[logicalId(stack.deployment.synthFunction.role as never)]!;
  const actions = JSON.stringify((synthRole.Properties!.Policies as unknown[]) ?? []);
  expect(actions).toContain('logs:PutLogEvents');
  expect(actions).not.toMatch(/dynamodb|s3:|cloudformation|lambda:/);
});
