/**
 * Where a workflow's steps lead and what they do (issue 25): branch targets name steps of the
 * workflow, branches name events their step waits for, no loop of steps without a wait (it would
 * run forever); waitUntil `via`, waitForRecord changes, trigger conditions and task actions name
 * fields that exist, with values of their type, on the record types they belong to.
 */
import { USER_ENTITY, loopWithoutWait, type IrEntity, type IrField, type IrNext, type IrStep, type IrTaskAction, type IrWorkflow } from '../ir';
import { SNAKE_NAME } from '../../vocabulary';
import type { ValidationContext } from './context';

/** What the checks of one workflow share. */
interface Scope {
  ctx: ValidationContext;
  workflow: IrWorkflow;
  /** The triggering entity, when the trigger names a known one. */
  entity: IrEntity | undefined;
  path: string;
}

export function checkFlow(ctx: ValidationContext, workflow: IrWorkflow, entity: IrEntity | undefined, path: string): void {
  const scope: Scope = { ctx, workflow, entity, path };
  checkConditions(scope);
  const names = new Set(workflow.steps.map((step) => step.name));
  workflow.steps.forEach((step, s) => {
    const spath = `${path}.steps[${s}]`;
    const subject = `workflow ${workflow.name}, step ${step.name}`;
    const target = (next: IrNext | undefined, at: string) => {
      if (!next) return;
      if ('step' in next && !names.has(next.step)) ctx.error(at, 'WORKFLOW_UNKNOWN_TARGET', `${subject} leads to '${next.step}', which is not a step of the workflow`);
      if ('end' in next && !SNAKE_NAME.test(next.end)) ctx.error(at, 'INVALID_NAME', `${subject}: outcome '${next.end}' must be snake_case`);
    };
    target(step.next, `${spath}.next`);
    if (step.kind === 'waitForEvent') {
      step.on?.forEach((branch, b) => {
        if (!step.events.includes(branch.event)) ctx.error(`${spath}.on[${b}].event`, 'WORKFLOW_UNKNOWN_TARGET', `${subject} leads the event ${branch.event}, which it does not wait for (${step.events.join(', ')})`);
        target(branch.next, `${spath}.on[${b}].next`);
      });
      target(step.timeoutNext, `${spath}.timeoutNext`);
    }
    if (step.kind === 'waitForRecord') {
      target(step.timeoutNext, `${spath}.timeoutNext`);
      checkRecordChange(scope, step, spath, subject);
    }
    if (step.kind === 'waitUntil' && step.via !== undefined) checkVia(scope, step, spath, subject);
    if (step.kind === 'task' && step.action) checkAction(scope, step.action, `${spath}.action`, subject);
  });
  const loop = loopWithoutWait(workflow.steps);
  if (loop) {
    ctx.error(`${path}.steps`, 'WORKFLOW_LOOP_WITHOUT_WAIT', `workflow ${workflow.name}: the steps ${loop.join(' -> ')} -> ${loop[0]} lead back to each other without a wait, so they would run forever`);
  }
}

/** The trigger's `where`: fields of the triggering record, with values they can hold. */
function checkConditions({ ctx, workflow, entity, path }: Scope): void {
  if ('manual' in workflow.trigger || !entity) return;
  workflow.trigger.where?.forEach((condition, c) => {
    const at = `${path}.trigger.where[${c}]`;
    const field = entity.fields.find((f) => f.name === condition.field);
    if (!field) ctx.error(`${at}.field`, 'TRIGGER_UNKNOWN_FIELD', `workflow ${workflow.name}: ${entity.name} has no field '${condition.field}'`);
    else {
      const wrong = valueProblem(field, condition.value, `${entity.name}.${field.name}`, true);
      if (wrong) ctx.error(`${at}.value`, 'TRIGGER_INVALID_VALUE', `workflow ${workflow.name}: ${wrong}`);
    }
  });
}

