/**
 * What an action gets: its manifest route, the services, the request's parts validated against
 * the route's schemas (the ones the OpenAPI publishes), and the caller, verified on demand
 * (public routes never look at a token).
 */
import type { ProjectRoute } from '../core/blueprint/project-routes';
import type { AuthorizeCaller } from '../core/project-api/authorize';
import { requestValidator, type RequestValidator } from '../core/project-api/request-schema';
import { ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { illFormedTextDetails } from '../core/well-formed-text';
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

/**
 * The request's parts. Before any action runs, every string must be well-formed (no lone
 * surrogate, no NUL: 400) and a built-in body must match its schema. Path parameters are checked
 * when the action first reads them, after it has checked the caller (401 stays first) and before
 * any storage call: each is an id of a given shape, and one off its shape names nothing that
 * exists (404, as an unknown id).
 */
export function requestParts(route: ProjectRoute, services: RuntimeServices, event: HttpEvent, json: unknown): ActionInput {
  const checks = validatorsOf(route, services);
  const text = [
    ...illFormedTextDetails(event.pathParameters ?? {}, 'params'),
    ...illFormedTextDetails(event.queryStringParameters ?? {}, 'query'),
    ...(route.request.body ? illFormedTextDetails(json, 'body') : []),
  ];
  if (text.length > 0) throw new ValidationError(`Invalid request: ${text.map((d) => `${d.path} ${d.message}`).join('; ')}`, text);
  let params: Record<string, string> | undefined;
  let caller: Promise<Caller> | undefined;
  return {
    route,
    services,
    event,
    now: services.clock.now(),
    get params() {
      return (params ??= checkParams(checks.params, event.pathParameters ?? {}));
    },
    query: event.queryStringParameters ?? {},
    body: checks.body ? checks.body(json) : json,
    caller: () => (caller ??= verifyCaller(services, event)),
  };
}

function checkParams(validator: RequestValidator | undefined, raw: Record<string, string | undefined>): Record<string, string> {
  if (!validator) return {};
  try {
    return validator(raw) as Record<string, string>;
  } catch (err) {
    if (err instanceof ValidationError) throw new NotFoundError(`Not found: no ${(err.details ?? []).map((d) => d.path.replace(/^params\./, '')).join(', ')} of this shape exists`);
    throw err;
  }
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
