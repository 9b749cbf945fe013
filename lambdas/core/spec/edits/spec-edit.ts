/**
 * Structured edits of a spec: what a language model answers to a chat message instead of the
 * whole spec (issue 28). A reply of a few hundred tokens rather than several thousand keeps an
 * edit of a large spec well inside API Gateway's 30 s, and an edit cannot silently drop what the
 * model forgot to copy: everything it does not name stays exactly as it was.
 *
 * The parts an edit carries (an entity, a field, a role, a workflow, a step ...) are the
 * SpecDocument's own shapes (spec-model.ts), so one schema says what a spec may hold whether it
 * arrives as Markdown or as an edit. Names refer to what the current spec calls things.
 */
import * as z from 'zod';
import { ACCESS_LEVELS, OPERATIONS, PASCAL_NAME, SNAKE_NAME, TENANCY_MODES } from '../../vocabulary';
import { EntityRights, SpecEntity, SpecEventHandler, SpecField, SpecRateLimit, SpecRole, SpecSchedule, SpecWorkflow, WorkflowStep } from '../spec-model';

const Entity = z.string().regex(PASCAL_NAME, 'must be an entity name in PascalCase (e.g. ExpenseReport)');
const Name = z.string().regex(SNAKE_NAME, 'must be a snake_case name (e.g. due_date)');

/** Every edit, keyed by `op`. Applied in order by applySpecEdits (apply-edits.ts). */
export const SpecEdit = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('set_overview'), text: z.string() }),
  z.strictObject({ op: z.literal('set_tenancy'), mode: z.enum(TENANCY_MODES) }),
  z.strictObject({ op: z.literal('add_entity'), entity: SpecEntity }),
  z.strictObject({ op: z.literal('remove_entity'), entity: Entity }),
  z.strictObject({ op: z.literal('rename_entity'), entity: Entity, to: Entity }),
  z.strictObject({ op: z.literal('describe_entity'), entity: Entity, description: z.string() }),
  z.strictObject({ op: z.literal('set_owner_field'), entity: Entity, field: Name.nullable() }),
  z.strictObject({ op: z.literal('add_field'), entity: Entity, field: SpecField, after: Name.optional() }),
  z.strictObject({ op: z.literal('replace_field'), entity: Entity, field: SpecField }),
  z.strictObject({ op: z.literal('rename_field'), entity: Entity, field: Name, to: Name }),
  z.strictObject({ op: z.literal('remove_field'), entity: Entity, field: Name }),
  z.strictObject({ op: z.literal('add_role'), role: SpecRole }),
  z.strictObject({ op: z.literal('remove_role'), role: Name }),
  z.strictObject({ op: z.literal('rename_role'), role: Name, to: Name }),
  z.strictObject({ op: z.literal('describe_role'), role: Name, description: z.string() }),
  z.strictObject({ op: z.literal('set_rights'), role: Name, entity: Entity, rights: EntityRights }),
  z.strictObject({ op: z.literal('set_admin_role'), role: Name }),
  z.strictObject({ op: z.literal('set_default_role'), role: Name }),
  z.strictObject({ op: z.literal('set_access'), entity: Entity, operation: z.enum(OPERATIONS), level: z.enum(ACCESS_LEVELS) }),
  z.strictObject({ op: z.literal('remove_access'), entity: Entity, operation: z.enum(OPERATIONS) }),
  z.strictObject({ op: z.literal('put_workflow'), workflow: SpecWorkflow }),
  z.strictObject({ op: z.literal('remove_workflow'), workflow: Name }),
  z.strictObject({ op: z.literal('rename_workflow'), workflow: Name, to: Name }),
  z.strictObject({ op: z.literal('put_step'), workflow: Name, step: WorkflowStep, after: Name.optional() }),
  z.strictObject({ op: z.literal('remove_step'), workflow: Name, step: Name }),
  z.strictObject({ op: z.literal('put_event_handler'), handler: SpecEventHandler }),
  z.strictObject({ op: z.literal('remove_event_handler'), handler: Name }),
  z.strictObject({ op: z.literal('put_scheduled_job'), job: SpecSchedule }),
  z.strictObject({ op: z.literal('remove_scheduled_job'), job: Name }),
  z.strictObject({ op: z.literal('set_rate_limit'), limit: SpecRateLimit.shape.limit, windows: z.array(SpecRateLimit.omit({ limit: true })) }),
  z.strictObject({ op: z.literal('add_open_question'), text: z.string().min(1) }),
  z.strictObject({ op: z.literal('remove_open_question'), text: z.string().min(1) }),
]);
export type SpecEdit = z.infer<typeof SpecEdit>;
export type SpecEditOp = SpecEdit['op'];

/** At most this many edits per reply: a chat message asks for a change, not a new spec. */
export const MAX_EDITS = 200;

/** A model's whole answer to a chat message: the edits, in order, and what it tells the user. */
export const SpecEditReply = z.strictObject({
  edits: z.array(SpecEdit).max(MAX_EDITS),
  message: z.string(),
});
export type SpecEditReply = z.infer<typeof SpecEditReply>;
