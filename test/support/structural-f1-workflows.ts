/**
 * The workflow facts of the strict F1 scorer (structural-f1.ts): each workflow, its trigger, and
 * its steps' kinds and key parameters, the spec's workflows paired with the expected ones and
 * their steps aligned in order.
 */
import { SIGNED_ISO_DURATION_PATTERN } from '../../lambdas/core/date-formats';
import { STEP_KINDS, readTrigger, writeTrigger } from '../../lambdas/core/spec/spec-cells';
import type { SpecDocument, SpecWorkflow } from '../../lambdas/core/spec/spec-model';
import type { TriggerEvent } from '../../lambdas/core/vocabulary';
import type { ExpectedSpec } from './expected-spec';
import { entityKey, nameKey, type Facts } from './structural-f1-facts';

/** `PT48H` and `P2D` are the same wait; months and years have no fixed length and compare as written. */
function durationKey(text: string): string {
  const m = SIGNED_ISO_DURATION_PATTERN.exec(text.trim().toUpperCase());
  if (!m) return nameKey(text);
  const [, sign = '', years, months, ...units] = m;
  const signed = sign === '-' ? '-' : '';
  if (years !== undefined || months !== undefined) return `${signed}${text.trim().toUpperCase().replace(/^[+-]/, '')}`;
  const seconds = [604_800, 86_400, 3600, 60, 1].reduce((sum, unit, i) => sum + unit * Number(units[i] ?? 0), 0);
  return `${signed}${seconds}s`;
}

/** A trigger: an event, a field reaching a value (`field` absent: whatever field holds it), or manual. */
type Trigger = { manual: true } | { manual: false; entity: string; event?: TriggerEvent | undefined; field?: string | undefined; value?: string | undefined };

function fromSpecTrigger(trigger: SpecWorkflow['trigger']): Trigger {
  if (!trigger) return { manual: true };
  return trigger.field === undefined ? { manual: false, entity: trigger.entity, event: trigger.event } : { manual: false, entity: trigger.entity, field: trigger.field, value: trigger.value };
}

/** The spec's trigger forms, or `<Entity> <state>` (`Appointment confirmed`): the record reaching a value. */
function expectedTrigger(text: string, workflow: string): Trigger {
  const read = readTrigger(text);
  if (read.ok) return fromSpecTrigger(read.value);
  const state = /^(\S+)\s+(\S+)$/.exec(text.trim());
  if (!state) throw new Error(`expected structure: workflow ${workflow} has an unreadable trigger '${text}'`);
  return { manual: false, entity: state[1]!, value: state[2]! };
}

/** `anyField`: the expected trigger names a value but no field, so the spec's field is not compared. */
function triggerKey(trigger: Trigger, anyField: boolean): string {
  if (trigger.manual) return 'manual';
  const entity = entityKey(trigger.entity);
  if (trigger.value === undefined) return `${entity} ${trigger.event ?? ''}`;
  return `${entity} ${anyField ? '*' : nameKey(trigger.field ?? '')}=${nameKey(trigger.value)}`;
}

interface StepShape {
  kind: string;
  duration?: string | undefined;
  field?: string | undefined;
  offset?: string | undefined;
  events?: string[] | undefined;
  timeout?: string | undefined;
  onTimeout?: string | undefined;
  retries?: number | undefined;
  backoff?: string | undefined;
}
interface Param {
  /** Which parameter (`timeout`), so a spec parameter counts only where the expected step states it. */
  name: string;
  key: string;
  label: string;
}
interface Step {
  kind: string;
  params: Param[];
}

function stepOf(shape: StepShape): Step {
  const params: Param[] = [];
  const add = (name: string, valueKey: string, shown: string | number) => params.push({ name, key: `${name}=${valueKey}`, label: `${name} ${shown}` });
  if (shape.duration !== undefined) add('duration', durationKey(shape.duration), shape.duration);
  if (shape.field !== undefined) add('field', nameKey(shape.field), shape.field);
  if (shape.offset !== undefined) add('offset', durationKey(shape.offset), shape.offset);
  for (const event of shape.events ?? []) add('event', nameKey(event), event);
  if (shape.timeout !== undefined) add('timeout', durationKey(shape.timeout), shape.timeout);
  if (shape.onTimeout !== undefined) add('onTimeout', nameKey(shape.onTimeout), shape.onTimeout);
  if (shape.retries !== undefined) add('retries', String(shape.retries), shape.retries);
  if (shape.backoff !== undefined) add('backoff', durationKey(shape.backoff), shape.backoff);
  return { kind: shape.kind, params };
}

