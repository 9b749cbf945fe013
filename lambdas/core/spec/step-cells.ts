/**
 * The Details cell of a workflow's step table: its small language, reader and writer side by
 * side so that they stay inverse (as spec-cells.ts does for the other cells). Items are
 * `;`-separated; a wait's duration and a waitUntil's time come first, bare; the others are
 * `key: value`. Branching (issue 25) added `then: <target>`, `<event> -> <target>`,
 * `timeout: <duration> -> <target>`, the waitForRecord kind and task actions; a target is a step
 * name, `end` or `end <outcome>`. Every Details text that read before branching reads the same.
 */
import { COMPLETED_OUTCOME, type IrNext } from '../blueprint/ir';
import type { SpecTaskAction, WorkflowStep } from './spec-model';
import { STEP_KINDS, readNumber, splitList, type Read, type StepKind } from './spec-cells';

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = <T>(error: string): Read<T> => ({ ok: false, error });

type Step<K extends StepKind> = Extract<WorkflowStep, { kind: K }>;

const THEN_KEY = 'then';
const ARROW = '->';
const TARGET_USAGE = "a step name, 'end' or 'end <outcome>' (e.g. pay, end rejected)";

// --- targets ----------------------------------------------------------------------------------

/** `pay` -> the step pay; `end` -> the end `completed`; `end rejected` -> the end `rejected`. */
export function readTarget(text: string): Read<IrNext> {
  const parts = text.trim().split(/\s+/).filter((part) => part !== '');
  if (parts.length === 1 && parts[0] !== 'end') return ok({ step: parts[0] as string });
  if (parts[0] === 'end' && parts.length <= 2) return ok({ end: parts[1] ?? COMPLETED_OUTCOME });
  return fail(`'${text.trim()}' is not a target: write ${TARGET_USAGE}`);
}

export const writeTarget = (next: IrNext): string => ('step' in next ? next.step : next.end === COMPLETED_OUTCOME ? 'end' : `end ${next.end}`);

/** `P7D -> escalate`: what is left of the arrow, and the target when there is one. */
function splitArrow(text: string): Read<{ left: string; target?: IrNext }> {
  const at = text.indexOf(ARROW);
  if (at < 0) return ok({ left: text.trim() });
  const target = readTarget(text.slice(at + ARROW.length));
  if (!target.ok) return target;
  return ok({ left: text.slice(0, at).trim(), target: target.value });
}

const arrowed = (left: string, target: IrNext | undefined): string => (target ? `${left} ${ARROW} ${writeTarget(target)}` : left);

// --- items ------------------------------------------------------------------------------------

/** `key: value` items, keys in any case; `lead` names the bare first item some kinds begin with. */
interface Items {
  lead?: string;
  values: Map<string, string>;
}

function readItems(details: string, keys: readonly string[], kind: string, lead?: string): Read<Items> {
  const parts = splitList(details, ';');
  const items: Items = { values: new Map() };
  if (lead !== undefined) {
    if (parts.length === 0 || parts[0]!.includes(':')) return fail(`${kind} details start with ${lead}`);
    items.lead = parts.shift();
  }
  for (const part of parts) {
    const colon = part.indexOf(':');
    const key = colon < 0 ? '' : part.slice(0, colon).trim().replace(/\s+/g, ' ').toLowerCase();
    if (!keys.includes(key)) return fail(`${kind} details: '${part}' is not one of ${keys.map((k) => `'${k}: ...'`).join(', ')}`);
    if (items.values.has(key)) return fail(`${kind} details: '${key}' given twice`);
    items.values.set(key, part.slice(colon + 1).trim());
  }
  return ok(items);
}

/** The `then:` item into `step.next`. */
function withThen<S extends WorkflowStep>(step: S, items: Items): Read<S> {
  const then = items.values.get(THEN_KEY);
  if (then === undefined) return ok(step);
  const target = readTarget(then);
  if (!target.ok) return fail(`then: ${target.error}`);
  return ok({ ...step, next: target.value });
}

const thenItem = (step: WorkflowStep): string[] => (step.next ? [`${THEN_KEY}: ${writeTarget(step.next)}`] : []);