/** A single reference field of `entity` (not a list), and the entity it points at. */
function refField(entity: IrEntity, name: string): IrField | undefined {
  const field = entity.fields.find((f) => f.name === name);
  return field?.type === 'ref' ? field : undefined;
}

function checkVia({ ctx, workflow, entity }: Scope, step: Extract<IrStep, { kind: 'waitUntil' }>, spath: string, subject: string): void {
  if ('manual' in workflow.trigger || !entity) return; // checkWaitUntil says why
  const via = step.via as string;
  const field = refField(entity, via);
  const target = field?.ref ? ctx.entities.get(field.ref.entity) : undefined;
  if (!field || !target) {
    ctx.error(`${spath}.via`, 'WAIT_UNTIL_INVALID_FIELD', `${subject}: '${via}' is not a reference of ${entity.name} to a record type of the project`);
    return;
  }
  const date = target.fields.find((f) => f.name === step.field);
  if (!date || (date.type !== 'date' && date.type !== 'datetime')) {
    ctx.error(`${spath}.field`, 'WAIT_UNTIL_INVALID_FIELD', `${subject}: ${target.name} (through ${via}) has no date or datetime field '${step.field}'`);
  }
}

function checkRecordChange({ ctx, workflow, entity }: Scope, step: Extract<IrStep, { kind: 'waitForRecord' }>, spath: string, subject: string): void {
  const at = `${spath}.change`;
  if ('manual' in workflow.trigger) {
    ctx.error(at, 'WAIT_FOR_RECORD_INVALID', `${subject}: workflow ${workflow.name} is started by hand, so there is no record whose change it could wait for`);
    return;
  }
  if (!entity) return;
  const change = step.change;
  if (change.kind === 'fieldSet') {
    const field = entity.fields.find((f) => f.name === change.field);
    const wrong = field ? valueProblem(field, change.value, `${entity.name}.${field.name}`, true) : `${entity.name} has no field '${change.field}'`;
    if (wrong) ctx.error(at, 'WAIT_FOR_RECORD_INVALID', `${subject}: ${wrong}`);
    return;
  }
  const other = ctx.entities.get(change.entity);
  const field = other ? refField(other, change.field) : undefined;
  if (!other) ctx.error(`${at}.entity`, 'WAIT_FOR_RECORD_INVALID', `${subject} waits for a ${change.entity}, which is not an entity of the project`);
  else if (field?.ref?.entity !== entity.name) {
    ctx.error(`${at}.field`, 'WAIT_FOR_RECORD_INVALID', `${subject}: ${other.name}.${change.field} must be a reference to ${entity.name} (the triggering record)`);
  }
}

function checkAction(scope: Scope, action: IrTaskAction, at: string, subject: string): void {
  const { ctx, workflow, entity } = scope;
  const bad = (where: string, message: string) => ctx.error(where, 'TASK_ACTION_INVALID', `${subject}: ${message}`);
  const manual = 'manual' in workflow.trigger;
  switch (action.type) {
    case 'update':
      if (manual) return bad(at, 'update changes the triggering record, and a workflow started by hand has none');
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
        } else if (manual) bad(where, `${target.name}.${field.name} is copied from the triggering record, and a workflow started by hand has none`);
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
      } else if (manual) bad(`${at}.to`, "a workflow started by hand has no record whose people it could notify; notify a role");
      else if ('field' in to && entity && !refField(entity, to.field)) bad(`${at}.to.field`, `${entity.name}.${to.field} is not a reference field, so it names nobody to notify`);
      if (action.subject.trim() === '') bad(`${at}.subject`, 'the email has no subject');
      return;
    }
    case 'call':
      if (!SNAKE_NAME.test(action.endpoint)) ctx.error(`${at}.endpoint`, 'INVALID_NAME', `${subject}: endpoint name '${action.endpoint}' must be snake_case`);
      return;
    case 'start':
      if (action.workflow === workflow.name) bad(`${at}.workflow`, 'a workflow cannot start itself');
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
function valueProblem(field: IrField, value: string | number | boolean, subject: string, asText: boolean): string | undefined {
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
