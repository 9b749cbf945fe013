/**
 * Workflows from wording.
 * - `When an X is <state>, <steps>` / `When an X becomes <value>, <steps>`: a trigger (created when
 *   the state is how Xs are made, else a field = value change) and steps.
 * - Steps: `waits up to 7 days for a <person> to approve or reject it` -> waitForEvent (events
 *   approved, rejected; timeout P7D); `if nobody answers, it is escalated to <someone> and waits
 *   another 3 days, then it is automatically rejected` -> an escalate step, waitForEvent P3D
 *   with on timeout rejected; `wait 30 days` -> wait P30D; `archive it` -> an archive step;
 *   `retried up to 3 times` -> retries on the step before.
 * - `<Verb> a <thing> 24 hours before each <state> X` -> trigger X <field> = <state>, waitUntil
 *   <X's datetime field> - PT24H, a `<verb>_<thing>` step.
 * - Later sentences continue the last workflow: `Approved Xs are paid ..., retried up to 3 times`.
 * Workflows that imply states add a `status` enum to their record type when it has none.
 */
import type { SpecEntity, SpecWorkflow, WorkflowStep } from '../spec-model';
import type { Sentence } from './clauses';
import type { EntityIndex } from './entity-index';
import { CREATE_VERBS, DELETE_VERBS, KNOWN_VERBS, RIGHT_VERBS, UPDATE_VERBS, isParticiple, lemmaOfParticiple, participleOf } from './lexicon';
import { findDuration, parseNumber, NUMBER_RE, sepRegex, splitTopLevel, words } from './text';
import { snakeCase } from '../../text/case';

export interface WorkflowContext {
  index: EntityIndex;
  entities: SpecEntity[];
  /** Verbs the description uses to make records of a type (`employees submit Xs` -> submit). */
  createVerbs: Map<string, Set<string>>;
}

export interface WorkflowResult {
  workflows: SpecWorkflow[];
  /** Status values a workflow implies, per record type, in order. */
  states: Map<string, string[]>;
  /** People a workflow waits for (`for a manager to approve`): role name -> record type. */
  approvers: Array<{ role: string; entity: string }>;
  /** Trigger values that must exist in the record type's status enum. */
  triggerValues: Array<{ entity: string; field: string; value: string }>;
}

interface Draft {
  wf: SpecWorkflow;
  entity: string;
  keyword?: string;
  states: string[];
  hasDecision: boolean;
}

const TRIGGER_START = /^(?:when|whenever|once|as soon as|each time|every time|after)\s+/i;
const CONTINUATION_START = /^(?:then|after that|afterwards|finally|next|subsequently)\b/i;
const TASK_VERBS = new Set([...KNOWN_VERBS, ...Object.keys(RIGHT_VERBS), ...CREATE_VERBS, 'notify', 'send', 'email', 'remind', 'text', 'alert', 'ping', 'call', 'archive', 'escalate', 'pay', 'charge', 'invoice', 'bill', 'refund', 'close', 'expire', 'publish', 'mark', 'flag', 'generate', 'export', 'sync', 'backup', 'lock', 'unlock', 'ship', 'deliver', 'retry', 'run', 'trigger', 'post', 'calculate', 'compute', 'recalculate', 'notify', 'purge', 'clean', 'reset', 'renew', 'charge', 'bill', 'suspend', 'activate', 'deactivate']);
const PERSON_STOP = new Set(['someone', 'somebody', 'anyone', 'them', 'it', 'they', 'the', 'a', 'an']);
const DECISION_NOUNS: Record<string, string[]> = {
  approval: ['approved', 'rejected'], decision: ['approved', 'rejected'], review: ['approved', 'rejected'], sign: ['signed'],
  confirmation: ['confirmed'], payment: ['paid'], reply: ['answered'], answer: ['answered'], response: ['answered'], signature: ['signed'],
  acceptance: ['accepted', 'declined'],
};

