/**
 * One DynamoDB Local (in memory, behind its verifying front) for the whole integration run;
 * each test file creates its own tables with a unique prefix. The run's credentials are made
 * fresh in a temp directory, as the local service makes a data directory's, and every test
 * client reads them from there (test/support/dynamo.ts). Java missing is a hard failure: these
 * tests never skip.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../local/dynamodb-local';
import { loadOrCreateLocalCredentials, localCredentialsFile } from '../../lambdas/adapters/local-credentials';
import { TEST_CREDENTIALS_FILE_ENV, TEST_DYNAMODB_ENDPOINT_ENV } from './test-env-names';

export default async function globalSetup(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bgs-test-credentials-'));
  const file = localCredentialsFile(dir);
  const credentials = loadOrCreateLocalCredentials(file);
  const db = await startDynamoDbLocal({ credentials: credentials.dynamodb });
  Object.assign(globalThis, { __bgsDynamo: db, __bgsCredentialsDir: dir });
  process.env[TEST_DYNAMODB_ENDPOINT_ENV] = db.endpoint;
  process.env[TEST_CREDENTIALS_FILE_ENV] = file;
}

export type GlobalSetupState = { __bgsDynamo?: DynamoDbLocal; __bgsCredentialsDir?: string };
