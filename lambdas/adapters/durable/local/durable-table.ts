/**
 * The local durable engine's access to the project's table: the client and table name, and the
 * conditional-write helpers its stores share (a refused condition is an answer here, not a failure).
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

export interface DurableTable {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
}

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit of actions in one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

/**
 * Runs a transaction; a refused condition answers the indexes of the items whose conditions
 * failed (empty array: it went through). Other cancellations (a conflict with another
 * transaction) are thrown: the caller's retry is a later invocation.
 */
export async function transact(table: DurableTable, items: readonly TransactItem[]): Promise<number[]> {
  try {
    await table.doc.send(new TransactWriteCommand({ TransactItems: [...items] }));
    return [];
  } catch (err) {
    if (!(err instanceof TransactionCanceledException)) throw err;
    const reasons = err.CancellationReasons ?? [];
    const failed = reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
    if (failed.length === 0) throw err;
    return failed;
  }
}

/** A single conditional write: false when its condition was refused. */
export async function conditionally(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}
