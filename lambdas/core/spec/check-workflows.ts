/**
 * The spec's workflows, checked (part of checkSpec): names, the trigger and its conditions, each
 * step's values, where steps lead (targets exist, branches name listed events, no loop of tasks
 * without a wait) and what tasks do (fields, values, record types, roles and workflows they
 * name). Every check that depends on the trigger's record reports at the step's `field` detail,
 * so the parser can mute it when the trigger line could not be read.
 */
import { loopWithoutWait, type IrNext } from '../blueprint/ir';
import { checkFreeText, checkOneLine, descriptionBounds, type Report } from './check-text';
import { isScalarType, parseFieldType, refTarget } from './field-type';
import { readNumber } from './spec-cells';
import { TRIGGER_KEY } from './spec-layout';
import type { SpecDocument, SpecEntity, SpecField, SpecTaskAction, SpecWorkflow, WorkflowStep } from './spec-model';
import { writeTarget } from './step-cells';
import { ISO_DURATION_PATTERN } from '../date-formats';
import { SNAKE_NAME, TRIGGER_EVENTS } from '../vocabulary';

export const DURATION_HINT = 'an ISO 8601 duration such as P7D, PT24H or PT30M';
const MAX_RETRIES = 20;

/** `at(message, 'field')` marks what depends on the trigger's record. */
export type At = (message: string, detail?: string) => void;

/**
 * What the checks of an action need to know: the spec, and the record the action acts on. Shared
 * with the event handlers and scheduled jobs (check-events.ts), whose actions are tasks' actions.
 */
export interface ActionScope {
  spec: SpecDocument;
  entities: Map<string, SpecEntity>;
  /** The record's entity, when known. */
  source: SpecEntity | undefined;
  /** Whether the actions have a record at all (a manual workflow, a job without records: none). */
  hasRecord: boolean;
  /** What the record is called, and how to give the actions one: 'the triggering record', 'the workflow needs a trigger (not manual)'. */
  record: { noun: string; fix: string };
  /** The workflow the action belongs to, which it may not start. */
  workflowName?: string;
}

/** What a step's checks need to know about the spec and its workflow. */
interface StepScope extends ActionScope {
  workflow: SpecWorkflow;
  steps: Set<string>;
}

/** A workflow's record, as messages name it. */
const TRIGGERING_RECORD = { noun: 'the triggering record', fix: 'the workflow needs a trigger (not manual)' };

export function checkWorkflows(spec: SpecDocument, entities: Map<string, SpecEntity>, report: Report): void {
  const seen = new Set<string>();
  spec.workflows.forEach((workflow, w) => {
    const path = `workflows.${w}`;
    const subject = `workflow ${workflow.name}`;
    if (!SNAKE_NAME.test(workflow.name)) report(path, `workflow name '${workflow.name}' must be snake_case (e.g. expense_approval)`);
    if (seen.has(workflow.name)) report(path, `${subject} is declared twice`);
    seen.add(workflow.name);
    checkFreeText(workflow.description, `${path}.description`, `${subject} description`, descriptionBounds(TRIGGER_KEY), report);
    const source = checkTrigger(workflow.trigger, entities, `${path}.trigger`, subject, report);
    if (workflow.steps.length === 0) report(`${path}.steps`, `${subject} needs at least one step in its step table`);
    const scope: StepScope = {
      spec,
      entities,
      workflow,
      source,
      hasRecord: workflow.trigger !== undefined,
      record: TRIGGERING_RECORD,
      workflowName: workflow.name,
      steps: new Set(workflow.steps.map((step) => step.name)),
    };
    const names = new Set<string>();
    workflow.steps.forEach((step, s) => {
      const stepPath = `${path}.steps.${s}`;
      const at: At = (message, detail) => report(detail ? `${stepPath}.${detail}` : stepPath, `${subject}, step ${step.name}: ${message}`);
      if (!SNAKE_NAME.test(step.name)) at('step names are snake_case (e.g. notify_manager)');
      if (names.has(step.name)) at('step name used twice in the workflow');
      names.add(step.name);
      checkStep(step, scope, at);
      checkTargets(step, scope, at);
    });
    const loop = loopWithoutWait(workflow.steps);
    if (loop) report(`${path}.steps`, `${subject}: the steps ${loop.join(' -> ')} -> ${loop[0]} form a loop without a wait, which would run forever; lead one of them elsewhere or put a wait in the loop`);
  });
}

