/** The deployment preview's diff of two synthesized templates (lambdas/core/deploy/template-diff.ts). */
import { diffTemplates, type CloudFormationTemplate } from '../../lambdas/core/deploy/template-diff';

const template = (resources: Record<string, { Type: string; Properties?: unknown }>): CloudFormationTemplate => ({ Resources: resources });

describe('diffTemplates', () => {
  it('adds everything on a first deployment, without CDK metadata', () => {
    const preview = diffTemplates(null, template({ Table: { Type: 'AWS::DynamoDB::Table' }, CDKMetadata: { Type: 'AWS::CDK::Metadata' }, Api: { Type: 'AWS::ApiGatewayV2::Api' } }));
    expect(preview.changes).toEqual([
      { action: 'add', logicalId: 'Api', resourceType: 'AWS::ApiGatewayV2::Api', destructive: false },
      { action: 'add', logicalId: 'Table', resourceType: 'AWS::DynamoDB::Table', destructive: false },
    ]);
    expect(preview.summary).toBe('First deployment: 2 to add, 0 to modify, 0 to remove');
  });

  it('reports nothing for the same template, whatever its key order', () => {
    const a = template({ R: { Type: 'AWS::ApiGatewayV2::Route', Properties: { RouteKey: 'GET /v1/tasks', Target: 'x' } } });
    const b = template({ R: { Properties: { Target: 'x', RouteKey: 'GET /v1/tasks' }, Type: 'AWS::ApiGatewayV2::Route' } });
    expect(diffTemplates(a, b)).toEqual({ changes: [], summary: 'No changes: the deployed project already matches this blueprint' });
  });

  it('orders removals, modifications and additions; a changed type is a replacement', () => {
    const before = template({ Old: { Type: 'AWS::ApiGatewayV2::Route' }, Kept: { Type: 'AWS::Lambda::Function', Properties: { MemorySize: 512 } }, Swapped: { Type: 'AWS::S3::Bucket' } });
    const after = template({ Kept: { Type: 'AWS::Lambda::Function', Properties: { MemorySize: 1024 } }, New: { Type: 'AWS::ApiGatewayV2::Route' }, Swapped: { Type: 'AWS::DynamoDB::Table' } });
    const preview = diffTemplates(before, after);
    expect(preview.changes).toEqual([
      { action: 'remove', logicalId: 'Old', resourceType: 'AWS::ApiGatewayV2::Route', destructive: false },
      { action: 'remove', logicalId: 'Swapped', resourceType: 'AWS::S3::Bucket', destructive: true, reason: expect.stringContaining('the bucket leaves the stack') },
      { action: 'modify', logicalId: 'Kept', resourceType: 'AWS::Lambda::Function', destructive: false },
      { action: 'add', logicalId: 'New', resourceType: 'AWS::ApiGatewayV2::Route', destructive: false },
      { action: 'add', logicalId: 'Swapped', resourceType: 'AWS::DynamoDB::Table', destructive: false },
    ]);
    expect(preview.summary).toBe('2 to add, 1 to modify, 2 to remove');
  });

  it('marks a table, bucket or user pool replaced by a property change as destructive, and other changes of them not', () => {
    const table = (props: Record<string, unknown>) => ({ Type: 'AWS::DynamoDB::Table', Properties: props });
    const keys = [{ AttributeName: 'PK', KeyType: 'HASH' }];
    const before = template({
      Table: table({ KeySchema: keys, BillingMode: 'PAY_PER_REQUEST' }),
      Pool: { Type: 'AWS::Cognito::UserPool', Properties: { UsernameAttributes: ['email'], Policies: { a: 1 } } },
      Bucket: { Type: 'AWS::S3::Bucket', Properties: { BucketName: 'a' } },
    });
    const after = template({
      Table: table({ KeySchema: [...keys, { AttributeName: 'SK', KeyType: 'RANGE' }], BillingMode: 'PAY_PER_REQUEST' }),
      Pool: { Type: 'AWS::Cognito::UserPool', Properties: { UsernameAttributes: ['email'], Policies: { a: 2 } } },
      Bucket: { Type: 'AWS::S3::Bucket', Properties: { BucketName: 'b' } },
    });
    const byId = Object.fromEntries(diffTemplates(before, after).changes.map((c) => [c.logicalId, c]));
    expect(byId.Table).toMatchObject({ action: 'modify', destructive: true, reason: 'KeySchema of the table changes: CloudFormation replaces it with a new, empty one' });
    expect(byId.Bucket).toMatchObject({ destructive: true, reason: expect.stringContaining('BucketName of the bucket') });
    expect(byId.Pool).toMatchObject({ action: 'modify', destructive: false });
    expect(byId.Pool!.reason).toBeUndefined();
    // A removed user pool (retained by its policy) is no longer the project's: destructive.
    const gone = diffTemplates(before, template({ Table: before.Resources!.Table!, Bucket: before.Resources!.Bucket! })).changes;
    expect(gone).toEqual([{ action: 'remove', logicalId: 'Pool', resourceType: 'AWS::Cognito::UserPool', destructive: true, reason: expect.stringContaining('the user pool leaves the stack') }]);
  });
});
