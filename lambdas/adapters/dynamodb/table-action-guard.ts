/**
 * IAM's table permissions, on a local DynamoDB client: a call on a guarded table whose action the
 * grant lacks fails with `AccessDeniedException`, as IAM would refuse it on AWS. The local stores
 * have no IAM, so without this guard a route calling something its manifest does not declare
 * would pass every local test and fail only once deployed.
 *
 * How IAM counts a call (and so how it is checked here): a transaction needs the action of each
 * of its items (`TransactWriteItems` = PutItem / UpdateItem / DeleteItem / ConditionCheckItem per
 * item; `TransactGetItems` = GetItem per item); a batch needs BatchGetItem / BatchWriteItem; any
 * other command its own name. Tables without a grant are not checked: they are the local
 * stand-ins' own storage (the local identity's table stands in for Cognito, which has no table
 * permission on AWS).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface TableActionGrant {
  readonly tableName: string;
  /** DynamoDB action names (`GetItem`, `Query`, ...), without the `dynamodb:` prefix. */
  readonly actions: readonly string[];
  /** Who holds the grant, for the error message (`route listProjects`). */
  readonly principal: string;
}

/** Every (table, action) pair a command needs, as IAM evaluates it. */
export function requiredTableActions(commandName: string, input: Record<string, unknown>): Array<{ tableName: string; action: string }> {
  const command = commandName.replace(/Command$/, '');
  const needs: Array<{ tableName: string; action: string }> = [];
  if (command === 'TransactWriteItems') {
    const kinds: Record<string, string> = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' };
    for (const item of (input.TransactItems as Array<Record<string, { TableName?: string }>> | undefined) ?? []) {
      for (const [kind, action] of Object.entries(kinds)) {
        const tableName = item[kind]?.TableName;
        if (tableName) needs.push({ tableName, action });
      }
    }
  } else if (command === 'TransactGetItems') {
    for (const item of (input.TransactItems as Array<{ Get?: { TableName?: string } }> | undefined) ?? []) {
      if (item.Get?.TableName) needs.push({ tableName: item.Get.TableName, action: 'GetItem' });
    }
  } else if (command === 'BatchGetItem' || command === 'BatchWriteItem') {
    for (const tableName of Object.keys((input.RequestItems as Record<string, unknown> | undefined) ?? {})) needs.push({ tableName, action: command });
  } else if (typeof input.TableName === 'string') {
    needs.push({ tableName: input.TableName, action: command });
  }
  return needs;
}

let guards = 0;

/** Adds the guard to a client (its document clients share its middleware stack). */
export function guardTableActions(client: DynamoDBClient, grants: readonly TableActionGrant[]): void {
  const byTable = new Map(grants.map((grant) => [grant.tableName, grant]));
  client.middlewareStack.add(
    (next, context) => async (args) => {
      for (const { tableName, action } of requiredTableActions(context.commandName ?? '', args.input as Record<string, unknown>)) {
        const grant = byTable.get(tableName);
        if (grant && !grant.actions.includes(action)) {
          throw Object.assign(new Error(`${grant.principal} is not authorized to perform: dynamodb:${action} on table ${tableName} (not in its declared actions)`), {
            name: 'AccessDeniedException',
            $fault: 'client',
            $metadata: { httpStatusCode: 400 },
          });
        }
      }
      return next(args);
    },
    // Unique per guard: a stack refuses two middlewares of one name.
    { step: 'initialize', name: `bgsTableActionGuard${++guards}` },
  );
}
