/**
 * The structured content of a specification: what the canonical Markdown spec format
 * (templates/spec-format.md) holds, as data. The parser (parse-spec/) turns Markdown into it,
 * the renderer (render-spec.ts) turns it back, the offline author produces and edits it, and the
 * blueprint (next issue) is built from it. Names: entities singular PascalCase, fields, roles and
 * workflows snake_case.
 */
import * as z from 'zod';
import { AGE_FIELDS, IrAuthRateLimits, IrNext, IrRateRule, IrRecipient, IrRecordChange, IrRetryPolicy } from '../blueprint/ir';
import { ISO_DURATION_PATTERN } from '../date-formats';
import {
  ACCESS_LEVELS,
  CONTENT_TYPE_PATTERN,
  LIST_ITEM_TYPES,
  ON_DELETE_BEHAVIOURS,
  OPERATIONS,
  PASCAL_NAME,
  RIGHT_NAMES,
  RIGHT_SCOPES,
  SCALAR_TYPES,
  SNAKE_NAME,
  TENANCY_MODES,
  TRIGGER_EVENTS,
  keyedBy,
  type AccessLevel,
  type Operation,
  type ScalarType,
} from '../vocabulary';
import { TYPE_CHOICES } from './field-type';

export { ACCESS_LEVELS, OPERATIONS, SCALAR_TYPES, type AccessLevel, type Operation, type ScalarType };

const PascalName = z.string().regex(PASCAL_NAME, 'must be PascalCase (e.g. ExpenseReport)');
const SnakeName = z.string().regex(SNAKE_NAME, 'must be snake_case (e.g. due_date)');

/** `ref(Entity)` in type text; entity names are PascalCase. */
const REF_TYPE = String.raw`ref\(${PASCAL_NAME.source.slice(1, -1)}\)`;
/** The scalar types a list may hold (LIST_ITEM_TYPES but the reference, written `ref(...)`). */
const LIST_SCALARS = LIST_ITEM_TYPES.filter((type) => type !== 'ref');
const FIELD_TYPE_PATTERN = new RegExp(`^(${SCALAR_TYPES.join('|')}|${REF_TYPE}|list\\((${LIST_SCALARS.join('|')}|${REF_TYPE})\\))$`);

/**
 * `string`, `ref(Task)`, `list(string)`, `list(ref(Tag))`. Lists nest one level.
 */
export const FieldTypeText = z.string().regex(FIELD_TYPE_PATTERN, `must be a field type: ${TYPE_CHOICES}`);

export const FileConstraints = z.object({
  /** MIME types; `image/*` allows every image type. */
  contentTypes: z.array(z.string().regex(CONTENT_TYPE_PATTERN)).min(1),
  maxBytes: z.int().positive(),
});

export const OnDelete = z.enum(ON_DELETE_BEHAVIOURS);

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
export const RightScope = z.enum(RIGHT_SCOPES);
export const EntityRights = z.object(keyedBy(RIGHT_NAMES, RightScope)).partial();
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
const Duration = z.string().regex(ISO_DURATION_PATTERN, 'must be an ISO 8601 duration such as P7D or PT24H');

/** Where a step leads, as in the IR: `{ step }` another step of the workflow, or `{ end }` a finish with a named outcome. */
export const StepNext = IrNext;
export type StepNext = z.infer<typeof StepNext>;
const next = StepNext.optional();

/** A condition on a field of the triggering record (`severity = sev1`), its value as written. */
export const FieldCondition = z.object({ field: SnakeName, value: z.string() });
export type FieldCondition = z.infer<typeof FieldCondition>;

/**
 * What a task does (the IR's IrTaskAction, with values as the spec writes them: text, typed by
 * the blueprint builder from the field they go into; null clears a field).
 */
export const SpecTaskAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('update'), set: z.array(z.object({ field: SnakeName, value: z.string().nullable() })).min(1) }),
  z.object({
    type: z.literal('create'),
    entity: PascalName,
    /** Each value a constant (`value`) or copied `from` a field of the triggering record (`id` for its id). */
    values: z.array(z.object({ field: SnakeName, value: z.string().optional(), from: SnakeName.optional() })).min(1),
  }),
  /** `message` absent: the email's text is its subject. */
  z.object({ type: z.literal('notify'), to: IrRecipient, subject: z.string().min(1), message: z.string().optional() }),
  z.object({ type: z.literal('call'), endpoint: SnakeName }),
  z.object({ type: z.literal('start'), workflow: SnakeName }),
]);
export type SpecTaskAction = z.infer<typeof SpecTaskAction>;

/**
 * A step. The keys `next`, `on`, `timeoutNext`, `via` and `action` and the kind waitForRecord
 * came with branching (issue 25) and are optional: a spec written before them means what it
 * meant (each step goes on with the following one; see ir-workflows.ts).
 */
