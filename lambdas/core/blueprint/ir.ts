/**
 * The blueprint IR: the single source of truth of a generated project (DESIGN.md, principle 1).
 * build-blueprint.ts makes it from a SpecDocument; validate-blueprint/ judges it; the route
 * manifest, OpenAPI, design document, SDKs, CDK app and the interpreted runtime all read it and
 * decide nothing about a project on their own.
 *
 * Conventions:
 * - Every duration is a whole number of seconds. ISO 8601 durations from the spec are converted
 *   with fixed calendar units (see durations.ts): P1Y = 365 days, P1M = 30 days, P1W = 7 days.
 * - Optional keys are absent rather than `undefined` or `false`, so an IR equals its JSON round
 *   trip and the same spec always gives byte-identical JSON.
 * - The schemas are closed (`strictObject`): a stored IR with a key this code does not know is
 *   refused, rather than silently losing it.
 * - The schemas check shape only. Meaning (references resolve, names are unique, levels fit the
 *   owner field, limits hold) is the validator's business (validate-blueprint/), so a wrong IR can still be
 *   parsed, reported on path by path, and shown to the user.
 */
import * as z from 'zod';
import {
  ACCESS_LEVELS,
  FIELD_TYPES,
  LIST_ITEM_TYPES,
  ON_DELETE_BEHAVIOURS,
  OPERATIONS,
  RIGHT_NAMES,
  RIGHT_SCOPES,
  SERVER_FIELD_NAMES,
  TENANCY_MODES,
  TENANT_ENTITY,
  USER_ENTITY,
  isServerFieldName,
  keyedBy,
  type FieldTypeName,
  type RightName,
  type ServerFieldName,
} from '../vocabulary';
import { IrWorkflow } from './ir-workflows';
import { IrEventHandler, IrSchedule } from './ir-events';

/** Bumped whenever a stored IR could no longer be read by this code the same way. */
export const IR_VERSION = 1 as const;

export {
  FIELD_TYPES,
  LIST_ITEM_TYPES,
  RIGHT_NAMES,
  SERVER_FIELD_NAMES,
  TENANT_ENTITY,
  USER_ENTITY,
  isServerFieldName,
  type ServerFieldName,
  type RightName,
};

/** The generated table's overloaded GSIs (GSI1..GSI5), shared by every entity of the project. */
export const MAX_INDEXES_PER_ENTITY = 5;

const Name = z.string().min(1);

// --- fields -----------------------------------------------------------------------------------

/** JSON Schema / OpenAPI `format` of a string-shaped type; the OpenAPI renderer and runtime validation read it. */
export const IrFormat = z.enum(['email', 'uri', 'date', 'date-time']);
export type IrFormat = z.infer<typeof IrFormat>;

/** A relation: which entity an id points at and what deleting that record does to this one. */
export const IrRef = z.strictObject({
  /** A declared entity or `User`. */
  entity: Name,
  /**
   * Deleting the referenced record: `restrict` -> 409 while references exist; `cascade` ->
   * referencing records are deleted too; `set_null` -> the reference is cleared (removed from a
   * list). The runtime finds referencing records through the field's `ref` index.
   */
  onDelete: z.enum(ON_DELETE_BEHAVIOURS),
});
export type IrRef = z.infer<typeof IrRef>;

/** The element of a `list` field (`list(string)`, `list(enum)`, `list(ref(Tag))`). */
export const IrListItems = z.strictObject({
  type: z.enum(LIST_ITEM_TYPES),
  /** `list(enum)`: the allowed values of each element. */
  enum: z.array(z.string()).optional(),
  /** `list(ref(X))`: the entity each element points at (the field's own `ref` carries onDelete). */
  ref: z.strictObject({ entity: Name }).optional(),
  format: IrFormat.optional(),
});
export type IrListItems = z.infer<typeof IrListItems>;

/** A file field's upload rules; the upload-url route and the attach check (PATCH) enforce them. */
export const IrFileRules = z.strictObject({
  /** MIME types; `image/*` allows every image type. */
  contentTypes: z.array(z.string()),
  /** Binary bytes (10 MB = 10485760); signed into upload URLs. */
  maxBytes: z.int().nonnegative(),
});
export type IrFileRules = z.infer<typeof IrFileRules>;

