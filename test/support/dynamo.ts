/** Test helpers for the run's shared DynamoDB Local (started by global-setup.ts). */
import { randomBytes } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ensureTable, localDynamoClient } from '../../local/dynamodb-local';
import { readLocalCredentials } from '../../lambdas/adapters/local-credentials';
import { TEST_CREDENTIALS_FILE_ENV, TEST_DYNAMODB_ENDPOINT_ENV } from './test-env-names';

function fromSetup(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is unset: run through the jest \`integration\` project`);
  return value;
}

/** The front of the run's DynamoDB Local. */
export function testDynamoEndpoint(): string {
  return fromSetup(TEST_DYNAMODB_ENDPOINT_ENV);
}

/** The credentials file of the run's stores (what `ENV.LOCAL_CREDENTIALS_FILE` names for handlers). */
export function testCredentialsFile(): string {
  return fromSetup(TEST_CREDENTIALS_FILE_ENV);
}

/** A client of the run's DynamoDB Local with the run's credentials and the pinned region. */
export function testDynamoClient(): DynamoDBClient {
  return localDynamoClient(testDynamoEndpoint(), readLocalCredentials(testCredentialsFile()).dynamodb);
}

/** A fresh table with BGS's key schema and a unique name, for one test file. */
export async function createTestTable(label: string): Promise<{ tableName: string; doc: DynamoDBDocumentClient }> {
  const client = testDynamoClient();
  const tableName = `t-${label}-${randomBytes(4).toString('hex')}`;
  await ensureTable(client, tableName);
  return { tableName, doc: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }) };
}
