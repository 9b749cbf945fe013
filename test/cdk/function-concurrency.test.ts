/**
 * Reserved concurrency (lib/shared/function-concurrency.ts): the control plane reserves a little
 * for its critical functions (sign-in, refresh, destroying a project's stack and the deployment
 * step that runs it), configurable down to none for accounts with a small quota; a project's
 * runtime is capped only when asked (prop, CDK context, or the control plane's setting through
 * the deploy template), since every cap is taken from the account's pool once per project.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { parseControlPlaneConfig } from '../../lambdas/shared/config';
import { ENV } from '../../lambdas/shared/env';
import { synthDeployTemplate } from '../../lib/project/deploy-template';
import { ProjectStack } from '../../lib/project/project-stack';
import { BgsFunction } from '../../lib/shared/bgs-function';
import { CRITICAL_ROUTE_IDS, DEFAULT_CONTROL_PLANE_RESERVED_CONCURRENCY, reservedConcurrency } from '../../lib/shared/function-concurrency';
import { goldenIr } from '../support/golden-ir';
import { synthesisRequest } from '../support/synthesis-request';
import { synthControlPlane, testApp } from './synth';
import { Duration, Stack } from 'aws-cdk-lib';
import type { ControlPlaneStack } from '../../lib/control-plane/control-plane-stack';

/** ReservedConcurrentExecutions of every function that has one, by logical id. */
function reservations(template: Template): Record<string, number> {
  return Object.fromEntries(
    Object.entries(template.findResources('AWS::Lambda::Function'))
      .filter(([, r]) => r.Properties.ReservedConcurrentExecutions !== undefined)
      .map(([id, r]) => [id, r.Properties.ReservedConcurrentExecutions as number]),
  );
}

/** The logical ids of the critical functions of a control-plane stack. */
function criticalIds(stack: ControlPlaneStack): string[] {
  return [...CRITICAL_ROUTE_IDS.map((id) => stack.api.functions.get(id)!), stack.deployment.stepFunction].map((fn) => stack.getLogicalId(fn.node.defaultChild as never)).sort();
}

