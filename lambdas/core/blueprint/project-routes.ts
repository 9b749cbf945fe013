/**
 * THE route manifest of a generated project API, derived once from its blueprint (DESIGN.md
 * principle 2, "Serving a generated API"): the runtime routes and authorizes from it, CDK builds
 * the project's API Gateway routes from it, the local gateway serves it, and the OpenAPI
 * document and the design document are rendered from it, so they cannot diverge.
 *
 * `projectApi(ir)` gives the routes and the JSON schemas they name (OpenAPI 3.0 schema objects:
 * `nullable`, `readOnly`, `$ref: '#/components/schemas/<Name>'`). Pure and deterministic.
 *
 * Rules made data here (CONTRACT "Generated project API"):
 * - Collections under `/v1/<entity.collection>`; one parameter name per path position
 *   (`/v1/tasks/{id}`, `/v1/tasks/{id}/attachments/{fileKey}/download-url`, `/v1/users/{id}/role`,
 *   `/admin/workflows/{workflow_id}`), as API Gateway requires.
 * - A route passes when its `level` holds AND the caller's role has `right` (absent: no right
 *   needed: public routes, auth routes, admin-only member management, workflows).
 *   PUT, PATCH and upload-url need the update right; list, read and download-url the read right.
 * - Bodies are closed (`additionalProperties: false`). Create bodies hold the writable fields
 *   (file fields are attached after creation: the key must be granted for the record); PUT and
 *   PATCH bodies also accept the server-owned fields (the server checks they keep their values).
 * - A field is required in a create or PUT body when the IR says so (spec-required, no default).
 *   In responses, server-owned fields, required fields and fields with a default are always
 *   present; other fields are optional and may be null (absent or null both mean "no value";
 *   null in a PATCH clears the field).
 * - Workflow start routes are one literal path per workflow (`/workflows/<name>/start`), so the
 *   `{workflow_id}` of `/workflows/{workflow_id}/signal` is the only parameter at that position.
 */
import {
  SERVER_FIELD_NAMES,
  USER_ENTITY,
  incomingRefs,
  type BlueprintIR,
  type IrEntity,
  type IrField,
  type IrLevel,
  type IrListItems,
  type IrOperation,
  type IrWorkflow,
  type RightName,
  type AuthRateCategory,
  type IrRateRule,
} from './ir';
import { AUTH_RATE_LIMIT_CATEGORIES, authRateLimitsOf, rulesText, subjectText, type RateSubject } from './auth-rate-limits';

import { DEFAULT_MAX_LENGTH, MAX_RECORD_BYTES, idPatternOf, maxItemsOf, maxLengthOf } from './field-limits';
import { MAX_CURSOR_LENGTH } from '../cursor';
import { OPAQUE_KEY_MAX_LENGTH, OPAQUE_KEY_PATTERN, RECORD_ID_LENGTH, RECORD_ID_PATTERN, USER_ID_LENGTH, USER_ID_PATTERN } from '../project-api/record-id';

// --- types ------------------------------------------------------------------------------------

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
export type RouteKind = 'auth' | 'users' | 'invitations' | 'crud' | 'files' | 'workflows';

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
  | 'workflows.cancel';

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
  operation?: IrOperation;
  /** The entity name (crud and files routes). */
  entity?: string;
  /** The workflow name (`workflows.start` routes). */
  workflow?: string;
  level: IrLevel;
  /** The role right the caller also needs on the entity (own-only rights limit it to own records). */
  right?: { entity: string; operation: RightName };
  /** OpenAPI tag / design-doc group: `Auth`, `Users`, `Invitations`, the entity name, `Workflows`. */
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

// --- public API -------------------------------------------------------------------------------

export const SCHEMA_REF_PREFIX = '#/components/schemas/';

/** `{ $ref: '#/components/schemas/<name>' }`. */
export const schemaRef = (name: string): JsonSchema => ({ $ref: `${SCHEMA_REF_PREFIX}${name}` });

/** The schema name a `$ref` points at, or undefined. */
export function refName(schema: JsonSchema | undefined): string | undefined {
  return schema?.$ref?.startsWith(SCHEMA_REF_PREFIX) ? schema.$ref.slice(SCHEMA_REF_PREFIX.length) : undefined;
}

/** The route manifest of the project's API. */
export function projectRoutes(ir: BlueprintIR): ProjectRoute[] {
  return projectApi(ir).routes;
}

/** The route manifest and the schemas it names. */
export function projectApi(ir: BlueprintIR): ProjectApi {
  return new ApiBuilder(ir).build();
}

/** Error statuses and what each means (the error body is always `{ error, code, details? }`). */
export const ERROR_STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (VALIDATION_ERROR, with details)',
  401: 'Missing, invalid or expired access token (UNAUTHORIZED, TOKEN_EXPIRED)',
  403: 'The level or the role does not allow it (FORBIDDEN)',
  404: 'Not found, or not visible to the caller (NOT_FOUND)',
  409: 'Conflict (CONFLICT)',
  413: 'Request body over 1 MB (PAYLOAD_TOO_LARGE)',
  415: 'Body is not JSON (UNSUPPORTED_MEDIA_TYPE)',
  429: 'Too many requests (RATE_LIMITED); see Retry-After',
  500: 'Internal error (INTERNAL)',
};

/** An error status of a route, with a description fitting that route when the general one does not. */
type ErrorSpec = number | [status: number, description: string];

/** The JSON schema of one IR field, as responses show it (no nullability; see `projectApi`). */
export function fieldSchema(field: IrField): JsonSchema {
  const schema: JsonSchema = field.type === 'list' ? listSchema(field) : field.serverOwned ? serverFieldSchema(field) : scalarSchema(field.type, { ...field, refEntity: field.ref?.entity });
  const description = fieldDescription(field);
  if (description) schema.description = description;
  if (field.default !== undefined) schema.default = field.default;
  return schema;
}

/** In responses, a field is always present (server-owned, required, or with a default). */
export const alwaysPresent = (field: IrField): boolean => field.serverOwned === true || field.required || field.default !== undefined;

/** Fields a create body may hold: not server-owned, not files (those are attached after creation). */
export const createFields = (entity: IrEntity): IrField[] => entity.fields.filter((f) => !f.serverOwned && f.type !== 'file');
/** Fields a PUT body replaces (and a PATCH may change): every field not server-owned. */
export const writableFields = (entity: IrEntity): IrField[] => entity.fields.filter((f) => !f.serverOwned);
export const fileFields = (entity: IrEntity): IrField[] => entity.fields.filter((f) => f.type === 'file');

