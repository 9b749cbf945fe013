/**
 * What every part of the local identity (accounts, lock-out, codes) works with: where one
 * pool's items are kept and the clock that decides expiry. One table holds many pools (the
 * control plane's, one per generated project); local-identity-table-keys.ts builds their keys.
 */
import { DeleteCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../../core/clock';
import { poolKeyPrefix } from './local-identity-table-keys';

export interface LocalPool {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  /** Letters, digits, `-` and `_` only: it is part of every key. */
  readonly poolId: string;
  readonly clock: Clock;
}

/** Seconds since the epoch, as JWT times and DynamoDB TTLs count. */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/**
 * Deletes every item of one pool (accounts, sub pointers, lock-outs, codes): what deleting a
 * project's user pool is locally (a destroy with `deleteData`). A Scan, as a pool's items have
 * one partition each; it runs once per destroy, never on a request. Returns how many.
 */
export async function deleteLocalPool(doc: DynamoDBDocumentClient, tableName: string, poolId: string): Promise<number> {
  let deleted = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: 'begins_with(PK, :pool)',
        ExpressionAttributeValues: { ':pool': poolKeyPrefix(poolId) },
        ProjectionExpression: 'PK, SK',
        ExclusiveStartKey: start,
      }),
    );
    for (const key of page.Items ?? []) {
      await doc.send(new DeleteCommand({ TableName: tableName, Key: { PK: key.PK, SK: key.SK } }));
      deleted += 1;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return deleted;
}
