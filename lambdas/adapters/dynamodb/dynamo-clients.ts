/**
 * THE way every BGS process makes its DynamoDB clients, from configuration only: on AWS the
 * region; locally the endpoint of the verifying front before DynamoDB Local and the data
 * directory's credentials file (local-credentials.ts), in the pinned local region. The control
 * plane's routes, the generation step and every generated API's runtime take their clients from
 * here, so they cannot differ (the document client removes undefined values everywhere).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localDynamoClientConfig, readLocalCredentials } from '../local-credentials';
import { guardTableActions, type TableActionGrant } from './table-action-guard';

/** Where a DynamoDB client goes. */
export interface DynamoTarget {
  readonly region: string;
  /** The local stores' DynamoDB endpoint; absent on AWS. */
  readonly endpoint?: string | undefined;
  /** With `endpoint`: the local stores' credentials file. */
  readonly credentialsFile?: string | undefined;
}

export interface DynamoClients {
  readonly client: DynamoDBClient;
  readonly doc: DynamoDBDocumentClient;
}

/**
 * A client and its document client. With `grants` and a local endpoint, the client refuses
 * what the caller's IAM policy would refuse on AWS (table-action-guard.ts): DynamoDB Local has
 * no IAM, so without this a call a route's policy lacks would only show as AccessDenied on AWS.
 */
export function dynamoClients(target: DynamoTarget, grants?: readonly TableActionGrant[]): DynamoClients {
  let client: DynamoDBClient;
  if (target.endpoint) {
    if (!target.credentialsFile) throw new Error(`A local DynamoDB endpoint (${target.endpoint}) needs the local stores' credentials file`);
    client = new DynamoDBClient(localDynamoClientConfig(target.endpoint, readLocalCredentials(target.credentialsFile).dynamodb));
    if (grants) guardTableActions(client, grants);
  } else {
    client = new DynamoDBClient({ region: target.region });
  }
  return { client, doc: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }) };
}