export const IrField = z.strictObject({
  /** snake_case; the JSON property name in bodies, responses, filters and SDKs. */
  name: Name,
  type: z.enum(FIELD_TYPES),
  /** `list` only: what the list holds. */
  items: IrListItems.optional(),
  /** `ref` and `list` of refs: the relation (target and delete behaviour). */
  ref: IrRef.optional(),
  /**
   * Required in a create body (and in a PUT body, which replaces the writable fields): the spec
   * marks it required AND it has no default (CONTRACT "Entities and fields"). Server-owned fields
   * are never required in a body; they are always present in responses.
   */
  required: z.boolean(),
  /** Applied on create when the body omits the field. Enums always have one (the spec's, else the first value). */
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  /** `enum`: the allowed values, in the spec's order. */
  enum: z.array(z.string()).optional(),
  /** No two records (of the organization) share the value; enforced with a transactional uniqueness item. Set only when true. */
  unique: z.boolean().optional(),
  /**
   * Inclusive bounds. integer/number: the value; string/text: the length in characters;
   * list: the number of elements.
   */
  min: z.number().optional(),
  max: z.number().optional(),
  /** From the type: email -> email, url -> uri, date -> date, datetime -> date-time. */
  format: IrFormat.optional(),
  /** `file` only: allowed content types and size limit (also collected in `BlueprintIR.files`). */
  file: IrFileRules.optional(),
  /** Written by the server (id, org_id, owner_id, created_at, updated_at): 400 in a create body. */
  serverOwned: z.literal(true).optional(),
  /** The field has an entry in the entity's `indexes` (filterable with `?field=value`). Set only when true. */
  indexed: z.boolean().optional(),
  /** The spec's free notes, kept for the design document and OpenAPI descriptions. */
  notes: z.string().optional(),
});
export type IrField = z.infer<typeof IrField>;

/** The `format` of each string-shaped type: the IR's fields, the OpenAPI and runtime validation read it. */
export const TYPE_FORMATS: Readonly<Partial<Record<FieldTypeName, IrFormat>>> = { email: 'email', url: 'uri', date: 'date', datetime: 'date-time' };

/**
 * The server-owned fields as every entity's field list starts with them (org_id only when
 * multi-tenant): their types, the reference of owner_id; never required in a body.
 */
export const SERVER_FIELDS: Readonly<Record<ServerFieldName, IrField>> = {
  id: { name: 'id', type: 'string', required: false, serverOwned: true },
  org_id: { name: 'org_id', type: 'string', required: false, serverOwned: true },
  owner_id: { name: 'owner_id', type: 'ref', ref: { entity: USER_ENTITY, onDelete: 'restrict' }, required: false, serverOwned: true },
  created_at: { name: 'created_at', type: 'datetime', required: false, format: 'date-time', serverOwned: true },
  updated_at: { name: 'updated_at', type: 'datetime', required: false, format: 'date-time', serverOwned: true },
};

// --- entities ---------------------------------------------------------------------------------

/**
 * One of the table's overloaded GSIs, as used by one entity: its key is
 * `GSI<n>PK = [<org_id>#]<Entity>#<field>#<value>` (org prefix when tenant-scoped), sort key the
 * record's `created_at#id`. Purposes: `owner` (lists limited to own records), `filter` (enums,
 * booleans, user references: `?status=active`), `ref` (a relation to a declared entity: the
 * delete check finds referencing records without a Scan; also a filter), `unique` (a non-text unique field: lookup by a
 * unique value; also a filter). Numbered in order: owner, enums, refs, booleans, unique fields.
 */
export const IrIndex = z.strictObject({
  name: z.string().regex(/^GSI[1-9][0-9]*$/, 'must be GSI1, GSI2, ...'),
  field: Name,
  purpose: z.enum(['owner', 'filter', 'unique', 'ref']),
});
export type IrIndex = z.infer<typeof IrIndex>;

/** The level an endpoint demands before rights are checked (CONTRACT "Authorization"). */
export const IrEndpointAccess = z.strictObject({ level: z.enum(ACCESS_LEVELS) });
export type IrEndpointAccess = z.infer<typeof IrEndpointAccess>;

/** The five endpoints' levels, one key per operation. */
export const IrOperations = z.strictObject(keyedBy(OPERATIONS, IrEndpointAccess));
export type IrOperations = z.infer<typeof IrOperations>;

