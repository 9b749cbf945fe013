/**
 * A project's outgoing endpoints in the control-plane table, beside the project's other items:
 *
 *   PROJECT#<projectId> / ENDPOINT#<name>   name, url, updatedAt, secretRef (absent: no secret)
 *
 * A write is conditional on what the use case read (absent, or the same secret reference), so two
 * owners' concurrent changes cannot leave an item pointing at a secret the other one removed.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EndpointExpectation, EndpointRecord, EndpointRepository } from '../../ports/endpoint-repository';
import { keys } from './keys';

interface EndpointItem {
  readonly name: string;
  readonly url: string;
  readonly updatedAt: string;
  readonly secretRef?: string;
}

function recordOf(projectId: string, item: Record<string, unknown>): EndpointRecord {
  const it = item as unknown as EndpointItem;
  return { projectId, name: it.name, url: it.url, secretRef: it.secretRef ?? null, updatedAt: it.updatedAt };
}

export class DynamoEndpointRepository implements EndpointRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(projectId: string, name: string): Promise<EndpointRecord | null> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.endpoint(projectId, name), ConsistentRead: true }));
    return res.Item ? recordOf(projectId, res.Item) : null;
  }

  async list(projectId: string): Promise<EndpointRecord[]> {
    const records: EndpointRecord[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const res = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.projectPartition(projectId), ':prefix': keys.endpointPrefix },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of res.Items ?? []) records.push(recordOf(projectId, item));
      startKey = res.LastEvaluatedKey;
    } while (startKey);
    return records;
  }

  async put(record: EndpointRecord, expected: EndpointExpectation): Promise<boolean> {
    const item: Record<string, unknown> = { ...keys.endpoint(record.projectId, record.name), name: record.name, url: record.url, updatedAt: record.updatedAt };
    if (record.secretRef !== null) item.secretRef = record.secretRef;
    const condition = !expected.exists
      ? { ConditionExpression: 'attribute_not_exists(PK)' }
      : expected.secretRef === null
        ? { ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(secretRef)' }
        : { ConditionExpression: 'secretRef = :ref', ExpressionAttributeValues: { ':ref': expected.secretRef } };
    try {
      await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item, ...condition }));
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  async delete(projectId: string, name: string): Promise<EndpointRecord | null> {
    const res = await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: keys.endpoint(projectId, name), ReturnValues: 'ALL_OLD' }));
    return res.Attributes ? recordOf(projectId, res.Attributes) : null;
  }
}
