/**
 * Rate-limit counters in the control-plane table: one item per (category, subject, window),
 * bumped with an atomic `ADD` in a single UpdateItem, so every Lambda instance (and every
 * local handler) shares the same count. Items expire through TTL a minute after their window.
 * Subjects are hashed: no email or address is stored in a key.
 */
import { createHash } from 'node:crypto';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../../core/clock';
import { decide, windowOf, type RateDecision } from '../../core/rate-limit';

export interface RateLimiter {
  hit(category: string, subject: string, limit: number): Promise<RateDecision>;
}

export interface DynamoRateLimiterProps {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly clock: Clock;
  /** @default 60 */
  readonly windowSeconds?: number;
}

export class DynamoRateLimiter implements RateLimiter {
  private readonly windowSeconds: number;
  constructor(private readonly props: DynamoRateLimiterProps) {
    this.windowSeconds = props.windowSeconds ?? 60;
  }

  async hit(category: string, subject: string, limit: number): Promise<RateDecision> {
    const now = this.props.clock.now();
    const window = windowOf(now, this.windowSeconds);
    const subjectHash = createHash('sha256').update(subject).digest('base64url').slice(0, 32);
    const result = await this.props.doc.send(
      new UpdateCommand({
        TableName: this.props.tableName,
        Key: { PK: `RATE#${category}#${subjectHash}`, SK: `W#${window.start}` },
        UpdateExpression: 'ADD hits :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':ttl': window.end + 60 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const count = Number(result.Attributes?.hits ?? 1);
    return decide(count, limit, now, window);
  }
}
