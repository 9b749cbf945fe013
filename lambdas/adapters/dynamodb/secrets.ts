/**
 * Service secrets kept in the table itself (e.g. the key that signs pagination cursors):
 * created once with a conditional put by whichever instance starts first, then read by all.
 * This keeps the same code path on AWS and locally without another service.
 */
import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';

export async function loadOrCreateSecret(doc: DynamoDBDocumentClient, tableName: string, name: string): Promise<string> {
  const key = keys.secret(name);
  const existing = await doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  if (typeof existing.Item?.value === 'string') return existing.Item.value;
  const value = randomBytes(32).toString('base64url');
  try {
    await doc.send(
      new PutCommand({ TableName: tableName, Item: { ...key, value }, ConditionExpression: 'attribute_not_exists(PK)' }),
    );
    return value;
  } catch (err) {
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
    // Another instance created it first: use theirs.
    const winner = await doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    if (typeof winner.Item?.value !== 'string') throw new Error(`secret ${name} vanished while being created`);
    return winner.Item.value;
  }
}
