/**
 * Sends a write plan as ONE request and turns a refusal into the contract's error
 * (explain-failure.ts). A concurrent transaction on the same items (TransactionConflict) -> 409
 * "try again"; when only decrements of targets that are gone failed (removed outside this
 * store), the write is repeated once without them. Every other DynamoDB error propagates as it
 * is (500 upstream).
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../../../core/errors';
import { CONCURRENT, explain, type RefusedItem } from './explain-failure';
import type { RecordStoreContext } from './store-context';
import { MAX_TRANSACTION_ITEMS, type RenderedOp, type WritePlan } from './write-plan';

/** `tooLarge` names what made a plan exceed the transaction limit. */
export async function executePlan(ctx: RecordStoreContext, plan: WritePlan, tooLarge: () => Error): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const ops = plan.render(ctx.tableName);
    if (ops.length > MAX_TRANSACTION_ITEMS) throw tooLarge();
    let failures: RefusedItem[];
    try {
      await send(ctx.doc, ops);
      return;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException && ops.length === 1) {
        failures = [{ entry: plan.entries[0]!, old: err.Item }];
      } else if (err instanceof TransactionCanceledException) {
        const reasons = err.CancellationReasons ?? [];
        if (reasons.some((r) => r.Code === 'TransactionConflict')) throw new ConflictError(CONCURRENT);
        failures = reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [{ entry: plan.entries[i]!, old: r.Item }] : []));
        if (failures.length === 0) throw err;
      } else {
        throw err;
      }
    }
    const outcome = explain(failures);
    if ('staleTargets' in outcome && attempt === 0) {
      for (const entry of outcome.staleTargets) plan.remove(entry);
      continue;
    }
    if ('staleTargets' in outcome) throw new ConflictError(CONCURRENT);
    throw outcome.error;
  }
}

async function send(doc: DynamoDBDocumentClient, ops: RenderedOp[]): Promise<void> {
  const only = ops.length === 1 ? ops[0]! : null;
  if (only?.Put) await doc.send(new PutCommand(only.Put));
  else if (only?.Update) await doc.send(new UpdateCommand(only.Update));
  else if (only?.Delete) await doc.send(new DeleteCommand(only.Delete));
  // The token makes an SDK retry of a transaction that did commit answer success, not a failed condition.
  else await doc.send(new TransactWriteCommand({ TransactItems: ops, ClientRequestToken: randomUUID() }));
}
