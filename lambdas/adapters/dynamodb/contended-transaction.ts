/**
 * A transaction on an item many writers update at once (a counter such as a project's running
 * workflow instances): DynamoDB cancels a transaction that meets another one on the same item
 * (reason TransactionConflict) and the SDK does not retry it. A cancelled transaction wrote
 * nothing, so it is sent again, after a short random wait that grows, a few times; a refused
 * condition is an answer, not a conflict, and is thrown at once. DynamoDB Local serializes
 * transactions, so only AWS meets this: tests inject the conflicts with aws-sdk-client-mock.
 */
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes } from './transaction-errors';

/** Attempts before the conflict is the caller's (AWS recommends retrying with backoff). */
export const CONTENDED_TRANSACTION_ATTEMPTS = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a cancelled transaction met another one (and refused no condition): worth sending again. */
export function isTransactionConflict(err: unknown): boolean {
  const codes = cancellationCodes(err);
  return codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
}

/** Sends the transaction, again on conflicts; throws the last conflict after CONTENDED_TRANSACTION_ATTEMPTS. */
export async function sendContendedTransaction(doc: DynamoDBDocumentClient, input: TransactWriteCommandInput, backoffMs = 10): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await doc.send(new TransactWriteCommand(input));
      return;
    } catch (err) {
      if (!isTransactionConflict(err) || attempt >= CONTENDED_TRANSACTION_ATTEMPTS) throw err;
      // Full jitter: writers that met once spread out instead of meeting again.
      await sleep(Math.random() * backoffMs * 2 ** attempt);
    }
  }
}