/** An expected step: `kind` and its parameters; `at`/`until` is `[Entity.]field [+-] duration`; names and notes are ignored. */
function expectedStep(step: Record<string, unknown>, where: string): Step {
  const text = (key: string) => (typeof step[key] === 'string' ? (step[key] as string) : undefined);
  const kind = text('kind') ?? '';
  if (!(STEP_KINDS as readonly string[]).includes(kind)) throw new Error(`expected structure: ${where} has an unknown kind '${String(step.kind)}'`);
  const shape: StepShape = { kind, duration: text('duration'), timeout: text('timeout'), onTimeout: text('onTimeout') ?? text('on_timeout'), backoff: text('backoff') };
  if (Array.isArray(step.events)) shape.events = step.events.map(String);
  if (typeof step.retries === 'number') shape.retries = step.retries;
  const at = text('at') ?? text('until') ?? text('field');
  if (at !== undefined) {
    const m = /^(?:[A-Za-z][A-Za-z0-9]*\.)?([A-Za-z0-9_]+)\s*(?:([+-])\s*(\S+))?$/.exec(at.trim());
    if (!m) throw new Error(`expected structure: ${where} has an unreadable time '${at}'`);
    shape.field = m[1];
    if (m[2] !== undefined) shape.offset = `${m[2]}${m[3]}`;
  }
  return stepOf(shape);
}

const sharedParams = (want: Step, got: Step) => want.params.filter((p) => got.params.some((q) => q.key === p.key)).length;

/**
 * Pairs spec steps with expected steps in order (same kind only), keeping the pairing with the
 * most matching parameters; returns spec step index -> expected step index, and the pairing's worth.
 */
function alignSteps(want: Step[], got: Step[]): { pairs: Map<number, number>; worth: number } {
  const gain = (i: number, j: number) => (want[i]!.kind === got[j]!.kind ? 1 + sharedParams(want[i]!, got[j]!) : -1);
  // best[i][j]: the worth of the best pairing of want[i..] with got[j..].
  const best = Array.from({ length: want.length + 1 }, () => new Array<number>(got.length + 1).fill(0));
  const at = (i: number, j: number) => best[i]![j]!;
  for (let i = want.length - 1; i >= 0; i -= 1) {
    for (let j = got.length - 1; j >= 0; j -= 1) {
      const g = gain(i, j);
      best[i]![j] = Math.max(at(i + 1, j), at(i, j + 1), g < 0 ? 0 : g + at(i + 1, j + 1));
    }
  }
  const pairs = new Map<number, number>();
  for (let i = 0, j = 0; i < want.length && j < got.length; ) {
    const g = gain(i, j);
    if (g >= 0 && at(i, j) === g + at(i + 1, j + 1)) pairs.set(j++, i++);
    else if (at(i, j) === at(i + 1, j)) i += 1;
    else j += 1;
  }
  return { pairs, worth: at(0, 0) };
}

interface Workflow {
  name: string;
  trigger?: Trigger | undefined;
  steps: Step[];
}

function addSteps(facts: Facts, workflowKey: string, workflow: string, steps: Step[], counterpart?: { steps: Step[]; pairs: Map<number, number> }): void {
  steps.forEach((step, j) => {
    const i = counterpart ? counterpart.pairs.get(j) : j;
    const label = `step ${workflow} #${j + 1}`;
    if (i === undefined) {
      facts.add('steps', `${workflowKey} +${j} kind=${step.kind}`, `${label} ${step.kind}`);
      return;
    }
    facts.add('steps', `${workflowKey} #${i} kind=${step.kind}`, `${label} ${step.kind}`);
    const stated = counterpart ? new Set(counterpart.steps[i]!.params.map((p) => p.name)) : undefined;
    for (const p of step.params) if (!stated || stated.has(p.name)) facts.add('steps', `${workflowKey} #${i} ${p.key}`, `${label} ${p.label}`);
  });
}

