/**
 * Key schema shared by BGS's single-table designs (the control-plane table and the local
 * identity's table): PK/SK, one overloaded GSI (GSI1PK/GSI1SK) for lists, and a TTL
 * attribute. The CDK stack and the local bootstrap both read this, so they cannot drift.
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export const TABLE_KEYS = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Overloaded index for lists: GSI1PK names the list, GSI1SK orders it. */
  gsi1: { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
  /** Epoch seconds; DynamoDB deletes expired items lazily, so readers also check it. */
  ttlAttribute: 'ttl',
} as const;

/** The CreateTable request for a table with BGS's key schema (used against DynamoDB Local). */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey, gsi1 } = TABLE_KEYS;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: partitionKey, AttributeType: 'S' },
      { AttributeName: sortKey, AttributeType: 'S' },
      { AttributeName: gsi1.partitionKey, AttributeType: 'S' },
      { AttributeName: gsi1.sortKey, AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: gsi1.indexName,
        KeySchema: [
          { AttributeName: gsi1.partitionKey, KeyType: 'HASH' },
          { AttributeName: gsi1.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  };
}
