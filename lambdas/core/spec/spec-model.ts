/**
 * The structured content of a specification: what the canonical Markdown spec format
 * (templates/spec-format.md) holds, as data. The parser (parse-spec.ts) turns Markdown into it,
 * the renderer (render-spec.ts) turns it back, the offline author produces and edits it, and the
 * blueprint (next issue) is built from it. Names: entities singular PascalCase, fields, roles and
 * workflows snake_case.
 */
import * as z from 'zod';
import { IrAuthRateLimits, IrRateRule } from '../blueprint/ir';

/** Scalar field types. `ref(Entity)` and `list(type)` are written as such in `type`. */
export const SCALAR_TYPES = ['string', 'text', 'integer', 'number', 'boolean', 'date', 'datetime', 'email', 'url', 'enum', 'file'] as const;
export type ScalarType = (typeof SCALAR_TYPES)[number];

/** The built-in entity of every project: its members (`/v1/users`). Fields may reference it. */
export const BUILT_IN_USER_ENTITY = 'User';

/** Fields the server owns on every record; a spec does not declare them (org_id only when multi-tenant). */
export const SERVER_OWNED_FIELDS = ['id', 'org_id', 'owner_id', 'created_at', 'updated_at'] as const;

export const OPERATIONS = ['list', 'read', 'create', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];
export const ACCESS_LEVELS = ['public', 'authenticated', 'owner', 'admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

const PascalName = z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'must be PascalCase (e.g. ExpenseReport)');
const SnakeName = z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be snake_case (e.g. due_date)');

/**
 * `string`, `ref(Task)`, `list(string)`, `list(ref(Tag))`. Lists nest one level.
 */
export const FieldTypeText = z
  .string()
  .regex(
    /^(string|text|integer|number|boolean|date|datetime|email|url|enum|file|ref\([A-Z][A-Za-z0-9]*\)|list\((string|text|integer|number|boolean|date|datetime|email|url|enum|ref\([A-Z][A-Za-z0-9]*\))\))$/,
    'must be a field type: string, text, integer, number, boolean, date, datetime, email, url, enum, file, ref(Entity) or list(type)',
  );

export const FileConstraints = z.object({
  /** MIME types; `image/*` allows every image type. */
  contentTypes: z.array(z.string().regex(/^[a-z]+\/([a-z0-9.+-]+|\*)$/)).min(1),
  maxBytes: z.int().positive(),
});

export const OnDelete = z.enum(['restrict', 'cascade', 'set_null']);

export const SpecField = z.object({
  name: SnakeName,
  type: FieldTypeText,
  required: z.boolean(),
  /** Default value as written in the spec (enum default: one of `values`). */
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  /** Enum values (type `enum` or `list(enum)`). */
  values: z.array(z.string().min(1)).optional(),
  unique: z.boolean().optional(),
  /** Numbers: inclusive bounds. Strings and lists: length bounds. */
  min: z.number().optional(),
  max: z.number().optional(),
  file: FileConstraints.optional(),
  /** For `ref(...)` fields: what deleting the referenced record does. @default restrict */
  onDelete: OnDelete.optional(),
  notes: z.string().optional(),
});
export type SpecField = z.infer<typeof SpecField>;

export const SpecEntity = z.object({
  name: PascalName,
  description: z.string().optional(),
  fields: z.array(SpecField),
  /** The user reference that owns a record, when not the server's `owner_id` (e.g. a loan's member_id). */
  ownerField: SnakeName.optional(),
});
export type SpecEntity = z.infer<typeof SpecEntity>;

/** A right: absent = none; `all` = on every record (of the organization); `own` = only records the user owns. */
export const RightScope = z.enum(['all', 'own']);
export const EntityRights = z
  .object({ create: RightScope, read: RightScope, update: RightScope, delete: RightScope })
  .partial();
export type EntityRights = z.infer<typeof EntityRights>;

export const SpecRole = z.object({
  name: SnakeName,
  description: z.string().optional(),
  /** Rights per entity name; entities not listed: no rights. */
  rights: z.record(z.string(), EntityRights),
});
export type SpecRole = z.infer<typeof SpecRole>;

/** An endpoint's authorization level, when it differs from the default (`authenticated`) or the text states it. */
export const SpecAccessRule = z.object({
  entity: PascalName,
  operation: z.enum(OPERATIONS),
  level: z.enum(ACCESS_LEVELS),
});
export type SpecAccessRule = z.infer<typeof SpecAccessRule>;

/** ISO 8601 duration, e.g. P7D, PT24H, P1Y. */
const Duration = z.string().regex(/^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/, 'must be an ISO 8601 duration such as P7D or PT24H');

export const WorkflowStep = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('wait'), name: SnakeName, duration: Duration }),
  /** Wait until a time: a datetime field of the triggering record, optionally shifted (`start_time - PT24H`). */
  z.object({
    kind: z.literal('waitUntil'),
    name: SnakeName,
    field: SnakeName,
    offset: z.string().regex(/^[+-]P.+$/).optional(),
  }),
  z.object({
    kind: z.literal('waitForEvent'),
    name: SnakeName,
    events: z.array(SnakeName).min(1),
    timeout: Duration,
    /** What happens on timeout: the next step (default) or a named outcome such as `rejected`. */
    onTimeout: z.string().optional(),
  }),
  z.object({
    kind: z.literal('task'),
    name: SnakeName,
    /** Attempts after the first failure. */
    retries: z.int().min(0).max(20).optional(),
    /** Delay before the first retry (ISO 8601), doubling each time. */
    backoff: Duration.optional(),
  }),
]);
export type WorkflowStep = z.infer<typeof WorkflowStep>;

export const WorkflowTrigger = z.object({
  entity: PascalName,
  /** `created`, `updated`, `deleted`, or a field change when `field` and `value` are set. */
  event: z.enum(['created', 'updated', 'deleted']),
  field: SnakeName.optional(),
  value: z.string().optional(),
});

export const SpecWorkflow = z.object({
  name: SnakeName,
  description: z.string().optional(),
  /** Absent: started only through `POST /workflows/{name}/start`. */
  trigger: WorkflowTrigger.optional(),
  steps: z.array(WorkflowStep).min(1),
});
export type SpecWorkflow = z.infer<typeof SpecWorkflow>;

/**
 * One window of an auth rate limit (the optional `## Rate limits` section): at most `requests`
 * per `windowSeconds`. A limit may have several windows; limits not listed keep their defaults.
 */
export const SpecRateLimit = z.object({
  limit: IrAuthRateLimits.keyof(),
  requests: IrRateRule.shape.limit,
  windowSeconds: IrRateRule.shape.windowSeconds,
});
export type SpecRateLimit = z.infer<typeof SpecRateLimit>;

export const SpecDocument = z.object({
  /** The project's name (the `#` heading). */
  title: z.string().min(1),
  overview: z.string(),
  tenancy: z.enum(['single', 'multi']),
  entities: z.array(SpecEntity),
  roles: z.array(SpecRole),
  /** The role with every right (an organization's founder / a single-tenant project's first user). */
  adminRole: SnakeName,
  /** The role later users get in a single-tenant project (and the default for invitations). */
  defaultRole: SnakeName,
  access: z.array(SpecAccessRule),
  workflows: z.array(SpecWorkflow),
  /** The optional `## Rate limits` section, row by row; absent when the spec has none. */
  rateLimits: z.array(SpecRateLimit).min(1).optional(),
});
export type SpecDocument = z.infer<typeof SpecDocument>;
