/**
 * Every organization of a multi-tenant project, for what runs once per organization (scheduled
 * jobs): a Query of the organization list (project-table-keys.ts ORGANIZATION_LIST), which each
 * organization item has joined since it was created. Organizations created before the list
 * existed join it through indexOrganizations, a one-time Scan: the deploy that gives a
 * multi-tenant project its first scheduled jobs runs it (data-safety.ts `list-organizations`).
 */
import { QueryCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ORGANIZATION_LIST, organizationListSortKey } from './project-table-keys';

export interface OrganizationListProps {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
}

/** The ids of every organization, oldest first. */
export async function* organizationIds(props: OrganizationListProps): AsyncGenerator<string> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await props.doc.send(
      new QueryCommand({
        TableName: props.tableName,
        IndexName: ORGANIZATION_LIST.index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': ORGANIZATION_LIST.pk },
        ExpressionAttributeValues: { ':pk': ORGANIZATION_LIST.partition },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) if (typeof item.id === 'string') yield item.id;
    start = page.LastEvaluatedKey;
  } while (start);
}

/**
 * Puts the organizations created before the list existed on it (a Scan for organization items
 * without the list's key; idempotent). Returns how many joined.
 */
export async function indexOrganizations(props: OrganizationListProps): Promise<number> {
  let joined = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await props.doc.send(
      new ScanCommand({
        TableName: props.tableName,
        FilterExpression: 'kind = :org AND attribute_not_exists(#pk)',
        ExpressionAttributeNames: { '#pk': ORGANIZATION_LIST.pk },
        ExpressionAttributeValues: { ':org': 'organization' },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      await props.doc.send(
        new UpdateCommand({
          TableName: props.tableName,
          Key: { PK: item.PK, SK: item.SK },
          UpdateExpression: 'SET #pk = :pk, #sk = :sk',
          ExpressionAttributeNames: { '#pk': ORGANIZATION_LIST.pk, '#sk': ORGANIZATION_LIST.sk },
          ExpressionAttributeValues: { ':pk': ORGANIZATION_LIST.partition, ':sk': organizationListSortKey(String(item.created_at ?? ''), String(item.id)) },
        }),
      );
      joined += 1;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return joined;
}