export const IrEntity = z.strictObject({
  /** Singular PascalCase, as in the spec (`ExpenseReport`); TypeScript/Python type names. */
  name: Name,
  /** Plural kebab-case path segment under /v1 (`expense-reports`); see naming.ts. */
  collection: Name,
  description: z.string().optional(),
  /** Records carry `org_id` and every key is prefixed by it (true for every entity when multi-tenant). */
  tenantScoped: z.boolean(),
  /**
   * The user reference that decides who owns a record: `owner_id` (the creator, set by the
   * server) unless the spec names another ref(User) field (a ticket's `requester_id`). Own-only
   * rights and the owner level compare it with the caller.
   */
  ownerField: Name,
  /** Server-owned fields first (id, org_id when multi-tenant, owner_id, created_at, updated_at), then the spec's in order. */
  fields: z.array(IrField),
  /** At most MAX_INDEXES_PER_ENTITY (GSI1..GSI5). */
  indexes: z.array(IrIndex),
  /** The five endpoints' levels: `authenticated` unless the spec's Access section says otherwise. */
  operations: IrOperations,
});
export type IrEntity = z.infer<typeof IrEntity>;

// --- roles ------------------------------------------------------------------------------------

/** absent = no right; `all` = every record of the organization; `own` = records whose owner field is the caller. */
export const IrRightScope = z.enum(RIGHT_SCOPES);
export const IrRights = z.strictObject(keyedBy(RIGHT_NAMES, IrRightScope.optional()));
export type IrRights = z.infer<typeof IrRights>;

export const IrRole = z.strictObject({
  /** snake_case; the `role` claim of access tokens and the body of `PUT /v1/users/{id}/role`. */
  name: Name,
  /** The administrative role: every right on every entity, passes the owner level, manages members. */
  admin: z.boolean(),
  description: z.string().optional(),
  /** Rights per entity name, every entity of the project listed in entity order (`{}` = none). */
  rights: z.record(z.string(), IrRights),
});
export type IrRole = z.infer<typeof IrRole>;

// --- workflows --------------------------------------------------------------------------------

// The workflow schemas and their flow rules live in ir-workflows.ts; the IR is read from here.
export * from './ir-workflows';
// Event handlers and scheduled jobs (issue 27): ir-events.ts.
export * from './ir-events';

// --- the document -----------------------------------------------------------------------------

/** One window of a rate limit: at most `limit` requests (or wrong codes) per `windowSeconds`. */
export const IrRateRule = z.strictObject({ limit: z.int().min(1).max(1_000_000), windowSeconds: z.int().min(1).max(86_400) });
export type IrRateRule = z.infer<typeof IrRateRule>;
const IrRateRules = z.array(IrRateRule).min(1).max(3);

/**
 * A project's own limits on its auth routes (CONTRACT "Generated project API"), per category;
 * every window of a category applies at once. Each category is optional: an absent one (or an
 * absent `rateLimits`, as in every blueprint from before it existed) gets the default of
 * auth-rate-limits.ts when read. Who is counted per category is fixed there too.
 */
export const IrAuthRateLimits = z.strictObject({
  signup: IrRateRules.optional(),
  login: IrRateRules.optional(),
  confirm: IrRateRules.optional(),
  forgotPassword: IrRateRules.optional(),
  resetPassword: IrRateRules.optional(),
  /** Wrong confirmation and reset codes of one account, whichever code was issued. */
  wrongCodes: IrRateRules.optional(),
  /** "Sign-up attempt" notices mailed to the owner of a taken email, per account. */
  signupNotices: IrRateRules.optional(),
  /** Verification codes mailed by a signup that replaces an expired unconfirmed account, per account. */
  signupCodes: IrRateRules.optional(),
});
export type IrAuthRateLimits = z.infer<typeof IrAuthRateLimits>;
export type AuthRateCategory = keyof IrAuthRateLimits;
export const AUTH_RATE_CATEGORIES = IrAuthRateLimits.keyof().options as readonly AuthRateCategory[];

/** Contract values for a generated project's identity (CONTRACT "Generated project API"). */
export const IrAuth = z.strictObject({
  /** Lifetimes of the tokens `POST /auth/login` issues; `expiresIn` is the access lifetime. */
  tokenLifetimes: z.strictObject({ accessSeconds: z.literal(3600), idSeconds: z.literal(3600), refreshSeconds: z.literal(2592000) }),
  /** Checked on signup and reset-password (same policy as the control plane, lambdas/core/password-policy.ts). */
  passwordPolicy: z.strictObject({
    minLength: z.literal(8),
    requireUppercase: z.literal(true),
    requireLowercase: z.literal(true),
    requireDigit: z.literal(true),
    requireSymbol: z.literal(false),
  }),
  /** After `threshold` consecutive failures: locked `baseSeconds`, doubling per later failure, at most `maxSeconds`. */
  lockout: z.strictObject({ threshold: z.literal(5), baseSeconds: z.literal(1), maxSeconds: z.literal(900) }),
  /** `POST /auth/signup` is open (with orgName or inviteCode when multi-tenant). */
  selfSignup: z.literal(true),
  /** A verification code is emailed; login needs a confirmed account. */
  emailVerification: z.literal(true),
  /** Set only where the spec overrides a default (auth-rate-limits.ts applies the defaults when read). */
  rateLimits: IrAuthRateLimits.optional(),
});
export type IrAuth = z.infer<typeof IrAuth>;

