/**
 * Language-model usage per user: one record per call (`USER#<id>` / `USAGE#<time>#<id>`) and
 * running totals on the user's profile item, both written in one transaction with atomic ADDs,
 * so `GET /usage/me` is a single read and concurrent calls never lose a count.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UsageInput, UsageRecord, UsageRepository, UsageTotals } from '../../ports/usage-repository';
import { microsToCents } from '../../core/money';
import { keys } from './keys';

export class DynamoUsageRepository implements UsageRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async record(userId: string, usage: UsageInput, now: Date): Promise<UsageRecord> {
    const createdAt = now.toISOString();
    const id = randomUUID();
    const record = {
      id,
      operation: usage.operation,
      provider: usage.provider,
      model: usage.model,
      inputTokens: Math.round(usage.inputTokens),
      outputTokens: Math.round(usage.outputTokens),
      costMicros: Math.round(usage.costMicros),
      latencyMs: Math.round(usage.latencyMs),
      projectId: usage.projectId,
      outcome: usage.outcome,
      createdAt,
    };
    await this.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.tableName, Item: { ...keys.usageRecord(userId, createdAt, id), ...record } } },
          {
            Update: {
              TableName: this.tableName,
              Key: keys.profile(userId),
              UpdateExpression: 'ADD usageCalls :one, usageInputTokens :in, usageOutputTokens :out, usageCostMicros :cost',
              ExpressionAttributeValues: { ':one': 1, ':in': record.inputTokens, ':out': record.outputTokens, ':cost': record.costMicros },
            },
          },
        ],
      }),
    );
    return toRecord(record);
  }

  /** One read: the profile item carries the totals. */
  async totals(userId: string): Promise<UsageTotals> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.profile(userId) }));
    return {
      email: (Item?.email as string | undefined) ?? null,
      totalCalls: Number(Item?.usageCalls ?? 0),
      inputTokens: Number(Item?.usageInputTokens ?? 0),
      outputTokens: Number(Item?.usageOutputTokens ?? 0),
      costMicros: Number(Item?.usageCostMicros ?? 0),
    };
  }

  /** Newest first. */
  async recent(userId: string, limit: number): Promise<UsageRecord[]> {
    const { Items = [] } = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.usagePrefix },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return Items.map((i) => toRecord(i as Parameters<typeof toRecord>[0]));
  }
}

function toRecord(item: {
  id: string; operation: string; provider: string; model: string; inputTokens: number; outputTokens: number;
  costMicros: number; latencyMs: number; projectId: string | null; outcome: 'succeeded' | 'failed'; createdAt: string;
}): UsageRecord {
  return {
    id: item.id,
    operation: item.operation,
    provider: item.provider,
    model: item.model,
    inputTokens: item.inputTokens,
    outputTokens: item.outputTokens,
    costCents: microsToCents(item.costMicros),
    latencyMs: item.latencyMs,
    projectId: item.projectId ?? null,
    outcome: item.outcome,
    createdAt: item.createdAt,
  };
}

/** @deprecated The class's old name, until the composition root constructs DynamoUsageRepository (the port is UsageRepository). */
