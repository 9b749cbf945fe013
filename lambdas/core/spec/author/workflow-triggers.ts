/**
 * The trigger a workflow sentence names by a state of its record (workflow-reader.ts): "When a
 * batch starts fermenting" (a value of its status), "once an auction closes" (the state reached,
 * closed; "when a job fails", failed), "when a paper is submitted" (its first state: it is made), "A day after a dog is
 * checked out" (a value the record's own stay holds).
 */
import { snakeCase } from '../../text/case';
import type { Draft } from './workflow-draft';
import { statusFieldOf } from './workflow-record-fields';
import { CREATED_STATES, DELETED_STATES, participle, verbLemma } from './workflow-phrases';
import type { WorkflowContext } from './workflow-reader';

type Trigger = { trigger: Draft['trigger']; value?: { field: string; value: string } };

/** The forms a state word may take among a record's values ("fails": `fail`, `failed`). */
// (And either spelling of a doubled l: "canceled", "cancelled".)
const formsOf = (value: string): string[] => [value, value.replace(/s$/, ''), value.replace(/ed$/, ''), value.replace(/d$/, ''), `${value.replace(/s$/, '')}ed`, value.replace(/([^l])led$/, '$1lled'), value.replace(/lled$/, 'led')];

/** The value said, or the one value the word starts ("ready" when a value is `ready_for_pickup`). */
export function saidValue(values: readonly string[], said: string): string | undefined {
  if (values.includes(said)) return said;
  const started = values.filter((v) => v.startsWith(`${said}_`));
  return started.length === 1 ? started[0] : undefined;
}

/** The enum field of a record that holds a form of the value, with that form. */
export function heldIn(entity: string, value: string, ctx: WorkflowContext): { field: NonNullable<ReturnType<typeof statusFieldOf>>; form: string } | undefined {
  const def = ctx.entities.find((e) => e.name === entity);
  for (const form of formsOf(value)) {
    const field = def?.fields.find((f) => f.type === 'enum' && f.values?.includes(form));
    if (field) return { field, form };
  }
  // ("when their bike is ready" when a value is `ready_for_pickup`.)
  const started = def?.fields.find((f) => f.type === 'enum' && saidValue(f.values ?? [], value) !== undefined);
  return started ? { field: started, form: saidValue(started.values!, value)! } : undefined;
}

/**
 * "A day after a dog is checked out", the dog having no status: the one record type that refers
 * to it and has the state in its status (the dog's stay), as what reaches it.
 */
function referringHolder(entity: string, value: string, ctx: WorkflowContext): string | undefined {
  const def = ctx.entities.find((e) => e.name === entity);
  if (!def || def.fields.some((f) => /^(?:status|state|stage|phase)$/.test(f.name))) return undefined;
  const holders = ctx.entities.filter((e) => {
    const held = e.name !== entity && e.fields.some((f) => f.type === `ref(${entity})`) ? heldIn(e.name, value, ctx) : undefined;
    return held !== undefined && held.field === statusFieldOf(e);
  });
  return holders.length === 1 ? holders[0]!.name : undefined;
}

/**
 * The plain form of a verb no list knows ("fails" -> fail, "arrives" -> arrive, "pushes" -> push),
 * for the state it reaches.
 */
function plainVerb(word: string): string {
  const known = verbLemma(word);
  if (known !== word || !/^[a-z]+s$/.test(word) || /ss$/.test(word)) return known;
  return /(?:ss|sh|ch|x|z)es$/.test(word) ? word.slice(0, -2) : word.slice(0, -1);
}

/** Words read where a state was expected that name none: modals, particles, adverbs, "become", and which one ("at the next inspection"). */
const NO_STATE_WORDS = /^(?:next|last|first|following|previous|same|other|should|would|could|can|will|may|might|must|shall|in|on|out|off|at|up|down|over|still|also|always|never|just|then|now|it|them|there|here|not|no|become|becomes|becomed|becoming|gets|got|get|being|been|be|is|are|was|were)$/;

