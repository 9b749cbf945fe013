/**
 * What an action gets: its manifest route, the services, the request's parts validated against
 * the route's schemas (the ones the OpenAPI publishes), and the caller, verified on demand
 * (public routes never look at a token).
 */
import type { ProjectRoute } from '../core/blueprint/project-routes';
import type { AuthorizeCaller } from '../core/runtime/authorize';
import { requestValidator, type RequestValidator } from '../core/runtime/request-schema';
import { ForbiddenError } from '../core/errors';
import { bearerToken } from '../shared/access-token-verifier';
import type { HttpEvent } from '../shared/http-types';
import type { RuntimeServices } from './runtime-services';

export interface ActionInput {
  readonly route: ProjectRoute;
  readonly services: RuntimeServices;
  readonly event: HttpEvent;
  readonly now: Date;
  /** Path parameters, checked against the route's `params` schema. */
  readonly params: Record<string, string>;
  /** The raw query (each action checks it: lists through list-query.ts). */
  readonly query: Record<string, string | undefined>;
  /** The parsed JSON body (routes with a body), not yet checked. */
  readonly body: unknown;
  /** The verified caller (401 without a valid access token; 403 when the token has no role). */
  caller(): Promise<Caller>;
}

export interface Caller extends AuthorizeCaller {
  /** The access token itself (`/auth/me` asks the identity with it). */
  readonly accessToken: string;
}

const validators = new WeakMap<ProjectRoute, { params?: RequestValidator; body?: RequestValidator }>();

/** Validators per route, built on first use from the manifest's schemas. */
export function validatorsOf(route: ProjectRoute, services: RuntimeServices): { params?: RequestValidator; body?: RequestValidator } {
  let entry = validators.get(route);
  if (!entry) {
    entry = {
      ...(route.request.params ? { params: requestValidator(route.request.params, services.api.schemas, 'params') } : {}),
      // Entity bodies are checked by record-validation.ts (PUT and PATCH compare with the stored record).
      ...(route.request.body && route.kind !== 'crud' ? { body: requestValidator(route.request.body, services.api.schemas, 'body') } : {}),
    };
    validators.set(route, entry);
  }
  return entry;
}

export function requestParts(route: ProjectRoute, services: RuntimeServices, event: HttpEvent, json: unknown): ActionInput {
  const checks = validatorsOf(route, services);
  const params = (checks.params ? checks.params(event.pathParameters ?? {}) : {}) as Record<string, string>;
  let caller: Promise<Caller> | undefined;
  return {
    route,
    services,
    event,
    now: services.clock.now(),
    params,
    query: event.queryStringParameters ?? {},
    body: checks.body ? checks.body(json) : json,
    caller: () => (caller ??= verifyCaller(services, event)),
  };
}

async function verifyCaller(services: RuntimeServices, event: HttpEvent): Promise<Caller> {
  const accessToken = bearerToken(event.headers?.authorization ?? event.headers?.Authorization);
  const { userId, claims } = await services.verifyAccessToken(accessToken);
  const role = typeof claims.role === 'string' ? claims.role : '';
  const orgId = typeof claims.org_id === 'string' && claims.org_id !== '' ? claims.org_id : null;
  // A token without a role or (multi-tenant) without an organization belongs to no member:
  // it can prove who the caller is, but grants nothing.
  if (!role) throw new ForbiddenError('Your account has no role in this project');
  if (services.ir.tenancy.mode === 'multi' && orgId === null) throw new ForbiddenError('Your account belongs to no organization');
  return { userId, role, orgId: services.ir.tenancy.mode === 'multi' ? orgId : null, accessToken };
}