/** Returns the triggering entity (whose fields steps may name), if known. A handler's `- On:` is checked the same way. */
export function checkTrigger(trigger: SpecWorkflow['trigger'], entities: Map<string, SpecEntity>, path: string, subject: string, report: Report): SpecEntity | undefined {
  if (!trigger) return undefined;
  const at = (message: string) => report(path, `${subject}, trigger: ${message}`);
  const entity = entities.get(trigger.entity);
  if (!entity) {
    at(`'${trigger.entity}' is not an entity of the spec (entities: ${[...entities.keys()].join(', ')})`);
    return undefined;
  }
  if (!(TRIGGER_EVENTS as readonly string[]).includes(trigger.event)) at(`unknown event '${trigger.event}' (expected ${TRIGGER_EVENTS.slice(0, -1).join(', ')} or ${TRIGGER_EVENTS.at(-1)})`);
  if ((trigger.field === undefined) !== (trigger.value === undefined)) at("a field condition needs both a field and a value: '<Entity> <field> = <value>'");
  for (const condition of trigger.where ?? []) {
    const field = entity.fields.find((candidate) => candidate.name === condition.field);
    if (!field) at(`${entity.name} has no field '${condition.field}' (in 'where')`);
    else checkValue(field, condition.value, `${entity.name}.${field.name}`, at);
    checkOneLine(condition.value, path, `${subject} condition value`, report);
  }
  if (trigger.field === undefined) return entity;
  // `Task status = done` is written without an event: it is a change, i.e. an update.
  if (trigger.event !== 'updated') at(`a field condition is a change made by an update; its event is 'updated' (not '${trigger.event}')`);
  const field = entity.fields.find((candidate) => candidate.name === trigger.field);
  if (!field) at(`${entity.name} has no field '${trigger.field}'`);
  else if (trigger.value !== undefined) checkValue(field, trigger.value, `${entity.name}.${field.name}`, at);
  if (trigger.value !== undefined) checkOneLine(trigger.value, path, `${subject} trigger value`, report);
  return entity;
}

/** A condition or an action compares or writes one value, so it must be a value the field can hold. */
export function checkValue(field: SpecField, value: string, subject: string, at: (message: string) => void): void {
  const type = parseFieldType(field.type);
  if (!type) return; // reported with the field
  if (type.kind === 'list' || isScalarType(type, 'file')) at(`${subject} is a ${field.type} field; a condition compares a single value`);
  else if (field.values && !field.values.includes(value)) at(`'${value}' is not a value of ${subject} (${field.values.join(', ')})`);
  else if (isScalarType(type, 'integer', 'number') && readNumber(value) === undefined) at(`'${value}' is not a number, as ${subject} is`);
  else if (isScalarType(type, 'boolean') && value !== 'true' && value !== 'false') at(`${subject} is a boolean; compare it with true or false`);
}

function checkStep(step: WorkflowStep, scope: StepScope, at: At): void {
  const triggered = scope.workflow.trigger !== undefined;
  switch (step.kind) {
    case 'wait':
      if (!ISO_DURATION_PATTERN.test(step.duration)) at(`'${step.duration}' is not ${DURATION_HINT}`);
      return;
    case 'waitUntil':
      checkWaitUntil(step, scope, at);
      return;
    case 'waitForEvent': {
      if (step.events.length === 0) at("waitForEvent needs 'events: <a>, <b>'");
      const seen = new Set<string>();
      for (const event of step.events) {
        if (!SNAKE_NAME.test(event)) at(`event name '${event}' must be snake_case (e.g. approved)`);
        if (seen.has(event)) at(`event '${event}' is listed twice`);
        seen.add(event);
      }
      const branched = new Set<string>();
      for (const branch of step.on ?? []) {
        if (!step.events.includes(branch.event)) at(`'${branch.event} -> ...' leads an event the step does not wait for (events: ${step.events.join(', ')})`);
        if (branched.has(branch.event)) at(`event '${branch.event}' leads two ways`);
        branched.add(branch.event);
      }
      if (!ISO_DURATION_PATTERN.test(step.timeout)) at(`timeout '${step.timeout}' is not ${DURATION_HINT}`);
      if (step.onTimeout !== undefined && !SNAKE_NAME.test(step.onTimeout)) at(`on timeout '${step.onTimeout}' must be a snake_case outcome (e.g. rejected)`);
      if (step.onTimeout !== undefined && step.timeoutNext !== undefined) at(`the timeout leads to '${writeTarget(step.timeoutNext)}' and 'on timeout: ${step.onTimeout}' too; keep one ('timeout: ... -> end ${step.onTimeout}')`);
      return;
    }
    case 'waitForRecord':
      if (!ISO_DURATION_PATTERN.test(step.timeout)) at(`timeout '${step.timeout}' is not ${DURATION_HINT}`);
      if (!triggered) at('waitForRecord waits for a change about the triggering record, so the workflow needs a trigger (not manual)', 'field');
      else checkRecordChange(step.change, scope, at);
      return;
    case 'task':
      if (step.retries !== undefined && (!Number.isInteger(step.retries) || step.retries < 0 || step.retries > MAX_RETRIES)) {
        at(`retries must be a whole number from 0 to ${MAX_RETRIES} (got ${step.retries})`);
      }
      if (step.backoff !== undefined && !ISO_DURATION_PATTERN.test(step.backoff)) at(`backoff '${step.backoff}' is not ${DURATION_HINT}`);
      if (step.action) checkAction(step.action, scope, at);
      return;
    default:
      at(`unknown step kind '${(step as { kind: string }).kind}'`);
  }
}

