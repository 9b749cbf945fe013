/**
 * What an action does, checked against the record it acts on: a workflow task's action
 * (workflow-flow.ts), an event handler's or a scheduled job's (events.ts), which are the same
 * actions. Fields exist on the record types they belong to, values fit them, roles and
 * workflows exist, and an action that needs a record has one. Also the values a trigger's
 * conditions compare.
 */
import { USER_ENTITY, type IrEntity, type IrEntityTrigger, type IrField, type IrTaskAction } from '../ir';
import { SNAKE_NAME } from '../../vocabulary';
import type { ValidationContext } from './context';

/** A single reference field of `entity` (not a list), and the entity it points at. */
export function refField(entity: IrEntity, name: string): IrField | undefined {
  const field = entity.fields.find((f) => f.name === name);
  return field?.type === 'ref' ? field : undefined;
}


/** What a task action of a workflow, a handler's or a job's action, is checked against: the record it acts on. */
export interface ActionScope {
  ctx: ValidationContext;
  /** The record's entity, when known. */
  entity: IrEntity | undefined;
  /** Whether there is a record at all (none for a workflow started by hand, a job without records). */
  hasRecord: boolean;
  record: RecordWords;
  /** The workflow the action belongs to, which it may not start. */
  workflowName?: string;
}

/** How messages name the record, and what has none. */
export interface RecordWords {
  noun: string;
  without: string;
}

export const STARTED_BY_HAND: RecordWords = { noun: 'the triggering record', without: 'a workflow started by hand' };

/** The `where` of a trigger (a workflow's or a handler's): fields of the record, with values they can hold. */
export function checkTriggerConditions(ctx: ValidationContext, trigger: IrEntityTrigger, entity: IrEntity, tpath: string, subject: string): void {
  trigger.where?.forEach((condition, c) => {
    const at = `${tpath}.where[${c}]`;
    const field = entity.fields.find((f) => f.name === condition.field);
    if (!field) ctx.error(`${at}.field`, 'TRIGGER_UNKNOWN_FIELD', `${subject}: ${entity.name} has no field '${condition.field}'`);
    else {
      const wrong = valueProblem(field, condition.value, `${entity.name}.${field.name}`, true);
      if (wrong) ctx.error(`${at}.value`, 'TRIGGER_INVALID_VALUE', `${subject}: ${wrong}`);
    }
  });
}

export function checkAction(scope: ActionScope, action: IrTaskAction, at: string, subject: string): void {
  const { ctx, entity, record } = scope;
  const bad = (where: string, message: string) => ctx.error(where, 'TASK_ACTION_INVALID', `${subject}: ${message}`);
  const manual = !scope.hasRecord;
  switch (action.type) {
    case 'update':
      if (manual) return bad(at, `update changes ${record.noun}, and ${record.without} has none`);
      if (!entity) return;
      action.set.forEach((item, i) => {
        const field = entity.fields.find((f) => f.name === item.field);
        const wrong = !field ? `${entity.name} has no field '${item.field}'` : writableProblem(field, item.value, `${entity.name}.${field.name}`);
        if (wrong) bad(`${at}.set[${i}]`, wrong);
      });
      return;
    case 'create': {
      const target = ctx.entities.get(action.entity);
      if (!target) return bad(`${at}.entity`, `'${action.entity}' is not an entity of the project${action.entity === USER_ENTITY ? ' (members are invited, not created by workflows)' : ''}`);
      action.values.forEach((item, i) => {
        const field = target.fields.find((f) => f.name === item.field);
        const where = `${at}.values[${i}]`;
        if (!field) return bad(where, `${target.name} has no field '${item.field}'`);
        if ((item.value === undefined) === (item.from === undefined)) return bad(where, `${target.name}.${field.name} needs either a value or 'from'`);
        if (item.value !== undefined) {
          const wrong = writableProblem(field, item.value, `${target.name}.${field.name}`);
          if (wrong) bad(where, wrong);
        } else if (manual) bad(where, `${target.name}.${field.name} is copied from ${record.noun}, and ${record.without} has none`);
        else if (entity && !entity.fields.some((f) => f.name === item.from)) bad(where, `${entity.name} has no field '${item.from}' to copy into ${target.name}.${field.name}`);
      });
      const missing = target.fields.filter((f) => f.required && !action.values.some((v) => v.field === f.name)).map((f) => f.name);
      if (missing.length > 0) bad(`${at}.values`, `creating a ${target.name} needs its required fields: ${missing.join(', ')}`);
      return;
    }
    case 'notify': {
      const to = action.to;
      if ('role' in to) {
        if (!ctx.ir.roles.some((role) => role.name === to.role)) bad(`${at}.to.role`, `'${to.role}' is not a role of the project`);
      } else if (manual) bad(`${at}.to`, `${record.without} has no record whose people it could notify; notify a role`);
      else if ('field' in to && entity && !refField(entity, to.field)) bad(`${at}.to.field`, `${entity.name}.${to.field} is not a reference field, so it names nobody to notify`);
      if (action.subject.trim() === '') bad(`${at}.subject`, 'the email has no subject');
      return;
    }
    case 'call':
      if (!SNAKE_NAME.test(action.endpoint)) ctx.error(`${at}.endpoint`, 'INVALID_NAME', `${subject}: endpoint name '${action.endpoint}' must be snake_case`);
      return;
    case 'start':
      if (action.workflow === scope.workflowName) bad(`${at}.workflow`, 'a workflow cannot start itself');
      else if (!ctx.ir.workflows.some((other) => other.name === action.workflow)) bad(`${at}.workflow`, `'${action.workflow}' is not a workflow of the project`);
      return;
  }
}

/** Why a workflow cannot write this value into the field, or undefined when it can. */
function writableProblem(field: IrField, value: string | number | boolean | null, subject: string): string | undefined {
  if (field.serverOwned) return `${subject} is written by the server`;
  if (value === null) return field.required ? `${subject} is required, so it cannot be cleared` : undefined;
  return valueProblem(field, value, subject, false);
}

/**
 * Why the value does not fit the field. `asText`: the value is compared as text (conditions),
 * so a number or boolean field takes its written form.
 */
export function valueProblem(field: IrField, value: string | number | boolean, subject: string, asText: boolean): string | undefined {
  switch (field.type) {
    case 'list':
    case 'file':
      return `${subject} is a ${field.type} field; a workflow compares and writes single values`;
    case 'integer':
    case 'number': {
      const n = typeof value === 'number' ? value : asText ? Number(value) : Number.NaN;
      if (!Number.isFinite(n) || (typeof value === 'string' && value.trim() === '')) return `${subject} is a number, not '${String(value)}'`;
      return field.type === 'integer' && !Number.isInteger(n) ? `${subject} is a whole number, not ${String(value)}` : undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' || (asText && (value === 'true' || value === 'false')) ? undefined : `${subject} is true or false, not '${String(value)}'`;
    default:
      if (typeof value !== 'string') return `${subject} is a ${field.type}, not ${String(value)}`;
      return field.type === 'enum' && field.enum && !field.enum.includes(value) ? `'${value}' is not a value of ${subject} (${field.enum.join(', ')})` : undefined;
  }
}