/** A trigger from the state a record reaches: created, or a value of its status. */
export function triggerFor(entity: string, state: string, ctx: WorkflowContext): Trigger {
  const value = snakeCase(state);
  const def = ctx.entities.find((e) => e.name === entity);
  if (DELETED_STATES.has(value) && !def?.fields.some((f) => f.type === 'enum' && f.values?.includes(value))) return { trigger: { entity, event: 'deleted' } };
  // ("When a calibration fails": the value `fail`, or `failed`.)
  const held = value ? heldIn(entity, value, ctx) : undefined;
  if (held) {
    const { field, form } = held;
    // ("Three weeks after a paper is submitted", submitted being its first status: when it is made.)
    if (field.values?.[0] === form && CREATED_STATES.has(form) && /^(?:status|state|stage|phase)$/.test(field.name)) return { trigger: { entity, event: 'created' } };
    return { trigger: { entity, event: 'updated', field: field.name, value: form } };
  }
  // ("when a parcel should ...", "once it's in", "when it becomes ..."): a word no state is named by reads no state; the record's making is the moment.
  if (!value || CREATED_STATES.has(state.toLowerCase()) || CREATED_STATES.has(value) || NO_STATE_WORDS.test(value)) return { trigger: { entity, event: 'created' } };
  const holder = referringHolder(entity, value, ctx);
  if (holder) return triggerFor(holder, state, ctx);
  const field = statusFieldOf(def)?.name ?? 'status';
  // ("once an auction closes": the state it reaches, closed; "when a job fails": failed.)
  const lemma = /^[a-z]+s$/.test(value) ? plainVerb(value) : value;
  const reached = lemma !== value ? snakeCase(participle(lemma)) : value;
  return { trigger: { entity, event: 'updated', field, value: reached }, value: { field, value: reached } };
}

/**
 * The state the words after a record name ("opens for entries", "checked out", "fermenting"):
 * the longest run of two or three words that, its verb in any form, is a value of the record (or
 * of one referring to it).
 */
export function statePhrase(entity: string, tokens: string[], ctx: WorkflowContext): string | undefined {
  for (let n = Math.min(3, tokens.length); n > 1; n -= 1) {
    const [verb, ...others] = tokens.slice(0, n);
    if (others.some((w) => /^(?:and|or|then|it|by|a|an|the)$/.test(w))) continue;
    // ("marked as needing repair" when a value is `needs_repair`: the verb said as what the record does.)
    for (const first of new Set([verb!, verb!.replace(/s$/, ''), plainVerb(verb!), ...(/ing$/.test(verb!) ? [`${verb!.slice(0, -3)}s`, `${verb!.slice(0, -3)}es`] : [])])) {
      const value = snakeCase([first, ...others].join(' '));
      const def = ctx.entities.find((e) => e.name === entity);
      if (def?.fields.some((f) => f.type === 'enum' && f.values?.includes(value)) || referringHolder(entity, value, ctx)) return [first, ...others].join(' ');
    }
  }
  return undefined;
}

/** "still pending after 3 days": the state after `pending` in the record's status, what is awaited. */
export function nextState(entity: string, state: string, ctx: WorkflowContext): string {
  const values = statusFieldOf(ctx.entities.find((e) => e.name === entity))?.values ?? [];
  const at = values.indexOf(saidValue(values, snakeCase(state)) ?? '');
  return at >= 0 && values[at + 1] ? values[at + 1]! : 'updated';
}

/** Words that name who or what a state is said of, no record type ("they", "their phone"). */
// ("If someone is a no-show": whoever the record is for.)
const SUBJECT_START = /^(?:it|they|he|she|their|its|his|her|the|my|our|your|someone|somebody|anyone|anybody|a|an|any|each|every)$/;

/**
 * "as soon as their phone is ready", "3 days after they collect": no record type named, but the
 * state the words say ("ready", "collect": collected) is a value of one record type's status
 * only; that record, as a mention of the subject the state follows.
 */
