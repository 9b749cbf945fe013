/**
 * CORS of both APIs (CONTRACT "CORS": bearer tokens, not cookies), as data: the CDK constructs
 * give it to API Gateway's `corsPreflight`, and the local servers answer with `corsAnswer`,
 * which does what API Gateway does with that configuration (answers preflights itself, adds the
 * allow-origin and expose headers to every answer for an allowed origin).
 */
import { USER_CONTEXT_DATA_HEADER } from './caller-context';

export interface CorsPolicy {
  /** `*` for any origin. */
  readonly allowOrigins: readonly string[];
  readonly allowHeaders: readonly string[];
  readonly allowMethods: readonly string[];
  readonly exposeHeaders: readonly string[];
  readonly maxAgeSeconds: number;
}

/** What a browser may send, and read (the request id, and the rate-limit state of CONTRACT.md "Rate limits"), on both APIs. */
const ALLOW_HEADERS = ['authorization', 'content-type'];
const EXPOSE_HEADERS = ['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after'];

/** What the control plane's artifacts say of themselves (the blueprint they describe, a newer one not deployed yet). */
const ARTIFACT_HEADERS = ['x-bgs-blueprint-id', 'x-bgs-spec-version', 'x-bgs-newer-blueprint'];

/** The control plane: any origin, the methods its routes use; its auth routes also take the caller's device data. */
export function controlPlaneCors(methods: readonly string[]): CorsPolicy {
  return { allowOrigins: ['*'], allowHeaders: [...ALLOW_HEADERS, USER_CONTEXT_DATA_HEADER], allowMethods: [...new Set(methods)].sort(), exposeHeaders: [...EXPOSE_HEADERS, ...ARTIFACT_HEADERS], maxAgeSeconds: 3600 };
}

/** A generated API: the blueprint's origins (none: no CORS at all). */
export function projectCors(allowedOrigins: readonly string[]): CorsPolicy | null {
  if (allowedOrigins.length === 0) return null;
  return { allowOrigins: [...allowedOrigins], allowHeaders: ALLOW_HEADERS, allowMethods: ['DELETE', 'GET', 'PATCH', 'POST', 'PUT'], exposeHeaders: EXPOSE_HEADERS, maxAgeSeconds: 600 };
}

export interface CorsAnswer {
  /** A preflight: answer 204 with `headers`, and do not route the request. */
  readonly preflight: boolean;
  /** Headers to add to the answer (none for an origin the policy does not allow). */
  readonly headers: Record<string, string>;
}

/** What API Gateway adds or answers for a request under a policy. */
export function corsAnswer(policy: CorsPolicy | null, request: { method: string; origin: string | undefined; requestMethod: string | undefined }): CorsAnswer {
  const preflight = request.method === 'OPTIONS' && request.requestMethod !== undefined;
  if (!policy) return { preflight: false, headers: {} };
  const anyOrigin = policy.allowOrigins.includes('*');
  const { origin } = request;
  if (origin === undefined || !(anyOrigin || policy.allowOrigins.includes(origin))) return { preflight, headers: {} };
  const headers: Record<string, string> = {
    'access-control-allow-origin': anyOrigin ? '*' : origin,
    'access-control-expose-headers': policy.exposeHeaders.join(', '),
  };
  if (!anyOrigin) headers.vary = 'origin';
  if (preflight) {
    headers['access-control-allow-methods'] = [...policy.allowMethods, 'OPTIONS'].join(', ');
    headers['access-control-allow-headers'] = policy.allowHeaders.join(', ');
    headers['access-control-max-age'] = String(policy.maxAgeSeconds);
  }
  return { preflight, headers };
}
