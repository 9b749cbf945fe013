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
  const perRouteTypes = [
    'AWS::Lambda::Function',
    'AWS::IAM::Role',
    'AWS::ApiGatewayV2::Integration',
    'AWS::ApiGatewayV2::Route',
    'AWS::Lambda::Permission',
  ];
  for (const type of perRouteTypes) expect({ type, count: resources.filter((r) => r.Type === type).length }).toEqual({ type, count: routes });
  // One log group per function plus the stage's access logs.
  expect(resources.filter((r) => r.Type === 'AWS::Logs::LogGroup')).toHaveLength(routes + 1);
  const fixed = resources.length - RESOURCES_PER_ROUTE * routes;
  // Table, user pool, client, API, stage, access log group, CDKMetadata.
  expect(fixed).toBe(7);
  // Headroom, for the record: how many routes fit under the guard.
  expect(Math.floor((RESOURCE_LIMIT - 1 - fixed) / RESOURCES_PER_ROUTE)).toBeGreaterThan(routes);
});
