/**
 * Verifies access tokens the way DESIGN.md ("Tokens") requires, identically on AWS (Cognito)
 * and locally (the local identity mints Cognito-shaped tokens): RS256 signature against the
 * JWKS (fetched once per cold start and cached by jose), issuer, expiry, `token_use` = access
 * and `client_id` = this API's app client. ID tokens, refresh tokens, tokens of another pool or
 * project, `alg: none` and forged tokens all end as 401.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Clock } from '../core/clock';
import { TokenExpiredError, UnauthorizedError } from '../core/errors';

export interface VerifiedAccessToken {
  /** The user id (`sub`). */
  readonly userId: string;
  readonly claims: JWTPayload & Record<string, unknown>;
}

export interface AccessTokenVerifierProps {
  readonly issuer: string;
  /** The app client id access tokens must carry in `client_id`. */
  readonly clientId: string;
  /** Where the signing keys are published. Either this or `keys`. */
  readonly jwksUrl?: string;
  /** A key resolver (tests, or an in-process identity). */
  readonly keys?: JWTVerifyGetKey;
  readonly clock: Clock;
}

export type AccessTokenVerifier = (token: string) => Promise<VerifiedAccessToken>;

export function createAccessTokenVerifier(props: AccessTokenVerifierProps): AccessTokenVerifier {
  const keys = props.keys ?? (props.jwksUrl ? createRemoteJWKSet(new URL(props.jwksUrl)) : undefined);
  if (!keys) throw new Error('createAccessTokenVerifier needs jwksUrl or keys');
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: props.issuer,
        algorithms: ['RS256'],
        currentDate: props.clock.now(),
        requiredClaims: ['sub', 'exp', 'iat', 'token_use', 'client_id'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new TokenExpiredError();
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) throw new UnauthorizedError('The access token is not valid');
      throw err;
    }
    if (payload.token_use !== 'access') throw new UnauthorizedError('An access token is required (this is another kind of token)');
    if (payload.client_id !== props.clientId) throw new UnauthorizedError('The access token was issued for another application');
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new UnauthorizedError('The access token is not valid');
    return { userId: payload.sub, claims: payload as VerifiedAccessToken['claims'] };
  };
}

/** `Authorization: Bearer <token>` -> token; anything else -> 401. */
export function bearerToken(authorization: string | undefined): string {
  if (!authorization) throw new UnauthorizedError('Missing Authorization header (Bearer <access token>)');
  const match = /^Bearer\s+([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]*\.[A-Za-z0-9\-_=]*)\s*$/i.exec(authorization);
  if (!match?.[1]) throw new UnauthorizedError('Malformed Authorization header (expected Bearer <access token>)');
  return match[1];
}
