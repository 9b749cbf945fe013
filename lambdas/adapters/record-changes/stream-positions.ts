/**
 * Where the local change reader stands in each shard of a project table's stream, kept in that
 * table (project-table-keys.ts `streamPositionKey`) so a restart resumes after the last change
 * handed on: the position moves only once the consumer acknowledged a change, so nothing
 * acknowledged comes again and nothing unacknowledged is skipped. Kept with the data, a table
 * deleted with its project takes its positions along.
 */
import { PutItemCommand, QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PROJECT_TABLE_KEYS } from '../project-data/project-table';
import { streamPositionKey, streamPositionPartition } from '../project-data/project-table-keys';

const SEQUENCE_ATTRIBUTE = 'sequenceNumber';

/** The last acknowledged sequence number of every shard of the stream that has one. */
export async function loadStreamPositions(client: DynamoDBClient, tableName: string, streamLabel: string): Promise<Map<string, string>> {
  const { partitionKey, sortKey } = PROJECT_TABLE_KEYS;
  const positions = new Map<string, string>();
  let startKey: QueryCommand['input']['ExclusiveStartKey'];
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': partitionKey },
        ExpressionAttributeValues: { ':pk': { S: streamPositionPartition(streamLabel) } },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const shardId = item[sortKey]?.S;
      const sequenceNumber = item[SEQUENCE_ATTRIBUTE]?.S;
      if (shardId && sequenceNumber) positions.set(shardId, sequenceNumber);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return positions;
}

export async function storeStreamPosition(client: DynamoDBClient, tableName: string, streamLabel: string, shardId: string, sequenceNumber: string): Promise<void> {
  const key = streamPositionKey(streamLabel, shardId);
  await client.send(
    new PutItemCommand({
      TableName: tableName,
      Item: { [PROJECT_TABLE_KEYS.partitionKey]: { S: key.PK }, [PROJECT_TABLE_KEYS.sortKey]: { S: key.SK }, [SEQUENCE_ATTRIBUTE]: { S: sequenceNumber } },
    }),
  );
}