export function workflowFacts(spec: SpecDocument, exp: ExpectedSpec, want: Facts, got: Facts): void {
  const expected: Workflow[] = (exp.workflows ?? []).map((w) => ({
    name: w.name,
    trigger: w.trigger === undefined ? undefined : expectedTrigger(w.trigger, w.name),
    steps: w.steps.map((s, k) => expectedStep(s, `workflow ${w.name} step ${k + 1}`)),
  }));
  const actual: Workflow[] = [
    ...spec.workflows.map((w) => ({ name: w.name, trigger: fromSpecTrigger(w.trigger), steps: w.steps.map(stepOf) })),
    // An event handler is a workflow of tasks that waits for nothing (the expected structures,
    // written before handlers existed, list it as one): one task per action, with its retries.
    ...(spec.events ?? []).map((h) => ({ name: h.name, trigger: fromSpecTrigger(h.on), steps: h.actions.map(() => stepOf({ kind: 'task', retries: h.retry?.retries, backoff: h.retry?.backoff })) })),
  ];
  const anyFieldOf = (w: Workflow) => w.trigger !== undefined && !w.trigger.manual && w.trigger.value !== undefined && w.trigger.field === undefined;
  // Each expected workflow's counterpart: the spec's workflow most like it (same trigger, then the
  // most steps and parameters in order), the likest pairs first over all of them, so the order
  // the workflows are written in never decides (a first expected workflow that the spec lacks does
  // not take the spec's one meant for the second).
  const candidates = expected.flatMap((w, i) => actual.map((a, j) => {
    const anyField = anyFieldOf(w);
    const sameTrigger = w.trigger !== undefined && triggerKey(w.trigger, anyField) === triggerKey(a.trigger as Trigger, anyField) ? 100 : 0;
    // (Between equals, the one with as many steps: a handler and a workflow on one trigger.)
    return { i, j, worth: (sameTrigger + alignSteps(w.steps, a.steps).worth) * 1000 - Math.abs(w.steps.length - a.steps.length) };
  }));
  candidates.sort((x, y) => y.worth - x.worth || x.i - y.i || x.j - y.j);
  const counterpart = new Map<number, number>();
  const unpaired = new Set(actual.map((_, j) => j));
  for (const { i, j } of candidates) {
    if (counterpart.has(i) || !unpaired.has(j)) continue;
    counterpart.set(i, j);
    unpaired.delete(j);
  }
  expected.forEach((w, i) => {
    const key = nameKey(w.name);
    const anyField = anyFieldOf(w);
    want.add('workflows', key, `workflow ${w.name}`);
    if (w.trigger) want.add('triggers', `${key} ${triggerKey(w.trigger, anyField)}`, `trigger ${w.name}: ${writeExpectedTrigger(w.trigger)}`);
    addSteps(want, key, w.name, w.steps);
    const j = counterpart.get(i);
    if (j === undefined) return;
    const a = actual[j]!;
    got.add('workflows', key, `workflow ${a.name}`);
    if (w.trigger) got.add('triggers', `${key} ${triggerKey(a.trigger as Trigger, anyField)}`, `trigger ${a.name}: ${writeExpectedTrigger(a.trigger as Trigger)}`);
    addSteps(got, key, a.name, a.steps, { steps: w.steps, pairs: alignSteps(w.steps, a.steps).pairs });
  });
  for (const j of unpaired) {
    const a = actual[j]!;
    const key = `+${nameKey(a.name)}`;
    got.add('workflows', key, `workflow ${a.name}`);
    got.add('triggers', `${key} ${triggerKey(a.trigger as Trigger, false)}`, `trigger ${a.name}: ${writeExpectedTrigger(a.trigger as Trigger)}`);
    addSteps(got, key, a.name, a.steps, { steps: [], pairs: new Map() });
  }
}

function writeExpectedTrigger(trigger: Trigger): string {
  if (trigger.manual) return writeTrigger(undefined);
  if (trigger.value !== undefined && trigger.field === undefined) return `${trigger.entity} ${trigger.value}`;
  return writeTrigger({ entity: trigger.entity, event: trigger.event ?? 'updated', field: trigger.field, value: trigger.value });
}
