/**
 * cdk-nag (AWS Solutions) on the control-plane stack: nothing left unacknowledged, every
 * acknowledgement has a real reason and still matches a finding, and a control stack proves
 * the check can fail.
 *
 * cdk-nag 3 is a CDK validation plugin, not an Aspect: `validateScope(scope)` returns its report
 * (violations left after acknowledgements); registered with `Validations.of(app).addPlugins`,
 * it runs at `app.synth()` and an error fails synth, as in bin/bgs-cdk.ts.
 */
import { App, RemovalPolicy, Stack, Validations, type PolicyViolation } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ControlPlaneStack } from '../../lib/control-plane/control-plane-stack';
import { CONTROL_PLANE_ROUTE_LIST } from '../../lambdas/control-plane/routes';
import { testApp } from './synth';
import { acknowledgementsIn, RecordingChecks } from './nag';





function describeViolations(violations: readonly PolicyViolation[]): string[] {
  return violations.map((v) => `${v.severity} ${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
}

describe('the control-plane stack under AwsSolutionsChecks', () => {
  const app = testApp();
  const stack = new ControlPlaneStack(app, 'NagTest');
  // Registered as in bin/bgs-cdk.ts, for the synth test below; validateScope does not synth.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const checks = new RecordingChecks();
  const report = checks.validateScope(app);
  const acknowledgements = acknowledgementsIn(app);

  test('no unacknowledged error or warning', () => {
    expect(describeViolations(report.violations)).toEqual([]);
    expect(report.success).toBe(true);
  });

  test('the check did run: it saw findings, all of them acknowledged', () => {
    expect(checks.raw.length).toBeGreaterThan(0);
  });

  test('every acknowledgement gives a specific reason', () => {
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const ack of acknowledgements) {
      expect({ id: ack.id, path: ack.path, length: ack.reason.trim().length >= 40 }).toEqual({ id: ack.id, path: ack.path, length: true });
    }
  });

  test('only the expected rules are acknowledged', () => {
    // A new kind of acknowledgement is a design decision: add it here on purpose.
    const expected = new Set(['AwsSolutions-APIG4', 'AwsSolutions-COG1', 'AwsSolutions-COG2', 'AwsSolutions-L1']);
    // The wildcards: the two state machines' (X-Ray, log delivery, their one function's versions), and the
    // deployment workflow's roles, which act on project stacks and their resources by name prefix
    // (lib/control-plane/deployment-workflow.ts gives each its reason).
    // And the endpoint routes' roles: endpoint secrets by their name prefix (lib/control-plane/route-function.ts).
    const endpointSecretRoles = CONTROL_PLANE_ROUTE_LIST.filter((route) => route.endpointSecrets).map((route) => stack.api.functions.get(route.id)!.role!);
    const wildcardPaths = [stack.generation.stateMachine, stack.deployment.stateMachine, stack.deployment.stackRole, stack.deployment.stepFunction.role!, ...endpointSecretRoles].map((c) => c.node.path);
    // The artifact bucket keeps project templates only (no server access log bucket of its own).
    const serverLogPaths = [stack.deployment.artifactBucket.node.path];
    const unexpected = acknowledgements.filter(
      (a) => !expected.has(a.id) && !(a.id.startsWith('AwsSolutions-IAM5[') && wildcardPaths.includes(a.path)) && !(a.id === 'AwsSolutions-S1' && serverLogPaths.includes(a.path)),
    );
    expect(unexpected.map((a) => `${a.id} at ${a.path}`)).toEqual([]);
  });

  test('no stale acknowledgement: each one still matches a finding at or under its construct', () => {
    const stale = acknowledgements.filter(
      (ack) => !checks.raw.some((f) => f.ruleId === ack.id && (f.path === ack.path || f.path.startsWith(`${ack.path}/`))),
    );
    expect(stale.map((a) => `${a.id} at ${a.path}`)).toEqual([]);
  });

  test('the route acknowledgements are per route (APIG4), never stack-wide', () => {
    for (const ack of acknowledgements) expect(ack.path).not.toBe(stack.node.path);
  });

  test('registered as in bin/bgs-cdk.ts, synth passes', () => {
    expect(() => app.synth()).not.toThrow();
  });
});

describe('control: a non-compliant stack is caught', () => {
  function nonCompliantApp(): { app: App; stack: Stack } {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'Bad');
    new s3.Bucket(stack, 'Bucket', { removalPolicy: RemovalPolicy.DESTROY }); // no access logs, no TLS-only policy
    new dynamodb.Table(stack, 'Table', {
      partitionKey: { name: 'PK', type: dynamodb.AttributeType.STRING },
      removalPolicy: RemovalPolicy.DESTROY,
    }); // no point-in-time recovery
    const role = new iam.Role(stack, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:*'], resources: ['*'] }));
    return { app, stack };
  }

  test('validateScope reports the bucket, the table and the wildcard role', () => {
    const { app } = nonCompliantApp();
    const report = new AwsSolutionsChecks().validateScope(app);
    const rules = report.violations.map((v) => v.ruleName);
    expect(report.success).toBe(false);
    expect(rules).toEqual(
      expect.arrayContaining([
        'AwsSolutions-S1',
        'AwsSolutions-S10',
        'AwsSolutions-DDB3',
        'AwsSolutions-IAM5[Action::s3:*]',
        'AwsSolutions-IAM5[Resource::*]',
      ]),
    );
  });

  test('an acknowledgement suppresses exactly its finding', () => {
    const { app, stack } = nonCompliantApp();
    Validations.of(stack.node.findChild('Role')).acknowledge({
      id: 'AwsSolutions-IAM5[Action::s3:*]',
      reason: 'control test: only this finding is acknowledged',
    });
    const rules = new AwsSolutionsChecks().validateScope(app).violations.map((v) => v.ruleName);
    expect(rules).not.toContain('AwsSolutions-IAM5[Action::s3:*]');
    expect(rules).toContain('AwsSolutions-IAM5[Resource::*]');
  });

  test('registered as a plugin, it fails synth', () => {
    const { app } = nonCompliantApp();
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow(/AwsSolutions-/);
  });
});
