/**
 * Deletes what a project's destroy kept (a destroy with `deleteData: true` on AWS): the stack
 * gave its table, bucket and user pool DeletionPolicy Retain and deletion protection, so they
 * outlive DeleteStack; here each protection is lifted and the resource deleted, in the project's
 * region. A resource already gone is fine (a resumed destroy runs this again).
 */
import { CognitoIdentityProviderClient, DeleteUserPoolCommand, UpdateUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteTableCommand, DynamoDBClient, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import type { RetainedResource } from '../ports/project-stacks';
import { removeProjectBucket } from './s3/file-storage';
import { withBackoff } from './throttling';

const gone = (err: unknown): boolean => ['ResourceNotFoundException', 'NoSuchBucket'].includes((err as { name?: string }).name ?? '');

export interface KeptResourceClients {
  readonly dynamodb: DynamoDBClient;
  readonly s3: S3Client;
  readonly cognito: CognitoIdentityProviderClient;
}

/** The clients of one region. */
export const keptResourceClients = (region: string): KeptResourceClients => ({
  dynamodb: new DynamoDBClient({ region }),
  s3: new S3Client({ region, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }),
  cognito: new CognitoIdentityProviderClient({ region }),
});

export async function removeKeptResource(clients: KeptResourceClients, resource: RetainedResource): Promise<void> {
  try {
    switch (resource.resourceType) {
      case 'AWS::DynamoDB::Table':
        await withBackoff(() => clients.dynamodb.send(new UpdateTableCommand({ TableName: resource.physicalId, DeletionProtectionEnabled: false })));
        await withBackoff(() => clients.dynamodb.send(new DeleteTableCommand({ TableName: resource.physicalId })));
        return;
      case 'AWS::S3::Bucket':
        await removeProjectBucket(clients.s3, resource.physicalId);
        return;
      case 'AWS::Cognito::UserPool':
        await withBackoff(() => clients.cognito.send(new UpdateUserPoolCommand({ UserPoolId: resource.physicalId, DeletionProtection: 'INACTIVE' })));
        await withBackoff(() => clients.cognito.send(new DeleteUserPoolCommand({ UserPoolId: resource.physicalId })));
        return;
      default:
        throw new Error(`BGS does not know how to delete a kept ${resource.resourceType} (${resource.physicalId})`);
    }
  } catch (err) {
    if (!gone(err)) throw err;
  }
}
