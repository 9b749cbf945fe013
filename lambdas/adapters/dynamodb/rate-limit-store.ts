/**
 * Rate-limit counters in a table: one item per (category, subject, window), bumped with an
 * atomic `ADD` in a single UpdateItem, so every Lambda instance (and every local handler) shares
 * the same count. Items expire through TTL a minute after their window. Subjects are hashed: no
 * email or address is stored in a key.
 *
 * The same store serves the control plane (its table, TTL attribute `ttl`, keys.rateCounter) and
 * every generated project (the project's own table, TTL attribute `_ttl`, rateCounterKey of
 * project-table-keys.ts): one item per category, hashed subject, window length and window start,
 * so windows of different lengths never share a counter.
 */
import { createHash } from 'node:crypto';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock } from '../../core/clock';
import { combineDecisions, decide, windowOf, type RateDecision, type RateRule } from '../../core/rate-limit';
import type { RateLimiter, RateTicket } from '../../ports/rate-limiter';
import { keys } from './keys';

/** @deprecated Temporary: import the port (lambdas/ports/rate-limiter.ts); shared/http-types.ts and the runtime's services still name it here. */

export interface DynamoRateLimiterProps {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly clock: Clock;
  /** @default 60 */
  readonly windowSeconds?: number;
  /** The table's TTL attribute. @default 'ttl' */
  readonly ttlAttribute?: string;
  /** The key of one counter item in the table's key module. @default the control plane's keys.rateCounter */
  readonly counterKey?: RateCounterKey;
}

/** Where a counter lives: a category, the subject's hash, one window (its length and start). */
export type RateCounterKey = (category: string, subjectHash: string, windowSeconds: number, windowStart: number) => { PK: string; SK: string };

export class DynamoRateLimiter implements RateLimiter {
  private readonly windowSeconds: number;
  private readonly ttlAttribute: string;
  private readonly counterKey: RateCounterKey;
  constructor(private readonly props: DynamoRateLimiterProps) {
    this.windowSeconds = props.windowSeconds ?? 60;
    this.ttlAttribute = props.ttlAttribute ?? 'ttl';
    this.counterKey = props.counterKey ?? keys.rateCounter;
  }

  async hit(category: string, subject: string, limit: number): Promise<RateDecision> {
    return (await this.hitAll(category, subject, [{ limit, windowSeconds: this.windowSeconds }])).decision;
  }

  async hitAll(category: string, subject: string, rules: readonly RateRule[]): Promise<RateTicket> {
    const now = this.props.clock.now();
    const subjectHash = createHash('sha256').update(subject).digest('base64url').slice(0, 32);
    // One counter per window length: two rules of the same length share it (counted once).
    const lengths = [...new Set(rules.map((rule) => rule.windowSeconds))];
    const counted = await Promise.all(
      lengths.map(async (windowSeconds) => {
        const window = windowOf(now, windowSeconds);
        const key = this.counterKey(category, subjectHash, windowSeconds, window.start);
        return { windowSeconds, window, key, ttl: window.end + 60, count: await this.add(key, 1, window.end + 60) };
      }),
    );
    const decisions = rules.map((rule) => {
      const c = counted.find((entry) => entry.windowSeconds === rule.windowSeconds)!;
      return decide(c.count, rule.limit, now, c.window);
    });
    return {
      decision: combineDecisions(decisions),
      refund: async () => {
        await Promise.all(counted.map((c) => this.add(c.key, -1, c.ttl)));
      },
    };
  }

  private async add(key: { PK: string; SK: string }, by: number, ttl: number): Promise<number> {
    const result = await this.props.doc.send(
      new UpdateCommand({
        TableName: this.props.tableName,
        Key: key,
        UpdateExpression: 'ADD hits :by SET #ttl = if_not_exists(#ttl, :ttl)',
        ExpressionAttributeNames: { '#ttl': this.ttlAttribute },
        ExpressionAttributeValues: { ':by': by, ':ttl': ttl },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(result.Attributes?.hits ?? by);
  }
}
