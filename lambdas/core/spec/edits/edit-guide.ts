/**
 * The structured-edit language as a model is told it: the JSON shape of each part and one line
 * per edit. Written from the vocabulary's own lists, and keyed by every `op` of SpecEdit (the
 * compiler refuses a guide that misses one); the example is a typed SpecEditReply, and a test
 * parses it with the schema, so the guide cannot drift from what applySpecEdits accepts.
 */
import { AGE_FIELDS } from '../../blueprint/ir-events';
import { ACCESS_LEVELS, ON_DELETE_BEHAVIOURS, OPERATIONS, RIGHT_SCOPES, TENANCY_MODES, TRIGGER_EVENTS } from '../../vocabulary';
import { TYPE_CHOICES } from '../field-type';
import type { SpecEditOp, SpecEditReply } from './spec-edit';

const oneOf = (values: readonly string[]): string => values.map((value) => `"${value}"`).join('|');

const PARTS = `Parts are JSON objects with these keys (? = optional), meaning what the spec format says:
- Field: {"name", "type": ${TYPE_CHOICES}, "required": true|false, "default"?, "values"?: [enum values], "unique"?, "min"?, "max"?, "file"?: {"contentTypes": [...], "maxBytes"}, "onDelete"?: ${oneOf(ON_DELETE_BEHAVIOURS)}, "notes"?}
- Entity: {"name": PascalCase, "description"?, "fields": [Field], "ownerField"?}
- Rights: {"create"?, "read"?, "update"?, "delete"?}, each ${oneOf(RIGHT_SCOPES)} (absent: no right)
- Role: {"name", "description"?, "rights": {"<Entity>": Rights}}
- Trigger: {"entity", "event": ${oneOf(TRIGGER_EVENTS)}, "field"?, "value"?, "where"?: [{"field", "value"}]}
- Action: {"type": "update", "set": [{"field", "value"}]} | {"type": "create", "entity", "values": [{"field", "value"? or "from"?}]} | {"type": "notify", "to": {"role"} or {"field"} or {"owner": true}, "subject", "message"?} | {"type": "call", "endpoint"} | {"type": "start", "workflow"}
- Step (each may have "next": {"step": name} or {"end": outcome}): {"kind": "wait", "name", "duration"} | {"kind": "waitUntil", "name", "field", "offset"?: "-PT24H", "via"?} | {"kind": "waitForEvent", "name", "events": [...], "timeout", "on"?: [{"event", "next"}], "timeoutNext"?} | {"kind": "waitForRecord", "name", "change": {"kind": "created", "entity", "field"} or {"kind": "fieldSet", "field", "value"}, "timeout", "timeoutNext"?} | {"kind": "task", "name", "retries"?, "backoff"?, "action"?: Action}
- Workflow: {"name", "description"?, "trigger"?: Trigger, "steps": [Step]}
- EventHandler: {"name", "description"?, "on": Trigger, "actions": [Action], "retry"?: {"retries", "backoff"?}}
- ScheduledJob: {"name", "description"?, "expression": "cron(...)" or "rate(...)", "timezone"?, "records"?: {"entity", "where"?, "age"?: {"field": ${oneOf(AGE_FIELDS)}, "olderThan"?, "within"?}}, "actions": [Action], "retry"?}
Durations are ISO 8601 (P7D, PT24H).`;

/** One line per edit: its keys and what it does. */
const EDITS: Readonly<Record<SpecEditOp, string>> = {
  set_overview: '{"text"}: replaces the overview paragraph',
  set_tenancy: `{"mode": ${oneOf(TENANCY_MODES)}}`,
  add_entity: '{"entity": Entity}: give the new entity rights with set_rights',
  remove_entity: '{"entity"}: also removes the fields referring to it, its rights and access rules, and what runs on its records',
  rename_entity: '{"entity", "to"}: every reference follows',
  describe_entity: '{"entity", "description"}',
  set_owner_field: '{"entity", "field": name or null}',
  add_field: '{"entity", "field": Field, "after"?: field name}',
  replace_field: '{"entity", "field": Field}: the field with that name, rewritten whole (type, required, values, limits ...)',
  rename_field: '{"entity", "field", "to"}: triggers, conditions and actions follow',
  remove_field: '{"entity", "field"}',
  add_role: '{"role": Role}',
  remove_role: '{"role"}',
  rename_role: '{"role", "to"}',
  describe_role: '{"role", "description"}',
  set_rights: '{"role", "entity", "rights": Rights}: replaces that role\'s rights on that entity ({} for none)',
  set_admin_role: '{"role"}',
  set_default_role: '{"role"}',
  set_access: `{"entity", "operation": ${oneOf(OPERATIONS)}, "level": ${oneOf(ACCESS_LEVELS)}}`,
  remove_access: '{"entity", "operation"}: back to the default level',
  put_workflow: '{"workflow": Workflow}: adds it, or rewrites the workflow with that name whole',
  remove_workflow: '{"workflow"}',
  rename_workflow: '{"workflow", "to"}',
  put_step: '{"workflow", "step": Step, "after"?: step name}: adds the step (at the end, or after the one named), or rewrites the step with that name',
  remove_step: '{"workflow", "step"}',
  put_event_handler: '{"handler": EventHandler}: adds it or rewrites the one with that name',
  remove_event_handler: '{"handler"}',
  put_scheduled_job: '{"job": ScheduledJob}: adds it or rewrites the one with that name',
  remove_scheduled_job: '{"job"}',
  set_rate_limit: '{"limit", "windows": [{"requests", "windowSeconds"}]}: [] restores the default',
  add_open_question: '{"text"}',
  remove_open_question: '{"text"}: once the user has answered it',
};

/** A complete reply, as the model should write one (checked against the schema by a test). */
export const EXAMPLE_EDIT_REPLY: SpecEditReply = {
  edits: [
    { op: 'add_field', entity: 'Task', field: { name: 'estimate_hours', type: 'integer', required: false, min: 1, max: 40 } },
    { op: 'rename_field', entity: 'Task', field: 'description', to: 'details' },
    { op: 'set_rights', role: 'member', entity: 'Task', rights: { create: 'all', read: 'all', update: 'own' } },
  ],
  message: 'Tasks have an optional estimate of 1 to 40 hours, description is now called details, and members may update only their own tasks.',
};

/** The reply format of an edit, for the system prompt. */
export const EDIT_LANGUAGE_GUIDE = `Reply format: one JSON object inside one fenced block that starts with \`\`\`json on its own line and ends with \`\`\` on its own line, and nothing else:
{"edits": [edits, applied in order to the current spec], "message": "one to three sentences telling the user what you changed"}
Each edit is {"op": ..., ...}. Name only what changes: everything you do not name stays exactly as it is. Names are the spec's own (PascalCase entities; snake_case fields, roles, workflows, steps). If the message asks for no change, or for something the format cannot express, reply with "edits": [] and say so in the message.

${PARTS}

Edits:
${Object.entries(EDITS)
  .map(([op, doc]) => `- ${op} ${doc}`)
  .join('\n')}

Example:
\`\`\`json
${JSON.stringify(EXAMPLE_EDIT_REPLY)}
\`\`\``;