/** `Task` -> `a Task`, `ExpenseReport` -> `an ExpenseReport`. */
export const withArticle = (name: string): string => `${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name}`;

/** `expense-reports` -> `ExpenseReports`, `expense_report_approval` -> `ExpenseReportApproval`. */
export function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

// --- field schemas ----------------------------------------------------------------------------

/**
 * Every string-typed value carries its maximum length (the description's, else its type's
 * default, field-limits.ts); references and file keys also the pattern of the ids the API gives
 * out. What is published here is what record-validation.ts enforces.
 */
function scalarSchema(type: IrField['type'] | IrListItems['type'], bounds: { min?: number; max?: number; enum?: string[]; format?: string; refEntity?: string }): JsonSchema {
  const out: JsonSchema = {};
  const maxLength = maxLengthOf({ type, ...(bounds.max !== undefined ? { max: bounds.max } : {}), ...(bounds.refEntity !== undefined ? { refEntity: bounds.refEntity } : {}) });
  const pattern = idPatternOf(type, bounds.refEntity);
  switch (type) {
    case 'integer':
    case 'number':
      out.type = type;
      if (bounds.min !== undefined) out.minimum = bounds.min;
      if (bounds.max !== undefined) out.maximum = bounds.max;
      return out;
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'string', enum: [...(bounds.enum ?? [])] };
    case 'string':
    case 'text':
      out.type = 'string';
      if (bounds.min !== undefined) out.minLength = bounds.min;
      out.maxLength = maxLength;
      return out;
    case 'date':
      return { type: 'string', format: 'date', maxLength };
    case 'datetime':
      return { type: 'string', format: 'date-time', maxLength };
    case 'email':
      return { type: 'string', format: 'email', maxLength };
    case 'url':
      return { type: 'string', format: 'uri', maxLength };
    case 'file':
    case 'ref':
    case 'list':
      return { type: 'string', ...(bounds.format ? { format: bounds.format } : {}), ...(maxLength !== undefined ? { maxLength } : {}), ...(pattern ? { pattern } : {}) };
  }
}

function listSchema(field: IrField): JsonSchema {
  const items = field.items;
  const item = items ? scalarSchema(items.type, { enum: items.enum, format: items.format, refEntity: items.ref?.entity ?? field.ref?.entity }) : {};
  const out: JsonSchema = { type: 'array', items: item };
  if (field.min !== undefined) out.minItems = field.min;
  out.maxItems = maxItemsOf(field);
  return out;
}

/**
 * Server-owned fields as responses (and PUT/PATCH bodies, with their current values) show them:
 * their lengths, without a pattern (a record created without a token has an empty owner_id).
 */
function serverFieldSchema(field: IrField): JsonSchema {
  const length: Record<string, number> = { id: RECORD_ID_LENGTH, org_id: RECORD_ID_LENGTH, owner_id: USER_ID_LENGTH };
  const schema = scalarSchema(field.type, {});
  delete schema.pattern;
  const maxLength = length[field.name];
  return maxLength === undefined ? schema : { ...schema, maxLength };
}

function fieldDescription(field: IrField): string {
  const parts: string[] = [];
  if (field.serverOwned) parts.push(SERVER_FIELD_TEXT[field.name] ?? 'Set by the server.');
  else {
    const target = field.ref?.entity ?? field.items?.ref?.entity;
    if (target) {
      const what = target === USER_ENTITY ? 'a user (member of the project)' : withArticle(target);
      const many = target === USER_ENTITY ? 'users (members of the project)' : `${target} records`;
      parts.push(field.type === 'list' ? `Ids of ${many}.` : `Id of ${what}.`);
      // Members are not deleted through the API: for them only what happens to the field matters.
      if (field.ref && (target !== USER_ENTITY || field.ref.onDelete !== 'restrict')) parts.push(ON_DELETE_TEXT[field.ref.onDelete] ?? '');
    }
    if (field.type === 'file' && field.file) {
      parts.push(`File key granted by the upload-url route of this record; allowed types: ${field.file.contentTypes.join(', ')}; at most ${formatBytes(field.file.maxBytes)}.`);
    }
    if (field.unique) parts.push('Unique: no two records share the value.');
    if (field.notes) parts.push(sentence(field.notes));
  }
  return parts.join(' ');
}

const SERVER_FIELD_TEXT: Record<string, string> = {
  id: 'Record id, set by the server.',
  org_id: "Organization (tenant) id, set by the server from the caller's token.",
  owner_id: 'The user who created the record, set by the server.',
  created_at: 'Creation time (ISO 8601 UTC), set by the server.',
  updated_at: 'Last change (ISO 8601 UTC), set by the server.',
};

const ON_DELETE_TEXT: Record<string, string> = {
  restrict: 'The referenced record cannot be deleted while this one points at it.',
  cascade: 'Deleting the referenced record deletes this one too.',
  set_null: 'Deleting the referenced record clears this field.',
};

const sentence = (text: string): string => {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t[0]!.toUpperCase() + t.slice(1) : `${t[0]!.toUpperCase()}${t.slice(1)}.`;
};

/** 10485760 -> `10 MB`, 524288 -> `512 KB`, 1000 -> `1000 bytes` (binary units, as the spec writes them). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

// --- the builder ------------------------------------------------------------------------------

type Builtin =
  | 'Error'
  | 'Message'
  | 'SignupRequest'
  | 'SignupResult'
  | 'ConfirmRequest'
  | 'LoginRequest'
  | 'Tokens'
  | 'RefreshRequest'
  | 'RefreshedTokens'
  | 'ForgotPasswordRequest'
  | 'ResetPasswordRequest'
  | 'Me'
  | 'User'
  | 'UserList'
  | 'RoleChange'
  | 'InvitationRequest'
  | 'Invitation'
  | 'UploadGrant'
  | 'DownloadGrant'
  | 'WorkflowStartRequest'
  | 'WorkflowSignalRequest'
  | 'WorkflowAccepted'
  | 'WorkflowInstance'
  | 'WorkflowInstanceList';

const BUILTINS: Builtin[] = [
  'Error',
  'Message',
  'SignupRequest',
  'SignupResult',
  'ConfirmRequest',
  'LoginRequest',
  'Tokens',
  'RefreshRequest',
  'RefreshedTokens',
  'ForgotPasswordRequest',
  'ResetPasswordRequest',
  'Me',
  'User',
  'UserList',
  'RoleChange',
  'InvitationRequest',
  'Invitation',
  'UploadGrant',
  'DownloadGrant',
  'WorkflowStartRequest',
  'WorkflowSignalRequest',
  'WorkflowAccepted',
  'WorkflowInstance',
  'WorkflowInstanceList',
];

const WORKFLOW_STATUSES = ['running', 'waiting', 'succeeded', 'failed', 'cancelled', 'timed_out'];

const EMAIL: JsonSchema = { type: 'string', format: 'email', maxLength: 254 };
const CODE: JsonSchema = { type: 'string', minLength: 1, maxLength: 64, description: 'The code sent by email.' };
const TIMESTAMP: JsonSchema = { type: 'string', format: 'date-time' };
/** Path ids have the shape of the ids the API gives out (record-id.ts); another value names nothing (404). */
const RECORD_ID: JsonSchema = { type: 'string', minLength: RECORD_ID_LENGTH, maxLength: RECORD_ID_LENGTH, pattern: RECORD_ID_PATTERN, description: 'Record id.' };
const ID_PARAMS: JsonSchema = objectSchema({ id: RECORD_ID }, ['id']);
const USER_ID_PARAMS: JsonSchema = objectSchema({ id: { type: 'string', minLength: USER_ID_LENGTH, maxLength: USER_ID_LENGTH, pattern: USER_ID_PATTERN, description: 'User id.' } }, ['id']);
/** Workflow instance ids: bounded until the engine gives them a shape. */
const WORKFLOW_ID_MAX_LENGTH = 128;
const NEXT_CURSOR: JsonSchema = { type: 'string', nullable: true, description: 'Opaque cursor of the next page; null on the last page.' };

