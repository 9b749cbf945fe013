/**
 * The blueprint a deployed project runs, kept in the project's own table (DESIGN.md principle
 * 5: a deploy uploads no code, only the blueprint the prebuilt runtime interprets). The deployer
 * writes it; the runtime reads it once per cold start. Gzipped: a 200-entity IR is a few tens of KB.
 *
 *   DEPLOYED_BLUEPRINT_KEY (project-table-keys.ts): deploymentId, blueprintId, deployedAt?, and the gzipped IR as
 *   irGzip (binary: the local deployer) or irGzipBase64 (string: the project stack on AWS)
 *
 * Two encodings because the project stack writes the item through a CloudFormation custom
 * resource (lib/project/project-blueprint.ts), whose SDK call parameters are JSON: a string
 * passed for a binary attribute arrives as the UTF-8 bytes of that string, never as the bytes
 * it encodes, so the stack stores the base64 text itself in a string attribute.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BlueprintIR } from '../../core/blueprint/ir';
import { DEPLOYED_BLUEPRINT_KEY } from './project-table-keys';

export interface DeployedBlueprint {
  deploymentId: string;
  blueprintId: string;
  ir: BlueprintIR;
  /**
   * When the deployer stored it. A project stack synthesized without a time (the exported CDK
   * app) leaves it out, so its template stays the same from one synth to the next.
   */
  deployedAt?: string;
}

/** The item's key (project-table-keys.ts). */
export { DEPLOYED_BLUEPRINT_KEY };
/** The `kind` attribute of the item (it sits in the table beside records). */
export const DEPLOYED_BLUEPRINT_KIND = 'deployed-blueprint';

/** The IR as stored: gzipped JSON. */
export function gzipBlueprintIr(ir: BlueprintIR): Buffer {
  return gzipSync(JSON.stringify(ir));
}

export async function saveDeployedBlueprint(doc: DynamoDBDocumentClient, tableName: string, input: DeployedBlueprint): Promise<void> {
  const { ir, ...rest } = input;
  await doc.send(
    new PutCommand({ TableName: tableName, Item: { ...DEPLOYED_BLUEPRINT_KEY, kind: DEPLOYED_BLUEPRINT_KIND, ...rest, irGzip: gzipBlueprintIr(ir) } }),
  );
}

/**
 * The item in DynamoDB's attribute-value JSON (`{ S: ... }`), with the IR as base64 text in
 * `irGzipBase64`: what a CloudFormation custom resource's PutItem carries (see the top).
 */
export function deployedBlueprintAttributeValues(input: DeployedBlueprint): Record<string, { S: string }> {
  const { ir, deploymentId, blueprintId, deployedAt } = input;
  return {
    PK: { S: DEPLOYED_BLUEPRINT_KEY.PK },
    SK: { S: DEPLOYED_BLUEPRINT_KEY.SK },
    kind: { S: DEPLOYED_BLUEPRINT_KIND },
    deploymentId: { S: deploymentId },
    blueprintId: { S: blueprintId },
    ...(deployedAt === undefined ? {} : { deployedAt: { S: deployedAt } }),
    irGzipBase64: { S: gzipBlueprintIr(ir).toString('base64') },
  };
}

/** The deployed blueprint, or null before the first deploy. A stored IR this code cannot read fails loudly. */
export async function loadDeployedBlueprint(doc: DynamoDBDocumentClient, tableName: string): Promise<DeployedBlueprint | null> {
  const got = await doc.send(new GetCommand({ TableName: tableName, Key: DEPLOYED_BLUEPRINT_KEY, ConsistentRead: true }));
  if (!got.Item) return null;
  const { deploymentId, blueprintId, deployedAt, irGzip, irGzipBase64 } = got.Item as {
    deploymentId: string;
    blueprintId: string;
    deployedAt?: string;
    irGzip?: Uint8Array;
    irGzipBase64?: string;
  };
  let gzipped: Buffer;
  if (typeof irGzipBase64 === 'string') gzipped = Buffer.from(irGzipBase64, 'base64');
  else if (irGzip instanceof Uint8Array) gzipped = Buffer.from(irGzip);
  else throw new Error(`The deployed blueprint item of ${tableName} has neither irGzip nor irGzipBase64`);
  const ir = BlueprintIR.parse(JSON.parse(gunzipSync(gzipped).toString('utf8')));
  return { deploymentId, blueprintId, ir, ...(deployedAt === undefined ? {} : { deployedAt }) };
}
