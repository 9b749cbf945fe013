/**
 * The local identity adapter: the embedded stand-in for Cognito behind the identity port.
 * It holds Cognito's rules that BGS relies on (password policy, scrypt-hashed passwords,
 * email verification codes, lock-out, RS256 tokens with Cognito's claims, refresh tokens
 * revoked by a password reset or by an administrator) so the same handlers and the same token
 * verifier work locally and on AWS.
 *
 * Two signups: `signUp` (the control plane) answers a taken email with 409; `signUpPrivately`
 * (generated project APIs, CONTRACT "Generated project API") reports it to its caller only, mails
 * the owner instead, and replaces an unconfirmed account none of whose codes is still live.
 *
 * One table holds many pools (the control plane now, one pool per generated project later):
 * every key starts with `POOL#<poolId>#`.
 *   user         PK POOL#<pool>#USER#<email>  SK USER   the account (email lowercased)
 *   sub pointer  PK POOL#<pool>#SUB#<sub>     SK SUB    sub -> email, for tokens
 *   lock-out     PK POOL#<pool>#LOCK#<email>  SK LOCK   failure counter and lock, unknown emails too
 */
import { createHash, randomInt, randomBytes, randomUUID, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { systemClock, type Clock } from '../../core/clock';
import {
  AccountLockedError,
  ConflictError,
  type ErrorDetail,
  InvalidCredentialsError,
  TokenExpiredError,
  UnauthorizedError,
  UserNotConfirmedError,
  ValidationError,
} from '../../core/errors';
import { DEFAULT_PASSWORD_POLICY, passwordPolicyProblems, type PasswordPolicy } from '../../core/password-policy';
import type { AdminIdentityPort, IdentityUser, PrivateSignUpResult, RefreshedTokens, SignUpMailBudget, SignUpResult, TokenSet } from '../../ports/identity';
import type { LocalOutbox } from '../local-outbox';
import { SIGNING_ALG, type SigningKeys } from './signing-keys';
import { cancellationCodes } from '../dynamodb/transaction-errors';

/** Cognito's defaults, which the service description repeats: access 1 h, ID 1 h, refresh 30 days. */
export const DEFAULT_TOKEN_LIFETIMES = Object.freeze({
  accessSeconds: 3600,
  idSeconds: 3600,
  refreshSeconds: 30 * 24 * 3600,
});

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

export const CONFIRMATION_CODE_TTL_SECONDS = 24 * 3600;
export const RESET_CODE_TTL_SECONDS = 3600;
/** Attempts a code allows, right or wrong, each counted before comparing: 5 wrong ones kill it. */
export const MAX_CODE_ATTEMPTS = 5;

/** Cognito puts this scope into access tokens issued by its user-password flow. */
const COGNITO_USER_SCOPE = 'aws.cognito.signin.user.admin';

export interface LocalIdentityProps {
  doc: DynamoDBDocumentClient;
  tableName: string;
  keys: SigningKeys;
  /** Letters, digits, `-` and `_` only: it is part of every key. */
  poolId: string;
  /** The `client_id` claim of access and refresh tokens, the `aud` of ID tokens. */
  clientId: string;
  /** The `iss` claim; one per pool, so a token of one pool is refused by another. */
  issuer: string;
  outbox: LocalOutbox;
  /** Put on outbox mail; null (default) for the control plane. */
  projectId?: string | null;
  /** Confirm accounts at signup and send no code. @default false */
  autoConfirm?: boolean;
  clock?: Clock;
  tokenLifetimes?: { accessSeconds?: number; idSeconds?: number; refreshSeconds?: number };
  lockout?: { threshold?: number; baseSeconds?: number; maxSeconds?: number; forgetAfterSeconds?: number };
  passwordPolicy?: PasswordPolicy;
  /**
   * Claims added to every access and ID token as it is issued (login and refresh): what
   * Cognito's pre-token-generation trigger does on AWS (a generated project's `org_id` and
   * `role`). Read at issue time, so new tokens always carry the current membership.
   */
  tokenClaims?: (user: { sub: string; email: string }) => Promise<Readonly<Record<string, string>>>;
}

type CodePurpose = 'confirmation' | 'reset';

interface CodeState {
  /** sha256 of purpose, sub and code: the table never shows a live code at a glance. Six
   * digits can be brute-forced offline anyway; what protects a code is its expiry and the
   * attempt limit. */
  codeHash: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  attempts: number;
}

interface UserItem {
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

const INVALID_CODE_MESSAGE = 'The code is wrong or has expired';

export class LocalIdentity implements AdminIdentityPort {
  readonly poolId: string;
  readonly clientId: string;
  readonly issuer: string;
  private readonly doc: DynamoDBDocumentClient;
  private readonly tableName: string;
  private readonly keys: SigningKeys;
  private readonly outbox: LocalOutbox;
  private readonly projectId: string | null;
  private readonly autoConfirm: boolean;
  private readonly clock: Clock;
  private readonly lifetimes: { accessSeconds: number; idSeconds: number; refreshSeconds: number };
  private readonly lockout: { threshold: number; baseSeconds: number; maxSeconds: number; forgetAfterSeconds: number };
  private readonly policy: PasswordPolicy;
  private readonly tokenClaims?: LocalIdentityProps['tokenClaims'];

  constructor(props: LocalIdentityProps) {
    if (!/^[A-Za-z0-9_-]+$/.test(props.poolId)) {
      throw new Error(`Invalid pool id ${JSON.stringify(props.poolId)}: use letters, digits, - and _ only`);
    }
    if (!props.clientId || !props.issuer) throw new Error('LocalIdentity needs a clientId and an issuer');
    this.poolId = props.poolId;
    this.clientId = props.clientId;
    this.issuer = props.issuer;
    this.doc = props.doc;
    this.tableName = props.tableName;
    this.keys = props.keys;
    this.outbox = props.outbox;
    this.projectId = props.projectId ?? null;
    this.autoConfirm = props.autoConfirm ?? false;
    this.clock = props.clock ?? systemClock;
    this.lifetimes = { ...DEFAULT_TOKEN_LIFETIMES, ...definedOnly(props.tokenLifetimes ?? {}) };
    this.lockout = { ...DEFAULT_LOCKOUT, ...definedOnly(props.lockout ?? {}) };
    this.policy = props.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
    this.tokenClaims = props.tokenClaims;
    // Compute the dummy hash now, so the first login of an unknown email costs no more than others.
    dummyPasswordHash().catch(() => undefined);
  }

  async signUp(input: { email: string; password: string }): Promise<SignUpResult> {
    const fresh = await this.newAccount(input);
    if (!(await this.createAccount(fresh.user))) throw new ConflictError('An account with this email already exists');
    if (fresh.code) await this.sendCode(fresh.user.email, 'confirmation', fresh.code);
    return { userId: fresh.user.sub, confirmed: this.autoConfirm };
  }

  /**
   * The generated APIs' signup (AdminIdentityPort): the password is hashed whatever happens
   * next, so a taken email costs about the same time as a new one. A taken email is mailed a
   * notice; an unconfirmed account none of whose codes is live any more is replaced (its
   * owner never proved the address, and the address's owner may be the one signing up now).
   */
  async signUpPrivately(input: { email: string; password: string }, budget?: SignUpMailBudget): Promise<PrivateSignUpResult> {
    const fresh = await this.newAccount(input);
    const { user } = fresh;
    if (await this.createAccount(user)) {
      if (fresh.code) await this.sendCode(user.email, 'confirmation', fresh.code);
      return { outcome: 'created', userId: user.sub, confirmed: user.confirmed };
    }
    // Asked once per signup, however many rounds it takes: one signup counts one replacement.
    let mayReplace: Promise<boolean> | undefined;
    // A concurrent signup may replace the account between our read and write: decide again.
    for (let round = 0; round < 3; round++) {
      const existing = await this.getUserByEmail(user.email);
      if (!existing) {
        if (await this.createAccount(user)) {
          if (fresh.code) await this.sendCode(user.email, 'confirmation', fresh.code);
          return { outcome: 'created', userId: user.sub, confirmed: user.confirmed };
        }
        continue;
      }
      if (existing.confirmed || hasLiveCode(existing, this.clock.now())) {
        if (!budget || (await budget.notice())) await this.sendTakenNotice(existing);
        return { outcome: 'taken' };
      }
      mayReplace ??= budget ? budget.replacement() : Promise.resolve(true);
      // Over the budget the abandoned account stays (and no code is mailed): answered as taken.
      if (!(await mayReplace)) return { outcome: 'taken' };
      if (await this.replaceAbandoned(existing, user)) {
        if (fresh.code) await this.sendCode(user.email, 'confirmation', fresh.code);
        return { outcome: 'created', userId: user.sub, confirmed: user.confirmed, replaced: existing.sub };
      }
    }
    return { outcome: 'taken' };
  }

  async confirmSignUp(input: { email: string; code: string }): Promise<void> {
    const email = normalizeEmail(input.email);
    const now = this.clock.now();
    const user = await this.claimCodeAttempt(email, 'confirmation', input.code, now);
    await this.consumeCode(email, 'confirmation', user, {
      set: 'confirmed = :true, updatedAt = :now',
      values: { ':true': true, ':now': now.toISOString() },
    });
  }

  /** Not in the port (Cognito's ResendConfirmationCode): a fresh code for an unconfirmed account.
   * Resolves whether or not the account exists, so it reveals nothing. */
  async resendConfirmationCode(input: { email: string }): Promise<void> {
    const email = normalizeEmail(input.email);
    const user = await this.getUserByEmail(email);
    if (!user || user.confirmed) return;
    await this.issueCode(user, 'confirmation', CONFIRMATION_CODE_TTL_SECONDS, { onlyUnconfirmed: true });
  }

  async login(input: { email: string; password: string }): Promise<TokenSet> {
    const email = normalizeEmail(input.email);
    const now = this.clock.now();
    // Counted before the password is checked: a burst of parallel guesses cannot get more than
    // `threshold` of them checked, and a refused attempt never reaches the hash.
    await this.claimLoginAttempt(email, now);
    const user = await this.getUserByEmail(email);
    // Unknown emails are verified against a dummy hash: same work, same answer, same time.
    const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !passwordOk) throw new InvalidCredentialsError();
    // The right password ends the failure streak even when the account is unconfirmed: the
    // caller proved they know it, which is what lock-out is about.
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: this.lockKey(email) }));
    if (!user.confirmed) throw new UserNotConfirmedError();
    return this.issueTokens(user, now, epochSeconds(now));
  }

  async refresh(input: { refreshToken: string }): Promise<RefreshedTokens> {
    // An expired refresh token is just invalid: the client must sign in again (no TOKEN_EXPIRED).
    const payload = await this.verifyToken(input.refreshToken, 'refresh', () => new UnauthorizedError('The refresh token is invalid or has expired'));
    const user = await this.getUserBySub(payload.sub);
    if (!user || !user.confirmed) throw new UnauthorizedError('The refresh token is invalid or has expired');
    const generation = typeof payload.gen === 'number' ? payload.gen : 0;
    if (payload.pwv !== user.passwordVersion || generation !== (user.tokenGeneration ?? 0)) throw new UnauthorizedError('The refresh token has been revoked');
    const now = this.clock.now();
    const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : epochSeconds(now);
    const { accessToken, idToken, expiresIn } = await this.issueTokens(user, now, authTime);
    return { accessToken, idToken, expiresIn };
  }

  async forgotPassword(input: { email: string }): Promise<void> {
    const email = normalizeEmail(input.email);
    const user = await this.getUserByEmail(email);
    if (!user) return;
    // Unconfirmed accounts get a code too: using it proves the address, so the reset confirms
    // the account. It is the way out for someone whose confirmation code was used up.
    await this.issueCode(user, 'reset', RESET_CODE_TTL_SECONDS);
  }

  async resetPassword(input: { email: string; code: string; newPassword: string }): Promise<void> {
    const problems = passwordPolicyProblems(input.newPassword, this.policy);
    if (problems.length > 0) {
      const details = problems.map((message) => ({ path: 'newPassword', message }));
      throw new ValidationError(summarize(details), details);
    }
    const email = normalizeEmail(input.email);
    const now = this.clock.now();
    const user = await this.claimCodeAttempt(email, 'reset', input.code, now);
    await this.consumeCode(email, 'reset', user, {
      // A new passwordVersion revokes every refresh token issued before; the reset also proves
      // the address (confirmed) and ends any lock-out (deleted below).
      set: 'passwordHash = :hash, passwordVersion = passwordVersion + :one, confirmed = :true, updatedAt = :now',
      remove: 'confirmation',
      values: { ':hash': await hashPassword(input.newPassword), ':one': 1, ':true': true, ':now': now.toISOString() },
    });
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: this.lockKey(email) }));
  }

  async getUser(input: { accessToken: string }): Promise<IdentityUser> {
    const payload = await this.verifyToken(input.accessToken, 'access', () => new TokenExpiredError());
    const user = await this.getUserBySub(payload.sub);
    if (!user) throw new UnauthorizedError();
    return { id: user.sub, email: user.email };
  }

  /**
   * Removes an account (Cognito's AdminDeleteUser): undoes a signup whose membership could not
   * be written. Idempotent; lock-out state of the email goes too.
   */
  async deleteUser(input: { userId: string }): Promise<void> {
    const user = await this.getUserBySub(input.userId);
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: this.subKey(input.userId) }));
    if (!user) return;
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: this.userKey(user.email), ConditionExpression: 'sub = :sub', ExpressionAttributeValues: { ':sub': input.userId } })).catch((err: unknown) => {
      if (!isConditionalCheckFailed(err)) throw err;
    });
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: this.lockKey(user.email) }));
  }

  /** Cognito's AdminUserGlobalSignOut for refresh tokens: a new generation refuses every older one. */
  async revokeRefreshTokens(input: { userId: string }): Promise<void> {
    const user = await this.getUserBySub(input.userId);
    if (!user) return;
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.userKey(user.email),
          UpdateExpression: 'SET tokenGeneration = if_not_exists(tokenGeneration, :zero) + :one, updatedAt = :now',
          ConditionExpression: '#sub = :sub',
          ExpressionAttributeNames: { '#sub': 'sub' },
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':now': this.clock.now().toISOString(), ':sub': input.userId },
        }),
      );
    } catch (err) {
      // The account was deleted or replaced meanwhile: its tokens are dead anyway.
      if (!isConditionalCheckFailed(err)) throw err;
    }
  }

  // ---- accounts -----------------------------------------------------------------------------

  /** A new account's item (the password hashed, a confirmation code unless auto-confirmed), after the checks. */
  private async newAccount(input: { email: string; password: string }): Promise<{ user: UserItem; code: string | null }> {
    const email = normalizeEmail(input.email);
    const details: ErrorDetail[] = [];
    if (!isPlausibleEmail(email)) details.push({ path: 'email', message: 'must be a valid email address' });
    for (const problem of passwordPolicyProblems(input.password, this.policy)) details.push({ path: 'password', message: problem });
    if (details.length > 0) throw new ValidationError(summarize(details), details);

    const now = this.clock.now();
    const sub = randomUUID();
    const code = this.autoConfirm ? null : newCode();
    const user: UserItem = {
      sub,
      email,
      passwordHash: await hashPassword(input.password),
      confirmed: this.autoConfirm,
      passwordVersion: 0,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      ...(code ? { confirmation: codeState(sub, 'confirmation', code, now, CONFIRMATION_CODE_TTL_SECONDS) } : {}),
    };
    return { user, code };
  }

  /** Writes a new account; false when the email is taken. The email's uniqueness and the sub
   * pointer are written together or not at all. */
  private async createAccount(user: UserItem): Promise<boolean> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.tableName, Item: { ...this.userKey(user.email), kind: 'identity-user', ...user }, ConditionExpression: 'attribute_not_exists(PK)' } },
            { Put: { TableName: this.tableName, Item: { ...this.subKey(user.sub), kind: 'identity-sub', email: user.email }, ConditionExpression: 'attribute_not_exists(PK)' } },
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
   * Puts `user` in the place of an abandoned account (unconfirmed, no live code), only if it is
   * still that account in that state; its sub pointer goes, so its tokens and codes are dead.
   * False when it changed meanwhile.
   */
  private async replaceAbandoned(old: UserItem, user: UserItem): Promise<boolean> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: { ...this.userKey(user.email), kind: 'identity-user', ...user },
                ConditionExpression:
                  '#sub = :old AND confirmed = :false AND (attribute_not_exists(#confirmation) OR #confirmation.expiresAt <= :now) AND (attribute_not_exists(#reset) OR #reset.expiresAt <= :now)',
                ExpressionAttributeNames: { '#sub': 'sub', '#confirmation': 'confirmation', '#reset': 'reset' },
                ExpressionAttributeValues: { ':old': old.sub, ':false': false, ':now': this.clock.now().getTime() },
              },
            },
            { Delete: { TableName: this.tableName, Key: this.subKey(old.sub) } },
            { Put: { TableName: this.tableName, Item: { ...this.subKey(user.sub), kind: 'identity-sub', email: user.email }, ConditionExpression: 'attribute_not_exists(PK)' } },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (cancellationCodes(err)[0] === 'ConditionalCheckFailed') return false;
      throw err;
    }
  }

  /** What the owner of a taken email gets instead of a 409 to whoever signed up. */
  private async sendTakenNotice(existing: UserItem): Promise<void> {
    const body = existing.confirmed
      ? 'Someone tried to create an account with this email address, which already has one. If it was you, sign in, or reset your password if you forgot it. If it was not you, ignore this email: nothing has changed.'
      : 'Someone tried to create an account with this email address while an earlier signup waits for confirmation. Confirm it with the code from the earlier email; once that code has expired, signing up again starts over. If it was not you, ignore this email.';
    await this.outbox.send({ to: existing.email, projectId: this.projectId, subject: 'Sign-up attempt with your email address', body, code: '' });
  }

  // ---- tokens -------------------------------------------------------------------------------

  private async issueTokens(user: UserItem, now: Date, authTime: number): Promise<TokenSet> {
    const iat = epochSeconds(now);
    const header = { alg: SIGNING_ALG, kid: this.keys.kid };
    // Added claims never replace the ones the verifiers rely on (as Cognito refuses to override them).
    const extra = this.tokenClaims ? withoutReservedClaims(await this.tokenClaims({ sub: user.sub, email: user.email })) : {};
    // Cognito's access token has no `aud`: verifiers check `client_id` and `token_use` instead.
    const accessToken = await new SignJWT({
      ...extra,
      client_id: this.clientId,
      token_use: 'access',
      scope: COGNITO_USER_SCOPE,
      auth_time: authTime,
      // In a Cognito pool whose sign-in name is the email, `username` is the sub.
      username: user.sub,
    })
      .setProtectedHeader(header)
      .setSubject(user.sub)
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.lifetimes.accessSeconds)
      .setJti(randomUUID())
      .sign(this.keys.privateKey);
    const idToken = await new SignJWT({ ...extra, token_use: 'id', email: user.email, email_verified: true, auth_time: authTime })
      .setProtectedHeader(header)
      .setSubject(user.sub)
      .setAudience(this.clientId)
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.lifetimes.idSeconds)
      .sign(this.keys.privateKey);
    // Cognito's refresh tokens are opaque; ours is a JWT only this adapter reads, carrying the
    // password version (revocation by reset), the token generation (revocation by an
    // administrator) and the original auth_time (kept across refreshes).
    const refreshToken = await new SignJWT({
      client_id: this.clientId,
      token_use: 'refresh',
      auth_time: authTime,
      pwv: user.passwordVersion,
      gen: user.tokenGeneration ?? 0,
    })
      .setProtectedHeader(header)
      .setSubject(user.sub)
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.lifetimes.refreshSeconds)
      .setJti(randomUUID())
      .sign(this.keys.privateKey);
    return { accessToken, refreshToken, idToken, expiresIn: this.lifetimes.accessSeconds };
  }

  /** Full verification: signature (our key, RS256 only), issuer, client id, token_use, expiry
   * against the injected clock. Anything wrong is a 401; expiry maps through `onExpired`. */
  private async verifyToken(
    token: string,
    tokenUse: 'access' | 'refresh',
    onExpired: () => Error,
  ): Promise<JWTPayload & { sub: string }> {
    let payload: JWTPayload;
    try {
      const verified = await jwtVerify(token, this.keys.publicKey, {
        algorithms: [SIGNING_ALG],
        issuer: this.issuer,
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'iat', 'exp'],
      });
      if (verified.protectedHeader.kid !== this.keys.kid) throw new UnauthorizedError();
      payload = verified.payload;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw onExpired();
      throw new UnauthorizedError(tokenUse === 'refresh' ? 'The refresh token is invalid or has expired' : undefined);
    }
    // token_use keeps ID and refresh tokens out of access checks (and the reverse); client_id
    // keeps another app client's tokens out even when it shares the issuer.
    if (payload.token_use !== tokenUse || payload.client_id !== this.clientId || payload.aud !== undefined) {
      throw new UnauthorizedError(tokenUse === 'refresh' ? 'The refresh token is invalid or has expired' : undefined);
    }
    return payload as JWTPayload & { sub: string };
  }

  // ---- lock-out -----------------------------------------------------------------------------

  /**
   * Refuses the attempt while the account is locked (429, not counted); otherwise records it
   * as a failure in advance and, when this failure is the one that locks, starts the lock.
   * A successful login deletes the item afterwards. Conditional writes on a version make the
   * read-modify-write atomic under concurrent attempts.
   */
  private async claimLoginAttempt(email: string, now: Date): Promise<void> {
    const nowMs = now.getTime();
    const { threshold, baseSeconds, maxSeconds, forgetAfterSeconds } = this.lockout;
    for (let round = 0; round < 10; round++) {
      const got = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: this.lockKey(email), ConsistentRead: true }));
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
        await this.doc.send(
          new PutCommand({
            TableName: this.tableName,
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

  // ---- verification and reset codes ---------------------------------------------------------

  private async issueCode(
    user: UserItem,
    purpose: CodePurpose,
    ttlSeconds: number,
    options: { onlyUnconfirmed?: boolean } = {},
  ): Promise<void> {
    const code = newCode();
    const now = this.clock.now();
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.userKey(user.email),
          UpdateExpression: 'SET #code = :code',
          // Same account (not one deleted and signed up again meanwhile), still in the state we saw.
          ConditionExpression: options.onlyUnconfirmed ? '#sub = :sub AND confirmed = :false' : '#sub = :sub',
          ExpressionAttributeNames: { '#code': purpose, '#sub': 'sub' },
          ExpressionAttributeValues: {
            ':code': codeState(user.sub, purpose, code, now, ttlSeconds),
            ':sub': user.sub,
            ...(options.onlyUnconfirmed ? { ':false': false } : {}),
          },
        }),
      );
    } catch (err) {
      if (isConditionalCheckFailed(err)) return; // the account changed meanwhile: nothing to send
      throw err;
    }
    await this.sendCode(user.email, purpose, code);
  }

  /**
   * Spends one attempt of the account's live code of that purpose (atomically, before comparing,
   * so parallel guesses cannot exceed the limit) and compares. Returns the account when the code
   * is right; a wrong, used-up or expired code, or an unknown account, is the same 400.
   */
  private async claimCodeAttempt(email: string, purpose: CodePurpose, code: string, now: Date): Promise<UserItem> {
    const candidate = typeof code === 'string' ? code.trim() : '';
    if (!/^\d{6}$/.test(candidate)) throw new ValidationError(INVALID_CODE_MESSAGE, [{ path: 'code', message: 'must be the 6-digit code from the email' }]);
    let user: UserItem;
    try {
      const updated = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.userKey(email),
          UpdateExpression: 'SET #code.attempts = #code.attempts + :one',
          ConditionExpression: 'attribute_exists(#code) AND #code.attempts < :max AND #code.expiresAt > :now',
          ExpressionAttributeNames: { '#code': purpose },
          ExpressionAttributeValues: { ':one': 1, ':max': MAX_CODE_ATTEMPTS, ':now': now.getTime() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      user = updated.Attributes as UserItem;
    } catch (err) {
      if (isConditionalCheckFailed(err)) throw invalidCode();
      throw err;
    }
    const state = user[purpose];
    if (!state || !sameHash(state.codeHash, hashCode(user.sub, purpose, candidate))) throw invalidCode();
    return user;
  }

  /** Applies the change a right code grants, only if that very code is still live (not replaced
   * by a newer one or consumed by a concurrent request). */
  private async consumeCode(
    email: string,
    purpose: CodePurpose,
    user: UserItem,
    change: { set: string; remove?: string; values: Record<string, unknown> },
  ): Promise<void> {
    const state = user[purpose];
    if (!state) throw invalidCode();
    const remove = ['#code', ...(change.remove ? [change.remove] : [])].join(', ');
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.userKey(email),
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

  private async sendCode(email: string, purpose: CodePurpose, code: string): Promise<void> {
    const mail =
      purpose === 'confirmation'
        ? {
            subject: 'Your verification code',
            body: `Your verification code is ${code}. It expires in 24 hours.`,
          }
        : {
            subject: 'Your password reset code',
            body: `Your password reset code is ${code}. It expires in 1 hour. If you did not ask to reset your password, ignore this email.`,
          };
    await this.outbox.send({ to: email, projectId: this.projectId, code, ...mail });
  }

  // ---- storage ------------------------------------------------------------------------------

  private async getUserByEmail(email: string): Promise<UserItem | undefined> {
    const got = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: this.userKey(email), ConsistentRead: true }));
    return got.Item as UserItem | undefined;
  }

  private async getUserBySub(sub: string): Promise<UserItem | undefined> {
    const pointer = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: this.subKey(sub), ConsistentRead: true }));
    const email = pointer.Item?.email;
    if (typeof email !== 'string') return undefined;
    const user = await this.getUserByEmail(email);
    return user?.sub === sub ? user : undefined;
  }

  private userKey(email: string): { PK: string; SK: string } {
    return { PK: `POOL#${this.poolId}#USER#${email}`, SK: 'USER' };
  }
  private subKey(sub: string): { PK: string; SK: string } {
    return { PK: `POOL#${this.poolId}#SUB#${sub}`, SK: 'SUB' };
  }
  private lockKey(email: string): { PK: string; SK: string } {
    return { PK: `POOL#${this.poolId}#LOCK#${email}`, SK: 'LOCK' };
  }
}