function objectSchema(properties: Record<string, JsonSchema>, required: string[], extra: Partial<JsonSchema> = {}): JsonSchema {
  return { type: 'object', ...extra, properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

/** Response objects are not closed: clients must ignore fields added later. */
function responseObject(properties: Record<string, JsonSchema>, required: string[], description?: string): JsonSchema {
  return { type: 'object', ...(description ? { description } : {}), properties, ...(required.length > 0 ? { required } : {}) };
}

class ApiBuilder {
  private readonly routes: ProjectRoute[] = [];
  private readonly schemas: Record<string, JsonSchema> = {};
  private readonly names = new Map<string, string>();
  private readonly taken = new Set<string>();
  private readonly entityNames: Record<string, EntitySchemaNames> = {};
  private readonly multi: boolean;
  private readonly roleNames: string[];

  constructor(private readonly ir: BlueprintIR) {
    this.multi = ir.tenancy.mode === 'multi';
    this.roleNames = ir.roles.map((role) => role.name);
    this.reserveNames();
  }

  build(): ProjectApi {
    this.defineBuiltins();
    this.authRoutes();
    this.memberRoutes();
    for (const entity of this.ir.entities) this.entityRoutes(entity);
    if (this.ir.workflows.length > 0) this.workflowRoutes();
    this.checkUnique();
    return { routes: this.routes, schemas: this.usedSchemas(), entitySchemas: this.entityNames };
  }

  // --- names ----------------------------------------------------------------------------------

  /**
   * Entity names keep their own name; built-in schemas come next (`Error`, `Tokens`...), then the
   * entity-derived ones (`TaskCreate`). A name already taken gets a number (`TaskList2`).
   */
  private reserveNames(): void {
    for (const entity of this.ir.entities) this.claim(`entity:${entity.name}`, entity.name);
    for (const name of BUILTINS) this.claim(`builtin:${name}`, name);
    for (const entity of this.ir.entities) {
      const claim = (kind: string, suffix: string) => this.claim(`${kind}:${entity.name}`, `${entity.name}${suffix}`);
      this.entityNames[entity.name] = {
        entity: this.names.get(`entity:${entity.name}`)!,
        create: claim('create', 'Create'),
        replace: claim('replace', 'Replace'),
        update: claim('update', 'Update'),
        list: claim('list', 'List'),
        ...(fileFields(entity).length > 0 ? { uploadUrlRequest: claim('upload', 'UploadUrlRequest') } : {}),
      };
    }
  }

  private claim(key: string, preferred: string): string {
    let name = preferred;
    for (let n = 2; this.taken.has(name); n += 1) name = `${preferred}${n}`;
    this.taken.add(name);
    this.names.set(key, name);
    return name;
  }

  private builtin(name: Builtin): string {
    return this.names.get(`builtin:${name}`)!;
  }

  private ref(name: Builtin): JsonSchema {
    return schemaRef(this.builtin(name));
  }

  // --- built-in schemas -----------------------------------------------------------------------

  private defineBuiltins(): void {
    const policy = this.ir.auth.passwordPolicy;
    const rules = [
      `at least ${policy.minLength} characters`,
      ...(policy.requireUppercase ? ['an uppercase letter'] : []),
      ...(policy.requireLowercase ? ['a lowercase letter'] : []),
      ...(policy.requireDigit ? ['a digit'] : []),
      ...(policy.requireSymbol ? ['a symbol'] : []),
    ];
    const password: JsonSchema = { type: 'string', minLength: policy.minLength, maxLength: 256, description: `Password policy: ${rules.join(', ')}.` };
    const role: JsonSchema = { type: 'string', enum: [...this.roleNames] };
    const define = (name: Builtin, schema: JsonSchema) => (this.schemas[this.builtin(name)] = schema);

    define(
      'Error',
      responseObject(
        {
          error: { type: 'string', description: 'Human-readable message.' },
          code: { type: 'string', description: 'Machine-readable code (VALIDATION_ERROR, UNAUTHORIZED, NOT_FOUND, ...).' },
          details: {
            type: 'array',
            description: 'Validation errors: which input and why.',
            items: responseObject({ path: { type: 'string' }, message: { type: 'string' } }, ['path', 'message']),
          },
        },
        ['error', 'code'],
        'Every error answer: `{ error, code }`, plus `details` for validation errors.',
      ),
    );
    define('Message', responseObject({ message: { type: 'string' } }, ['message']));
    define(
      'SignupRequest',
      objectSchema(
        {
          email: EMAIL,
          password,
          ...(this.multi
            ? {
                orgName: { type: 'string', minLength: 1, maxLength: 120, description: 'Creates an organization; the new user becomes its admin. Give this or inviteCode.' },
                inviteCode: { type: 'string', minLength: 1, maxLength: 256, description: 'Joins the organization of an invitation with its role. Give this or orgName.' },
              }
            : {}),
        },
        ['email', 'password'],
        this.multi ? { description: 'Multi-tenant: exactly one of orgName and inviteCode is required.' } : {},
      ),
    );
    define(
      'SignupResult',
      responseObject({ userId: { type: 'string' }, email: { type: 'string', format: 'email' }, confirmed: { type: 'boolean', description: 'False until the emailed code is confirmed.' } }, [
        'userId',
        'email',
        'confirmed',
      ]),
    );
    define('ConfirmRequest', objectSchema({ email: EMAIL, code: CODE }, ['email', 'code']));
    define('LoginRequest', objectSchema({ email: EMAIL, password: { type: 'string', minLength: 1, maxLength: 256 } }, ['email', 'password']));
    const lifetimes = this.ir.auth.tokenLifetimes;
    define(
      'Tokens',
      responseObject(
        {
          accessToken: { type: 'string', description: `JWT for \`Authorization: Bearer\`; valid ${lifetimes.accessSeconds} s.` },
          refreshToken: { type: 'string', description: `Exchanged at /auth/refresh for new tokens; valid ${lifetimes.refreshSeconds} s.` },
          idToken: { type: 'string', description: `JWT describing the user; valid ${lifetimes.idSeconds} s. Not accepted as an access token.` },
          expiresIn: { type: 'integer', description: 'Seconds until the access token expires.' },
        },
        ['accessToken', 'refreshToken', 'idToken', 'expiresIn'],
      ),
    );
    define('RefreshRequest', objectSchema({ refreshToken: { type: 'string', minLength: 1, maxLength: 8192 } }, ['refreshToken']));
    define(
      'RefreshedTokens',
      responseObject({ accessToken: { type: 'string' }, idToken: { type: 'string' }, expiresIn: { type: 'integer' } }, ['accessToken', 'idToken', 'expiresIn']),
    );
    define('ForgotPasswordRequest', objectSchema({ email: EMAIL }, ['email']));
    define('ResetPasswordRequest', objectSchema({ email: EMAIL, code: CODE, newPassword: password }, ['email', 'code', 'newPassword']));
    const orgId: JsonSchema = this.multi
      ? { type: 'string', description: "The user's organization." }
      : { type: 'string', nullable: true, description: 'Null: the project is single-tenant.' };
    define(
      'Me',
      responseObject({ id: { type: 'string' }, email: { type: 'string', format: 'email' }, org_id: orgId, role: role }, ['id', 'email', 'org_id', 'role']),
    );
    define(
      'User',
      responseObject(
        {
          id: { type: 'string' },
          email: { type: 'string', format: 'email' },
          role,
          ...(this.multi ? { org_id: { type: 'string' } } : {}),
          confirmed: { type: 'boolean' },
          created_at: TIMESTAMP,
        },
        ['id', 'email', 'role', ...(this.multi ? ['org_id'] : []), 'confirmed', 'created_at'],
        'A member of the project (of the organization when multi-tenant) with its role.',
      ),
    );
    define('UserList', responseObject({ items: { type: 'array', items: this.ref('User') }, next_cursor: NEXT_CURSOR }, ['items', 'next_cursor']));
    define('RoleChange', objectSchema({ role }, ['role'], { description: "Member management sees it at once; the member's tokens carry it from their next sign-in (their refresh tokens are revoked)." }));
    if (this.multi) {
      define('InvitationRequest', objectSchema({ email: EMAIL, role: { ...role, default: this.ir.defaultRole } }, ['email']));
      define(
        'Invitation',
        responseObject(
          { inviteCode: { type: 'string', description: 'Given at signup as inviteCode.' }, email: { type: 'string', format: 'email' }, role, expiresAt: TIMESTAMP },
          ['inviteCode', 'email', 'role', 'expiresAt'],
        ),
      );
    }
    const seconds = this.ir.limits.signedUrlSeconds;
    define(
      'UploadGrant',
      responseObject(
        {
          uploadUrl: { type: 'string', format: 'uri', description: 'PUT the raw bytes there with the declared Content-Type (and Content-Length when a size was declared).' },
          fileKey: { type: 'string', description: 'Opaque key (no `/`); PATCH it into the file field once uploaded.' },
          expiresIn: { type: 'integer', description: `Seconds the URL stays valid (${seconds}).` },
        },
        ['uploadUrl', 'fileKey', 'expiresIn'],
      ),
    );
    define(
      'DownloadGrant',
      responseObject(
        { downloadUrl: { type: 'string', format: 'uri', description: 'GET the file there.' }, expiresIn: { type: 'integer', description: `Seconds the URL stays valid (${seconds}).` } },
        ['downloadUrl', 'expiresIn'],
      ),
    );
    if (this.ir.workflows.length > 0) this.defineWorkflowSchemas();
  }

  private defineWorkflowSchemas(): void {
    const define = (name: Builtin, schema: JsonSchema) => (this.schemas[this.builtin(name)] = schema);
    const events = [...new Set(this.ir.workflows.flatMap((w) => w.steps.flatMap((s) => (s.kind === 'waitForEvent' ? s.events : []))))];
    const status: JsonSchema = { type: 'string', enum: [...WORKFLOW_STATUSES] };
    const payload = `At most ${formatBytes(this.ir.limits.workflowPayloadMaxBytes)} as JSON.`;
    define('WorkflowStartRequest', objectSchema({ input: { type: 'object', description: `The instance's input. ${payload}` } }, []));
    define(
      'WorkflowSignalRequest',
      objectSchema(
        {
          event: { type: 'string', ...(events.length > 0 ? { enum: events } : { maxLength: DEFAULT_MAX_LENGTH.string.maxLength }), description: 'The event a waiting step waits for.' },
          data: { type: 'object', description: `Handed to the waiting step as its output. ${payload}` },
        },
        ['event'],
      ),
    );
    define('WorkflowAccepted', responseObject({ workflow_id: { type: 'string' }, status }, ['workflow_id', 'status']));
    const step = responseObject({ name: { type: 'string' }, output: { type: 'object', nullable: true }, completed_at: TIMESTAMP }, ['name', 'completed_at']);
    const event = responseObject({ at: TIMESTAMP, type: { type: 'string' }, step: { type: 'string' }, message: { type: 'string' } }, ['at', 'type']);
    define(
      'WorkflowInstance',
      responseObject(
        {
          workflow_id: { type: 'string' },
          name: { type: 'string', enum: this.ir.workflows.map((w) => w.name) },
          status,
          current_step: { type: 'string', nullable: true },
          input: { type: 'object' },
          completed_steps: { type: 'array', items: step },
          history: { type: 'array', items: event },
          created_at: TIMESTAMP,
          updated_at: TIMESTAMP,
        },
        ['workflow_id', 'name', 'status', 'current_step', 'completed_steps', 'history', 'created_at', 'updated_at'],
      ),
    );
    define(
      'WorkflowInstanceList',
      responseObject({ items: { type: 'array', items: this.ref('WorkflowInstance') }, next_cursor: NEXT_CURSOR }, ['items', 'next_cursor']),
    );
  }

  // --- routes ---------------------------------------------------------------------------------

  private add(route: Omit<ProjectRoute, 'responses' | 'successStatus'>, success: { status: number; description: string; schema?: JsonSchema }, errors: ErrorSpec[]): void {
    const responses: Record<string, RouteResponse> = {
      [String(success.status)]: { description: success.description, ...(success.schema ? { schema: success.schema } : {}) },
    };
    const statuses = new Map<number, string>();
    const note = (status: number, description?: string) => {
      if (description !== undefined || !statuses.has(status)) statuses.set(status, description ?? ERROR_STATUS_DESCRIPTIONS[status] ?? 'Error');
    };
    if (route.request.body) [400, 413, 415].forEach((status) => note(status));
    if (route.request.query || route.request.params) note(400);
    if (route.level !== 'public') note(401);
    note(500);
    for (const error of errors) {
      if (typeof error === 'number') note(error);
      else note(error[0], error[1]);
    }
    for (const [status, description] of [...statuses].sort((a, b) => a[0] - b[0])) {
      responses[String(status)] = { description, schema: this.ref('Error') };
    }
    this.routes.push({ ...route, successStatus: success.status, responses });
  }

  private authRoutes(): void {
    const base = { kind: 'auth' as const, tag: 'Auth', level: 'public' as const };
    const post = (name: string, action: RouteAction, operationId: string, summary: string, body: Builtin) => ({
      ...base,
      id: `auth.${name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}`,
      operationId,
      method: 'POST' as const,
      path: `/auth/${name}`,
      action,
      summary,
      request: { body: this.ref(body) },
    });
    const lock = this.ir.auth.lockout;
    // The project's limits (auth-rate-limits.ts: the blueprint's, else the defaults), as data.
    const limits = authRateLimitsOf(this.ir);
    const limit = (category: AuthRateCategory): RouteRateLimit => ({ category, per: AUTH_RATE_LIMIT_CATEGORIES[category].per, rules: limits[category].map((rule) => ({ ...rule })) });
    const limited = (...rates: RouteRateLimit[]) =>
      `${rates.map((rate) => `Too many ${AUTH_RATE_LIMIT_CATEGORIES[rate.category].counts} ${subjectText(rate.per)}, at most ${rulesText(rate.rules)}`).join(', or ')} (RATE_LIMITED); see Retry-After`;
    const codeLimit = limit('wrongCodes');
    const signup = limit('signup');
    this.add(
      {
        ...post('signup', 'auth.signup', 'signUp', this.multi ? 'Create an account (and an organization, or join one with an invite code)' : 'Create an account', 'SignupRequest'),
        rateLimit: signup,
        signupMailLimits: { notices: limit('signupNotices'), codes: limit('signupCodes') },
      },
      { status: 201, description: 'Account created; a verification code is emailed. The same answer when the email is taken (its owner is emailed instead) or waits for confirmation', schema: this.ref('SignupResult') },
      [
        [400, this.multi ? 'Invalid input, neither orgName nor inviteCode, an unknown or expired invite code, or a password the policy refuses (VALIDATION_ERROR)' : 'Invalid input or a password the policy refuses (VALIDATION_ERROR)'],
        [429, limited(signup)],
      ],
    );
    const confirm = limit('confirm');
    this.add({ ...post('confirm', 'auth.confirm', 'confirmSignUp', 'Confirm an account with the emailed code', 'ConfirmRequest'), rateLimit: confirm, wrongCodeLimit: codeLimit }, {
      status: 200,
      description: 'Account confirmed',
      schema: this.ref('Message'),
    }, [[400, 'Invalid input, or a wrong or expired code (VALIDATION_ERROR)'], [429, limited(confirm, codeLimit)]]);
    const login = limit('login');
    this.add(
      {
        ...post('login', 'auth.login', 'logIn', `Sign in with email and password (locked for ${lock.baseSeconds} s after ${lock.threshold} failures, doubling up to ${lock.maxSeconds / 60} min)`, 'LoginRequest'),
        rateLimit: login,
      },
      { status: 200, description: 'Access, refresh and ID tokens', schema: this.ref('Tokens') },
      [
        [401, 'Wrong email or password; an unknown email gets the same answer (INVALID_CREDENTIALS)'],
        [403, 'The account is not confirmed yet (USER_NOT_CONFIRMED)'],
        [429, `Locked after repeated failures (ACCOUNT_LOCKED); or ${limited(login).replace(/^Too/, 'too')}`],
      ],
    );
    this.add(post('refresh', 'auth.refresh', 'refreshTokens', 'Exchange a refresh token for new access and ID tokens', 'RefreshRequest'), {
      status: 200,
      description: 'New tokens',
      schema: this.ref('RefreshedTokens'),
    }, [[401, 'Invalid or expired refresh token (UNAUTHORIZED)']]);
    const forgot = limit('forgotPassword');
    this.add({ ...post('forgot-password', 'auth.forgotPassword', 'forgotPassword', 'Email a password reset code', 'ForgotPasswordRequest'), rateLimit: forgot }, {
      status: 202,
      description: 'A code is emailed if the account exists (the answer is the same either way)',
      schema: this.ref('Message'),
    }, [[429, limited(forgot)]]);
    const reset = limit('resetPassword');
    this.add({ ...post('reset-password', 'auth.resetPassword', 'resetPassword', 'Set a new password with the emailed code', 'ResetPasswordRequest'), rateLimit: reset, wrongCodeLimit: codeLimit }, {
      status: 200,
      description: 'Password changed',
      schema: this.ref('Message'),
    }, [[400, 'Invalid input, a wrong or expired code, or a password the policy refuses (VALIDATION_ERROR)'], [429, limited(reset, codeLimit)]]);
    this.add(
      { ...base, id: 'auth.me', operationId: 'getMe', method: 'GET', path: '/auth/me', action: 'auth.me', level: 'authenticated', summary: 'The signed-in user with its organization and role', request: {} },
      { status: 200, description: 'The caller', schema: this.ref('Me') },
      [[403, 'The account has no role (or, multi-tenant, no organization) in this project (FORBIDDEN)'], [404, 'The account is not a member of this project (NOT_FOUND)']],
    );
  }

  private memberRoutes(): void {
    const base = { kind: 'users' as const, tag: 'Users', level: 'admin' as const };
    const collection = `/v1/${this.ir.users.collection}`;
    this.add(
      { ...base, id: 'users.list', operationId: 'listUsers', method: 'GET', path: collection, action: 'users.list', summary: 'List the members with their roles', request: { query: this.pageQuery({}) } },
      { status: 200, description: 'A page of members', schema: this.ref('UserList') },
      [403],
    );
    this.add(
      { ...base, id: 'users.read', operationId: 'getUser', method: 'GET', path: `${collection}/{id}`, action: 'users.read', summary: 'Read a member', request: { params: USER_ID_PARAMS } },
      { status: 200, description: 'The member', schema: this.ref('User') },
      [403, 404],
    );
    this.add(
      {
        ...base,
        id: 'users.setRole',
        operationId: 'setUserRole',
        method: 'PUT',
        path: `${collection}/{id}/role`,
        action: 'users.setRole',
        summary: "Change a member's role (revokes their refresh tokens; record access follows it once their access token is replaced)",
        request: { params: USER_ID_PARAMS, body: this.ref('RoleChange') },
      },
      { status: 200, description: 'The member with the new role', schema: this.ref('User') },
      [[403, 'The caller is not an admin by their stored role (FORBIDDEN)'], 404, [409, `It would take the ${this.multi ? "organization's" : "project's"} last admin (CONFLICT)`]],
    );
    this.add(
      {
        ...base,
        id: 'users.remove',
        operationId: 'removeUser',
        method: 'DELETE',
        path: `${collection}/{id}`,
        action: 'users.remove',
        summary: this.multi
          ? 'Remove a member from the organization (revokes their refresh tokens; the account stays, in no organization)'
          : 'Remove a member from the project (revokes their refresh tokens; the account stays, with no role)',
        request: { params: USER_ID_PARAMS },
      },
      { status: 204, description: 'Removed' },
      [[403, 'The caller is not an admin by their stored role (FORBIDDEN)'], 404, [409, `The member is the ${this.multi ? "organization's" : "project's"} last admin (CONFLICT)`]],
    );
    if (this.multi) {
      this.add(
        {
          kind: 'invitations',
          tag: 'Invitations',
          level: 'admin',
          id: 'invitations.create',
          operationId: 'createInvitation',
          method: 'POST',
          path: '/v1/invitations',
          action: 'invitations.create',
          summary: 'Invite someone to the organization with a role',
          request: { body: this.ref('InvitationRequest') },
        },
        { status: 201, description: 'The invitation; its code is given at signup', schema: this.ref('Invitation') },
        [403],
      );
    }
  }

  private pageQuery(filters: Record<string, JsonSchema>): JsonSchema {
    const limits = this.ir.limits;
    return objectSchema(
      {
        limit: { type: 'integer', minimum: 1, maximum: limits.maxPageSize, default: limits.defaultPageSize, description: `Page size (at most ${limits.maxPageSize}).` },
        cursor: { type: 'string', minLength: 1, maxLength: MAX_CURSOR_LENGTH, description: 'The next_cursor of the previous page.' },
        ...filters,
      },
      [],
    );
  }

  private entityRoutes(entity: IrEntity): void {
    const names = this.entityNames[entity.name]!;
    this.defineEntitySchemas(entity, names);
    const collection = `/v1/${entity.collection}`;
    const item = `${collection}/{id}`;
    const plural = pascalCase(entity.collection);
    const label = entity.name;
    const ops = entity.operations;
    const base = (operation: IrOperation, right: RightName) => ({
      kind: 'crud' as const,
      tag: entity.name,
      entity: entity.name,
      operation,
      level: ops[operation].level,
      ...(ops[operation].level === 'public' ? {} : { right: { entity: entity.name, operation: right } }),
    });
    const denied = (level: IrLevel): ErrorSpec[] => (level === 'public' ? [] : [403]);
    const uniqueFields = entity.fields.filter((f) => f.unique).map((f) => f.name);
    const taken = uniqueFields.length > 0 ? [`another record already has this ${uniqueFields.join(' or ')}`] : [];
    const hasRefs = entity.fields.some((f) => f.ref && !f.serverOwned);
    /** One 409 per route, naming every reason it can have (writes are conditioned, so concurrency is one). */
    const conflict = (reasons: string[]): ErrorSpec[] => (reasons.length > 0 ? [[409, `Conflict (CONFLICT): ${reasons.join('; or ')}`]] : []);
    const changed = 'the record was changed by another request since it was read (read it again)';
    const files = fileFields(entity);
    // A record's field values are bounded in bytes (field-limits.ts): DynamoDB's item limit.
    const recordBytes = `field values over ${MAX_RECORD_BYTES} bytes (${formatBytes(MAX_RECORD_BYTES)}) as UTF-8 JSON`;
    const tooLarge: ErrorSpec[] = [[413, `Request body over 1 MB, or ${recordBytes} (PAYLOAD_TOO_LARGE)`]];
    const attach: ErrorSpec[] =
      files.length > 0
        ? [[413, `Request body over 1 MB, ${recordBytes}, or an attached file over its limit (PAYLOAD_TOO_LARGE)`], [415, 'Body is not JSON, or an attached file of a type the field does not allow (UNSUPPORTED_MEDIA_TYPE)']]
        : tooLarge;
    const referencedBy = incomingRefs(this.ir, entity.name).filter((r) => r.onDelete === 'restrict');

    const filters: Record<string, JsonSchema> = {};
    for (const index of entity.indexes) {
      const field = entity.fields.find((f) => f.name === index.field);
      if (!field || filters[field.name]) continue;
      // A list field filters on one element; a reference on an id of its target's shape.
      const refEntity = field.ref?.entity ?? field.items?.ref?.entity;
      const schema = field.type === 'list' && field.items ? scalarSchema(field.items.type, { enum: field.items.enum, refEntity }) : scalarSchema(field.type, { enum: field.enum, refEntity });
      filters[field.name] = { ...schema, description: `Only records whose ${field.name} equals this value.` };
    }
    const level = (op: IrOperation) => ops[op].level;

    this.add(
      { ...base('list', 'read'), id: `${entity.collection}.list`, operationId: `list${plural}`, method: 'GET', path: collection, action: 'crud.list', summary: `List ${entity.collection.replace(/-/g, ' ')}${Object.keys(filters).length > 0 ? ` (filters: ${Object.keys(filters).join(', ')})` : ''}`, request: { query: this.pageQuery(filters) } },
      { status: 200, description: `A page of ${label} records`, schema: schemaRef(names.list) },
      denied(level('list')),
    );
    this.add(
      { ...base('create', 'create'), id: `${entity.collection}.create`, operationId: `create${label}`, method: 'POST', path: collection, action: 'crud.create', summary: `Create ${withArticle(label)}`, request: { body: schemaRef(names.create) } },
      { status: 201, description: `The created ${label}`, schema: schemaRef(names.entity) },
      [...denied(level('create')), ...conflict([...taken, ...(hasRefs ? ['a referenced record changed at the same moment (try again)'] : [])]), ...tooLarge],
    );
    this.add(
      { ...base('read', 'read'), id: `${entity.collection}.read`, operationId: `get${label}`, method: 'GET', path: item, action: 'crud.read', summary: `Read ${withArticle(label)}`, request: { params: ID_PARAMS } },
      { status: 200, description: `The ${label}`, schema: schemaRef(names.entity) },
      [...denied(level('read')), 404],
    );
    this.add(
      { ...base('update', 'update'), id: `${entity.collection}.replace`, operationId: `replace${label}`, method: 'PUT', path: item, action: 'crud.replace', summary: `Replace the writable fields of ${withArticle(label)}`, request: { params: ID_PARAMS, body: schemaRef(names.replace) } },
      { status: 200, description: `The updated ${label}`, schema: schemaRef(names.entity) },
      [...denied(level('update')), 404, ...conflict([changed, ...taken]), ...attach],
    );
    this.add(
      { ...base('update', 'update'), id: `${entity.collection}.update`, operationId: `update${label}`, method: 'PATCH', path: item, action: 'crud.update', summary: `Change some fields of ${withArticle(label)}${fileFields(entity).length > 0 ? ' (also attaches uploaded files)' : ''}`, request: { params: ID_PARAMS, body: schemaRef(names.update) } },
      { status: 200, description: `The updated ${label}`, schema: schemaRef(names.entity) },
      [...denied(level('update')), 404, ...conflict([changed, ...taken]), ...attach],
    );
    this.add(
      { ...base('delete', 'delete'), id: `${entity.collection}.delete`, operationId: `delete${label}`, method: 'DELETE', path: item, action: 'crud.delete', summary: `Delete ${withArticle(label)}`, request: { params: ID_PARAMS } },
      { status: 204, description: 'Deleted' },
      [...denied(level('delete')), 404, ...conflict([changed, ...(referencedBy.length > 0 ? [`other records still reference it (${referencedBy.map((r) => `${r.entity}.${r.field}`).join(', ')})`] : [])])],
    );

    if (names.uploadUrlRequest) {
      const files = { ...base('update', 'update'), kind: 'files' as const };
      this.add(
        {
          ...files,
          id: `${entity.collection}.uploadUrl`,
          operationId: `create${label}UploadUrl`,
          method: 'POST',
          path: `${item}/attachments/upload-url`,
          action: 'files.uploadUrl',
          summary: `Get a signed URL to upload a file for ${withArticle(label)} (then PATCH its fileKey into the file field)`,
          request: { params: ID_PARAMS, body: schemaRef(names.uploadUrlRequest) },
        },
        { status: 200, description: 'A time-limited upload URL and the file key', schema: this.ref('UploadGrant') },
        [...denied(level('update')), 404, [413, 'Request body over 1 MB, or a declared size over the limit (PAYLOAD_TOO_LARGE)'], [415, 'Body is not JSON, or a content type the field does not allow (UNSUPPORTED_MEDIA_TYPE)']],
      );
      const download = { ...base('read', 'read'), kind: 'files' as const };
      this.add(
        {
          ...download,
          id: `${entity.collection}.downloadUrl`,
          operationId: `get${label}DownloadUrl`,
          method: 'GET',
          path: `${item}/attachments/{fileKey}/download-url`,
          action: 'files.downloadUrl',
          summary: `Get a signed URL to download a file of ${withArticle(label)}`,
          request: {
            params: objectSchema(
              { id: RECORD_ID, fileKey: { type: 'string', minLength: 1, maxLength: OPAQUE_KEY_MAX_LENGTH, pattern: OPAQUE_KEY_PATTERN, description: 'A file key stored on, or granted for, the record.' } },
              ['id', 'fileKey'],
            ),
          },
        },
        { status: 200, description: 'A time-limited download URL', schema: this.ref('DownloadGrant') },
        [...denied(level('read')), 404],
      );
    }
  }

  private defineEntitySchemas(entity: IrEntity, names: EntitySchemaNames): void {
    const property = (field: IrField, nullable: boolean): JsonSchema => {
      const schema = fieldSchema(field);
      if (!nullable) return schema;
      return { ...schema, nullable: true, ...(schema.enum ? { enum: [...schema.enum, null] } : {}) };
    };
    const optionalNullable = (field: IrField) => !alwaysPresent(field);

    const response: Record<string, JsonSchema> = {};
    for (const field of entity.fields) {
      response[field.name] = { ...property(field, optionalNullable(field)), ...(field.serverOwned ? { readOnly: true } : {}) };
    }
    const owner = response[entity.ownerField];
    if (owner && entity.ownerField !== 'owner_id') {
      owner.description = `${owner.description ? `${owner.description} ` : ''}The owner of the record: own-only rights and the owner level compare it with the caller.`;
    }
    this.schemas[names.entity] = responseObject(response, entity.fields.filter(alwaysPresent).map((f) => f.name), entity.description);

    const body = (description: string, fields: IrField[], requiredToo: boolean, serverOwned: boolean): JsonSchema => {
      const props: Record<string, JsonSchema> = {};
      for (const field of fields) props[field.name] = property(field, optionalNullable(field));
      if (serverOwned) {
        for (const field of entity.fields.filter((f) => f.serverOwned)) {
          props[field.name] = { ...fieldSchema(field), description: `${SERVER_FIELD_TEXT[field.name] ?? 'Set by the server.'} Accepted only with its current value.` };
        }
      }
      return objectSchema(props, requiredToo ? fields.filter((f) => f.required).map((f) => f.name) : [], { description });
    };
    const files = fileFields(entity);
    this.schemas[names.create] = body(
      `A new ${entity.name}. Server-owned fields (${SERVER_FIELD_NAMES.filter((n) => entity.fields.some((f) => f.name === n)).join(', ')}) are refused${files.length > 0 ? `; files (${files.map((f) => f.name).join(', ')}) are attached after creation with upload-url and PATCH` : ''}.`,
      createFields(entity),
      true,
      false,
    );
    this.schemas[names.replace] = body(
      `Every writable field of ${withArticle(entity.name)} (omitted optional fields are cleared, fields with a default get it back); server-owned fields only with their current values.`,
      writableFields(entity),
      true,
      true,
    );
    this.schemas[names.update] = body(
      `Some fields of ${withArticle(entity.name)}; null clears an optional field; server-owned fields only with their current values.`,
      writableFields(entity),
      false,
      true,
    );
    this.schemas[names.list] = responseObject({ items: { type: 'array', items: schemaRef(names.entity) }, next_cursor: NEXT_CURSOR }, ['items', 'next_cursor'], `A page of ${entity.name} records.`);
    if (names.uploadUrlRequest) {
      const types = [...new Set(files.flatMap((f) => f.file?.contentTypes ?? []))];
      const max = Math.max(...files.map((f) => f.file?.maxBytes ?? 0));
      this.schemas[names.uploadUrlRequest] = objectSchema(
        {
          filename: { type: 'string', minLength: 1, maxLength: 255 },
          contentType: { type: 'string', minLength: 3, maxLength: 255, description: `A type the field allows (${types.join(', ')}); others -> 415.` },
          // No `maximum`: a size over the limit is a 413 (CONTRACT "Files"), not a schema 400.
          size: { type: 'integer', minimum: 0, description: `Bytes (at most ${max}, ${formatBytes(max)}); signed into the URL, so storage refuses any other length. Over the limit -> 413.` },
          field: { type: 'string', enum: files.map((f) => f.name), description: files.length > 1 ? 'Which file field the upload is for.' : `The file field (${files[0]!.name}).` },
        },
        ['filename', 'contentType', ...(files.length > 1 ? ['field'] : [])],
      );
    }
  }

  private workflowRoutes(): void {
    const base = { kind: 'workflows' as const, tag: 'Workflows' };
    for (const workflow of this.ir.workflows) {
      this.add(
        {
          ...base,
          id: `workflows.${workflow.name}.start`,
          operationId: `start${pascalCase(workflow.name)}`,
          method: 'POST',
          path: `/workflows/${workflow.name}/start`,
          action: 'workflows.start',
          workflow: workflow.name,
          level: 'authenticated',
          summary: `Start the ${workflow.name} workflow${triggerText(workflow)}`,
          request: { body: this.ref('WorkflowStartRequest') },
        },
        { status: 202, description: 'The instance started', schema: this.ref('WorkflowAccepted') },
        [403, [429, `Too many running instances (at most ${this.ir.limits.maxConcurrentWorkflows}) (RATE_LIMITED)`]],
      );
    }
    const instance = objectSchema({ workflow_id: { type: 'string', minLength: 1, maxLength: WORKFLOW_ID_MAX_LENGTH, description: 'The instance id.' } }, ['workflow_id']);
    this.add(
      {
        ...base,
        id: 'workflows.signal',
        operationId: 'signalWorkflow',
        method: 'POST',
        path: '/workflows/{workflow_id}/signal',
        action: 'workflows.signal',
        level: 'authenticated',
        summary: 'Send an event with data to a waiting workflow instance',
        request: { params: instance, body: this.ref('WorkflowSignalRequest') },
      },
      { status: 202, description: 'The event was delivered', schema: this.ref('WorkflowAccepted') },
      [403, 404, [409, 'The instance is not waiting for this event (CONFLICT)']],
    );
    const admin = { ...base, tag: 'Workflow administration', level: 'admin' as const };
    this.add(
      {
        ...admin,
        id: 'workflows.list',
        operationId: 'listWorkflowInstances',
        method: 'GET',
        path: '/admin/workflows',
        action: 'workflows.list',
        summary: 'List workflow instances, newest first',
        request: { query: this.pageQuery({ status: { type: 'string', enum: [...WORKFLOW_STATUSES], description: 'Only instances in this status.' } }) },
      },
      { status: 200, description: 'A page of instances', schema: this.ref('WorkflowInstanceList') },
      [403],
    );
    this.add(
      { ...admin, id: 'workflows.read', operationId: 'getWorkflowInstance', method: 'GET', path: '/admin/workflows/{workflow_id}', action: 'workflows.read', summary: 'Read an instance: status, current step, completed steps with outputs, history', request: { params: instance } },
      { status: 200, description: 'The instance', schema: this.ref('WorkflowInstance') },
      [403, 404],
    );
    this.add(
      { ...admin, id: 'workflows.cancel', operationId: 'cancelWorkflowInstance', method: 'POST', path: '/admin/workflows/{workflow_id}/cancel', action: 'workflows.cancel', summary: 'Cancel a running or waiting instance', request: { params: instance } },
      { status: 200, description: 'The cancelled instance', schema: this.ref('WorkflowInstance') },
      [403, 404, [409, 'The instance has already ended (CONFLICT)']],
    );
  }

  // --- checks and output ----------------------------------------------------------------------

  /** Two routes on one method and path, or one id twice, cannot be served: validation should have refused the blueprint. */
  private checkUnique(): void {
    const seen = new Map<string, string>();
    for (const route of this.routes) {
      for (const key of [`${route.method} ${route.path}`, `id ${route.id}`, `operationId ${route.operationId}`]) {
        const other = seen.get(key);
        if (other) throw new Error(`two routes share ${key.startsWith('id ') || key.startsWith('operationId ') ? key : `the method and path ${key}`}: ${other} and ${route.id}`);
        seen.set(key, route.id);
      }
    }
  }

  /** Only the schemas some route reaches (directly or through another schema), in definition order. */
  private usedSchemas(): Record<string, JsonSchema> {
    const used = new Set<string>();
    const visit = (schema: JsonSchema | undefined): void => {
      if (!schema) return;
      const name = refName(schema);
      if (name !== undefined) {
        if (used.has(name)) return;
        used.add(name);
        visit(this.schemas[name]);
        return;
      }
      visit(schema.items);
      if (typeof schema.additionalProperties === 'object') visit(schema.additionalProperties);
      for (const property of Object.values(schema.properties ?? {})) visit(property);
    };
    for (const route of this.routes) {
      visit(route.request.params);
      visit(route.request.query);
      visit(route.request.body);
      for (const response of Object.values(route.responses)) visit(response.schema);
    }
    const out: Record<string, JsonSchema> = {};
    for (const [name, schema] of Object.entries(this.schemas)) if (used.has(name)) out[name] = schema;
    return out;
  }
}

function triggerText(workflow: IrWorkflow): string {
  const trigger = workflow.trigger;
  if ('manual' in trigger) return '';
  const what = trigger.field !== undefined ? `${trigger.entity} ${trigger.field} = ${trigger.value ?? ''}`.trim() : `${trigger.entity} ${trigger.event}`;
  return ` (also started automatically on: ${what})`;
}
