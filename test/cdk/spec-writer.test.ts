/**
 * The spec writer on AWS (lib/control-plane/spec-writer.ts, from SPEC_WRITER): one function with a
 * timeout above the model's deadline, invoked asynchronously without retries and not after its
 * start window; its role writes the table with the actions SPEC_WRITER lists and invokes the
 * model, nothing else; only POST /projects may invoke it, and that route no longer calls the model
 * itself. With the offline author there is no writer at all.
 */
import type { CfnElement, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { SPEC_WRITER } from '../../lambdas/control-plane/spec-writing/spec-writer-function';
import { ENV } from '../../lambdas/shared/env';
import { asArray, synthControlPlane, type CfnResource, type PolicyStatementJson } from './synth';

const logicalId = (stack: Stack, construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);

/** Every statement of a role's inline policies. */
function statementsOf(role: CfnResource): PolicyStatementJson[] {
  const policies = (role.Properties?.Policies ?? []) as Array<{ PolicyDocument: { Statement: PolicyStatementJson[] } }>;
  return policies.flatMap((policy) => policy.PolicyDocument.Statement);
}

const actionsOf = (statements: PolicyStatementJson[]) => statements.flatMap((s) => asArray(s.Action)).sort();

describe('the spec writer', () => {
  const { stack, template } = synthControlPlane({ bedrockModelId: 'amazon.nova-pro-v1:0' });
  const writer = stack.specWriter!;
  const writerId = logicalId(stack, writer.function);
  const functions = template.findResources('AWS::Lambda::Function') as Record<string, CfnResource>;
  const roles = template.findResources('AWS::IAM::Role') as Record<string, CfnResource>;
  const writerFunction = functions[writerId]!;
  const writerRole = roles[logicalId(stack, writer.role)]!;

  it('is one function whose timeout lies above the model’s deadline on this path', () => {
    expect(writerFunction.Properties).toMatchObject({ Timeout: SPEC_WRITER.timeoutSeconds, MemorySize: SPEC_WRITER.memorySize, Handler: 'index.handler' });
    expect(SPEC_WRITER.timeoutSeconds * 1000).toBeGreaterThan(SPEC_WRITER.modelDeadlineMs);
    const environment = (writerFunction.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(environment).toMatchObject({ [ENV.AUTHOR_PROVIDER]: 'bedrock', [ENV.BEDROCK_MODEL_ID]: expect.anything(), [ENV.TABLE_NAME]: expect.anything() });
  });

  it('is invoked asynchronously without retries, and never after its start window', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: writerId },
      MaximumRetryAttempts: 0,
      MaximumEventAgeInSeconds: SPEC_WRITER.startWindowSeconds,
    });
  });

  it('may write the table with the actions SPEC_WRITER lists and invoke the model, nothing else', () => {
    const statements = statementsOf(writerRole);
    expect(statements.map((s) => s.Sid).sort()).toEqual(['SpecAuthorModel', 'Table', 'WriteOwnLogs']);
    expect(actionsOf(statements.filter((s) => s.Sid === 'Table'))).toEqual(SPEC_WRITER.tableActions.map((action) => `dynamodb:${action}`).sort());
    expect(JSON.stringify(statements.find((s) => s.Sid === 'Table')!.Resource)).toContain(logicalId(stack, stack.data.table));
    expect(JSON.stringify(statements.find((s) => s.Sid === 'Table')!.Resource)).not.toContain('index');
    expect(actionsOf(statements.filter((s) => s.Sid === 'SpecAuthorModel'))).toEqual(['bedrock:InvokeModel']);
    expect(JSON.stringify(statements.find((s) => s.Sid === 'SpecAuthorModel')!.Resource)).toContain('nova-pro');
  });

  it('is started by POST /projects alone, which invokes it and no longer calls the model itself', () => {
    const createProject = stack.api.functions.get('createProject')!;
    const createRole = roles[logicalId(stack, createProject.role!)]!;
    const start = statementsOf(createRole).filter((s) => s.Sid === 'StartSpecWriter');
    expect(start).toEqual([expect.objectContaining({ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [writerId, 'Arn'] } })]);
    expect(actionsOf(statementsOf(createRole))).not.toContain('bedrock:InvokeModel');
    const environment = (functions[logicalId(stack, createProject)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(environment[ENV.SPEC_WRITER_FUNCTION]).toEqual({ Ref: writerId });

    const invokers = Object.entries(roles).filter(([, role]) => statementsOf(role).some((s) => s.Action === 'lambda:InvokeFunction' && JSON.stringify(s.Resource).includes(`"${writerId}"`)));
    expect(invokers.map(([id]) => id)).toEqual([logicalId(stack, createProject.role!)]);
  });
});

describe('the spec writer with the offline author', () => {
  const { stack, template } = synthControlPlane({ bedrockModelId: 'offline' });

  it('does not exist: version 1 is written within the request, and POST /projects may invoke nothing', () => {
    expect(stack.specWriter).toBeUndefined();
    const descriptions = Object.values(template.findResources('AWS::Lambda::Function') as Record<string, CfnResource>).map((fn) => String(fn.Properties?.Description));
    expect(descriptions.filter((d) => d.startsWith('BGS spec writer'))).toEqual([]);
    const createRole = (template.findResources('AWS::IAM::Role') as Record<string, CfnResource>)[logicalId(stack, stack.api.functions.get('createProject')!.role!)]!;
    expect(statementsOf(createRole).map((s) => s.Sid)).not.toContain('StartSpecWriter');
  });
});
