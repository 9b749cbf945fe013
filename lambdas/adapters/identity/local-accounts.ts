/**
 * Accounts of the local identity: the account item (keyed by the normalized email, so an email
 * has at most one account per pool) and its sub pointer (sub -> email, for tokens), always
 * written together in one transaction. A new account is checked (email shape, password policy)
 * and its password hashed before anything is written.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeEmail } from '../../core/email';
import { ValidationError, type ErrorDetail } from '../../core/errors';
import { passwordPolicyProblems, type PasswordPolicy } from '../../core/password-policy';
import { cancellationCodes, isConditionalCheckFailed } from '../dynamodb/transaction-errors';
import { CONFIRMATION_CODE_TTL_SECONDS, codeState, newCode, type CodeState } from './local-codes';
import { poolAccountKey, poolSubKey } from './local-identity-table-keys';
import type { LocalPool } from './local-pool';
import { hashPassword } from './password-hashing';

export interface AccountItem {
  sub: string;
  email: string;
  passwordHash: string;
  confirmed: boolean;
  /** Incremented by each password reset; refresh tokens carry the version they were issued under. */
  passwordVersion: number;
  /** Incremented by revokeRefreshTokens; refresh tokens carry it as `gen`. Absent (accounts
   * from before it existed) = 0, as is an absent `gen` in their refresh tokens. */
  tokenGeneration?: number;
  createdAt: string;
  updatedAt: string;
  confirmation?: CodeState;
  reset?: CodeState;
}

/** One sentence naming every problem, e.g. "Invalid input: password must contain a digit". */
export function summarize(details: readonly ErrorDetail[]): string {
  return `Invalid input: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`;
}

/**
 * A new account's item (the password hashed, a confirmation code unless auto-confirmed), after
 * the checks: a bad email or password is a 400 naming every problem.
 */
export async function newAccountItem(
  input: { email: string; password: string },
  options: { autoConfirm: boolean; policy: PasswordPolicy; now: Date },
): Promise<{ account: AccountItem; code: string | null }> {
  const email = normalizeEmail(input.email);
  const details: ErrorDetail[] = [];
  if (!isPlausibleEmail(email)) details.push({ path: 'email', message: 'must be a valid email address' });
  for (const problem of passwordPolicyProblems(input.password, options.policy)) details.push({ path: 'password', message: problem });
  if (details.length > 0) throw new ValidationError(summarize(details), details);

  const { now } = options;
  const sub = randomUUID();
  const code = options.autoConfirm ? null : newCode();
  const account: AccountItem = {
    sub,
    email,
    passwordHash: await hashPassword(input.password),
    confirmed: options.autoConfirm,
    passwordVersion: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    ...(code ? { confirmation: codeState(sub, 'confirmation', code, now, CONFIRMATION_CODE_TTL_SECONDS) } : {}),
  };
  return { account, code };
}

/** A sanity check only (handlers validate the shape with zod); the code mail proves the address. */
function isPlausibleEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

export class LocalAccounts {
  constructor(private readonly pool: LocalPool) {}

  /** `email` normalized. */
  async byEmail(email: string): Promise<AccountItem | undefined> {
    const got = await this.pool.doc.send(new GetCommand({ TableName: this.pool.tableName, Key: this.accountKey(email), ConsistentRead: true }));
    return got.Item as AccountItem | undefined;
  }

  async bySub(sub: string): Promise<AccountItem | undefined> {
    const pointer = await this.pool.doc.send(new GetCommand({ TableName: this.pool.tableName, Key: this.subKey(sub), ConsistentRead: true }));
    const email = pointer.Item?.email;
    if (typeof email !== 'string') return undefined;
    const account = await this.byEmail(email);
    return account?.sub === sub ? account : undefined;
  }

  /** Writes a new account; false when the email is taken. The email's uniqueness and the sub
   * pointer are written together or not at all. */
  async create(account: AccountItem): Promise<boolean> {
    try {
      await this.pool.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.pool.tableName, Item: { ...this.accountKey(account.email), kind: 'identity-user', ...account }, ConditionExpression: 'attribute_not_exists(PK)' } },
            { Put: { TableName: this.pool.tableName, Item: { ...this.subKey(account.sub), kind: 'identity-sub', email: account.email }, ConditionExpression: 'attribute_not_exists(PK)' } },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (cancellationCodes(err)[0] === 'ConditionalCheckFailed') return false;
      throw err;
    }
  }

  /**
   * Puts `account` in the place of an abandoned one (unconfirmed, no live code), only if it is
   * still that account in that state; its sub pointer goes, so its tokens and codes are dead.
   * False when it changed meanwhile.
   */
  async replaceAbandoned(old: AccountItem, account: AccountItem): Promise<boolean> {
    try {
      await this.pool.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.pool.tableName,
                Item: { ...this.accountKey(account.email), kind: 'identity-user', ...account },
                ConditionExpression:
                  '#sub = :old AND confirmed = :false AND (attribute_not_exists(#confirmation) OR #confirmation.expiresAt <= :now) AND (attribute_not_exists(#reset) OR #reset.expiresAt <= :now)',
                ExpressionAttributeNames: { '#sub': 'sub', '#confirmation': 'confirmation', '#reset': 'reset' },
                ExpressionAttributeValues: { ':old': old.sub, ':false': false, ':now': this.pool.clock.now().getTime() },
              },
            },
            { Delete: { TableName: this.pool.tableName, Key: this.subKey(old.sub) } },
            { Put: { TableName: this.pool.tableName, Item: { ...this.subKey(account.sub), kind: 'identity-sub', email: account.email }, ConditionExpression: 'attribute_not_exists(PK)' } },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (cancellationCodes(err)[0] === 'ConditionalCheckFailed') return false;
      throw err;
    }
  }

  /** Deletes the account of `sub` and its pointer (idempotent); the account it removed, if any. */
  async delete(sub: string): Promise<AccountItem | undefined> {
    const account = await this.bySub(sub);
    await this.pool.doc.send(new DeleteCommand({ TableName: this.pool.tableName, Key: this.subKey(sub) }));
    if (!account) return undefined;
    await this.pool.doc
      .send(new DeleteCommand({ TableName: this.pool.tableName, Key: this.accountKey(account.email), ConditionExpression: 'sub = :sub', ExpressionAttributeValues: { ':sub': sub } }))
      .catch((err: unknown) => {
        if (!isConditionalCheckFailed(err)) throw err;
      });
    return account;
  }

  /** A new token generation: every refresh token issued before it is refused. */
  async newTokenGeneration(sub: string): Promise<void> {
    const account = await this.bySub(sub);
    if (!account) return;
    try {
      await this.pool.doc.send(
        new UpdateCommand({
          TableName: this.pool.tableName,
          Key: this.accountKey(account.email),
          UpdateExpression: 'SET tokenGeneration = if_not_exists(tokenGeneration, :zero) + :one, updatedAt = :now',
          ConditionExpression: '#sub = :sub',
          ExpressionAttributeNames: { '#sub': 'sub' },
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':now': this.pool.clock.now().toISOString(), ':sub': sub },
        }),
      );
    } catch (err) {
      // The account was deleted or replaced meanwhile: its tokens are dead anyway.
      if (!isConditionalCheckFailed(err)) throw err;
    }
  }

  private accountKey(email: string): { PK: string; SK: string } {
    return poolAccountKey(this.pool.poolId, email);
  }

  private subKey(sub: string): { PK: string; SK: string } {
    return poolSubKey(this.pool.poolId, sub);
  }
}
