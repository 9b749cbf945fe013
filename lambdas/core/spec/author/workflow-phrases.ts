/**
 * The wording of workflows, as data: what starts one, what waits, and which verbs are actions.
 * The workflow reader (workflow-reader.ts) only walks these lists, so a new phrasing is a new
 * entry here, not new code.
 */

/** Words that open a trigger clause ("When a batch starts fermenting, ..."). */
export const TRIGGER_OPENERS = /^(?:when|whenever|once|as soon as|each time|every time|after|if|the moment|on|upon)\s+/i;

/** A following sentence that goes on with the workflow before it. */
export const CONTINUATION = /^(?:then|after that|afterwards|finally|next|subsequently|otherwise|if (?:nobody|no one|nothing|not|they (?:do not|don't)|it is not|that fails)|if they don't|in that case)\b/i;

/** Verbs between a record and its new state: "is", "gets", "moves to", "starts", "is marked as". */
export const STATE_LINKS = new Set([
  'is', 'are', 'gets', 'get', 'becomes', 'become', 'turns', 'goes', 'moves', 'changes', 'reaches', 'has', 'have', 'was', 'were',
  'been', 'being', 'marked', 'set', 'switched', 'enters', 'starts', 'begins', 'to', 'as', 'into', 'status', 'state', 'the', 'its', 'now', 'just', 'automatically',
]);

/** Participles that mean the record was just made: the workflow starts on create. */
export const CREATED_STATES = new Set([
  'created', 'new', 'made', 'added', 'submitted', 'placed', 'booked', 'filed', 'registered', 'opened', 'requested', 'posted', 'reported',
  'logged', 'raised', 'uploaded', 'entered', 'received', 'sent', 'started', 'recorded', 'issued', 'inserted', 'signed up',
]);

/** Verbs a person makes a record with ("someone makes a booking"). */
export const CREATE_ACTIONS = new Set(['make', 'create', 'add', 'submit', 'place', 'book', 'file', 'register', 'open', 'request', 'post', 'report', 'log', 'raise', 'upload', 'enter', 'send', 'start', 'record', 'issue', 'leave', 'write']);

/** Words that are actions of a task ("remind the brewer", "it is escalated", "cancel it"). */
export const TASK_VERBS = new Set([
  'notify', 'send', 'email', 'e-mail', 'sms', 'text', 'remind', 'alert', 'ping', 'call', 'ask', 'tell', 'inform', 'message', 'invite',
  'cancel', 'decline', 'reject', 'approve', 'accept', 'confirm', 'close', 'archive', 'delete', 'remove', 'expire', 'escalate', 'assign', 'reassign',
  'publish', 'announce', 'post', 'share', 'export', 're-run', 'rerun', 'run', 'generate', 'create', 'calculate', 'compute', 'recalculate', 'update',
  'mark', 'flag', 'lock', 'unlock', 'release', 'pay', 'charge', 'invoice', 'bill', 'refund', 'ship', 'deliver', 'sync', 'backup', 'print',
  'renew', 'suspend', 'activate', 'deactivate', 'open', 'reopen', 'schedule', 'book', 'order', 'reorder', 'restock', 'check', 'review', 'record',
  'page', 'phone', 'warn', 'contact', 'follow', 'reschedule', 'refund', 'reassign', 'dispatch',
]);

/** Irregular participles; the rest are made by rule. */
export const PARTICIPLES: Record<string, string> = {
  send: 'sent', pay: 'paid', make: 'made', write: 'written', leave: 'left', run: 'run', 're-run': 're-run', rerun: 'rerun', sms: 'smsed',
  email: 'emailed', reply: 'replied', tell: 'told', ship: 'shipped', submit: 'submitted', plan: 'planned', stop: 'stopped', sign: 'signed',
};

/** Words after an action that are not its object ("remind the brewer", "send them a reminder"). */
export const OBJECT_SKIP = new Set(['the', 'a', 'an', 'it', 'them', 'him', 'her', 'its', 'their', 'each', 'every', 'all', 'any', 'automatically', 'out', 'up', 'back', 'to', 'an', 'that', 'this', 'again']);

/** Lemma of a verb form ("reminds" -> remind, "escalated" -> escalate, "retrying" -> retry). */
export function verbLemma(word: string): string {
  const w = word.toLowerCase();
  if (TASK_VERBS.has(w) || CREATE_ACTIONS.has(w)) return w;
  for (const [lemma, participle] of Object.entries(PARTICIPLES)) if (participle === w) return lemma;
  const candidates = [w.replace(/ies$/, 'y'), w.replace(/es$/, ''), w.replace(/s$/, ''), w.replace(/ied$/, 'y'), w.replace(/ed$/, 'e'), w.replace(/ed$/, ''), w.replace(/(\w)\1ed$/, '$1'), w.replace(/ing$/, 'e'), w.replace(/ing$/, '')];
  return candidates.find((c) => TASK_VERBS.has(c) || CREATE_ACTIONS.has(c)) ?? w;
}

/** Participle of a verb ("approve" -> approved, "reply" -> replied, "plan" -> planned). */
export function participle(verb: string): string {
  const v = verb.toLowerCase();
  if (PARTICIPLES[v]) return PARTICIPLES[v]!;
  if (v.endsWith('e')) return `${v}d`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ied`;
  return `${v}ed`;
}

/** Plain forms of contractions, so "isn't" reads as "is not". */
export function expand(text: string): string {
  return text
    .replace(/\b(is|are|was|were|has|have|does|do|did|should|could|would)n't\b/gi, '$1 not')
    .replace(/\bwon't\b/gi, 'will not')
    .replace(/\bcan't\b/gi, 'cannot')
    .replace(/\bwe'd like\b/gi, 'we want')
    .replace(/\bhrs?\b/gi, 'hours')
    .replace(/\s+&\s+/g, ' and ');
}

/** Words that end an action's object ("remind the brewer to check", "send the member a reminder"). */
const OBJECT_END = new Set(['to', 'for', 'about', 'with', 'of', 'on', 'in', 'at', 'and', 'or', 'that', 'if', 'when', 'then', 'a', 'an', 'the', 'by', 'from', 'who', 'whose', 'which', 'via', 'through', 'into']);

/** The object noun phrase after an action: up to three words ("follow-up email", "results"). */
export function objectPhrase(tokens: string[]): string | undefined {
  let k = 0;
  while (k < tokens.length && OBJECT_SKIP.has(tokens[k]!)) k += 1;
  const out: string[] = [];
  for (; k < tokens.length && out.length < 3 && !OBJECT_END.has(tokens[k]!); k += 1) out.push(tokens[k]!);
  return out.length > 0 ? out.join('_') : undefined;
}
