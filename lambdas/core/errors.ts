/**
 * The HTTP error hierarchy of BGS. Every failure a client may see is one of these; they are
 * rendered to `{ error, code }` (plus `details` for validation) in one place
 * (`renderError`). Anything else becomes a 500 `INTERNAL` whose message never reaches the client.
 */

/** Every `code` an API of BGS answers (the control plane and every generated project API), by status. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'USER_NOT_CONFIRMED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'VERSION_CONFLICT',
  'NOT_READY',
  'DATA_LOSS',
  'NOT_DEPLOYED',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'SPEC_HAS_NO_ENTITIES',
  'ACCOUNT_LOCKED',
  'RATE_LIMITED',
  'WORKFLOW_LIMIT',
  'HEADERS_TOO_LARGE',
  'INTERNAL',
  'NOT_IMPLEMENTED',
  'MODEL_UNAVAILABLE',
  'DEPLOYER_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes only the control plane answers: spec versions, drafts with nothing to build, blueprints not ready, deploys that would lose data, its language model, its deployer. */
const CONTROL_PLANE_ONLY: readonly ErrorCode[] = ['VERSION_CONFLICT', 'SPEC_HAS_NO_ENTITIES', 'NOT_READY', 'DATA_LOSS', 'MODEL_UNAVAILABLE', 'DEPLOYER_UNAVAILABLE'];
/** Codes only generated project APIs answer: their workflow limit, routes a deployment does not serve, and the address of an API whose stack was destroyed. */
const PROJECT_API_ONLY: readonly ErrorCode[] = ['WORKFLOW_LIMIT', 'NOT_IMPLEMENTED', 'NOT_DEPLOYED'];

/** The codes the control plane answers (its OpenAPI's Error.code). */
export const CONTROL_PLANE_ERROR_CODES: readonly ErrorCode[] = ERROR_CODES.filter((code) => !PROJECT_API_ONLY.includes(code));
/** The codes a generated project API answers (its OpenAPI's Error.code). */
export const PROJECT_API_ERROR_CODES: readonly ErrorCode[] = ERROR_CODES.filter((code) => !CONTROL_PLANE_ONLY.includes(code));

export interface ErrorDetail {
  readonly path: string;
  readonly message: string;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: readonly ErrorDetail[],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(message: string, details?: readonly ErrorDetail[]) {
    super(400, 'VALIDATION_ERROR', message, details);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'A valid access token is required') {
    super(401, 'UNAUTHORIZED', message);
  }
}
export class TokenExpiredError extends HttpError {
  constructor(message = 'The token has expired') {
    super(401, 'TOKEN_EXPIRED', message);
  }
}
export class InvalidCredentialsError extends HttpError {
  constructor(message = 'Incorrect email or password') {
    super(401, 'INVALID_CREDENTIALS', message);
  }
}
export class UserNotConfirmedError extends HttpError {
  constructor(message = 'The account has not been confirmed yet') {
    super(403, 'USER_NOT_CONFIRMED', message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'You are not allowed to do this') {
    super(403, 'FORBIDDEN', message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, 'NOT_FOUND', message);
  }
}
export class MethodNotAllowedError extends HttpError {
  constructor(allowed: readonly string[]) {
    super(405, 'METHOD_NOT_ALLOWED', `Method not allowed; allowed: ${allowed.join(', ')}`, undefined, {
      allow: allowed.join(', '),
    });
  }
}
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, 'CONFLICT', message);
  }
}
export class VersionConflictError extends HttpError {
  constructor(message: string) {
    super(409, 'VERSION_CONFLICT', message);
  }
}
export class NotReadyError extends HttpError {
  constructor(message: string) {
    super(409, 'NOT_READY', message);
  }
}
/** A deploy or rollback whose changes would lose data, without `allowDataLoss: true`: each change is a detail. */
export class DataLossError extends HttpError {
  constructor(message: string, details: readonly ErrorDetail[]) {
    super(409, 'DATA_LOSS', message, details);
  }
}

