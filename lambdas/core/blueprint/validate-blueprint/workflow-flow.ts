/**
 * Where a workflow's steps lead and what they do (issue 25): branch targets name steps of the
 * workflow, branches name events their step waits for, no loop of steps without a wait (it would
 * run forever); waitUntil `via`, waitForRecord changes, trigger conditions and task actions name
 * fields that exist, with values of their type, on the record types they belong to.
 */
import { loopWithoutWait, type IrEntity, type IrNext, type IrStep, type IrWorkflow } from '../ir';
import { checkAction, checkTriggerConditions, refField, STARTED_BY_HAND, valueProblem, type ActionScope } from './actions';
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
  const actionScope: ActionScope = { ctx, entity, hasRecord: !('manual' in workflow.trigger), record: STARTED_BY_HAND, workflowName: workflow.name };
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
    if (step.kind === 'task' && step.action) checkAction(actionScope, step.action, `${spath}.action`, subject);
  });
  const loop = loopWithoutWait(workflow.steps);
  if (loop) {
    ctx.error(`${path}.steps`, 'WORKFLOW_LOOP_WITHOUT_WAIT', `workflow ${workflow.name}: the steps ${loop.join(' -> ')} -> ${loop[0]} lead back to each other without a wait, so they would run forever`);
  }
}

/** The trigger's `where`: fields of the triggering record, with values they can hold. */
function checkConditions({ ctx, workflow, entity, path }: Scope): void {
  if ('manual' in workflow.trigger || !entity) return;
  checkTriggerConditions(ctx, workflow.trigger, entity, `${path}.trigger`, `workflow ${workflow.name}`);
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

