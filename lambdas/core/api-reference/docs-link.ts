/**
 * The signed, expiring public address of a project's API reference (CONTRACT "Artifacts":
 * `GET /projects/{id}/artifacts/docs-link`): a browser cannot send a bearer token when it opens a
 * link, so the link carries a token of its own, `<payload>.<signature>`:
 *   payload    base64url of `{ p: projectId, o: ownerId, e: expiresAt (unix seconds) }`
 *   signature  base64url of HMAC-SHA256 over `bgs-docs-link.<payload>`, with the control plane's
 *              docs-link key (a secret in its table, made on first use)
 * The link opens the page of that project of that owner until it expires, and nothing else: the
 * token names the project (a link of one project does not open another's) and its owner (the page
 * is read as the owner would read it). Checked in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ForbiddenError } from '../errors';

export interface DocsLinkClaims {
  readonly projectId: string;
  readonly ownerId: string;
  /** Unix seconds. */
  readonly expiresAt: number;
}

const CONTEXT = 'bgs-docs-link';

const sign = (key: string, payload: string): string => createHmac('sha256', key).update(`${CONTEXT}.${payload}`).digest('base64url');

export function signDocsLink(key: string, claims: DocsLinkClaims): string {
  const payload = Buffer.from(JSON.stringify({ p: claims.projectId, o: claims.ownerId, e: claims.expiresAt })).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

const INVALID = 'This API reference link is not valid: ask the project owner for a new one (GET /projects/{projectId}/artifacts/docs-link)';

/** The owner a valid, unexpired token of `projectId` names; ForbiddenError for anything else, saying why. */
export function verifyDocsLink(key: string, token: string, projectId: string, now: Date): DocsLinkClaims {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) throw new ForbiddenError(INVALID);
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ForbiddenError(INVALID);
  let claims: { p?: unknown; o?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    throw new ForbiddenError(INVALID);
  }
  if (typeof claims.p !== 'string' || typeof claims.o !== 'string' || typeof claims.e !== 'number') throw new ForbiddenError(INVALID);
  if (claims.p !== projectId) throw new ForbiddenError(INVALID);
  if (claims.e * 1000 <= now.getTime()) {
    throw new ForbiddenError(`This API reference link expired at ${new Date(claims.e * 1000).toISOString()}: ask the project owner for a new one (GET /projects/{projectId}/artifacts/docs-link)`);
  }
  return { projectId: claims.p, ownerId: claims.o, expiresAt: claims.e };
}
