/** Test helpers for the run's shared DynamoDB Local (started by global-setup.ts). */
import { randomBytes } from 'node:crypto';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ensureTable, localDynamoClient } from '../../lambdas/local/dynamodb-local';

export function testDynamoEndpoint(): string {
  const endpoint = process.env.BGS_TEST_DYNAMODB_ENDPOINT;
  if (!endpoint) throw new Error('BGS_TEST_DYNAMODB_ENDPOINT is unset: run through the jest `integration` project');
  return endpoint;
}

/** A fresh table with BGS's key schema and a unique name, for one test file. */
export async function createTestTable(label: string): Promise<{ tableName: string; doc: DynamoDBDocumentClient }> {
  const client = localDynamoClient(testDynamoEndpoint());
  const tableName = `t-${label}-${randomBytes(4).toString('hex')}`;
  await ensureTable(client, tableName);
  return { tableName, doc: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }) };
}
