/**
 * The deployed blueprint item (PK META / SK BLUEPRINT) in its two encodings: the local deployer
 * stores the gzipped IR as a binary attribute (`irGzip`), the project stack's custom resource as
 * base64 text (`irGzipBase64`: CloudFormation parameters are JSON and carry no binary). The
 * runtime's loader reads both; the DynamoDB client is mocked (only the item's shape matters).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import {
  deployedBlueprintAttributeValues,
  loadDeployedBlueprint,
  saveDeployedBlueprint,
} from '../../lambdas/adapters/project-data/deployed-blueprint';
import { goldenIr } from '../support/golden-ir';

const TABLE = 'project-p1';
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-2' }));
const mock = mockClient(DynamoDBDocumentClient);
afterEach(() => mock.reset());

describe('loadDeployedBlueprint', () => {
  const ir = goldenIr('01-task-tracker');

  it('reads the binary encoding the local deployer writes (saveDeployedBlueprint)', async () => {
    mock.on(PutCommand).resolves({});
    await saveDeployedBlueprint(doc, TABLE, { deploymentId: 'd1', blueprintId: 'b1', ir, deployedAt: '2026-11-22T00:00:00.000Z' });
    const item = mock.commandCalls(PutCommand)[0]!.args[0].input.Item as Record<string, unknown>;
    expect(item.irGzip).toBeInstanceOf(Uint8Array);
    expect(item).not.toHaveProperty('irGzipBase64');

    mock.on(GetCommand, { TableName: TABLE, Key: { PK: 'META', SK: 'BLUEPRINT' } }).resolves({ Item: item });
    await expect(loadDeployedBlueprint(doc, TABLE)).resolves.toEqual({ deploymentId: 'd1', blueprintId: 'b1', deployedAt: '2026-11-22T00:00:00.000Z', ir });
  });

  it('reads the base64 string encoding the project stack writes (deployedBlueprintAttributeValues)', async () => {
    const attributes = deployedBlueprintAttributeValues({ deploymentId: 'd2', blueprintId: 'b2', ir });
    expect(Object.keys(attributes).sort()).toEqual(['PK', 'SK', 'blueprintId', 'deploymentId', 'irGzipBase64', 'kind']);
    // What the document client hands back for that item: every attribute is a string.
    const item = Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, value.S]));
    mock.on(GetCommand, { TableName: TABLE, Key: { PK: 'META', SK: 'BLUEPRINT' } }).resolves({ Item: item });
    // Without a deployedAt (a stack synthesized without one): the field is absent, not undefined text.
    await expect(loadDeployedBlueprint(doc, TABLE)).resolves.toEqual({ deploymentId: 'd2', blueprintId: 'b2', ir });
  });

  it('keeps deployedAt when the stack was given one', () => {
    const attributes = deployedBlueprintAttributeValues({ deploymentId: 'd3', blueprintId: 'b3', ir, deployedAt: '2026-11-22T01:02:03.000Z' });
    expect(attributes.deployedAt).toEqual({ S: '2026-11-22T01:02:03.000Z' });
  });

  it('answers null before the first deploy', async () => {
    mock.on(GetCommand).resolves({});
    await expect(loadDeployedBlueprint(doc, TABLE)).resolves.toBeNull();
  });

  it('fails loudly on an item without the IR, or with an IR this code cannot read', async () => {
    mock.on(GetCommand).resolves({ Item: { PK: 'META', SK: 'BLUEPRINT', deploymentId: 'd', blueprintId: 'b' } });
    await expect(loadDeployedBlueprint(doc, TABLE)).rejects.toThrow(/neither irGzip nor irGzipBase64/);

    const broken = deployedBlueprintAttributeValues({ deploymentId: 'd', blueprintId: 'b', ir: { ...ir, irVersion: 999 } as unknown as typeof ir });
    mock.on(GetCommand).resolves({ Item: { PK: 'META', SK: 'BLUEPRINT', deploymentId: 'd', blueprintId: 'b', irGzipBase64: broken.irGzipBase64!.S } });
    await expect(loadDeployedBlueprint(doc, TABLE)).rejects.toThrow();
  });
});
