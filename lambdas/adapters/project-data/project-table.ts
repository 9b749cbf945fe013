/**
 * The table of one deployed generated project (DESIGN.md "Storage": control-plane and project
 * data live in separate tables): PK/SK, the overloaded GSIs every entity shares (GSI1..GSI<n>,
 * n = MAX_INDEXES_PER_ENTITY, each entity's `indexes` say which field uses which), on-demand
 * billing, a TTL attribute (invitations, codes) and a stream of new and old images (the record
 * changes workflows and waits consume: lambdas/adapters/record-changes/). The items' keys:
 * project-table-keys.ts, the one place that spells them.
 *
 * CDK (the project stack) and the local deployer both read PROJECT_TABLE_KEYS, so they cannot drift.
 */
import {
  CreateTableCommand,
  DescribeTimeToLiveCommand,
  DescribeTableCommand,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type CreateTableCommandInput,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { MAX_INDEXES_PER_ENTITY } from '../../core/blueprint/ir';

/** The attribute names of one overloaded GSI. */
export interface ProjectIndexKeys {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

/**
 * Epoch seconds; DynamoDB deletes expired items lazily, so readers also check it.
 * `_ttl`, not `ttl`: records carry their fields as top-level attributes, and a spec may well
 * name a field `ttl`; an integer there would read as an expiry time and DynamoDB would delete
 * the record. Field names are snake_case and never start with `_`.
 */
export const PROJECT_TTL_ATTRIBUTE = '_ttl';

export const PROJECT_TABLE_KEYS = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** GSI1..GSI<MAX_INDEXES_PER_ENTITY>: `GSI<n>PK` names the list, `GSI<n>SK` orders it. */
  indexes: Array.from({ length: MAX_INDEXES_PER_ENTITY }, (_, i): ProjectIndexKeys => ({
    indexName: `GSI${i + 1}`,
    partitionKey: `GSI${i + 1}PK`,
    sortKey: `GSI${i + 1}SK`,
  })),
  ttlAttribute: PROJECT_TTL_ATTRIBUTE,
  /** Both images: a change's consumers see the record before and after, never read it again. */
  streamViewType: 'NEW_AND_OLD_IMAGES',
} as const;

/** The attributes of the GSI an IR index names (`GSI3` -> GSI3PK/GSI3SK); an unknown name is a server bug. */
export function projectIndexKeys(indexName: string): ProjectIndexKeys {
  const found = PROJECT_TABLE_KEYS.indexes.find((index) => index.indexName === indexName);
  if (!found) throw new Error(`The project table has no index ${indexName} (GSI1..GSI${MAX_INDEXES_PER_ENTITY})`);
  return found;
}

/** The CreateTable request of a generated project's table. */
export function projectTableInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey, indexes, streamViewType } = PROJECT_TABLE_KEYS;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    StreamSpecification: { StreamEnabled: true, StreamViewType: streamViewType },
    AttributeDefinitions: [partitionKey, sortKey, ...indexes.flatMap((index) => [index.partitionKey, index.sortKey])].map((name) => ({
      AttributeName: name,
      AttributeType: 'S',
    })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: indexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      // ALL: a list page is one Query, never a Query plus a GetItem per record.
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

/**
 * Creates the project's table unless it exists, waits until it is ACTIVE, turns its stream on
 * (a table from before streams has none) and enables TTL (DynamoDB Local supports both APIs).
 * Idempotent: safe on every start and on a redeploy.
 */
export async function ensureProjectTable(client: DynamoDBClient, tableName: string, maxWaitSeconds = 60): Promise<void> {
  let created = true;
  try {
    await client.send(new CreateTableCommand(projectTableInput(tableName)));
  } catch (err) {
    if (!(err instanceof ResourceInUseException)) throw err;
    created = false;
  }
  await waitUntilTableExists({ client, maxWaitTime: maxWaitSeconds }, { TableName: tableName });
  if (!created) await ensureProjectTableStream(client, tableName, maxWaitSeconds);
  if (await ttlEnabled(client, tableName)) return;
  try {
    await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: PROJECT_TTL_ATTRIBUTE, Enabled: true } }));
  } catch (err) {
    // Another process enabling it at the same time makes this call fail; that is the goal reached.
    if (!(await ttlEnabled(client, tableName))) throw err;
  }
}

async function ttlEnabled(client: DynamoDBClient, tableName: string): Promise<boolean> {
  const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  const status = TimeToLiveDescription?.TimeToLiveStatus;
  return status === 'ENABLED' || status === 'ENABLING';
}

/**
 * Turns on the stream of a project table that has none (deployed before streams), and waits
 * until the table is ACTIVE again. Idempotent; a table whose stream shows another view type is
 * refused rather than switched, as switching drops the changes not yet read.
 */
export async function ensureProjectTableStream(client: DynamoDBClient, tableName: string, maxWaitSeconds = 60): Promise<void> {
  const wanted = PROJECT_TABLE_KEYS.streamViewType;
  const current = async () => (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.StreamSpecification;
  const before = await current();
  if (before?.StreamEnabled) {
    if (before.StreamViewType !== wanted) throw new Error(`${tableName} streams ${String(before.StreamViewType)}, not ${wanted}: turn its stream off before mounting it`);
    return;
  }
  try {
    await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: true, StreamViewType: wanted } }));
  } catch (err) {
    // Another process turning it on at the same time makes this call fail; that is the goal reached.
    const after = await current();
    if (!(after?.StreamEnabled && after.StreamViewType === wanted)) throw err;
  }
  await waitUntilTableExists({ client, maxWaitTime: maxWaitSeconds }, { TableName: tableName });
}
