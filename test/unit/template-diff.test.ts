/** The deployment preview's diff of two synthesized templates (lambdas/core/deploy/template-diff.ts). */
import { diffTemplates, type CloudFormationTemplate } from '../../lambdas/core/deploy/template-diff';

const template = (resources: Record<string, { Type: string; Properties?: unknown }>): CloudFormationTemplate => ({ Resources: resources });

describe('diffTemplates', () => {
  it('adds everything on a first deployment, without CDK metadata', () => {
    const preview = diffTemplates(null, template({ Table: { Type: 'AWS::DynamoDB::Table' }, CDKMetadata: { Type: 'AWS::CDK::Metadata' }, Api: { Type: 'AWS::ApiGatewayV2::Api' } }));
    expect(preview.changes).toEqual([
      { action: 'add', logicalId: 'Api', resourceType: 'AWS::ApiGatewayV2::Api' },
      { action: 'add', logicalId: 'Table', resourceType: 'AWS::DynamoDB::Table' },
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
      { action: 'remove', logicalId: 'Old', resourceType: 'AWS::ApiGatewayV2::Route' },
      { action: 'remove', logicalId: 'Swapped', resourceType: 'AWS::S3::Bucket' },
      { action: 'modify', logicalId: 'Kept', resourceType: 'AWS::Lambda::Function' },
      { action: 'add', logicalId: 'New', resourceType: 'AWS::ApiGatewayV2::Route' },
      { action: 'add', logicalId: 'Swapped', resourceType: 'AWS::DynamoDB::Table' },
    ]);
    expect(preview.summary).toBe('2 to add, 1 to modify, 2 to remove');
  });
});