export const WorkflowStep = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('wait'), name: SnakeName, duration: Duration, next }),
  /**
   * Wait until a time: a datetime field of the triggering record, optionally shifted
   * (`start_time - PT24H`); with `via`, a field of the record that reference field points at
   * (`course_id.starts_at - P1D`).
   */
  z.object({
    kind: z.literal('waitUntil'),
    name: SnakeName,
    field: SnakeName,
    offset: z.string().regex(/^[+-]P.+$/).optional(),
    via: SnakeName.optional(),
    next,
  }),
  z.object({
    kind: z.literal('waitForEvent'),
    name: SnakeName,
    events: z.array(SnakeName).min(1),
    timeout: Duration,
    /** What happens on timeout, as written before branching: end with this outcome (`rejected`). */
    onTimeout: z.string().optional(),
    /** Where listed events lead; the others go to `next`. */
    on: z.array(z.object({ event: SnakeName, next: StepNext })).optional(),
    /** Where the timeout leads (absent: `onTimeout`'s end, else `next`). */
    timeoutNext: StepNext.optional(),
    next,
  }),
  /** Wait for a change about the triggering record: a record referring to it created, or one of its fields set. */
  z.object({ kind: z.literal('waitForRecord'), name: SnakeName, change: IrRecordChange, timeout: Duration, timeoutNext: StepNext.optional(), next }),
  z.object({
    kind: z.literal('task'),
    name: SnakeName,
    /** Attempts after the first failure. */
    retries: z.int().min(0).max(20).optional(),
    /** Delay before the first retry (ISO 8601), doubling each time. */
    backoff: Duration.optional(),
    /** Absent: the outgoing endpoint named like the task is called (ir-workflows.ts, taskAction). */
    action: SpecTaskAction.optional(),
    next,
  }),
]);
export type WorkflowStep = z.infer<typeof WorkflowStep>;

export const WorkflowTrigger = z.object({
  entity: PascalName,
  /** `created`, `updated`, `deleted`, or a field change when `field` and `value` are set. */
  event: z.enum(TRIGGER_EVENTS),
  field: SnakeName.optional(),
  value: z.string().optional(),
  /** Conditions the record must meet for the workflow to start (`Ticket created where severity = sev1`). */
  where: z.array(FieldCondition).min(1).optional(),
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
 * How a handler's or a job's failed run is tried again (`- Retries: 2, backoff PT1M`): attempts
 * after the first failure, and the delay before the first retry (doubling). Absent: the IR's
 * default (ir-events.ts: 4 retries from 30 seconds).
 */
export const SpecRetry = z.object({ retries: IrRetryPolicy.shape.retries, backoff: Duration.optional() });
export type SpecRetry = z.infer<typeof SpecRetry>;

/**
 * An event handler (the optional `## Event handlers` section): "when X, do Y" with no wait and no
 * signal. Its trigger is written as a workflow's, its actions as tasks' actions, run in order on
 * the changed record.
 */
export const SpecEventHandler = z.object({
  name: SnakeName,
  description: z.string().optional(),
  on: WorkflowTrigger,
  actions: z.array(SpecTaskAction).min(1),
  retry: SpecRetry.optional(),
});
export type SpecEventHandler = z.infer<typeof SpecEventHandler>;

/** An age condition of a job's records: `updated_at older than P90D`, `created_at within P7D` (both may bound one field). */
export const SpecRecordAge = z.object({ field: z.enum(AGE_FIELDS), olderThan: Duration.optional(), within: Duration.optional() });
export type SpecRecordAge = z.infer<typeof SpecRecordAge>;

/** The records a job acts on: `Deal where stage = open and updated_at older than P90D`. */
export const SpecRecordQuery = z.object({
  entity: PascalName,
  where: z.array(FieldCondition).min(1).optional(),
  age: SpecRecordAge.optional(),
});
export type SpecRecordQuery = z.infer<typeof SpecRecordQuery>;

/** A scheduled job (the optional `## Scheduled jobs` section). */
export const SpecSchedule = z.object({
  name: SnakeName,
  description: z.string().optional(),
  /** EventBridge Scheduler's `cron(0 2 * * ? *)` or `rate(1 day)`, as written. */
  expression: z.string().min(1),
  /** IANA time zone of a cron expression; absent: UTC. */
  timezone: z.string().min(1).optional(),
  /** Absent: the actions run once per run, with no record. */
  records: SpecRecordQuery.optional(),
  actions: z.array(SpecTaskAction).min(1),
  retry: SpecRetry.optional(),
});
export type SpecSchedule = z.infer<typeof SpecSchedule>;

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
  tenancy: z.enum(TENANCY_MODES),
  entities: z.array(SpecEntity),
  roles: z.array(SpecRole),
  /** The role with every right (an organization's founder / a single-tenant project's first user). */
  adminRole: SnakeName,
  /** The role later users get in a single-tenant project (and the default for invitations). */
  defaultRole: SnakeName,
  access: z.array(SpecAccessRule),
  workflows: z.array(SpecWorkflow),
  /** The optional `## Event handlers` section; absent when the spec has none (as in every spec written before it). */
  events: z.array(SpecEventHandler).min(1).optional(),
  /** The optional `## Scheduled jobs` section; absent when the spec has none. */
  schedules: z.array(SpecSchedule).min(1).optional(),
  /** The optional `## Rate limits` section, row by row; absent when the spec has none. */
  rateLimits: z.array(SpecRateLimit).min(1).optional(),
  /**
   * The optional `## Open questions` section: phrases of the description or of a chat message an
   * author could not place, kept for the user to rephrase. Nothing structural comes from them (the
   * blueprint ignores them); absent in every spec written before the section existed.
   */
  openQuestions: z.array(z.string().min(1)).optional(),
});
export type SpecDocument = z.infer<typeof SpecDocument>;