export function stateHolder(tokens: string[], ctx: WorkflowContext): { entity: string; start: number; end: number } | undefined {
  if (!SUBJECT_START.test(tokens[0] ?? '')) return undefined;
  // ("If a bike has been ready for two weeks": "has been" links it too.)
  const link = tokens.findIndex((w, i) => /^(?:is|are|gets|get|becomes|become|was|were)$/.test(w) || (/^(?:has|have)$/.test(w) && tokens[i + 1] === 'been'));
  const pronoun = /^(?:it|they|he|she|someone|somebody|anyone|anybody)$/.test(tokens[0]!);
  const end = pronoun ? 1 : link;
  if (end < 1 || end > 3) return undefined;
  // ("is a no-show": the state said with an article.)
  const stated = tokens.slice(end).filter((w, i) => i > 1 || !STATE_LINK_WORDS.has(w)).slice(0, 3);
  for (let n = stated.length; n > 0; n -= 1) {
    const words = stated.slice(0, n);
    const forms = new Set([...formsOf(snakeCase(words.join(' '))), snakeCase([participle(plainVerb(words[0]!)), ...words.slice(1)].join(' '))]);
    const holders = ctx.entities.filter((e) => [...forms].some((form) => statusFieldOf(e)?.values?.includes(form)) || saidValue(statusFieldOf(e)?.values ?? [], snakeCase(words.join(' '))) !== undefined);
    if (holders.length === 1) return { entity: holders[0]!.name, start: 0, end };
    if (holders.length > 1) return undefined;
  }
  return undefined;
}

const STATE_LINK_WORDS = new Set(['is', 'are', 'gets', 'get', 'becomes', 'become', 'was', 'were', 'has', 'have', 'been', 'being', 'now', 'a', 'an']);

/**
 * "If a patient doesn't attend, ...", where an appointment of theirs can be did_not_attend (or a
 * no-show): what did not happen is that record's state, said as "When an appointment is did not
 * attend, ..."; the text as it was otherwise.
 */
export function missedAsState(text: string, ctx: WorkflowContext): string {
  const m = /^(if|when|whenever)\s+(?:a|an|the)\s+([a-z]+)\s+(?:does\s+not|doesn['’]t|did\s+not|didn['’]t)\s+(attend|turn\s+up|show\s+up|show|come|arrive|pay|reply|respond)\b\s*(?:,\s*)?/i.exec(text.trim());
  if (!m) return text;
  const verb = m[3]!.toLowerCase().replace(/\s+/g, '_');
  const wanted = [`did_not_${verb}`, `not_${verb}ed`, ...(/^(?:attend|turn_up|show_up|show|come|arrive)$/.test(verb) ? ['no_show', 'dna', 'absent', 'missed'] : []), ...(verb === 'pay' ? ['unpaid'] : [])];
  const holder = ctx.entities.flatMap((e) => {
    const values = statusFieldOf(e)?.values ?? [];
    const value = wanted.find((w) => values.includes(w));
    const refersTo = e.name.toLowerCase() === m[2]!.toLowerCase() || e.fields.some((f) => f.type === `ref(${m[2]!.charAt(0).toUpperCase()}${m[2]!.slice(1).toLowerCase()})`);
    return value && refersTo ? [{ entity: e.name, value }] : [];
  })[0];
  if (!holder) return text;
  const record = holder.entity.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  // ("send them a message the next day": them, the person who did not come; the next day, a day's wait first.)
  const rest = text.trim().slice(m[0].length).replace(/\b(?:them|him|her)\b/i, `the ${m[2]!.toLowerCase()}`);
  const later = /\s+(?:the\s+next\s+day|the\s+day\s+after|a\s+day\s+later)\b/i;
  return `When ${/^[aeiou]/.test(record) ? 'an' : 'a'} ${record} is ${holder.value.replace(/_/g, ' ')}, ${later.test(rest) ? `wait 1 day, then ${rest.replace(later, '')}` : rest}`;
}
