/**
 * Workflows: snake_case unique names of workflows, steps and events; a trigger on a known entity
 * and field with a value the field can hold, and a triggering record small enough to be the
 * input; waits within the limits of one step and of the whole workflow; waitUntil on a date of
 * the triggering record. Where steps lead and what tasks do: workflow-flow.ts.
 */
import type { IrEntity, IrEntityTrigger, IrStep, IrWorkflow } from '../ir';
import { SNAKE_NAME } from '../../vocabulary';
import { kb, type ValidationContext } from './context';
import { estimateRecordBytes } from './limits';
import { checkFlow } from './workflow-flow';

export function checkWorkflows(ctx: ValidationContext): void {
  const names = new Map<string, number>();
  ctx.ir.workflows.forEach((workflow, w) => {
    const path = `$.workflows[${w}]`;
    if (!SNAKE_NAME.test(workflow.name)) ctx.error(`${path}.name`, 'INVALID_NAME', `workflow name '${workflow.name}' must be snake_case`);
    const first = names.get(workflow.name);
    if (first !== undefined) ctx.error(`${path}.name`, 'DUPLICATE_NAME', `workflow ${workflow.name} is declared twice (also $.workflows[${first}])`);
    else names.set(workflow.name, w);
    const entity = checkTrigger(ctx, workflow, path);
    checkSteps(ctx, workflow, entity, path);
    checkFlow(ctx, workflow, entity, path);
  });
}

/** The triggering entity, when the trigger names a known one. */
export function checkTrigger(ctx: ValidationContext, workflow: IrWorkflow, path: string): IrEntity | undefined {
  const trigger = workflow.trigger;
  if ('manual' in trigger) return undefined;
  const tpath = `${path}.trigger`;
  const entity = checkEntityTrigger(ctx, trigger, tpath, `workflow ${workflow.name}`);
  if (!entity) return undefined;
  const bytes = estimateRecordBytes(entity);
  if (bytes > ctx.ir.limits.workflowPayloadMaxBytes) {
    ctx.error(
      tpath,
      'WORKFLOW_PAYLOAD_TOO_LARGE',
      `workflow ${workflow.name} starts with a ${entity.name} record, which may take about ${kb(bytes)} KB, above the ${kb(ctx.ir.limits.workflowPayloadMaxBytes)} KB a workflow's input can hold: lower the maximum lengths of its text fields`,
    );
  }
  return entity;
}

/** A record trigger (a workflow's, an event handler's `on`): a known entity, a field change on an update, a value the field can hold. */
export function checkEntityTrigger(ctx: ValidationContext, trigger: IrEntityTrigger, tpath: string, subject: string): IrEntity | undefined {
  const entity = ctx.entities.get(trigger.entity);
  if (!entity) {
    ctx.error(`${tpath}.entity`, 'TRIGGER_UNKNOWN_ENTITY', `${subject} is triggered by ${trigger.entity}, which is not an entity of the project`);
    return undefined;
  }
  if ((trigger.field === undefined) !== (trigger.value === undefined)) {
    ctx.error(tpath, 'TRIGGER_INVALID', `${subject}: a field trigger names both a field and a value (${trigger.entity} <field> = <value>)`);
  } else if (trigger.field !== undefined && trigger.event !== 'updated') {
    ctx.error(`${tpath}.event`, 'TRIGGER_INVALID', `${subject}: a field trigger fires on updates (event 'updated'), not on '${trigger.event}'`);
  }
  if (trigger.field !== undefined) {
    const field = entity.fields.find((f) => f.name === trigger.field);
    if (!field) ctx.error(`${tpath}.field`, 'TRIGGER_UNKNOWN_FIELD', `${subject}: ${entity.name} has no field '${trigger.field}'`);
    else if (trigger.value !== undefined) {
      if (field.type === 'enum' && field.enum && !field.enum.includes(trigger.value)) {
        ctx.error(`${tpath}.value`, 'TRIGGER_INVALID_VALUE', `${subject}: '${trigger.value}' is not a value of ${entity.name}.${field.name} (${field.enum.join(', ')})`);
      } else if (field.type === 'boolean' && trigger.value !== 'true' && trigger.value !== 'false') {
        ctx.error(`${tpath}.value`, 'TRIGGER_INVALID_VALUE', `${subject}: ${entity.name}.${field.name} is true or false, not '${trigger.value}'`);
      } else if ((field.type === 'integer' || field.type === 'number') && !Number.isFinite(Number(trigger.value))) {
        ctx.error(`${tpath}.value`, 'TRIGGER_INVALID_VALUE', `${subject}: ${entity.name}.${field.name} is a number, not '${trigger.value}'`);
      }
    }
  }
  return entity;
}

