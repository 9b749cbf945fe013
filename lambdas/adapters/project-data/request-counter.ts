/**
 * Counts the commands a DynamoDB client sends, by command name. Tests and the bench use it to
 * prove the record store's promise of one DynamoDB request per operation.
 *
 * The middleware sits in the `initialize` step, which runs once per `send` (a document client
 * shares its client's middleware stack, so its commands count under the low-level names:
 * `GetItemCommand`, `TransactWriteItemsCommand`). SDK retries happen in a later step and are not
 * counted: the number is what the code asked for, not how many HTTP attempts the network needed.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface RequestCounter {
  /** Commands sent since the last reset. */
  total(): number;
  /** The same, per command name (`QueryCommand: 2`). */
  byCommand(): Record<string, number>;
  reset(): void;
  /** Removes the middleware from the client (the counts stay readable). */
  stop(): void;
}

let instances = 0;

export function countRequests(client: DynamoDBClient): RequestCounter {
  let counts: Record<string, number> = {};
  // Unique per counter: a stack refuses two middlewares of one name.
  const name = `bgsRequestCounter${++instances}`;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? 'unknown';
      counts[command] = (counts[command] ?? 0) + 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  return {
    total: () => Object.values(counts).reduce((sum, n) => sum + n, 0),
    byCommand: () => ({ ...counts }),
    reset: () => {
      counts = {};
    },
    stop: () => {
      client.middlewareStack.remove(name);
    },
  };
}