// --- reading ----------------------------------------------------------------------------------

/** Reads one row of a step table into a step; the values are checked later (check-workflows.ts). */
export function readStep(name: string, kindText: string, details: string): Read<WorkflowStep> {
  const kind = STEP_KINDS.find((k) => k.toLowerCase() === kindText.trim().toLowerCase());
  if (!kind) return fail(`unknown step kind '${kindText.trim()}' (expected ${STEP_KINDS.join(', ')})`);
  const text = details.trim();
  switch (kind) {
    case 'wait':
      return readWait(name, text);
    case 'waitUntil':
      return readWaitUntil(name, text);
    case 'waitForEvent':
      return readWaitForEvent(name, text);
    case 'waitForRecord':
      return readWaitForRecord(name, text);
    case 'task':
      return readTask(name, text);
  }
}

function readWait(name: string, details: string): Read<Step<'wait'>> {
  if (details === '') return fail('wait needs a duration in Details, e.g. P30D or PT12H');
  const items = readItems(details, [THEN_KEY], 'wait', 'a duration (e.g. P30D)');
  if (!items.ok) return items;
  return withThen({ kind: 'wait', name, duration: items.value.lead as string }, items.value);
}

function readWaitUntil(name: string, details: string): Read<Step<'waitUntil'>> {
  const usage = `waitUntil details must be '<datetime field>', '<field> - PT24H' or '<field> + P1D', or '<reference field>.<datetime field> - P1D' (got '${details}')`;
  const items = readItems(details, [THEN_KEY], 'waitUntil', 'the date field');
  if (!items.ok) return items;
  const time = items.value.lead as string;
  // `[<ref>.]<field>`, then an optional signed duration.
  const match = /^(?:([A-Za-z0-9_]+)\.)?([A-Za-z0-9_]+)/.exec(time);
  if (!match) return fail(usage);
  const via = match[1];
  const field = match[2] as string;
  const rest = time.slice(match[0].length).trim();
  const step: Step<'waitUntil'> = { kind: 'waitUntil', name, field };
  if (rest !== '') {
    const sign = rest[0];
    const duration = rest.slice(1).trim();
    if ((sign !== '+' && sign !== '-') || duration === '') return fail(usage);
    step.offset = `${sign}${duration}`;
  }
  if (via !== undefined) step.via = via;
  return withThen(step, items.value);
}

function readWaitForEvent(name: string, details: string): Read<Step<'waitForEvent'>> {
  const items = readItems(details, ['events', 'timeout', 'on timeout', THEN_KEY], 'waitForEvent');
  if (!items.ok) return items;
  const listed = splitList(items.value.values.get('events') ?? '');
  const timeoutText = items.value.values.get('timeout') ?? '';
  if (listed.length === 0 || timeoutText === '') {
    return fail("waitForEvent details need 'events: <a>, <b>; timeout: <duration>' (e.g. events: approved -> pay, rejected -> end rejected; timeout: P7D -> escalate)");
  }
  const events: string[] = [];
  const on: NonNullable<Step<'waitForEvent'>['on']> = [];
  for (const item of listed) {
    const split = splitArrow(item);
    if (!split.ok) return fail(`event '${item}': ${split.error}`);
    events.push(split.value.left);
    if (split.value.target) on.push({ event: split.value.left, next: split.value.target });
  }
  const timeout = splitArrow(timeoutText);
  if (!timeout.ok) return fail(`timeout: ${timeout.error}`);
  const step: Step<'waitForEvent'> = { kind: 'waitForEvent', name, events, timeout: timeout.value.left };
  const onTimeout = items.value.values.get('on timeout');
  if (onTimeout !== undefined) step.onTimeout = onTimeout;
  if (on.length > 0) step.on = on;
  if (timeout.value.target) step.timeoutNext = timeout.value.target;
  return withThen(step, items.value);
}

const RECORD_USAGE = "write 'record: <Entity> created (<its reference field>)' or 'record: <field> = <value>'";