export const IrLimits = z.strictObject({
  /** `limit` of a list when absent, and its maximum (above -> 400). */
  defaultPageSize: z.literal(20),
  maxPageSize: z.literal(100),
  /** A larger request body -> 413. */
  maxBodyBytes: z.literal(1048576),
  /** Lifetime of presigned upload and download URLs (`expiresIn`). */
  signedUrlSeconds: z.literal(3600),
  /** A workflow's total waiting time, and any single step's, at most 366 days (the durable engine's limit). */
  workflowMaxDurationSeconds: z.literal(31622400),
  workflowStepTimeoutMaxSeconds: z.literal(31622400),
  /** A workflow's input and each step's output (a Step Functions / durable state limit). */
  workflowPayloadMaxBytes: z.literal(262144),
  /** Running instances per project; starting another -> 429. */
  maxConcurrentWorkflows: z.literal(10000),
});
export type IrLimits = z.infer<typeof IrLimits>;

export const BlueprintIR = z.strictObject({
  irVersion: z.literal(IR_VERSION),
  /** The spec version the IR was built from (`GET /blueprints/{id}` shows it; artifacts cite it). */
  specVersion: z.int().positive(),
  project: z.strictObject({
    id: Name,
    /** The spec's title. */
    name: z.string(),
    /** The overview's first paragraph on one line: OpenAPI `info.description`, the design doc's context. */
    summary: z.string(),
  }),
  /** Multi-tenant: every record and key belongs to an Organization, named by the token's `org_id` claim. */
  tenancy: z.strictObject({
    mode: z.enum(TENANCY_MODES),
    tenantEntity: z.literal(TENANT_ENTITY).nullable(),
    claim: z.literal('org_id').nullable(),
  }),
  auth: IrAuth,
  roles: z.array(IrRole),
  /** The administrative role's name (a single-tenant project's first user, an organization's founder). */
  adminRole: Name,
  /** The role later users (single-tenant) and, unless named, invited users get. */
  defaultRole: Name,
  /** The built-in members entity (`/v1/users`, admin only), which `ref(User)` fields point at. */
  users: z.strictObject({ collection: z.literal('users'), entity: z.literal(USER_ENTITY) }),
  entities: z.array(IrEntity),
  /** Every file field of the project (also on the field): the bucket's CORS and the upload routes read it. */
  files: z.array(z.strictObject({ entity: Name, field: Name, contentTypes: z.array(z.string()), maxBytes: z.int().nonnegative() })),
  /** Origins the generated API answers CORS for; `['*']` by default (bearer tokens, no cookies). */
  cors: z.strictObject({ allowedOrigins: z.array(z.string()) }),
  workflows: z.array(IrWorkflow),
  /** "When X, do Y" without a wait or a signal (ir-events.ts). Absent when there are none, as in every blueprint from before them. */
  events: z.array(IrEventHandler).min(1).optional(),
  /** Scheduled jobs (ir-events.ts). Absent when there are none. */
  schedules: z.array(IrSchedule).min(1).optional(),
  limits: IrLimits,
});
export type BlueprintIR = z.infer<typeof BlueprintIR>;

// --- shared helpers ---------------------------------------------------------------------------

export interface IncomingRef {
  entity: string;
  field: string;
  onDelete: IrRef['onDelete'];
  /** A `list` of refs (no GSI can hold its elements: the runtime cannot enumerate them without a Scan). */
  list: boolean;
}

/** The fields of other records that point at `target` (what a delete of one of its records must handle). */
export function incomingRefs(ir: Pick<BlueprintIR, 'entities'>, target: string): IncomingRef[] {
  const out: IncomingRef[] = [];
  for (const entity of ir.entities) {
    for (const field of entity.fields) {
      if (field.ref?.entity === target && !field.serverOwned) {
        out.push({ entity: entity.name, field: field.name, onDelete: field.ref.onDelete, list: field.type === 'list' });
      }
    }
  }
  return out;
}