/** The record's field, or through `via` (a reference field of the record) the referenced record's: a date or datetime. */
function checkWaitUntil(step: Extract<WorkflowStep, { kind: 'waitUntil' }>, scope: StepScope, at: At): void {
  const offset = step.offset;
  if (offset !== undefined && (!['+', '-'].includes(offset[0] ?? '') || !ISO_DURATION_PATTERN.test(offset.slice(1)))) {
    at(`offset '${offset}' must be + or - followed by ${DURATION_HINT}`);
  }
  if (!scope.workflow.trigger) {
    at('waitUntil waits for a date of the triggering record, so the workflow needs a trigger (not manual)', 'field');
    return;
  }
  let holder = scope.source;
  if (!holder) return;
  if (step.via !== undefined) {
    const target = referencedEntity(holder, step.via, scope, at);
    if (!target) return;
    holder = target;
  }
  const field = holder.fields.find((candidate) => candidate.name === step.field);
  if (!field) at(`${holder.name} has no field '${step.field}'`, 'field');
  else if (field.type !== 'date' && field.type !== 'datetime') at(`${holder.name}.${field.name} is ${field.type}; waitUntil needs a date or datetime field`, 'field');
}

/** The declared entity a reference field of the triggering record points at (User has no fields to read). */
function referencedEntity(source: SpecEntity, name: string, scope: StepScope, at: At): SpecEntity | undefined {
  const field = source.fields.find((candidate) => candidate.name === name);
  const target = field ? refTarget(parseFieldType(field.type)) : undefined;
  if (!field) at(`${source.name} has no field '${name}'`, 'field');
  else if (!target || parseFieldType(field.type)?.kind !== 'ref') at(`${source.name}.${name} is ${field.type}, not a reference to one record`, 'field');
  else if (!scope.entities.has(target)) at(`${source.name}.${name} points at ${target}, whose fields the spec does not declare`, 'field');
  return target ? scope.entities.get(target) : undefined;
}

function checkRecordChange(change: Extract<WorkflowStep, { kind: 'waitForRecord' }>['change'], scope: StepScope, at: At): void {
  const source = scope.source;
  if (!source) return;
  if (change.kind === 'fieldSet') {
    const field = source.fields.find((candidate) => candidate.name === change.field);
    if (!field) at(`${source.name} has no field '${change.field}'`, 'field');
    else checkValue(field, change.value, `${source.name}.${field.name}`, (message) => at(message, 'field'));
    return;
  }
  const entity = scope.entities.get(change.entity);
  if (!entity) {
    at(`'${change.entity}' is not an entity of the spec`, 'field');
    return;
  }
  const field = entity.fields.find((candidate) => candidate.name === change.field);
  if (!field) at(`${entity.name} has no field '${change.field}'`, 'field');
  else if (parseFieldType(field.type)?.kind !== 'ref' || refTarget(parseFieldType(field.type)) !== source.name) {
    at(`${entity.name}.${field.name} is ${field.type}; the record waited for must point at the ${source.name} with a ref(${source.name}) field`, 'field');
  }
}

