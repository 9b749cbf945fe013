/**
 * Event handlers and scheduled jobs of the blueprint IR (issue 27), apart from workflows:
 *   - an event handler is "when X, do Y" with no wait and no signal: it runs its actions once per
 *     committed change that matches its trigger (the same trigger shape as a workflow's);
 *   - a scheduled job runs its actions at the times of a cron or rate expression in a time zone,
 *     once per organization in a multi-tenant project, optionally over a query of records.
 * The one rule that separates them from workflows (the spec format's documentation and the
 * author apply it): anything that waits or takes a signal is a workflow.
 *
 * Their actions are the workflow task actions (ir-workflows.ts IrTaskAction): update, create,
 * notify, call, start. For a handler the record is the changed one; for a job with `records`,
 * each matching record in turn (a `notify role` runs once per run, listing the records); for a
 * job without `records` there is no record, so only create (constants), notify role, call and
 * start make sense (validate-blueprint/ says so on the JSON path).
 *
 * Compatibility: both lists are optional and absent when empty (IR_VERSION 1 stays), so every
 * blueprint deployed before them reads, builds and runs as it did.
 */
import * as z from 'zod';
import { IrEntityTrigger, IrFieldCondition, IrTaskAction } from './ir-workflows';

const Name = z.string().min(1);
const Seconds = z.int().nonnegative();

/** Attempts after the first failure before a handler's or a job's run is parked, when the blueprint says nothing. */
export const DEFAULT_EVENT_RETRIES = 4;
/** The first retry's delay (each next one doubles), when the blueprint says nothing. */
export const DEFAULT_EVENT_BACKOFF_SECONDS = 30;

/** How a handler's or a job's failed run is tried again before it is parked for an admin. */
export const IrRetryPolicy = z.strictObject({
  /** Attempts after the first one (0: parked after one failure). */
  retries: z.int().min(0).max(10),
  /** Delay before the first retry; each later one doubles. */
  backoffSeconds: Seconds,
});
export type IrRetryPolicy = z.infer<typeof IrRetryPolicy>;

export const IrEventHandler = z.strictObject({
  /** snake_case, unique among the project's handlers. */
  name: Name,
  description: z.string().optional(),
  /** The change it runs on: an entity's created / updated (optionally a field set to a value) / deleted, with optional conditions. */
  on: IrEntityTrigger,
  /** Run in order, each once per change; the record is the changed one (its state after the change, before it for a delete). */
  actions: z.array(IrTaskAction).min(1),
  /** @default { retries: DEFAULT_EVENT_RETRIES, backoffSeconds: DEFAULT_EVENT_BACKOFF_SECONDS } */
  retry: IrRetryPolicy.optional(),
});
export type IrEventHandler = z.infer<typeof IrEventHandler>;

/** The server-owned timestamps an age condition may look at. */
export const AGE_FIELDS = ['created_at', 'updated_at'] as const;

/**
 * The records a scheduled job acts on, within one organization: equality conditions on indexed
 * fields (the first is read through its index, the others filtered), and an age condition on a
 * timestamp. Without an indexed condition the entity's own partition is read: a Query, never a
 * Scan of the organization.
 */
export const IrRecordQuery = z.strictObject({
  entity: Name,
  where: z.array(IrFieldCondition).optional(),
  /** `updated_at older than P90D` -> { field: updated_at, olderThanSeconds: 7776000 }; `created_at within P7D` -> newerThanSeconds. */
  age: z
    .strictObject({
      field: z.enum(AGE_FIELDS),
      olderThanSeconds: Seconds.optional(),
      newerThanSeconds: Seconds.optional(),
    })
    .optional(),
});
export type IrRecordQuery = z.infer<typeof IrRecordQuery>;

export const IrSchedule = z.strictObject({
  /** snake_case, unique among the project's jobs. */
  name: Name,
  description: z.string().optional(),
  /**
   * EventBridge Scheduler's syntax: `cron(<minutes> <hours> <day-of-month> <month> <day-of-week> <year>)`
   * (day-of-week 1-7 = SUN-SAT or SUN..SAT, one of day-of-month and day-of-week is `?`), or
   * `rate(<n> minute|minutes|hour|hours|day|days)`. The local scheduler reads the same text (schedule-expression.ts).
   */
  expression: Name,
  /** IANA time zone a cron expression is read in (`UTC`, `Europe/Paris`); rates ignore it. */
  timezone: Name,
  /** Absent: the actions run once per run (per organization), with no record. */
  records: IrRecordQuery.optional(),
  actions: z.array(IrTaskAction).min(1),
  /** @default { retries: DEFAULT_EVENT_RETRIES, backoffSeconds: DEFAULT_EVENT_BACKOFF_SECONDS } */
  retry: IrRetryPolicy.optional(),
});
export type IrSchedule = z.infer<typeof IrSchedule>;

/** The retry policy in force. */
export const retryPolicyOf = (item: { retry?: IrRetryPolicy | undefined }): IrRetryPolicy =>
  item.retry ?? { retries: DEFAULT_EVENT_RETRIES, backoffSeconds: DEFAULT_EVENT_BACKOFF_SECONDS };

/** The delay before retry number `attempt` (1-based): backoff doubled per earlier retry, at most a day. */
export const retryDelaySeconds = (policy: IrRetryPolicy, attempt: number): number => Math.min(86_400, policy.backoffSeconds * 2 ** Math.max(0, attempt - 1));

/** The blueprint's handlers and jobs, [] when absent (blueprints from before them). */
export const eventHandlersOf = (ir: { events?: readonly IrEventHandler[] | undefined }): readonly IrEventHandler[] => ir.events ?? [];
export const schedulesOf = (ir: { schedules?: readonly IrSchedule[] | undefined }): readonly IrSchedule[] => ir.schedules ?? [];
