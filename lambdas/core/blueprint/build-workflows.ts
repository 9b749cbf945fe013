/**
 * The spec's workflows into the IR (part of buildBlueprint): durations in seconds, action values
 * typed by the field they go into. A spec step without the keys branching added gives exactly
 * the IR it gave before (same keys, same order), so rebuilt blueprints of old specs do not move.
 * Faithful, not judgmental: a value that does not fit its field stays as written, for
 * validate-blueprint/ to report.
 */
import { parseFieldType } from '../spec/field-type';
import { readNumber } from '../spec/spec-cells';
import type { SpecDocument, SpecTaskAction, SpecWorkflow, WorkflowStep } from '../spec/spec-model';
import { durationSeconds } from './durations';
import type { IrEntityTrigger, IrStep, IrTaskAction, IrTrigger, IrWorkflow } from './ir';

/** A task's first retry delay when the spec gives retries but no backoff (Step Functions' default). */
export const DEFAULT_BACKOFF_SECONDS = 1;

export function buildWorkflow(workflow: SpecWorkflow, spec: SpecDocument): IrWorkflow {
  const t = workflow.trigger;
  const trigger: IrTrigger = t ? buildEntityTrigger(t) : { manual: true };
  const typer = fieldTyper(spec);
  return {
    name: workflow.name,
    ...(workflow.description !== undefined ? { description: workflow.description } : {}),
    trigger,
    steps: workflow.steps.map((step) => buildStep(step, workflow.name, t?.entity, typer)),
  };
}

/** A record trigger as the IR writes it (a workflow's trigger, an event handler's `on`). */
export function buildEntityTrigger(t: NonNullable<SpecWorkflow['trigger']>): IrEntityTrigger {
  return {
    entity: t.entity,
    event: t.event,
    ...(t.field !== undefined ? { field: t.field } : {}),
    ...(t.value !== undefined ? { value: t.value } : {}),
    ...(t.where !== undefined ? { where: t.where.map((c) => ({ field: c.field, value: c.value })) } : {}),
  };
}

/** Whole seconds of an ISO 8601 duration; `where` names it when the text is not one (the checker reports it first). */
export function seconds(text: string, where: string): number {
  const value = durationSeconds(text);
  if (value === undefined) throw new Error(`${where}: '${text}' is not an ISO 8601 duration`);
  return value;
}

/** `next` last, only when set: the keys of a step from before branching stay what they were. */
const withNext = <S extends object>(step: S, from: WorkflowStep): S => (from.next ? { ...step, next: { ...from.next } } : step);

function buildStep(step: WorkflowStep, workflow: string, source: string | undefined, typer: FieldTyper): IrStep {
  const where = `workflow ${workflow}, step ${step.name}`;
  switch (step.kind) {
    case 'wait':
      return withNext({ kind: 'wait', name: step.name, seconds: seconds(step.duration, where) }, step);
    case 'waitUntil':
      return withNext(
        {
          kind: 'waitUntil',
          name: step.name,
          field: step.field,
          offsetSeconds: step.offset === undefined ? 0 : seconds(step.offset, where),
          ...(step.via !== undefined ? { via: step.via } : {}),
        },
        step,
      );
    case 'waitForEvent':
      return withNext(
        {
          kind: 'waitForEvent',
          name: step.name,
          events: [...step.events],
          timeoutSeconds: seconds(step.timeout, where),
          ...(step.onTimeout !== undefined ? { onTimeout: step.onTimeout } : {}),
          ...(step.on !== undefined ? { on: step.on.map((branch) => ({ event: branch.event, next: { ...branch.next } })) } : {}),
          ...(step.timeoutNext !== undefined ? { timeoutNext: { ...step.timeoutNext } } : {}),
        },
        step,
      );
    case 'waitForRecord':
      return withNext(
        {
          kind: 'waitForRecord',
          name: step.name,
          timeoutSeconds: seconds(step.timeout, where),
          change: { ...step.change },
          ...(step.timeoutNext !== undefined ? { timeoutNext: { ...step.timeoutNext } } : {}),
        },
        step,
      );
    case 'task':
      return withNext(
        {
          kind: 'task',
          name: step.name,
          retries: step.retries ?? 0,
          backoffSeconds: step.backoff === undefined ? DEFAULT_BACKOFF_SECONDS : seconds(step.backoff, where),
          ...(step.action !== undefined ? { action: buildAction(step.action, source, typer) } : {}),
        },
        step,
      );
  }
}

/** A value as written, typed by the field it goes into (entity and field names as the spec gives them). */
export type FieldTyper = (entity: string | undefined, field: string, text: string) => string | number | boolean;

export function fieldTyper(spec: SpecDocument): FieldTyper {
  return (entity, field, text) => {
    const declared = spec.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === field);
    const type = declared ? parseFieldType(declared.type) : undefined;
    if (type?.kind !== 'scalar') return text;
    if (type.name === 'integer' || type.name === 'number') return readNumber(text) ?? text;
    if (type.name === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
    return text;
  };
}

/** A task's action, its values typed by the fields they go into; `source` is the entity of the record it acts on. */
export function buildAction(action: SpecTaskAction, source: string | undefined, typer: FieldTyper): IrTaskAction {
  switch (action.type) {
    case 'update':
      return { type: 'update', set: action.set.map((item) => ({ field: item.field, value: item.value === null ? null : typer(source, item.field, item.value) })) };
    case 'create':
      return {
        type: 'create',
        entity: action.entity,
        values: action.values.map((item) => ({
          field: item.field,
          ...(item.value !== undefined ? { value: typer(action.entity, item.field, item.value) } : {}),
          ...(item.from !== undefined ? { from: item.from } : {}),
        })),
      };
    case 'notify':
      // The email needs a text; a spec that gives only a subject sends the subject as the text too.
      return { type: 'notify', to: { ...action.to }, subject: action.subject, message: action.message ?? action.subject };
    case 'call':
      return { type: 'call', endpoint: action.endpoint };
    case 'start':
      return { type: 'start', workflow: action.workflow };
  }
}