/** `at(message, 'field')` marks what depends on the record (see At). */
export function checkAction(action: SpecTaskAction, scope: ActionScope, at: At): void {
  const source = scope.source;
  const needsRecord = (what: string) => {
    if (!scope.hasRecord) at(`${what} ${scope.record.noun}, so ${scope.record.fix}`, 'field');
  };
  switch (action.type) {
    case 'update': {
      needsRecord('update changes fields of');
      if (!source) return;
      const seen = new Set<string>();
      for (const item of action.set) {
        if (seen.has(item.field)) at(`update sets ${item.field} twice`);
        seen.add(item.field);
        const field = source.fields.find((candidate) => candidate.name === item.field);
        if (!field) at(`${source.name} has no field '${item.field}' to update`, 'field');
        else if (item.value === null && field.required) at(`${source.name}.${field.name} is required; it cannot be cleared with null`, 'field');
        else if (item.value !== null) checkValue(field, item.value, `${source.name}.${field.name}`, (message) => at(message, 'field'));
      }
      return;
    }
    case 'create':
      checkCreate(action, scope, at);
      return;
    case 'notify':
      checkOneLine(action.subject, '', 'a notification subject', (_, message) => at(message));
      checkOneLine(action.message, '', 'a notification message', (_, message) => at(message));
      if ('role' in action.to) {
        const role = action.to.role;
        if (!scope.spec.roles.some((candidate) => candidate.name === role)) at(`'${role}' is not a role of the spec (roles: ${scope.spec.roles.map((r) => r.name).join(', ')})`);
        return;
      }
      needsRecord(`notify ${'owner' in action.to ? 'owner' : action.to.field} emails someone of`);
      if ('field' in action.to && source) {
        const name = action.to.field;
        const field = source.fields.find((candidate) => candidate.name === name);
        if (!field) at(`${source.name} has no field '${name}' to notify`, 'field');
        else if (parseFieldType(field.type)?.kind !== 'ref') at(`${source.name}.${name} is ${field.type}; notify a reference field (e.g. a ref(User))`, 'field');
      }
      return;
    case 'call':
      if (!SNAKE_NAME.test(action.endpoint)) at(`endpoint name '${action.endpoint}' must be snake_case (e.g. payment)`);
      return;
    case 'start':
      if (action.workflow === scope.workflowName) at('a workflow cannot start itself');
      else if (!scope.spec.workflows.some((candidate) => candidate.name === action.workflow)) at(`'${action.workflow}' is not a workflow of the spec`);
      return;
  }
}

function checkCreate(action: Extract<SpecTaskAction, { type: 'create' }>, scope: ActionScope, at: At): void {
  const entity = scope.entities.get(action.entity);
  if (!entity) {
    at(`'${action.entity}' is not an entity of the spec (entities: ${[...scope.entities.keys()].join(', ')})`);
    return;
  }
  const seen = new Set<string>();
  for (const item of action.values) {
    if (seen.has(item.field)) at(`create ${entity.name} gives ${item.field} twice`);
    seen.add(item.field);
    const field = entity.fields.find((candidate) => candidate.name === item.field);
    if (!field) at(`${entity.name} has no field '${item.field}'`);
    if ((item.value === undefined) === (item.from === undefined)) at(`create ${entity.name}: give ${item.field} either a value or 'from' a field`);
    if (item.value !== undefined && field) checkValue(field, item.value, `${entity.name}.${field.name}`, (message) => at(message));
    if (item.from === undefined || item.from === 'id') continue;
    if (!scope.hasRecord) at(`'${item.field} from ${item.from}' copies a field of ${scope.record.noun}, so ${scope.record.fix}`, 'field');
    else if (scope.source && !scope.source.fields.some((candidate) => candidate.name === item.from)) at(`${scope.source.name} has no field '${item.from}' to copy`, 'field');
  }
  const missing = entity.fields.filter((field) => field.required && field.default === undefined && !seen.has(field.name)).map((field) => field.name);
  if (missing.length > 0) at(`create ${entity.name} must give its required fields: ${missing.join(', ')}`);
}

/** Targets name a step of the workflow, or end with a snake_case outcome. */
function checkTargets(step: WorkflowStep, scope: StepScope, at: At): void {
  const targets: IrNext[] = [];
  if (step.next) targets.push(step.next);
  if (step.kind === 'waitForEvent') targets.push(...(step.on ?? []).map((branch) => branch.next), ...(step.timeoutNext ? [step.timeoutNext] : []));
  if (step.kind === 'waitForRecord' && step.timeoutNext) targets.push(step.timeoutNext);
  for (const target of targets) {
    if ('step' in target && !scope.steps.has(target.step)) at(`'${target.step}' is not a step of the workflow (steps: ${[...scope.steps].join(', ')})`);
    if ('end' in target && !SNAKE_NAME.test(target.end)) at(`outcome '${target.end}' must be snake_case (e.g. rejected)`);
  }
}
