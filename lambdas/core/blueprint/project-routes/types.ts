/**
 * The types of the route manifest of a generated project API (what `projectApi` gives): routes,
 * the OpenAPI 3.0 schema objects they name, and the schema names per entity.
 */
import type { AuthRateCategory, IrRateRule, RightName } from '../ir';
import type { AccessLevel, Operation } from '../../vocabulary';
import type { RateSubject } from '../auth-rate-limits';

/** An OpenAPI 3.0 schema object (a JSON Schema dialect): what the manifest's schemas are written in. */
export interface JsonSchema {
  $ref?: string;
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  format?: string;
  description?: string;
  enum?: (string | number | boolean | null)[];
  default?: string | number | boolean;
  nullable?: boolean;
  readOnly?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  example?: unknown;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteKind = 'auth' | 'users' | 'invitations' | 'crud' | 'files' | 'workflows' | 'webhooks' | 'events';

/** What the runtime does for a route: one handler per action. */
export type RouteAction =
  | 'auth.signup'
  | 'auth.confirm'
  | 'auth.login'
  | 'auth.refresh'
  | 'auth.forgotPassword'
  | 'auth.resetPassword'
  | 'auth.me'
  | 'users.list'
  | 'users.read'
  | 'users.setRole'
  | 'users.remove'
  | 'invitations.create'
  | 'crud.list'
  | 'crud.read'
  | 'crud.create'
  | 'crud.replace'
  | 'crud.update'
  | 'crud.delete'
  | 'files.uploadUrl'
  | 'files.downloadUrl'
  | 'workflows.start'
  | 'workflows.signal'
  | 'workflows.list'
  | 'workflows.read'
  | 'workflows.cancel'
  | 'workflows.forRecord'
  | 'events.failures.list'
  | 'events.failures.retry'
  | 'webhooks.list'
  | 'webhooks.create'
  | 'webhooks.read'
  | 'webhooks.update'
  | 'webhooks.delete'
  | 'webhooks.deliveries'
  | 'webhooks.redeliver';

export interface RouteResponse {
  description: string;
  /** A schema, usually `{ $ref: '#/components/schemas/<Name>' }`; absent: no body (204). */
  schema?: JsonSchema;
}

/** A rate limit of a route: the counter (category), whom it counts, and its windows (all apply). */
export interface RouteRateLimit {
  category: AuthRateCategory;
  per: RateSubject;
  rules: IrRateRule[];
}

export interface ProjectRoute {
  /** Stable: `auth.login`, `users.setRole`, `tasks.list`, `expense-reports.uploadUrl`, `workflows.<name>.start`. */
  id: string;
  /** Stable camelCase name for OpenAPI `operationId` and SDK methods: `listTasks`, `getTask`. */
  operationId: string;
  method: HttpMethod;
  /** API Gateway syntax: `/v1/tasks/{id}`. */
  path: string;
  kind: RouteKind;
  action: RouteAction;
  /** The entity's IR operation whose level applies (crud and files routes). */
  operation?: Operation;
  /** The entity name (crud and files routes). */
  entity?: string;
  /** The workflow name (`workflows.start` routes). */
  workflow?: string;
  level: AccessLevel;
  /** The role right the caller also needs on the entity (own-only rights limit it to own records). */
  right?: { entity: string; operation: RightName };
  /** OpenAPI tag / design-doc group: `Auth`, `Users`, `Invitations`, the entity name, `Workflows`, `Webhooks`. */
  tag: string;
  summary: string;
  /** Object schemas: `params` (path), `query`; `body` a schema or a `$ref`. */
  request: { params?: JsonSchema; query?: JsonSchema; body?: JsonSchema };
  /** The success status (200, 201, 202 or 204). */
  successStatus: number;
  /** By status (`'200'`, `'404'`): the success response first, then the errors in status order. */
  responses: Record<string, RouteResponse>;
  /** Auth routes: every request counts (429 RATE_LIMITED with Retry-After past any window). */
  rateLimit?: RouteRateLimit;
  /** Confirm and reset-password: wrong codes of the account, counted whichever code was issued. */
  wrongCodeLimit?: RouteRateLimit;
  /**
   * Signup: the mails it sends one account besides a new account's code, counted only when one
   * would be sent; past a limit nothing is sent and the answer stays the same (never a 429).
   */
  signupMailLimits?: { notices: RouteRateLimit; codes: RouteRateLimit };
}

export interface ProjectApi {
  routes: ProjectRoute[];
  /** The schemas the routes name (`components.schemas` of the OpenAPI), only those used. */
  schemas: Record<string, JsonSchema>;
  /** Schema names per entity (they change only when two names collide). */
  entitySchemas: Record<string, EntitySchemaNames>;
}

export interface EntitySchemaNames {
  /** The record as responses show it (`Task`). */
  entity: string;
  create: string;
  replace: string;
  update: string;
  list: string;
  /** Entities with file fields: the upload-url body. */
  uploadUrlRequest?: string;
}