/** The address of a project API whose stack is not deployed (never deployed, or destroyed). */
export class NotDeployedError extends HttpError {
  constructor(message = 'No API is deployed at this address: deploy the project (POST /projects/{projectId}/deploy)') {
    super(404, 'NOT_DEPLOYED', message);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message);
  }
}
/** A well-formed spec that cannot be used yet: a draft naming no record type (nothing to save or build). */
export class SpecHasNoEntitiesError extends HttpError {
  constructor(message: string) {
    super(422, 'SPEC_HAS_NO_ENTITIES', message);
  }
}
export class AccountLockedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'ACCOUNT_LOCKED', 'Too many failed sign-in attempts; try again later', undefined, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}
export class RateLimitedError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(429, 'RATE_LIMITED', 'Too many requests; slow down', undefined, {
      ...headers,
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}
/** A project runs at most `limit` workflow instances at once (CONTRACT: 429 `WORKFLOW_LIMIT`). */
export class WorkflowLimitError extends HttpError {
  constructor(limit: number) {
    super(429, 'WORKFLOW_LIMIT', `The project already runs ${limit} workflow instances; start more once some have ended`, undefined, { 'retry-after': '60' });
  }
}

export class InternalError extends HttpError {
  constructor(message = 'Internal error') {
    super(500, 'INTERNAL', message);
  }
}
export class ModelUnavailableError extends HttpError {
  constructor(message = 'The language model is unavailable; try again') {
    super(503, 'MODEL_UNAVAILABLE', message);
  }
}
/** No deployer is configured here yet (on AWS until project stacks land): deploys cannot run. */
export class DeployerUnavailableError extends HttpError {
  constructor(message = 'Deployments are not available on this installation yet: no deployer is configured') {
    super(503, 'DEPLOYER_UNAVAILABLE', message);
  }
}

/** The API cannot answer now (the local service still starting, a project API that failed to start). */
export class ServiceUnavailableError extends HttpError {
  constructor(message: string) {
    super(503, 'SERVICE_UNAVAILABLE', message);
  }
}
/** A request target longer than the gateway takes (before any route sees it). */
export class UriTooLongError extends HttpError {
  constructor(maxBytes: number) {
    super(414, 'URI_TOO_LONG', `The request target is longer than ${maxBytes} bytes`);
  }
}
/** The request line and headers are larger than the server accepts. */
export class HeadersTooLargeError extends HttpError {
  constructor() {
    super(431, 'HEADERS_TOO_LARGE', 'The request line and headers are larger than the server accepts');
  }
}
/** The request did not arrive in time. */
export class RequestTimeoutError extends HttpError {
  constructor() {
    super(408, 'REQUEST_TIMEOUT', 'The request was not received in time');
  }
}

/** A route the published API has whose feature this deployment does not run yet (workflows before their engine). */
export class NotImplementedError extends HttpError {
  constructor(message: string) {
    super(501, 'NOT_IMPLEMENTED', message);
  }
}

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: ErrorDetail[];
}

export interface RenderedError {
  statusCode: number;
  headers: Record<string, string>;
  body: ErrorBody;
  /** True when the cause must be logged as a server fault (never shown to the client). */
  serverFault: boolean;
}

/** Renders any thrown value as the contract's error body; only errors below 500 keep their message. */
export function renderError(err: unknown): RenderedError {
  if (err instanceof HttpError && err.statusCode < 500) {
    const body: ErrorBody = { error: err.message, code: err.code };
    if (err.details && err.details.length > 0) body.details = [...err.details];
    return { statusCode: err.statusCode, headers: { ...err.headers }, body, serverFault: false };
  }
  if (err instanceof HttpError && err.statusCode === 503) {
    return { statusCode: 503, headers: { ...err.headers }, body: { error: err.message, code: err.code }, serverFault: true };
  }
  // Deliberate, not a fault: nothing failed, so nothing is logged as one.
  if (err instanceof NotImplementedError) return { statusCode: 501, headers: {}, body: { error: err.message, code: err.code }, serverFault: false };
  return { statusCode: 500, headers: {}, body: { error: 'Internal error', code: 'INTERNAL' }, serverFault: true };
}
