/**
 * The runtime's services on AWS: the project's table, bucket and Cognito pool, through the same
 * adapters the local host uses (only the identity differs: Cognito instead of the local
 * identity, whose claims Cognito's pre-token-generation trigger adds instead).
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Logger } from '@aws-lambda-powertools/logger';
import { systemClock } from '../core/clock';
import { CognitoIdentity } from '../adapters/identity/cognito-identity';
import { DynamoRecordStore } from '../adapters/project-data/record-store';
import { DynamoMembershipStore } from '../adapters/project-data/membership-store';
import { DynamoFileGrantStore } from '../adapters/project-data/file-grant-store';
import { loadDeployedBlueprint } from '../adapters/project-data/deployed-blueprint';
import { loadOrCreateSecret } from '../adapters/dynamodb/secrets';
import { DynamoRateLimiter } from '../adapters/dynamodb/rate-limit-store';
import { PROJECT_TTL_ATTRIBUTE } from '../adapters/project-data/project-table';
import { S3FileStorage } from '../adapters/s3/file-storage';
import { createAccessTokenVerifier } from '../shared/access-token-verifier';
import type { RuntimeConfig } from './runtime-config';
import { manifestOf, type RuntimeServices } from './runtime-services';

export interface AwsClients {
  readonly dynamo?: DynamoDBClient;
  readonly s3?: S3Client;
  readonly cognito?: CognitoIdentityProviderClient;
}

export async function buildAwsRuntimeServices(config: RuntimeConfig, clients: AwsClients = {}): Promise<RuntimeServices> {
  const doc = DynamoDBDocumentClient.from(clients.dynamo ?? new DynamoDBClient({ region: config.region }), { marshallOptions: { removeUndefinedValues: true } });
  const deployed = await loadDeployedBlueprint(doc, config.tableName);
  // A runtime without its blueprint cannot answer anything correctly: fail the cold start.
  if (!deployed) throw new Error(`The project table ${config.tableName} holds no deployed blueprint`);
  const { ir } = deployed;
  const cursorSecret = await loadOrCreateSecret(doc, config.tableName, 'cursor');
  const clock = systemClock;
  return {
    projectId: config.projectId,
    ir,
    ...manifestOf(ir),
    clock,
    logger: new Logger({ serviceName: `bgs-project-${config.projectId}` }),
    verifyAccessToken: createAccessTokenVerifier({ issuer: config.issuer, clientId: config.clientId, jwksUrl: config.jwksUrl, clock }),
    identity: new CognitoIdentity({ client: clients.cognito ?? new CognitoIdentityProviderClient({ region: config.region }), clientId: config.clientId, userPoolId: config.userPoolId }),
    records: new DynamoRecordStore({ doc, tableName: config.tableName, ir, cursorSecret, projectId: config.projectId }),
    members: new DynamoMembershipStore({ doc, tableName: config.tableName, projectId: config.projectId, cursorSecret }),
    grants: new DynamoFileGrantStore({ doc, tableName: config.tableName }),
    rateLimiter: new DynamoRateLimiter({ doc, tableName: config.tableName, clock, ttlAttribute: PROJECT_TTL_ATTRIBUTE }),
    // Checksums only when required: otherwise the SDK signs an empty-body checksum into upload URLs.
    files: new S3FileStorage({
      client: clients.s3 ?? new S3Client({ region: config.region, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }),
      bucket: config.bucket,
      clock,
    }),
  };
}
