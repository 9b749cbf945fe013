/**
 * The project table streams new and old images on AWS as locally (issue 25 item 4), and turning
 * the stream on for a project deployed before is an update in place: the data-safety preview
 * must not call it a replacement (CloudFormation: StreamSpecification "Update requires: No
 * interruption").
 */
import { diffTemplates, type CloudFormationTemplate } from '../../lambdas/core/deploy/template-diff';
import { synthProjectTemplate } from '../../lib/project/project-template';
import { goldenIr } from '../support/golden-ir';

type Resource = { Type: string; Properties?: Record<string, unknown> };

describe('the project table stream in CDK', () => {
  const after = synthProjectTemplate(goldenIr('01-task-tracker'), 'p-stream') as CloudFormationTemplate & { Resources: Record<string, Resource> };
  const tables = Object.entries(after.Resources).filter(([, resource]) => resource.Type === 'AWS::DynamoDB::Table');

  it('streams NEW_AND_OLD_IMAGES', () => {
    expect(tables).toHaveLength(1);
    expect(tables[0]![1].Properties?.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
  });

  it('is turned on for a table from before as an update in place, not a replacement', () => {
    const [logicalId, table] = tables[0]!;
    const { StreamSpecification: _, ...withoutStream } = table.Properties ?? {};
    const before = { ...after, Resources: { ...after.Resources, [logicalId]: { ...table, Properties: withoutStream } } };
    const change = diffTemplates(before, after).changes.find((c) => c.logicalId === logicalId);
    expect(change).toMatchObject({ action: 'modify', destructive: false });
  });
});
