/**
 * The blueprint a deployed project runs, kept in the project's own table (DESIGN.md principle
 * 5: a deploy uploads no code, only the blueprint the prebuilt runtime interprets). The deployer
 * writes it; the runtime reads it once per cold start. Gzipped: a 200-entity IR is a few tens of KB.
 *
 *   PK `META`  SK `BLUEPRINT`  deploymentId, blueprintId, irGzip (binary), deployedAt
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BlueprintIR } from '../../core/blueprint/ir';

export interface DeployedBlueprint {
  deploymentId: string;
  blueprintId: string;
  ir: BlueprintIR;
  deployedAt: string;
}

const KEY = { PK: 'META', SK: 'BLUEPRINT' } as const;

export async function saveDeployedBlueprint(doc: DynamoDBDocumentClient, tableName: string, input: DeployedBlueprint): Promise<void> {
  const { ir, ...rest } = input;
  await doc.send(new PutCommand({ TableName: tableName, Item: { ...KEY, kind: 'deployed-blueprint', ...rest, irGzip: gzipSync(JSON.stringify(ir)) } }));
}

/** The deployed blueprint, or null before the first deploy. A stored IR this code cannot read fails loudly. */
export async function loadDeployedBlueprint(doc: DynamoDBDocumentClient, tableName: string): Promise<DeployedBlueprint | null> {
  const got = await doc.send(new GetCommand({ TableName: tableName, Key: KEY, ConsistentRead: true }));
  if (!got.Item) return null;
  const { deploymentId, blueprintId, deployedAt, irGzip } = got.Item as { deploymentId: string; blueprintId: string; deployedAt: string; irGzip: Uint8Array };
  const ir = BlueprintIR.parse(JSON.parse(gunzipSync(Buffer.from(irGzip)).toString('utf8')));
  return { deploymentId, blueprintId, deployedAt, ir };
}
