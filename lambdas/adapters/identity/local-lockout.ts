/**
 * Login lock-out of the local identity (CONTRACT.md "Login lock-out"), per email and pool,
 * unknown emails too (a lock must not tell whether an account exists). Every attempt is counted
 * as a failure BEFORE the password is checked, so a burst of parallel guesses cannot get more
 * than `threshold` of them checked; a successful login clears the state afterwards.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { AccountLockedError } from '../../core/errors';
import { isConditionalCheckFailed } from '../dynamodb/transaction-errors';
import { poolLockKey } from './local-identity-table-keys';
import { epochSeconds, type LocalPool } from './local-pool';

/** CONTRACT.md "Login lock-out": 5 failures, then 1 s, doubling up to 15 minutes. */
export const DEFAULT_LOCKOUT = Object.freeze({
  threshold: 5,
  baseSeconds: 1,
  maxSeconds: 900,
  /**
   * The contract names no idle reset; without one, lock items of every email ever tried would
   * live forever. A day without attempts is far beyond the longest lock, so it changes no answer
   * the contract describes; it only lets DynamoDB's TTL collect the item.
   */
  forgetAfterSeconds: 24 * 3600,
});

export type LockoutSettings = { -readonly [K in keyof typeof DEFAULT_LOCKOUT]: number };

interface LockItem {
  /** Failures counted since the last success (each attempt counts before the password is checked). */
  failures: number;
  /** Epoch milliseconds; 0 when not locked. */
  lockedUntil: number;
  /** Length of the latest lock in seconds; 0 before the first lock. */
  lastLockSeconds: number;
  /** Optimistic concurrency: every change is conditioned on the version it read. */
  version: number;
  /** Epoch seconds: the state is forgotten after this (filtered on read; TTL deletes lazily). */
  ttl: number;
}

export class LoginLockout {
  constructor(
    private readonly pool: LocalPool,
    private readonly settings: LockoutSettings,
  ) {}

  /**
   * Refuses the attempt while the email is locked (429, not counted); otherwise records it
   * as a failure in advance and, when this failure is the one that locks, starts the lock.
   * Conditional writes on a version make the read-modify-write atomic under concurrent attempts.
   */
  async claimAttempt(email: string, now: Date): Promise<void> {
    const nowMs = now.getTime();
    const { threshold, baseSeconds, maxSeconds, forgetAfterSeconds } = this.settings;
    for (let round = 0; round < 10; round++) {
      const got = await this.pool.doc.send(new GetCommand({ TableName: this.pool.tableName, Key: this.lockKey(email), ConsistentRead: true }));
      const stored = got.Item as LockItem | undefined;
      const live = stored && stored.ttl > epochSeconds(now) ? stored : undefined;
      if (live && nowMs < live.lockedUntil) throw new AccountLockedError((live.lockedUntil - nowMs) / 1000);

      const failures = (live?.failures ?? 0) + 1;
      let lockSeconds = 0;
      if (live && live.lastLockSeconds > 0) {
        // A lock has ended: the first failure after it locks again, twice as long.
        lockSeconds = Math.min(live.lastLockSeconds * 2, maxSeconds);
      } else if (failures >= threshold) {
        lockSeconds = Math.min(baseSeconds, maxSeconds);
      }
      const next: LockItem = {
        failures,
        lockedUntil: lockSeconds > 0 ? nowMs + lockSeconds * 1000 : 0,
        lastLockSeconds: lockSeconds > 0 ? lockSeconds : (live?.lastLockSeconds ?? 0),
        version: (stored?.version ?? 0) + 1,
        ttl: epochSeconds(now) + lockSeconds + forgetAfterSeconds,
      };
      try {
        await this.pool.doc.send(
          new PutCommand({
            TableName: this.pool.tableName,
            Item: { ...this.lockKey(email), kind: 'identity-lock', ...next },
            ConditionExpression: stored ? 'version = :v' : 'attribute_not_exists(PK)',
            ...(stored ? { ExpressionAttributeValues: { ':v': stored.version } } : {}),
          }),
        );
        return;
      } catch (err) {
        if (!isConditionalCheckFailed(err)) throw err;
        // Another attempt changed the state between our read and write: decide again.
      }
    }
    // Sustained contention on one account is itself a burst of guesses: refuse, do not check.
    throw new AccountLockedError(1);
  }

  /** Ends the failure streak (a right password, a reset, a deleted account). */
  async clear(email: string): Promise<void> {
    await this.pool.doc.send(new DeleteCommand({ TableName: this.pool.tableName, Key: this.lockKey(email) }));
  }

  private lockKey(email: string): { PK: string; SK: string } {
    return poolLockKey(this.pool.poolId, email);
  }
}
