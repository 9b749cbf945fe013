/**
 * The rate-limit store against DynamoDB Local: several windows per category (each its own
 * counter, decided together), rules sharing a window length counted once, a refund taking the
 * hits back in the windows they were counted in, and the TTL attribute of the table it writes to.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { ManualClock } from '../../lambdas/core/clock';
import { DynamoRateLimiter } from '../../lambdas/adapters/dynamodb/rate-limit-store';
import { createTestTable } from '../support/dynamo';

const HOUR_MS = 3_600_000;

describe('DynamoRateLimiter.hitAll', () => {
  it('counts each window separately, decides on all, refunds where it counted, and writes the configured TTL attribute', async () => {
    const { tableName, doc } = await createTestTable('rate-store');
    const clock = new ManualClock(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 1000);
    const limiter = new DynamoRateLimiter({ doc, tableName, clock, ttlAttribute: '_ttl' });
    const rules = [
      { limit: 2, windowSeconds: 60 },
      { limit: 3, windowSeconds: 3600 },
    ];
    const first = await limiter.hitAll('auth-signup', 'ip:203.0.113.9', rules);
    expect(first.decision).toEqual({ allowed: true, limit: 2, remaining: 1, retryAfterSeconds: 0 });
    await limiter.hitAll('auth-signup', 'ip:203.0.113.9', rules);
    const third = await limiter.hitAll('auth-signup', 'ip:203.0.113.9', rules);
    expect(third.decision).toEqual({ allowed: false, limit: 2, remaining: 0, retryAfterSeconds: 59 });

    // Taken back in the windows it was counted in, even after the clock moved on.
    clock.advance(60_000);
    await third.refund();
    const hash = createHash('sha256').update('ip:203.0.113.9').digest('base64url').slice(0, 32);
    const start = Math.floor(clock.now().getTime() / 1000) - 61;
    const minuteItem = await doc.send(new GetCommand({ TableName: tableName, Key: { PK: `RATE#auth-signup#${hash}`, SK: `W60#${start - (start % 60)}` } }));
    expect(minuteItem.Item).toMatchObject({ hits: 2, _ttl: start - (start % 60) + 120 });
    expect(minuteItem.Item).not.toHaveProperty('ttl');

    // A new minute, the same hour: the hour (2 hits after the refund) decides now.
    expect((await limiter.hitAll('auth-signup', 'ip:203.0.113.9', rules)).decision).toEqual({ allowed: true, limit: 3, remaining: 0, retryAfterSeconds: 0 });
    expect((await limiter.hitAll('auth-signup', 'ip:203.0.113.9', rules)).decision).toMatchObject({ allowed: false, limit: 3, retryAfterSeconds: 3600 - 61 });
    // Another subject and another category have counters of their own.
    expect((await limiter.hitAll('auth-signup', 'ip:198.51.100.1', rules)).decision.allowed).toBe(true);
    expect((await limiter.hitAll('auth-login', 'ip:203.0.113.9', rules)).decision.allowed).toBe(true);
  });

  it('counts rules of the same window length once', async () => {
    const { tableName, doc } = await createTestTable('rate-store-same');
    const limiter = new DynamoRateLimiter({ doc, tableName, clock: new ManualClock(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 1000) });
    const rules = [
      { limit: 5, windowSeconds: 60 },
      { limit: 2, windowSeconds: 60 },
    ];
    expect((await limiter.hitAll('c', 's', rules)).decision).toMatchObject({ allowed: true, limit: 2, remaining: 1 });
    expect((await limiter.hitAll('c', 's', rules)).decision).toMatchObject({ allowed: true, limit: 2, remaining: 0 });
    expect((await limiter.hitAll('c', 's', rules)).decision).toMatchObject({ allowed: false, limit: 2 });
    // The control plane's single-window hit uses the same counters (TTL attribute `ttl` by default).
    expect(await limiter.hit('c', 's', 10)).toMatchObject({ allowed: true, limit: 10, remaining: 6 });
  });
});
