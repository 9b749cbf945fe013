/**
 * One DynamoDB Local (in memory) for the whole integration run; each test file creates its
 * own tables with a unique prefix. Java missing is a hard failure: these tests never skip.
 */
import { startDynamoDbLocal, type DynamoDbLocal } from '../../lambdas/local/dynamodb-local';

export const TEST_DYNAMODB_ENDPOINT_ENV = 'BGS_TEST_DYNAMODB_ENDPOINT';

export default async function globalSetup(): Promise<void> {
  const db = await startDynamoDbLocal();
  (globalThis as { __bgsDynamo?: DynamoDbLocal }).__bgsDynamo = db;
  process.env[TEST_DYNAMODB_ENDPOINT_ENV] = db.endpoint;
}
