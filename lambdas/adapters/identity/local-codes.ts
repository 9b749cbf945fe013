/**
 * Verification and reset codes of the local identity, as Cognito's: six digits, mailed, valid
 * 24 hours (confirmation) or 1 hour (reset), at most MAX_CODE_ATTEMPTS tries each. A code lives
 * on its account item (`confirmation` / `reset`) as a hash; every try is counted atomically
 * BEFORE the comparison, so parallel guesses cannot exceed the limit, and the change a right
 * code grants is applied only while that very code is still the live one.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ValidationError } from '../../core/errors';
import { isConditionalCheckFailed } from '../dynamodb/transaction-errors';
import type { AccountItem } from './local-accounts';
import type { LocalIdentityMail } from './local-identity-mail';
import { poolAccountKey } from './local-identity-table-keys';
import type { LocalPool } from './local-pool';

export const CONFIRMATION_CODE_TTL_SECONDS = 24 * 3600;
export const RESET_CODE_TTL_SECONDS = 3600;
/** Attempts a code allows, right or wrong, each counted before comparing: 5 wrong ones kill it. */
export const MAX_CODE_ATTEMPTS = 5;

export type CodePurpose = 'confirmation' | 'reset';

/** A live code as its account item holds it. */
export interface CodeState {
  /** sha256 of purpose, sub and code: the table never shows a live code at a glance. Six
   * digits can be brute-forced offline anyway; what protects a code is its expiry and the
   * attempt limit. */
  codeHash: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  attempts: number;
}

const INVALID_CODE_MESSAGE = 'The code is wrong or has expired';

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function codeState(sub: string, purpose: CodePurpose, code: string, now: Date, ttlSeconds: number): CodeState {
  return { codeHash: hashCode(sub, purpose, code), expiresAt: now.getTime() + ttlSeconds * 1000, attempts: 0 };
}

/** A confirmation or reset code that can still be used: the account is someone's work in progress. */
export function hasLiveCode(account: Pick<AccountItem, 'confirmation' | 'reset'>, now: Date): boolean {
  return [account.confirmation, account.reset].some((state) => state !== undefined && state.expiresAt > now.getTime());
}

/** What a change granted by a right code does to the account item (an UpdateExpression's parts). */
export interface CodeGrantedChange {
  set: string;
  remove?: string;
  values: Record<string, unknown>;
}

export class VerificationCodes {
  constructor(
    private readonly pool: LocalPool,
    private readonly mail: LocalIdentityMail,
  ) {}

  /** A fresh code on the account (replacing any older one of that purpose), then mailed. */
  async issue(account: AccountItem, purpose: CodePurpose, ttlSeconds: number, options: { onlyUnconfirmed?: boolean } = {}): Promise<void> {
    const code = newCode();
    const now = this.pool.clock.now();
    try {
      await this.pool.doc.send(
        new UpdateCommand({
          TableName: this.pool.tableName,
          Key: poolAccountKey(this.pool.poolId, account.email),
          UpdateExpression: 'SET #code = :code',
          // Same account (not one deleted and signed up again meanwhile), still in the state we saw.
          ConditionExpression: options.onlyUnconfirmed ? '#sub = :sub AND confirmed = :false' : '#sub = :sub',
          ExpressionAttributeNames: { '#code': purpose, '#sub': 'sub' },
          ExpressionAttributeValues: {
            ':code': codeState(account.sub, purpose, code, now, ttlSeconds),
            ':sub': account.sub,
            ...(options.onlyUnconfirmed ? { ':false': false } : {}),
          },
        }),
      );
    } catch (err) {
      if (isConditionalCheckFailed(err)) return; // the account changed meanwhile: nothing to send
      throw err;
    }
    await this.mail.code(account.email, purpose, code);
  }

  /**
   * Spends one attempt of the account's live code of that purpose (atomically, before comparing,
   * so parallel guesses cannot exceed the limit) and compares. Returns the account when the code
   * is right; a wrong, used-up or expired code, or an unknown account, is the same 400.
   */
  async claimAttempt(email: string, purpose: CodePurpose, code: string, now: Date): Promise<AccountItem> {
    const candidate = typeof code === 'string' ? code.trim() : '';
    if (!/^\d{6}$/.test(candidate)) throw new ValidationError(INVALID_CODE_MESSAGE, [{ path: 'code', message: 'must be the 6-digit code from the email' }]);
    let account: AccountItem;
    try {
      const updated = await this.pool.doc.send(
        new UpdateCommand({
          TableName: this.pool.tableName,
          Key: poolAccountKey(this.pool.poolId, email),
          UpdateExpression: 'SET #code.attempts = #code.attempts + :one',
          ConditionExpression: 'attribute_exists(#code) AND #code.attempts < :max AND #code.expiresAt > :now',
          ExpressionAttributeNames: { '#code': purpose },
          ExpressionAttributeValues: { ':one': 1, ':max': MAX_CODE_ATTEMPTS, ':now': now.getTime() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      account = updated.Attributes as AccountItem;
    } catch (err) {
      if (isConditionalCheckFailed(err)) throw invalidCode();
      throw err;
    }
    const state = account[purpose];
    if (!state || !sameHash(state.codeHash, hashCode(account.sub, purpose, candidate))) throw invalidCode();
    return account;
  }

  /** Applies the change a right code grants, only if that very code is still live (not replaced
   * by a newer one or consumed by a concurrent request). */
  async consume(email: string, purpose: CodePurpose, account: AccountItem, change: CodeGrantedChange): Promise<void> {
    const state = account[purpose];
    if (!state) throw invalidCode();
    const remove = ['#code', ...(change.remove ? [change.remove] : [])].join(', ');
    try {
      await this.pool.doc.send(
        new UpdateCommand({
          TableName: this.pool.tableName,
          Key: poolAccountKey(this.pool.poolId, email),
          UpdateExpression: `SET ${change.set} REMOVE ${remove}`,
          ConditionExpression: '#code.codeHash = :codeHash',
          ExpressionAttributeNames: { '#code': purpose },
          ExpressionAttributeValues: { ...change.values, ':codeHash': state.codeHash },
        }),
      );
    } catch (err) {
      if (isConditionalCheckFailed(err)) throw invalidCode();
      throw err;
    }
  }
}

function hashCode(sub: string, purpose: CodePurpose, code: string): string {
  return createHash('sha256').update(`${purpose}:${sub}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

function invalidCode(): ValidationError {
  return new ValidationError(INVALID_CODE_MESSAGE, [{ path: 'code', message: 'is wrong or has expired; ask for a new one' }]);
}