/** Functions whose environment sets NODE_OPTIONS (none should: source maps are read lazily, lib/shared/lambda-bundling.ts). */
const withNodeOptions = (template: Template): string[] =>
  Object.entries(template.findResources('AWS::Lambda::Function'))
    .filter(([, r]) => (r.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.NODE_OPTIONS !== undefined)
    .map(([id]) => id);

describe('the control plane', () => {
  const { stack, template } = synthControlPlane();

  test(`reserves ${DEFAULT_CONTROL_PLANE_RESERVED_CONCURRENCY} for each of its 4 critical functions, and for no other (40 of a 1,000 pool)`, () => {
    const reserved = reservations(template);
    expect(Object.keys(reserved).sort()).toEqual(criticalIds(stack));
    expect(new Set(Object.values(reserved))).toEqual(new Set([DEFAULT_CONTROL_PLANE_RESERVED_CONCURRENCY]));
    expect(CRITICAL_ROUTE_IDS).toEqual(['login', 'refresh', 'destroyProjectStack']);
  });

  test('no function pays for source maps at its cold start (no NODE_OPTIONS=--enable-source-maps)', () => {
    expect(withNodeOptions(template)).toEqual([]);
  });

  test('configurable, and 0 reserves nothing (an account whose quota is too small for any reservation)', () => {
    const more = synthControlPlane({ reservedConcurrency: 25, projectReservedConcurrency: 40 });
    expect(new Set(Object.values(reservations(more.template)))).toEqual(new Set([25]));
    // The project cap travels to the deployment step, which puts it in every synthesis request.
    const env = (more.template.toJSON().Resources[more.stack.getLogicalId(more.stack.deployment.stepFunction.node.defaultChild as never)].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env[ENV.PROJECT_RESERVED_CONCURRENCY]).toBe('40');
    expect(reservations(synthControlPlane({ reservedConcurrency: 0 }).template)).toEqual({});
  });

  test('the deployment step reads the project cap from its environment', () => {
    const base = {
      [ENV.TABLE_NAME]: 't',
      [ENV.IDENTITY_MODE]: 'cognito',
      [ENV.USER_POOL_ID]: 'eu-west-1_x',
      [ENV.USER_POOL_CLIENT_ID]: 'c',
      [ENV.TOKEN_ISSUER]: 'https://issuer',
      [ENV.JWKS_URL]: 'https://issuer/jwks',
      [ENV.PUBLIC_URL]: 'https://api.example.com',
      [ENV.REGION]: 'eu-west-1',
      [ENV.URL_SUFFIX]: 'amazonaws.com',
      [ENV.DEPLOYMENT_STATE_MACHINE_ARN]: 'arn:aws:states:eu-west-1:1:stateMachine:d',
      [ENV.PROJECT_SYNTH_FUNCTION]: 'synth',
      [ENV.ARTIFACT_BUCKET]: 'artifacts',
      [ENV.PROJECT_CODE]: JSON.stringify({ bucket: 'b', keys: { runtime: 'r.zip' } }),
      [ENV.PROJECT_STACK_ROLE_ARN]: 'arn:aws:iam::1:role/r',
      [ENV.ACCOUNT_ID]: '1',
    };
    const parsed = parseControlPlaneConfig({ ...base, [ENV.PROJECT_RESERVED_CONCURRENCY]: '40', [ENV.PROJECT_ALARM_TOPIC_ARN]: 'arn:aws:sns:eu-west-1:1:t' }).deployment;
    expect(parsed).toMatchObject({ projectReservedConcurrency: 40, alarmTopicArn: 'arn:aws:sns:eu-west-1:1:t' });
    expect(parseControlPlaneConfig(base).deployment).toMatchObject({ projectReservedConcurrency: undefined, alarmTopicArn: undefined });
    expect(() => parseControlPlaneConfig({ ...base, [ENV.PROJECT_RESERVED_CONCURRENCY]: '0' })).toThrow(ENV.PROJECT_RESERVED_CONCURRENCY);
  });
});

describe('a project stack', () => {
  const ir = goldenIr('01-task-tracker');
  const synth = (props: { reservedConcurrency?: number } = {}, context: Record<string, unknown> = {}) => {
    const stack = new ProjectStack(testApp({ context }), 'ProjectTest', { ir, projectId: 'p-1', ...props });
    return { stack, template: Template.fromStack(stack) };
  };
  const runtimeId = (stack: ProjectStack) => stack.getLogicalId(stack.runtime.handler.function.node.defaultChild as never);

  test('reserves nothing by default: every cap would be taken from the pool once per project', () => {
    const { template } = synth();
    expect(reservations(template)).toEqual({});
    expect(withNodeOptions(template)).toEqual([]);
  });

  test('caps its runtime, and only its runtime, when asked by prop or CDK context; 0 is none', () => {
    const byProp = synth({ reservedConcurrency: 50 });
    expect(reservations(byProp.template)).toEqual({ [runtimeId(byProp.stack)]: 50 });
    const byContext = synth({}, { 'bgs:projectReservedConcurrency': '30' });
    expect(reservations(byContext.template)).toEqual({ [runtimeId(byContext.stack)]: 30 });
    expect(reservations(synth({ reservedConcurrency: 0 }).template)).toEqual({});
  });

  test('the deploy template caps the runtime as the synthesis request says', () => {
    const template = Template.fromJSON(synthDeployTemplate({ ...synthesisRequest(ir, 'eu-west-1'), reservedConcurrency: 20 }) as Record<string, unknown>);
    expect(Object.values(reservations(template))).toEqual([20]);
    expect(reservations(Template.fromJSON(synthDeployTemplate(synthesisRequest(ir, 'eu-west-1')) as Record<string, unknown>))).toEqual({});
  });
});

describe('the settings themselves', () => {
  test('context text becomes a whole number; anything else fails the synth', () => {
    expect(reservedConcurrency('12', 'x')).toBe(12);
    expect(reservedConcurrency(0, 'x')).toBe(0);
    expect(reservedConcurrency(undefined, 'x')).toBeUndefined();
    expect(() => reservedConcurrency('ten', 'bgs:reservedConcurrency')).toThrow('bgs:reservedConcurrency must be a whole number');
    expect(() => reservedConcurrency(-1, 'x')).toThrow();
    expect(() => reservedConcurrency(1.5, 'x')).toThrow();
  });

  test('a function never gets a reservation of 0, which would throttle every call', () => {
    const stack = new Stack(testApp(), 'S');
    expect(
      () =>
        new BgsFunction(stack, 'F', {
          entry: 'lambdas/control-plane/handlers/health.lambda.ts',
          description: 'f',
          environment: {},
          statements: [],
          memorySize: 128,
          timeout: Duration.seconds(3),
          reservedConcurrentExecutions: 0,
        }),
    ).toThrow('reservedConcurrentExecutions must be a whole number of 1 or more');
  });
});
