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
  // Per route, plus what the blueprint generation workflow adds once (its step function and
  // role; the state machine's role; no integration, route or permission).
  const perRouteTypes: [string, number][] = [
    ['AWS::Lambda::Function', 1],
    ['AWS::IAM::Role', 2],
    ['AWS::ApiGatewayV2::Integration', 0],
    ['AWS::ApiGatewayV2::Route', 0],
    ['AWS::Lambda::Permission', 0],
  ];
  for (const [type, once] of perRouteTypes) {
    expect({ type, count: resources.filter((r) => r.Type === type).length }).toEqual({ type, count: routes + once });
  }
  // One log group per function, the stage's access logs and the state machine's.
  expect(resources.filter((r) => r.Type === 'AWS::Logs::LogGroup')).toHaveLength(routes + 3);
  const fixed = resources.length - RESOURCES_PER_ROUTE * routes;
  // Table, user pool, client, API, stage, access log group, CDKMetadata; and the generation
  // workflow: step function, its role and log group, state machine, its role, policy and log group.
  expect(fixed).toBe(14);
  // Headroom, for the record: how many routes fit under the guard.
  expect(Math.floor((RESOURCE_LIMIT - 1 - fixed) / RESOURCES_PER_ROUTE)).toBeGreaterThan(routes);
});
