/**
 * The local identity adapter: the embedded stand-in for Cognito behind the identity port.
 * It holds Cognito's rules that BGS relies on (password policy, scrypt-hashed passwords,
 * email verification codes, lock-out, RS256 tokens with Cognito's claims, refresh tokens
 * revoked by a password reset or by an administrator) so the same handlers and the same token
 * verifier work locally and on AWS.
 *
 * This class is the port's façade; each rule lives in its own module: local-accounts (the
 * account and its sub pointer), local-codes (verification and reset codes), local-lockout,
 * local-tokens, password-hashing, local-identity-mail (what it sends), and the table's keys in
 * local-identity-table-keys.
 *
 * Two signups: `signUp` (the control plane) answers a taken email with 409; `signUpPrivately`
 * (generated project APIs, CONTRACT "Generated project API") reports it to its caller only, mails
 * the owner instead, and replaces an unconfirmed account none of whose codes is still live.
 *
 * One table holds many pools (the control plane now, one pool per generated project later):
 * every key starts with the pool (local-identity-table-keys.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { systemClock, type Clock } from '../../core/clock';
import { normalizeEmail } from '../../core/email';
import { ConflictError, InvalidCredentialsError, TokenExpiredError, UnauthorizedError, UserNotConfirmedError, ValidationError } from '../../core/errors';
import { DEFAULT_PASSWORD_POLICY, passwordPolicyProblems, type PasswordPolicy } from '../../core/password-policy';
import type { AdminIdentityPort, IdentityUser, PrivateSignUpResult, RefreshedTokens, SignUpMailBudget, SignUpResult, TokenSet } from '../../ports/identity';
import type { LocalOutbox } from '../local-outbox';
import { LocalAccounts, newAccountItem, summarize, type AccountItem } from './local-accounts';
import { CONFIRMATION_CODE_TTL_SECONDS, RESET_CODE_TTL_SECONDS, VerificationCodes, hasLiveCode } from './local-codes';
import { LocalIdentityMail } from './local-identity-mail';
import { DEFAULT_LOCKOUT, LoginLockout } from './local-lockout';
import { epochSeconds, type LocalPool } from './local-pool';
import { DEFAULT_TOKEN_LIFETIMES, LocalTokens, type TokenClaims } from './local-tokens';
import { hashPassword, dummyPasswordHash, verifyPassword } from './password-hashing';
import type { SigningKeys } from './signing-keys';

export { DEFAULT_TOKEN_LIFETIMES } from './local-tokens';
export { DEFAULT_LOCKOUT } from './local-lockout';
export { CONFIRMATION_CODE_TTL_SECONDS, MAX_CODE_ATTEMPTS, RESET_CODE_TTL_SECONDS } from './local-codes';

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
  tokenClaims?: TokenClaims;
}

export class LocalIdentity implements AdminIdentityPort {
  readonly poolId: string;
  readonly clientId: string;
  readonly issuer: string;
  private readonly autoConfirm: boolean;
  private readonly clock: Clock;
  private readonly policy: PasswordPolicy;
  private readonly accounts: LocalAccounts;
  private readonly codes: VerificationCodes;
  private readonly lockout: LoginLockout;
  private readonly tokens: LocalTokens;
  private readonly mail: LocalIdentityMail;

  constructor(props: LocalIdentityProps) {
    if (!/^[A-Za-z0-9_-]+$/.test(props.poolId)) {
      throw new Error(`Invalid pool id ${JSON.stringify(props.poolId)}: use letters, digits, - and _ only`);
    }
    if (!props.clientId || !props.issuer) throw new Error('LocalIdentity needs a clientId and an issuer');
    this.poolId = props.poolId;
    this.clientId = props.clientId;
    this.issuer = props.issuer;
    this.autoConfirm = props.autoConfirm ?? false;
    this.clock = props.clock ?? systemClock;
    this.policy = props.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
    const pool: LocalPool = { doc: props.doc, tableName: props.tableName, poolId: props.poolId, clock: this.clock };
    this.mail = new LocalIdentityMail(props.outbox, props.projectId ?? null);
    this.accounts = new LocalAccounts(pool);
    this.codes = new VerificationCodes(pool, this.mail);
    this.lockout = new LoginLockout(pool, { ...DEFAULT_LOCKOUT, ...definedOnly(props.lockout ?? {}) });
    this.tokens = new LocalTokens({
      keys: props.keys,
      clientId: props.clientId,
      issuer: props.issuer,
      clock: this.clock,
      lifetimes: { ...DEFAULT_TOKEN_LIFETIMES, ...definedOnly(props.tokenLifetimes ?? {}) },
      tokenClaims: props.tokenClaims,
    });
    // Compute the dummy hash now, so the first login of an unknown email costs no more than others.
    dummyPasswordHash().catch(() => undefined);
  }

  async signUp(input: { email: string; password: string }): Promise<SignUpResult> {
    const fresh = await this.newAccount(input);
    if (!(await this.accounts.create(fresh.account))) throw new ConflictError('An account with this email already exists');
    if (fresh.code) await this.mail.code(fresh.account.email, 'confirmation', fresh.code);
    return { userId: fresh.account.sub, confirmed: this.autoConfirm };
  }

  /**
   * The generated APIs' signup (AdminIdentityPort): the password is hashed whatever happens
   * next, so a taken email costs about the same time as a new one. A taken email is mailed a
   * notice; an unconfirmed account none of whose codes is live any more is replaced (its
   * owner never proved the address, and the address's owner may be the one signing up now).
   */
  async signUpPrivately(input: { email: string; password: string }, budget?: SignUpMailBudget): Promise<PrivateSignUpResult> {
    const fresh = await this.newAccount(input);
    const { account } = fresh;
    const created = async (replaced?: string): Promise<PrivateSignUpResult> => {
      if (fresh.code) await this.mail.code(account.email, 'confirmation', fresh.code);
      return { outcome: 'created', userId: account.sub, confirmed: account.confirmed, ...(replaced === undefined ? {} : { replaced }) };
    };
    if (await this.accounts.create(account)) return created();
    // Asked once per signup, however many rounds it takes: one signup counts one replacement.
    let mayReplace: Promise<boolean> | undefined;
    // A concurrent signup may replace the account between our read and write: decide again.
    for (let round = 0; round < 3; round++) {
      const existing = await this.accounts.byEmail(account.email);
      if (!existing) {
        if (await this.accounts.create(account)) return created();
        continue;
      }
      if (existing.confirmed || hasLiveCode(existing, this.clock.now())) {
        if (!budget || (await budget.notice())) await this.mail.takenNotice(existing);
        return { outcome: 'taken' };
      }
      mayReplace ??= budget ? budget.replacement() : Promise.resolve(true);
      // Over the budget the abandoned account stays (and no code is mailed): answered as taken.
      if (!(await mayReplace)) return { outcome: 'taken' };
      if (await this.accounts.replaceAbandoned(existing, account)) return created(existing.sub);
    }
    return { outcome: 'taken' };
  }

  async confirmSignUp(input: { email: string; code: string }): Promise<void> {
    const email = normalizeEmail(input.email);
    const now = this.clock.now();
    const account = await this.codes.claimAttempt(email, 'confirmation', input.code, now);
    await this.codes.consume(email, 'confirmation', account, {
      set: 'confirmed = :true, updatedAt = :now',
      values: { ':true': true, ':now': now.toISOString() },
    });
  }

  /** Not in the port (Cognito's ResendConfirmationCode): a fresh code for an unconfirmed account.
   * Resolves whether or not the account exists, so it reveals nothing. */
  async resendConfirmationCode(input: { email: string }): Promise<void> {
    const account = await this.accounts.byEmail(normalizeEmail(input.email));
    if (!account || account.confirmed) return;
    await this.codes.issue(account, 'confirmation', CONFIRMATION_CODE_TTL_SECONDS, { onlyUnconfirmed: true });
  }

  async login(input: { email: string; password: string }): Promise<TokenSet> {
    const email = normalizeEmail(input.email);
    const now = this.clock.now();
    // Counted before the password is checked: a burst of parallel guesses cannot get more than
    // `threshold` of them checked, and a refused attempt never reaches the hash.
    await this.lockout.claimAttempt(email, now);
    const account = await this.accounts.byEmail(email);
    // Unknown emails are verified against a dummy hash: same work, same answer, same time.
    const passwordOk = await verifyPassword(input.password, account?.passwordHash ?? (await dummyPasswordHash()));
    if (!account || !passwordOk) throw new InvalidCredentialsError();
    // The right password ends the failure streak even when the account is unconfirmed: the
    // caller proved they know it, which is what lock-out is about.
    await this.lockout.clear(email);
    if (!account.confirmed) throw new UserNotConfirmedError();
    return this.tokens.issue(account, now, epochSeconds(now));
  }

  async refresh(input: { refreshToken: string }): Promise<RefreshedTokens> {
    // An expired refresh token is just invalid: the client must sign in again (no TOKEN_EXPIRED).
    const payload = await this.tokens.verify(input.refreshToken, 'refresh', () => new UnauthorizedError('The refresh token is invalid or has expired'));
    const account = await this.accounts.bySub(payload.sub);
    if (!account || !account.confirmed) throw new UnauthorizedError('The refresh token is invalid or has expired');
    const generation = typeof payload.gen === 'number' ? payload.gen : 0;
    if (payload.pwv !== account.passwordVersion || generation !== (account.tokenGeneration ?? 0)) throw new UnauthorizedError('The refresh token has been revoked');
    const now = this.clock.now();
    const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : epochSeconds(now);
    const { accessToken, idToken, expiresIn } = await this.tokens.issue(account, now, authTime);
    return { accessToken, idToken, expiresIn };
  }

  async forgotPassword(input: { email: string }): Promise<void> {
    const account = await this.accounts.byEmail(normalizeEmail(input.email));
    if (!account) return;
    // Unconfirmed accounts get a code too: using it proves the address, so the reset confirms
    // the account. It is the way out for someone whose confirmation code was used up.
    await this.codes.issue(account, 'reset', RESET_CODE_TTL_SECONDS);
  }

  async resetPassword(input: { email: string; code: string; newPassword: string }): Promise<void> {
    const problems = passwordPolicyProblems(input.newPassword, this.policy);
    if (problems.length > 0) {
      const details = problems.map((message) => ({ path: 'newPassword', message }));
      throw new ValidationError(summarize(details), details);
    }
    const email = normalizeEmail(input.email);
    const now = this.clock.now();
    const account = await this.codes.claimAttempt(email, 'reset', input.code, now);
    await this.codes.consume(email, 'reset', account, {
      // A new passwordVersion revokes every refresh token issued before; the reset also proves
      // the address (confirmed) and ends any lock-out (cleared below).
      set: 'passwordHash = :hash, passwordVersion = passwordVersion + :one, confirmed = :true, updatedAt = :now',
      remove: 'confirmation',
      values: { ':hash': await hashPassword(input.newPassword), ':one': 1, ':true': true, ':now': now.toISOString() },
    });
    await this.lockout.clear(email);
  }

  async getUser(input: { accessToken: string }): Promise<IdentityUser> {
    const payload = await this.tokens.verify(input.accessToken, 'access', () => new TokenExpiredError());
    const account = await this.accounts.bySub(payload.sub);
    if (!account) throw new UnauthorizedError();
    return { id: account.sub, email: account.email };
  }

  /**
   * Removes an account (Cognito's AdminDeleteUser): undoes a signup whose membership could not
   * be written. Idempotent; lock-out state of the email goes too.
   */
  async deleteUser(input: { userId: string }): Promise<void> {
    const removed = await this.accounts.delete(input.userId);
    if (removed) await this.lockout.clear(removed.email);
  }

  /** Cognito's AdminUserGlobalSignOut for refresh tokens: a new generation refuses every older one. */
  async revokeRefreshTokens(input: { userId: string }): Promise<void> {
    await this.accounts.newTokenGeneration(input.userId);
  }

  private newAccount(input: { email: string; password: string }): Promise<{ account: AccountItem; code: string | null }> {
    return newAccountItem(input, { autoConfirm: this.autoConfirm, policy: this.policy, now: this.clock.now() });
  }
}

function definedOnly<T extends object>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}
