/**
 * Tokens of the local identity: RS256 JWTs with Cognito's claims (the access token's
 * `client_id`, `token_use`, `scope`, `username`; the ID token's `aud` and `email`), so the same
 * verifier (lambdas/shared/access-token-verifier.ts) accepts them locally and on AWS. Refresh
 * tokens are JWTs only this adapter reads, carrying what revokes them.
 */
import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Clock } from '../../core/clock';
import { UnauthorizedError } from '../../core/errors';
import type { TokenSet } from '../../ports/identity';
import type { AccountItem } from './local-accounts';
import { epochSeconds } from './local-pool';
import { SIGNING_ALG, type SigningKeys } from './signing-keys';

/** Cognito's defaults, which the service description repeats: access 1 h, ID 1 h, refresh 30 days. */
export const DEFAULT_TOKEN_LIFETIMES = Object.freeze({
  accessSeconds: 3600,
  idSeconds: 3600,
  refreshSeconds: 30 * 24 * 3600,
});

export type TokenLifetimes = { -readonly [K in keyof typeof DEFAULT_TOKEN_LIFETIMES]: number };

/** Claims added to every access and ID token as it is issued (the pre-token-generation trigger's stand-in). */
export type TokenClaims = (user: { sub: string; email: string }) => Promise<Readonly<Record<string, string>>>;

/** Cognito puts this scope into access tokens issued by its user-password flow. */
const COGNITO_USER_SCOPE = 'aws.cognito.signin.user.admin';

const RESERVED_CLAIMS = new Set(['sub', 'iss', 'aud', 'exp', 'iat', 'nbf', 'jti', 'client_id', 'token_use', 'scope', 'auth_time', 'username', 'email', 'email_verified', 'pwv', 'gen']);

export interface LocalTokensProps {
  keys: SigningKeys;
  clientId: string;
  issuer: string;
  clock: Clock;
  lifetimes: TokenLifetimes;
  tokenClaims?: TokenClaims;
}

export class LocalTokens {
  constructor(private readonly props: LocalTokensProps) {}

  async issue(account: AccountItem, now: Date, authTime: number): Promise<TokenSet> {
    const { keys, clientId, issuer, lifetimes, tokenClaims } = this.props;
    const iat = epochSeconds(now);
    const header = { alg: SIGNING_ALG, kid: keys.kid };
    // Added claims never replace the ones the verifiers rely on (as Cognito refuses to override them).
    const extra = tokenClaims ? withoutReservedClaims(await tokenClaims({ sub: account.sub, email: account.email })) : {};
    // Cognito's access token has no `aud`: verifiers check `client_id` and `token_use` instead.
    const accessToken = await new SignJWT({
      ...extra,
      client_id: clientId,
      token_use: 'access',
      scope: COGNITO_USER_SCOPE,
      auth_time: authTime,
      // In a Cognito pool whose sign-in name is the email, `username` is the sub.
      username: account.sub,
    })
      .setProtectedHeader(header)
      .setSubject(account.sub)
      .setIssuer(issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimes.accessSeconds)
      .setJti(randomUUID())
      .sign(keys.privateKey);
    const idToken = await new SignJWT({ ...extra, token_use: 'id', email: account.email, email_verified: true, auth_time: authTime })
      .setProtectedHeader(header)
      .setSubject(account.sub)
      .setAudience(clientId)
      .setIssuer(issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimes.idSeconds)
      .sign(keys.privateKey);
    // Cognito's refresh tokens are opaque; ours is a JWT only this adapter reads, carrying the
    // password version (revocation by reset), the token generation (revocation by an
    // administrator) and the original auth_time (kept across refreshes).
    const refreshToken = await new SignJWT({
      client_id: clientId,
      token_use: 'refresh',
      auth_time: authTime,
      pwv: account.passwordVersion,
      gen: account.tokenGeneration ?? 0,
    })
      .setProtectedHeader(header)
      .setSubject(account.sub)
      .setIssuer(issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimes.refreshSeconds)
      .setJti(randomUUID())
      .sign(keys.privateKey);
    return { accessToken, refreshToken, idToken, expiresIn: lifetimes.accessSeconds };
  }

  /** Full verification: signature (our key, RS256 only), issuer, client id, token_use, expiry
   * against the injected clock. Anything wrong is a 401; expiry maps through `onExpired`. */
  async verify(token: string, tokenUse: 'access' | 'refresh', onExpired: () => Error): Promise<JWTPayload & { sub: string }> {
    const { keys, clientId, issuer, clock } = this.props;
    let payload: JWTPayload;
    try {
      const verified = await jwtVerify(token, keys.publicKey, {
        algorithms: [SIGNING_ALG],
        issuer,
        currentDate: clock.now(),
        requiredClaims: ['sub', 'iat', 'exp'],
      });
      if (verified.protectedHeader.kid !== keys.kid) throw new UnauthorizedError();
      payload = verified.payload;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw onExpired();
      throw new UnauthorizedError(tokenUse === 'refresh' ? 'The refresh token is invalid or has expired' : undefined);
    }
    // token_use keeps ID and refresh tokens out of access checks (and the reverse); client_id
    // keeps another app client's tokens out even when it shares the issuer.
    if (payload.token_use !== tokenUse || payload.client_id !== clientId || payload.aud !== undefined) {
      throw new UnauthorizedError(tokenUse === 'refresh' ? 'The refresh token is invalid or has expired' : undefined);
    }
    return payload as JWTPayload & { sub: string };
  }
}

function withoutReservedClaims(claims: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(claims).filter(([name]) => !RESERVED_CLAIMS.has(name)));
}
