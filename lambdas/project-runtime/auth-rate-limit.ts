/**
 * The rate limits of a generated API's auth routes, as the route manifest states them
 * (`route.rateLimit`, `route.wrongCodeLimit`; windows from auth-rate-limits.ts), counted in the
 * project's own table by the control plane's store (adapters/dynamodb/rate-limit-store.ts), so
 * they hold across Lambda instances and on AWS as locally.
 *
 * Wrong codes are counted around the identity port rather than inside it, so the same counter
 * holds over the local identity and Cognito, and a new code from forgot-password brings no new
 * guesses: before a confirm or reset reaches the identity, one wrong code is reserved for the
 * account (refused with 429 once a window is full, without trying the code); the reservation is
 * kept only if the identity rejects the code, and taken back on success or on any other error.
 * Reserving first keeps parallel guesses within the limit.
 */
import type { MiddlewareObj } from '@middy/core';
import type { RateSubject } from '../core/blueprint/auth-rate-limits';
import type { ProjectRoute, RouteRateLimit } from '../core/blueprint/project-routes';
import { RateLimitedError, ValidationError } from '../core/errors';
import { rateLimitHeaders, type RateDecision } from '../core/rate-limit';
import type { RateTicket } from '../ports/rate-limiter';
import type { SignUpMailBudget } from '../ports/identity';
import type { Context, HttpEvent, HttpResult, Internal } from '../shared/http-types';
import { authAccount, clientAddress } from '../shared/middleware/rate-limit';
import type { RuntimeServices } from './runtime-services';

type RuntimeInternal = Internal<RuntimeServices> & { wrongCodeTicket?: RateTicket };

/** The counted subject of a request: its client address, its account (the body's email), or both. */
export function rateSubject(per: RateSubject, event: Pick<HttpEvent, 'requestContext'>, json: unknown): string {
  switch (per) {
    case 'address':
      return clientAddress(event);
    case 'account':
      return authAccount(json);
    case 'addressAndAccount':
      return `${clientAddress(event)}|${authAccount(json)}`;
  }
}

/**
 * A code the identity refused as wrong or expired. Both identities say so the same way (the
 * local identity's and Cognito's CodeMismatch/ExpiredCode mapping): a VALIDATION_ERROR naming
 * the `code` field (`body.code` once the action has prefixed it, or the request schema refused it).
 */
export function isCodeRejection(err: unknown): boolean {
  return err instanceof ValidationError && (err.details ?? []).some((detail) => detail.path === 'code' || detail.path === 'body.code');
}

async function count(services: RuntimeServices, rate: RouteRateLimit, event: HttpEvent, json: unknown): Promise<RateTicket> {
  return services.rateLimiter.hitAll(`auth-${rate.category}`, rateSubject(rate.per, event, json), rate.rules);
}

function refuse(decision: RateDecision): RateLimitedError {
  return new RateLimitedError(decision.retryAfterSeconds, rateLimitHeaders(decision));
}

/**
 * The budget of the mails a signup may send one account (route.signupMailLimits), for the
 * identity to ask right before it would send (SignUpMailBudget): one hit in the category's
 * windows per mail, counted per account (the email normalized as the identity normalizes it),
 * whoever signs up from wherever. A refused mail is not sent and changes no answer (no 429).
 * Only mails sent count: a refused one is taken back, or a flood in the first hour would use up
 * the day and hold back the notice of the next hour. Undefined for a route without such limits.
 */
export function signupMailBudget(
  route: Pick<ProjectRoute, 'signupMailLimits'>,
  services: Pick<RuntimeServices, 'rateLimiter' | 'logger'>,
  event: Pick<HttpEvent, 'requestContext'>,
  json: unknown,
): SignUpMailBudget | undefined {
  const limits = route.signupMailLimits;
  if (!limits) return undefined;
  const allowed = async (rate: RouteRateLimit): Promise<boolean> => {
    const ticket = await services.rateLimiter.hitAll(`auth-${rate.category}`, rateSubject(rate.per, event, json), rate.rules);
    if (ticket.decision.allowed) return true;
    // A refund that fails leaves the hit counted: fewer mails, never an error in the answer.
    await ticket.refund().catch((err: unknown) => services.logger.warn('could not take back a refused signup mail', { error: err as Error }));
    return false;
  };
  return { notice: () => allowed(limits.notices), replacement: () => allowed(limits.codes) };
}

/** The middleware of a route with limits, or null (no counting at all on the other routes). */
export function authRateLimit(route: ProjectRoute): MiddlewareObj<HttpEvent, HttpResult, Error, Context, Internal<RuntimeServices>> | null {
  const { rateLimit, wrongCodeLimit } = route;
  if (!rateLimit && !wrongCodeLimit) return null;
  const settle = async (internal: RuntimeInternal, keep: boolean) => {
    const ticket = internal.wrongCodeTicket;
    delete internal.wrongCodeTicket;
    if (!ticket || keep) return;
    // A refund that fails over-counts one attempt; it must not turn the answer into an error.
    await ticket.refund().catch((err: unknown) => internal.bgs.services?.logger.warn('could not take back a wrong-code reservation', { error: err as Error }));
  };
  return {
    name: 'authRateLimit',
    before: async (request) => {
      const state = request.internal.bgs;
      const services = state.services!;
      if (rateLimit) {
        const { decision } = await count(services, rateLimit, request.event, state.json);
        state.rate = decision;
        if (!decision.allowed) throw refuse(decision);
      }
      if (wrongCodeLimit) {
        const ticket = await count(services, wrongCodeLimit, request.event, state.json);
        // Refused: the code is never tried, so a full window cannot be guessed through.
        if (!ticket.decision.allowed) throw refuse(ticket.decision);
        (request.internal as RuntimeInternal).wrongCodeTicket = ticket;
      }
    },
    after: async (request) => settle(request.internal as RuntimeInternal, false),
    onError: async (request) => settle(request.internal as RuntimeInternal, isCodeRejection(request.error)),
  };
}
