/**
 * Per-category rate limits of CONTRACT.md, counted in the table (lambdas/adapters/dynamodb/
 * rate-limit-store.ts) so they hold across Lambdas. Authentication requests are counted per
 * pair of client address and account (the email in the body, or the user a refresh token names),
 * so one address serving many people does not shut them all out; everything else per user.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import { decodeJwt } from 'jose';
import { normalizeEmail } from '../../core/email';
import { RateLimitedError } from '../../core/errors';
import { addressKey, rateLimitHeaders } from '../../core/rate-limit';
import type { Context, HttpEvent, HttpResult, Internal } from '../http-types';

type Category = 'auth' | 'project' | 'generation' | 'deployment';

/**
 * The client address a request came from, as counted: API Gateway's `requestContext.http.sourceIp`
 * (the TCP peer as API Gateway saw it; the local gateway sets it from the socket), never a
 * client-supplied X-Forwarded-For. IPv6 counts per /64 (core/rate-limit.ts `addressKey`).
 */
export function clientAddress(event: Pick<HttpEvent, 'requestContext'>): string {
  return `ip:${addressKey(event.requestContext.http.sourceIp)}`;
}

/** The account an authentication request is about, from its (already parsed) JSON body. */
export function authAccount(json: unknown): string {
  if (!json || typeof json !== 'object') return 'anonymous';
  const body = json as Record<string, unknown>;
  if (typeof body.email === 'string') return `email:${normalizeEmail(body.email)}`;
  if (typeof body.refreshToken === 'string') {
    try {
      const sub = decodeJwt(body.refreshToken).sub;
      if (sub) return `user:${sub}`;
    } catch {
      // Cognito refresh tokens are opaque (encrypted): count them per token instead.
    }
    return `token:${createHash('sha256').update(body.refreshToken).digest('base64url')}`;
  }
  return 'anonymous';
}

export function rateLimit(category: Category): MiddlewareObj<HttpEvent, HttpResult, Error, Context, Internal> {
  return {
    name: 'rateLimit',
    before: async (request) => {
      const state = request.internal.bgs;
      const services = state.services!;
      const limit = services.config.rateLimits[category];
      const subject = category === 'auth' ? `${clientAddress(request.event)}|${authAccount(state.json)}` : `user:${state.user?.userId ?? clientAddress(request.event)}`;
      const decision = await services.rateLimiter.hit(category, subject, limit);
      state.rate = decision;
      if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds, rateLimitHeaders(decision));
    },
  };
}