/** `wait_30_days`, `wait_1_hour`, `wait_half_day`. */
function waitName(n: number, unit: string): string {
  const u = unit.toLowerCase().replace(/^(?:business|working) /, '').replace(/s$/, '');
  return snakeCase(`wait ${Number.isInteger(n) ? n : 'half'} ${u}${n === 1 || !Number.isInteger(n) ? '' : 's'}`);
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base || 'step';
  for (let n = 2; taken.has(name); n += 1) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

function stateOf(entity: string, ctx: WorkflowContext, stateWords: string[]): { event: 'created' | 'updated' | 'deleted'; field?: string; value?: string; participle?: string } {
  const value = snakeCase(stateWords.join(' '));
  const def = ctx.entities.find((e) => e.name === entity);
  for (const f of def?.fields ?? []) {
    if (f.values?.map((v) => v.toLowerCase()).includes(value)) return { event: 'updated', field: f.name, value: f.values.find((v) => v.toLowerCase() === value)! };
  }
  const first = stateWords[0] ?? '';
  const lemma = lemmaOfParticiple(first);
  if (first === 'new' || first === 'created' || ctx.createVerbs.get(entity)?.has(lemma) || (CREATE_VERBS.has(lemma) && isParticiple(first))) {
    return { event: 'created', participle: first === 'new' ? undefined : first };
  }
  if (UPDATE_VERBS.has(lemma) && isParticiple(first)) return { event: 'updated' };
  if (DELETE_VERBS.has(lemma) && isParticiple(first)) return { event: 'deleted' };
  const field = def?.fields.find((f) => f.type === 'enum' && /^(?:status|state|stage|phase)$/.test(f.name))?.name ?? 'status';
  return { event: 'updated', field, value, participle: first };
}

/** `an order becomes done`, `an order is shipped`, `a manager approves an invoice`. */
function parseTrigger(text: string, ctx: WorkflowContext): { entity: string; trigger: SpecWorkflow['trigger']; state?: string; newValue?: { field: string; value: string } } | undefined {
  const tokens = words(text);
  const mentions = ctx.index.mentions(tokens);
  const m = mentions[0];
  if (!m) return undefined;
  const after = tokens.slice(m.end);
  const before = tokens.slice(0, m.start).filter((w) => !['a', 'an', 'the', 'new', 'any', 'each', 'every', 'some'].includes(w));
  let stateWords: string[] = [];
  const verbs = new Set(['is', 'are', 'gets', 'get', 'becomes', 'become', 'turns', 'turn', 'goes', 'go', 'moves', 'move', 'changes', 'change', 'reaches', 'reach', 'has', 'was', 'been', 'marked', 'set', 'switches', 'enters']);
  let k = 0;
  while (k < after.length && (verbs.has(after[k]!) || ['to', 'as', 'into', 'being', 'automatically', 'just', 'status', 'state', 'of', 'the'].includes(after[k]!))) k += 1;
  if (k > 0) stateWords = after.slice(k, k + 2).filter((w) => !['and', 'or', 'then', 'it', 'by', 'for', 'with'].includes(w));
  if (stateWords.length > 1 && !ctx.entities.find((e) => e.name === m.entity)?.fields.some((f) => f.values?.includes(snakeCase(stateWords.join(' '))))) stateWords = stateWords.slice(0, 1);
  if (stateWords.length === 0 && tokens.includes('new')) stateWords = ['new'];
  if (stateWords.length === 0 && before.length > 0) {
    // `when a manager approves an invoice` -> approved
    const verb = before[before.length - 1]!;
    const base = verb.replace(/(?:es|s)$/, '');
    if (TASK_VERBS.has(base) || TASK_VERBS.has(verb.replace(/s$/, ''))) stateWords = [participleOf(TASK_VERBS.has(base) ? base : verb.replace(/s$/, ''))];
  }
  if (stateWords.length === 0) return undefined;
  const state = stateOf(m.entity, ctx, stateWords);
  if (state.event === 'created') return { entity: m.entity, trigger: { entity: m.entity, event: 'created' }, ...(state.participle ? { state: state.participle } : {}) };
  if (state.field && state.value) {
    return {
      entity: m.entity,
      trigger: { entity: m.entity, event: 'updated', field: state.field, value: state.value },
      state: state.value,
      newValue: { field: state.field, value: state.value },
    };
  }
  return { entity: m.entity, trigger: { entity: m.entity, event: state.event } };
}

const SEGMENT_SEP = sepRegex(/\s*(?:;|:|,\s*(?:and\s+)?then\s+|\s+and\s+then\s+|\s+then\s+|,\s*(?:and\s+)?|\s+and\s+(?=(?:it\s+|they\s+)?(?:waits?|sends?|notif|archiv|escalat|is\s|are\s|gets?\s|will\s|retr|pays?\b|calls?\b|marks?\b|closes?\b|emails?\b|reminds?\b|[a-z]+s\s)))\s*/y);

interface StepState {
  steps: WorkflowStep[];
  names: Set<string>;
  timeoutContext: boolean;
  lastEvents?: string[];
  escalationTarget?: string;
  states: string[];
  hasDecision: boolean;
  approvers: string[];
  keyword?: string;
}

function lastOf<K extends WorkflowStep['kind']>(st: StepState, kind: K): Extract<WorkflowStep, { kind: K }> | undefined {
  for (let i = st.steps.length - 1; i >= 0; i -= 1) if (st.steps[i]!.kind === kind) return st.steps[i] as Extract<WorkflowStep, { kind: K }>;
  return undefined;
}

function pushState(st: StepState, value: string): void {
  const v = snakeCase(value);
  if (v && !st.states.includes(v)) st.states.push(v);
}

function applyRetries(seg: string, st: StepState): boolean {
  const retry = new RegExp(`\\b(?:retried|retry|retrying|retries|re-?tried|re-?try)\\s+(?:it\\s+)?(?:up to\\s+|at most\\s+|a maximum of\\s+|max(?:imum)?\\s+)?(${NUMBER_RE})\\s+(?:more\\s+)?times?\\b|\\bwith\\s+(?:up to\\s+)?(${NUMBER_RE})\\s+retries\\b|\\b(${NUMBER_RE})\\s+retries\\b`, 'i').exec(seg);
  const backoffMatch = /\b(?:back-?\s?off|backoff|waiting|delay(?:ed)?|pause)\s+(?:of\s+)?/i.exec(seg);
  let touched = false;
  const step = lastOf(st, 'task');
  if (retry && step) {
    const n = parseNumber(retry[1] ?? retry[2] ?? retry[3] ?? '');
    if (n !== undefined) step.retries = Math.min(20, Math.max(0, Math.round(n)));
    touched = true;
  }
  if (backoffMatch && step) {
    const d = findDuration(seg.slice(backoffMatch.index));
    if (d) {
      step.backoff = d.iso;
      touched = true;
    }
  }
  return touched;
}

function parseSegment(raw: string, st: StepState, ctx: WorkflowContext, entity: string): void {
  let seg = raw.trim().replace(/^(?:and|then|so|finally|afterwards|after that|next)\s+/i, '').trim();
  if (!seg) return;
  const wfName = /^(?:an?\s+|the\s+)?(?:([a-z]+)\s+)?(?:workflow|process|flow)\s+(?:starts|begins|runs|kicks off|is started|is triggered|starts automatically)\b/i.exec(seg);
  if (wfName) {
    if (wfName[1]) st.keyword = wfName[1].toLowerCase();
    return;
  }
  const timeout = /^(?:if\s+(?:nobody|no one|noone|none|nothing|no manager|no decision|there is no (?:answer|response|decision|reply)|it is not (?:\w+ed|answered)|they do not|they don't|not (?:\w+ed))\b[^,]*|otherwise|on timeout|if (?:it )?(?:times out|expires))\s*/i.exec(seg);
  if (timeout) {
    st.timeoutContext = true;
    seg = seg.slice(timeout[0].length).trim();
    if (!seg) return;
  }
  if (applyRetries(seg, st) && !/\bwait/i.test(seg) && !/^(?:it|they)\s+(?:is|are)/i.test(seg)) return;

  const lower = seg.toLowerCase();
  const duration = findDuration(lower);
  const forTo = /\bfor\s+(?:a|an|the|some|one)?\s*([a-z][a-z -]*?)\s+to\s+([a-z]+(?:(?:\s*,\s*|\s+or\s+|\s+and\s+|\s+and\/or\s+)[a-z]+)*)(?:\s+(?:it|them|this|the \w+))?\b/i.exec(lower);
  const forNoun = /\bwaits?\s+(?:for\s+)?(?:an?\s+|the\s+)?(approval|decision|review|confirmation|payment|reply|answer|response|signature|acceptance)\b/i.exec(lower);
  if (/\bwait(?:s|ing)?\b/i.test(lower) && (forTo || forNoun)) {
    let events: string[];
    let person: string | undefined;
    if (forTo) {
      events = [...new Set(forTo[2]!.split(/\s*,\s*|\s+or\s+|\s+and\/or\s+|\s+and\s+/).filter(Boolean).map((v) => participleOf(v)))];
      const p = words(forTo[1]!).filter((w) => !PERSON_STOP.has(w));
      person = p.length > 0 && p.length <= 3 ? p.join('_') : undefined;
    } else {
      events = DECISION_NOUNS[forNoun![1]!.toLowerCase()] ?? ['done'];
    }
    const timeoutIso = duration?.iso ?? 'P7D';
    const who = person ? `wait_for_${snakeCase(person)}` : 'wait_for_decision';
    st.steps.push({ kind: 'waitForEvent', name: uniqueName(who, st.names), events: events.map(snakeCase), timeout: timeoutIso });
    st.lastEvents = events.map(snakeCase);
    st.hasDecision = true;
    for (const e of events) pushState(st, e);
    if (person && !st.approvers.includes(person)) st.approvers.push(person);
    st.timeoutContext = false;
    return;
  }
  const waitMatch = /\bwait(?:s|ing)?\b|\bafter\b|\bpause(?:s)?\b|\bdelay(?:s)?\b|\bsleeps?\b/i.exec(lower);
  if (waitMatch && duration && duration.index >= waitMatch.index) {
    if (st.timeoutContext && st.lastEvents) {
      const who = st.escalationTarget ? `wait_for_${st.escalationTarget}` : 'wait_for_decision';
      st.steps.push({ kind: 'waitForEvent', name: uniqueName(who, st.names), events: [...st.lastEvents], timeout: duration.iso });
    } else {
      const base = waitName(duration.n, duration.unit);
      st.steps.push({ kind: 'wait', name: uniqueName(base, st.names), duration: duration.iso });
    }
    const rest = seg.slice(duration.index + duration.length).replace(/^\s*(?:,|and|then|and then)\s*/i, '').trim();
    if (rest && rest !== seg) parseSegment(rest, st, ctx, entity);
    return;
  }
  // `it is escalated to the X`, `it is automatically rejected`, `Xs are paid by calling ...`.
  const outcome = /^(?:it|they|this|the\s+[a-z]+|[a-z]+)?\s*(?:is|are|gets?|will be|becomes?|has been|have been)\s+(?:then\s+)?(automatically\s+)?([a-z]+)\b(.*)$/i.exec(seg);
  if (outcome && isParticiple(outcome[2]!)) {
    const p = outcome[2]!.toLowerCase();
    const rest = outcome[3] ?? '';
    const lastWait = lastOf(st, 'waitForEvent');
    const endsWait = st.steps[st.steps.length - 1]?.kind === 'waitForEvent';
    if (lastWait && endsWait && !/\bto\s+(?:the|a|an)\b/i.test(rest) && (outcome[1] || st.timeoutContext || lastWait.events.includes(p))) {
      lastWait.onTimeout = snakeCase(p);
      pushState(st, p);
      st.timeoutContext = false;
      applyRetries(rest, st);
      return;
    }
    const lemma = lemmaOfParticiple(p);
    const target = /\bto\s+(?:the|a|an)\s+([a-z][a-z -]*?)(?:\s+(?:and|then|,)|$)/i.exec(rest);
    if (target) st.escalationTarget = snakeCase(target[1]!);
    st.steps.push({ kind: 'task', name: uniqueName(snakeCase(lemma), st.names) });
    pushState(st, p);
    applyRetries(rest, st);
    return;
  }
  // An imperative or third-person verb: `archive it`, `send a reminder`, `notifies the owner`.
  const ws = words(seg);
  let k = 0;
  while (['it', 'they', 'we', 'the', 'system', 'automatically', 'will', 'should'].includes(ws[k] ?? '')) k += 1;
  const verbToken = ws[k];
  if (!verbToken) return;
  const base = TASK_VERBS.has(verbToken) ? verbToken : TASK_VERBS.has(verbToken.replace(/es$/, '')) ? verbToken.replace(/es$/, '') : TASK_VERBS.has(verbToken.replace(/s$/, '')) ? verbToken.replace(/s$/, '') : verbToken.endsWith('ies') && TASK_VERBS.has(verbToken.replace(/ies$/, 'y')) ? verbToken.replace(/ies$/, 'y') : undefined;
  if (!base) return;
  const object = objectNoun(ws.slice(k + 1), ctx, entity);
  const name = object ? `${base}_${object}` : base;
  st.steps.push({ kind: 'task', name: uniqueName(snakeCase(name), st.names) });
  pushState(st, participleOf(base));
  applyRetries(seg, st);
}

/** The noun a step's verb acts on, unless it is the record itself (`archive it`, `close the ticket`). */
function objectNoun(ws: string[], ctx: WorkflowContext, entity: string): string | undefined {
  const out: string[] = [];
  for (const w of ws) {
    if (['a', 'an', 'the', 'its', 'their', 'his', 'her', 'each', 'every', 'new'].includes(w) && out.length === 0) continue;
    if (['it', 'them', 'this', 'that', 'him', 'her'].includes(w)) break;
    if (/^\d/.test(w) || ['to', 'for', 'about', 'with', 'on', 'at', 'by', 'before', 'after', 'via', 'and', 'or', 'when', 'if', 'then', 'of', 'from', 'in', 'up'].includes(w)) break;
    out.push(w);
    if (out.length >= 2) break;
  }
  if (out.length === 0) return undefined;
  if (ctx.index.resolve(out) === entity) return undefined;
  return snakeCase(out.join(' '));
}

function datetimeField(entity: SpecEntity | undefined, hint: string[]): string | undefined {
  if (!entity) return undefined;
  if (hint.length > 0) {
    const named = entity.fields.find((f) => f.name === snakeCase(hint.join(' ')));
    if (named) return named.name;
  }
  const times = entity.fields.filter((f) => f.type === 'datetime');
  const dates = entity.fields.filter((f) => f.type === 'date');
  const pick = (fs: typeof times) => fs.find((f) => /(?:^|_)(?:start|begin|starts|scheduled|at|time)(?:_|$)/.test(f.name)) ?? fs[0];
  return (pick(times) ?? pick(dates))?.name;
}

const REMINDER = new RegExp(`^(?:please\\s+)?([a-z]+)\\s+(.*?)\\b(${NUMBER_RE}|half an?)[ -]((?:seconds?|minutes?|hours?|days?|weeks?|months?|years?))\\s+(before|after|prior to|ahead of|ahead|in advance of)\\s+(?:(?:each|every|the|a|an|any|its)\\s+)?(.+)$`, 'i');

function parseReminder(text: string, ctx: WorkflowContext): Draft | undefined {
  const m = REMINDER.exec(text);
  if (!m) return undefined;
  const verb = m[1]!.toLowerCase();
  if (!TASK_VERBS.has(verb)) return undefined;
  const n = /^half/i.test(m[3]!) ? 0.5 : parseNumber(m[3]!);
  if (n === undefined) return undefined;
  const d = findDuration(`${n === 0.5 ? 'half an' : n} ${m[4]}`);
  if (!d) return undefined;
  const tail = words(m[6]!);
  const mention = ctx.index.mentions(tail)[0];
  if (!mention) return undefined;
  const entity = ctx.entities.find((e) => e.name === mention.entity);
  const stateWords = tail.slice(0, mention.start).filter((w) => !['each', 'every', 'the', 'a', 'an'].includes(w));
  const after = tail.slice(mention.end).filter((w) => !['s', 'its', 'the', 'of'].includes(w));
  const fieldHint = after.filter((w) => /^[a-z]/.test(w)).slice(0, 3);
  const field = datetimeField(entity, fieldHint);
  const object = objectNoun(words(m[2]!), ctx, mention.entity);
  const names = new Set<string>();
  const steps: WorkflowStep[] = [];
  const before = /^(?:before|prior to|ahead of|ahead|in advance of)$/i.test(m[5]!);
  if (field) {
    steps.push({ kind: 'waitUntil', name: uniqueName(`wait_until_${field}`, names), field, offset: `${before ? '-' : '+'}${d.iso}` });
  } else {
    steps.push({ kind: 'wait', name: uniqueName(waitName(d.n, d.unit), names), duration: d.iso });
  }
  steps.push({ kind: 'task', name: uniqueName(snakeCase(object ? `${verb}_${object}` : verb), names) });
  let trigger: SpecWorkflow['trigger'] = { entity: mention.entity, event: 'created' };
  const states: string[] = [];
  if (stateWords.length > 0) {
    const st = stateOf(mention.entity, ctx, stateWords.slice(-1));
    if (st.event === 'updated' && st.field && st.value) {
      trigger = { entity: mention.entity, event: 'updated', field: st.field, value: st.value };
      states.push(st.value);
    }
  }
  const wf: SpecWorkflow = { name: '', description: text.trim().replace(/\.?$/, '.'), trigger, steps };
  return { wf, entity: mention.entity, keyword: object ?? verb, states, hasDecision: false };
}

function stepsText(text: string): string[] {
  return splitTopLevel(text, SEGMENT_SEP);
}

export function inferWorkflows(sentences: Sentence[], ctx: WorkflowContext): WorkflowResult {
  const drafts: Draft[] = [];
  const approvers: WorkflowResult['approvers'] = [];
  const triggerValues: WorkflowResult['triggerValues'] = [];
  let last: { draft: Draft; st: StepState } | undefined;

  for (const s of sentences) {
    const text = s.text.trim();
    const start = TRIGGER_START.exec(text);
    if (start) {
      const body = text.slice(start[0].length);
      const comma = splitTopLevel(body, sepRegex(/\s*,\s*/y));
      const triggerPart = comma[0] ?? '';
      const trig = parseTrigger(triggerPart, ctx);
      if (!trig) continue;
      const rest = comma.slice(1).join(', ');
      const st: StepState = { steps: [], names: new Set(), timeoutContext: false, states: [], hasDecision: false, approvers: [] };
      if (trig.state && trig.trigger?.event === 'created') st.states.push(snakeCase(trig.state));
      for (const seg of stepsText(rest)) parseSegment(seg, st, ctx, trig.entity);
      if (st.steps.length === 0) continue;
      if (trig.newValue) triggerValues.push({ entity: trig.entity, ...trig.newValue });
      const draft: Draft = { wf: { name: '', description: `${text.replace(/\.?$/, '.')}`, ...(trig.trigger ? { trigger: trig.trigger } : {}), steps: st.steps }, entity: trig.entity, ...(st.keyword ? { keyword: st.keyword } : {}), states: st.states, hasDecision: st.hasDecision };
      for (const p of st.approvers) approvers.push({ role: p, entity: trig.entity });
      drafts.push(draft);
      last = { draft, st };
      continue;
    }
    const reminder = parseReminder(text, ctx);
    if (reminder) {
      drafts.push(reminder);
      for (const v of reminder.states) triggerValues.push({ entity: reminder.entity, field: reminder.wf.trigger!.field!, value: v });
      last = undefined;
      continue;
    }
    if (last && isContinuation(text, last.draft.entity, ctx)) {
      const st = last.st;
      st.timeoutContext = false;
      const tokens = words(text);
      const mention = ctx.index.mentions(tokens)[0];
      let body = text;
      if (mention && mention.start <= 1) {
        const adjective = mention.start === 1 ? tokens[0]! : undefined;
        if (adjective && isParticiple(adjective)) pushState(st, adjective);
        // `Approved invoices are paid ...` -> `it is paid ...`
        body = text.replace(new RegExp(`^\\s*(?:\\w+\\s+)?${tokens.slice(mention.start, mention.end).join('\\s+')}\\b`, 'i'), 'it');
      }
      const before = st.steps.length;
      for (const seg of stepsText(body)) parseSegment(seg, st, ctx, last.draft.entity);
      if (st.steps.length > before || body !== text) last.draft.wf.description = `${last.draft.wf.description} ${text.replace(/\.?$/, '.')}`;
      last.draft.states = st.states;
    }
  }

  const states = new Map<string, string[]>();
  const usedNames = new Set<string>();
  const workflows = drafts.map((d) => {
    const base = snakeCase(`${snakeCase(d.entity)} ${d.keyword ?? firstTask(d.wf) ?? 'workflow'}`);
    d.wf.name = uniqueName(base, usedNames);
    if (d.hasDecision) states.set(d.entity, [...(states.get(d.entity) ?? []), ...d.states.filter((v) => !(states.get(d.entity) ?? []).includes(v))]);
    return d.wf;
  });
  return { workflows, states, approvers, triggerValues };
}

function firstTask(wf: SpecWorkflow): string | undefined {
  return wf.steps.find((s) => s.kind === 'task')?.name;
}

function isContinuation(text: string, entity: string, ctx: WorkflowContext): boolean {
  if (CONTINUATION_START.test(text)) return true;
  if (/\b(?:retried|retry|retries|re-?tried)\b/i.test(text)) return true;
  const tokens = words(text);
  const mention = ctx.index.mentions(tokens)[0];
  if (!mention || mention.entity !== entity || mention.start > 1) return false;
  if (mention.start === 1 && !isParticiple(tokens[0]!)) return false;
  const verb = tokens[mention.end];
  return verb === 'are' || verb === 'is' || verb === 'get' || verb === 'gets';
}