export function checkSteps(ctx: ValidationContext, workflow: IrWorkflow, entity: IrEntity | undefined, path: string): void {
  const limits = ctx.ir.limits;
  if (workflow.steps.length === 0) ctx.error(`${path}.steps`, 'WORKFLOW_WITHOUT_STEPS', `workflow ${workflow.name} has no steps`);
  const names = new Set<string>();
  let total = 0;
  let stepTooLong = false;
  workflow.steps.forEach((step, s) => {
    const spath = `${path}.steps[${s}]`;
    if (!SNAKE_NAME.test(step.name)) ctx.error(`${spath}.name`, 'INVALID_NAME', `step name '${step.name}' must be snake_case`);
    if (names.has(step.name)) ctx.error(`${spath}.name`, 'DUPLICATE_NAME', `workflow ${workflow.name} has two steps named ${step.name}`);
    names.add(step.name);
    const [seconds, key] = stepWait(step);
    total += Math.max(0, seconds);
    if (Math.abs(seconds) > limits.workflowStepTimeoutMaxSeconds) {
      stepTooLong = true;
      ctx.error(`${spath}.${key}`, 'WORKFLOW_TIMEOUT_TOO_LONG', `workflow ${workflow.name}, step ${step.name}: ${describeSeconds(Math.abs(seconds))} is above the limit of one step (${describeSeconds(limits.workflowStepTimeoutMaxSeconds)})`);
    }
    if (step.kind === 'waitForEvent') {
      if (step.events.length === 0) ctx.error(`${spath}.events`, 'WAIT_FOR_EVENT_WITHOUT_EVENTS', `workflow ${workflow.name}, step ${step.name} waits for no event`);
      const events = new Set<string>();
      step.events.forEach((event, v) => {
        if (!SNAKE_NAME.test(event)) ctx.error(`${spath}.events[${v}]`, 'INVALID_NAME', `event name '${event}' must be snake_case`);
        if (events.has(event)) ctx.error(`${spath}.events[${v}]`, 'DUPLICATE_NAME', `step ${step.name} lists the event ${event} twice`);
        events.add(event);
      });
    }
    if (step.kind === 'waitUntil') checkWaitUntil(ctx, workflow, step, entity, spath);
  });
  // One report per workflow: a step above the limit already makes the total too long.
  if (total > limits.workflowMaxDurationSeconds && !stepTooLong) {
    ctx.error(`${path}.steps`, 'WORKFLOW_TIMEOUT_TOO_LONG', `workflow ${workflow.name} may wait ${describeSeconds(total)} in all, above the limit of ${describeSeconds(limits.workflowMaxDurationSeconds)}`);
  }
}

export function checkWaitUntil(ctx: ValidationContext, workflow: IrWorkflow, step: Extract<IrStep, { kind: 'waitUntil' }>, entity: IrEntity | undefined, path: string): void {
  if ('manual' in workflow.trigger) {
    ctx.error(`${path}.field`, 'WAIT_UNTIL_INVALID_FIELD', `workflow ${workflow.name} is started by hand, so step ${step.name} has no record whose ${step.field} it could wait for`);
    return;
  }
  // TRIGGER_UNKNOWN_ENTITY says why; a field reached `via` a reference is checked with the flow (workflow-flow.ts).
  if (!entity || step.via !== undefined) return;
  const field = entity.fields.find((f) => f.name === step.field);
  if (!field) ctx.error(`${path}.field`, 'WAIT_UNTIL_INVALID_FIELD', `workflow ${workflow.name}, step ${step.name}: ${entity.name} has no field '${step.field}'`);
  else if (field.type !== 'date' && field.type !== 'datetime') {
    ctx.error(`${path}.field`, 'WAIT_UNTIL_INVALID_FIELD', `workflow ${workflow.name}, step ${step.name}: ${entity.name}.${field.name} is a ${field.type}, not a date or datetime`);
  }
}

/** How long a step may wait, and the key of the IR node that says so. Tasks: the sum of their retry delays (doubling). */
function stepWait(step: IrStep): [number, string] {
  switch (step.kind) {
    case 'wait':
      return [step.seconds, 'seconds'];
    case 'waitUntil':
      // Waits until a time the record holds (unknown here); only its offset is bounded.
      return [step.offsetSeconds, 'offsetSeconds'];
    case 'waitForEvent':
    case 'waitForRecord':
      return [step.timeoutSeconds, 'timeoutSeconds'];
    case 'task':
      return [step.backoffSeconds * (2 ** step.retries - 1), 'retries'];
  }
}

function describeSeconds(seconds: number): string {
  const days = seconds / 86400;
  return days >= 1 ? `${Number(days.toFixed(1))} days` : `${seconds} s`;
}