const RESERVED_CLAIMS = new Set(['sub', 'iss', 'aud', 'exp', 'iat', 'nbf', 'jti', 'client_id', 'token_use', 'scope', 'auth_time', 'username', 'email', 'email_verified', 'pwv', 'gen']);

function withoutReservedClaims(claims: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(claims).filter(([name]) => !RESERVED_CLAIMS.has(name)));
}

// ---- helpers ------------------------------------------------------------------------------------

/** Emails are unique and matched case-insensitively, as Cognito does with email sign-in names. */
function normalizeEmail(email: string): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** A sanity check only (handlers validate the shape with zod); the code mail proves the address. */
function isPlausibleEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/** One sentence naming every problem, e.g. "Invalid input: password must contain a digit". */
function summarize(details: readonly ErrorDetail[]): string {
  return `Invalid input: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`;
}

function invalidCode(): ValidationError {
  return new ValidationError(INVALID_CODE_MESSAGE, [{ path: 'code', message: 'is wrong or has expired; ask for a new one' }]);
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function hashCode(sub: string, purpose: CodePurpose, code: string): string {
  return createHash('sha256').update(`${purpose}:${sub}:${code}`).digest('hex');
}

/** A confirmation or reset code that can still be used: the account is someone's work in progress. */
function hasLiveCode(user: UserItem, now: Date): boolean {
  return [user.confirmation, user.reset].some((state) => state !== undefined && state.expiresAt > now.getTime());
}

function codeState(sub: string, purpose: CodePurpose, code: string, now: Date, ttlSeconds: number): CodeState {
  return { codeHash: hashCode(sub, purpose, code), expiresAt: now.getTime() + ttlSeconds * 1000, attempts: 0 };
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

function definedOnly<T extends object>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function isConditionalCheckFailed(err: unknown): boolean {
  return (err as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}


// ---- password hashing (scrypt, node:crypto) -----------------------------------------------------

/** N = 2^15, r = 8 (32 MiB, tens of ms per hash here). The parameters are stored in each hash,
 * so raising them later leaves existing hashes verifiable. */
const SCRYPT_PARAMS = { N: 1 << 15, r: 8, p: 1 } as const;
const SCRYPT_KEYLEN = 32;
const SCRYPT_SALT_BYTES = 16;

function scryptAsync(password: string, salt: Buffer, keylen: number, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // maxmem must exceed 128 * N * r, or Node refuses parameters above its 32 MiB default.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT_SALT_BYTES);
  const key = await scryptAsync(password, salt, SCRYPT_KEYLEN, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) throw new Error('Unreadable password hash');
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scryptAsync(typeof password === 'string' ? password : '', Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;
/** A hash of a random password with the current parameters, verified when the email is unknown. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
