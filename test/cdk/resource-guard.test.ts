/**
 * CloudFormation allows 500 resources per stack; the control plane must stay well below
 * (LAB-NOTES "Limits and measurements"). Each route costs a fixed handful of resources, so the
 * guard also pins that cost: a construct change that adds a resource per route shows here
 * long before the manifest grows into the limit.
 */
import { CONTROL_PLANE_ROUTE_LIST } from '../../lambdas/control-plane/routes';
import { synthControlPlane } from './synth';

const RESOURCE_LIMIT = 450;
/** Function, role (inline policy), log group, integration, route, invoke permission. */
const RESOURCES_PER_ROUTE = 6;

// With analytics reporting on, as under `cdk synth`, so the CDKMetadata resource is counted too.
const { template } = synthControlPlane({}, { analyticsReporting: true });
const resources = Object.values(template.toJSON().Resources as Record<string, { Type: string }>);

test(`the synthesized stack has fewer than ${RESOURCE_LIMIT} resources`, () => {
  expect(resources.length).toBeLessThan(RESOURCE_LIMIT);
});

test(`each route costs ${RESOURCES_PER_ROUTE} resources`, () => {
  const routes = CONTROL_PLANE_ROUTE_LIST.length;
  // Per route, plus what is there once: the $default route (its function, role, integration,
  // route and permission), the blueprint generation workflow (its step function and role; the
  // state machine's role), the deployment workflow (step and synthesis functions and their
  // roles, the state machine's role, CloudFormation's role for project stacks) and the spec
  // writer (its function and role).
  const perRouteTypes: [string, number][] = [
    ['AWS::Lambda::Function', 5],
    ['AWS::IAM::Role', 8],
    ['AWS::ApiGatewayV2::Integration', 1],
    ['AWS::ApiGatewayV2::Route', 1],
    ['AWS::Lambda::Permission', 1],
  ];
  for (const [type, once] of perRouteTypes) {
    expect({ type, count: resources.filter((r) => r.Type === type).length }).toEqual({ type, count: routes + once });
  }
  // One log group per function (routes, $default, the steps', synthesis and spec writer functions), the stage's access logs and the two state machines'.
  expect(resources.filter((r) => r.Type === 'AWS::Logs::LogGroup')).toHaveLength(routes + 8);
  const fixed = resources.length - RESOURCES_PER_ROUTE * routes;
  // Table, user pool, client, API, stage, access log group, CDKMetadata; the $default route (6,
  // as a route); the generation workflow: step function, its role and log group, state machine,
  // its role, policy and log group; and the deployment workflow (13): the artifact bucket and its
  // policy, the synthesis function, role and log group, the step function, role and log group,
  // CloudFormation's role, the state machine, its role, policy and log group; the spec writer (4):
  // its function, role, log group and asynchronous invoke configuration; and the operations (9,
  // lib/control-plane/control-plane-operations.ts): six alarms, the alarm topic, its policy and key.
  expect(fixed).toBe(46);
  // Headroom, for the record: how many routes fit under the guard.
  expect(Math.floor((RESOURCE_LIMIT - 1 - fixed) / RESOURCES_PER_ROUTE)).toBeGreaterThan(routes);
});