function readWaitForRecord(name: string, details: string): Read<Step<'waitForRecord'>> {
  const items = readItems(details, ['record', 'timeout', THEN_KEY], 'waitForRecord');
  if (!items.ok) return items;
  const record = items.value.values.get('record');
  const timeoutText = items.value.values.get('timeout');
  if (record === undefined || timeoutText === undefined || timeoutText === '') return fail(`waitForRecord details need 'record: ...; timeout: <duration>'; ${RECORD_USAGE}`);
  const created = /^([A-Za-z0-9_]+)\s+created\s*\(\s*([A-Za-z0-9_]+)\s*\)$/i.exec(record);
  const set = /^([A-Za-z0-9_]+)\s*=\s*(\S.*)$/.exec(record);
  const change: Step<'waitForRecord'>['change'] | undefined = created
    ? { kind: 'created', entity: created[1] as string, field: created[2] as string }
    : set
      ? { kind: 'fieldSet', field: set[1] as string, value: (set[2] as string).trim() }
      : undefined;
  if (!change) return fail(`record '${record}' cannot be read; ${RECORD_USAGE}`);
  const timeout = splitArrow(timeoutText);
  if (!timeout.ok) return fail(`timeout: ${timeout.error}`);
  const step: Step<'waitForRecord'> = { kind: 'waitForRecord', name, change, timeout: timeout.value.left };
  if (timeout.value.target) step.timeoutNext = timeout.value.target;
  return withThen(step, items.value);
}

function readTask(name: string, details: string): Read<Step<'task'>> {
  const items = readItems(details, ['retries', 'backoff', 'action', 'message', THEN_KEY], 'task');
  if (!items.ok) return items;
  const values = items.value.values;
  const step: Step<'task'> = { kind: 'task', name };
  const retries = values.get('retries');
  if (retries !== undefined) {
    const count = readNumber(retries);
    if (count === undefined) return fail(`task retries must be a whole number (got '${retries}')`);
    step.retries = count;
  }
  const backoff = values.get('backoff');
  if (backoff !== undefined) step.backoff = backoff;
  const actionText = values.get('action');
  const message = values.get('message');
  if (actionText !== undefined) {
    const action = readAction(actionText);
    if (!action.ok) return action;
    step.action = action.value;
  }
  if (message !== undefined) {
    if (step.action?.type !== 'notify') return fail("'message: ...' goes with 'action: notify ...'");
    step.action.message = message;
  }
  return withThen(step, items.value);
}

// --- actions ----------------------------------------------------------------------------------

const ACTION_USAGE =
  "write 'update <field> = <value>, ...', 'create <Entity> (<field> = <value>, <field> from <field of the record>, ...)', 'notify role <role>: <subject>', 'notify <reference field>: <subject>', 'notify owner: <subject>', 'call <endpoint>' or 'start <workflow>'";

/** `null` clears a field: no field's value is the word null, so it cannot be mistaken. */
const NULL_WORD = 'null';

/** `update ...`, `create ...`, `notify ...`, `call ...`, `start ...`. */
export function readAction(text: string): Read<SpecTaskAction> {
  const match = /^(\w+)\s*(.*)$/s.exec(text.trim());
  const verb = match?.[1]?.toLowerCase();
  const rest = (match?.[2] ?? '').trim();
  const bad = (why: string) => fail<SpecTaskAction>(`action '${text.trim()}': ${why}; ${ACTION_USAGE}`);
  switch (verb) {
    case 'update': {
      const set: Array<{ field: string; value: string | null }> = [];
      for (const item of splitList(rest)) {
        const pair = /^([A-Za-z0-9_]+)\s*=\s*(.*)$/.exec(item);
        if (!pair || pair[2]!.trim() === '') return bad(`'${item}' is not '<field> = <value>'`);
        const value = pair[2]!.trim();
        set.push({ field: pair[1] as string, value: value === NULL_WORD ? null : value });
      }
      return set.length > 0 ? ok({ type: 'update', set }) : bad('no field to set');
    }
    case 'create': {
      const shape = /^([A-Za-z0-9_]+)\s*\((.*)\)$/s.exec(rest);
      if (!shape) return bad('the record type and its values in brackets are missing');
      const values: Extract<SpecTaskAction, { type: 'create' }>['values'] = [];
      for (const item of splitList(shape[2] as string)) {
        const copied = /^([A-Za-z0-9_]+)\s+from\s+([A-Za-z0-9_]+)$/.exec(item);
        const given = /^([A-Za-z0-9_]+)\s*=\s*(\S.*)$/.exec(item);
        if (copied) values.push({ field: copied[1] as string, from: copied[2] as string });
        else if (given) values.push({ field: given[1] as string, value: (given[2] as string).trim() });
        else return bad(`'${item}' is not '<field> = <value>' or '<field> from <field>'`);
      }
      return values.length > 0 ? ok({ type: 'create', entity: shape[1] as string, values }) : bad('no value given');
    }
    case 'notify': {
      const colon = rest.indexOf(':');
      const who = (colon < 0 ? rest : rest.slice(0, colon)).trim().split(/\s+/);
      const subject = colon < 0 ? '' : rest.slice(colon + 1).trim();
      if (subject === '') return bad("the email's subject is missing after a colon");
      if (who.length === 2 && who[0] === 'role') return ok({ type: 'notify', to: { role: who[1] as string }, subject });
      if (who.length === 1 && who[0] === 'owner') return ok({ type: 'notify', to: { owner: true }, subject });
      if (who.length === 1 && who[0] !== '') return ok({ type: 'notify', to: { field: who[0] as string }, subject });
      return bad('who to notify cannot be read');
    }
    case 'call':
    case 'start': {
      if (!/^[A-Za-z0-9_]+$/.test(rest)) return bad(`one name after '${verb}'`);
      return ok(verb === 'call' ? { type: 'call', endpoint: rest } : { type: 'start', workflow: rest });
    }
    default:
      return bad('unknown action');
  }
}

export function writeAction(action: SpecTaskAction): string {
  switch (action.type) {
    case 'update':
      return `update ${action.set.map((item) => `${item.field} = ${item.value ?? NULL_WORD}`).join(', ')}`;
    case 'create':
      return `create ${action.entity} (${action.values.map((item) => (item.from !== undefined ? `${item.field} from ${item.from}` : `${item.field} = ${item.value ?? ''}`)).join(', ')})`;
    case 'notify': {
      const to = 'role' in action.to ? `role ${action.to.role}` : 'field' in action.to ? action.to.field : 'owner';
      return `notify ${to}: ${action.subject}`;
    }
    case 'call':
      return `call ${action.endpoint}`;
    case 'start':
      return `start ${action.workflow}`;
  }
}

// --- writing ----------------------------------------------------------------------------------

export function writeStepDetails(step: WorkflowStep): string {
  return [...stepItems(step), ...thenItem(step)].join('; ');
}

function stepItems(step: WorkflowStep): string[] {
  switch (step.kind) {
    case 'wait':
      return [step.duration];
    case 'waitUntil': {
      const time = step.via === undefined ? step.field : `${step.via}.${step.field}`;
      return [step.offset ? `${time} ${step.offset[0]} ${step.offset.slice(1)}` : time];
    }
    case 'waitForEvent': {
      const branches = new Map((step.on ?? []).map((branch) => [branch.event, branch.next]));
      // (A branch for an event the step does not list has no place here; check-workflows.ts reports it.)
      const items = [`events: ${step.events.map((event) => arrowed(event, branches.get(event))).join(', ')}`, `timeout: ${arrowed(step.timeout, step.timeoutNext)}`];
      if (step.onTimeout !== undefined) items.push(`on timeout: ${step.onTimeout}`);
      return items;
    }
    case 'waitForRecord': {
      const change = step.change.kind === 'created' ? `${step.change.entity} created (${step.change.field})` : `${step.change.field} = ${step.change.value}`;
      return [`record: ${change}`, `timeout: ${arrowed(step.timeout, step.timeoutNext)}`];
    }
    case 'task': {
      const items: string[] = [];
      if (step.retries !== undefined) items.push(`retries: ${step.retries}`);
      if (step.backoff !== undefined) items.push(`backoff: ${step.backoff}`);
      if (step.action !== undefined) items.push(`action: ${writeAction(step.action)}`);
      if (step.action?.type === 'notify' && step.action.message !== undefined) items.push(`message: ${step.action.message}`);
      return items;
    }
  }
}
