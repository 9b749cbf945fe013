/**
 * The wording of workflows, as data: what starts one, what waits, and which verbs are actions.
 * The workflow reader (workflow-reader.ts) only walks these lists, so a new phrasing is a new
 * entry here, not new code.
 */
import { participleOf } from './tag';

/** Words that open a trigger clause ("When a batch starts fermenting, ..."). */
export const TRIGGER_OPENERS = /^(?:when|whenever|once|as soon as|each time|every time|after|if|the moment|on|upon)\s+/i;

/** A following sentence that goes on with the workflow before it. */
export const CONTINUATION = /^(?:then|after that|afterwards|finally|next|subsequently|otherwise|if (?:nobody|no one|nothing|not|they (?:do not|don't)|it is not|that fails)|if there(?:'s|\s+is)\s+(?:still\s+)?nothing|if they don't|in that case)\b/i;

/**
 * A following sentence whose condition is what the wait before it was for ("If it hasn't been
 * paid, send an overdue notice"): the condition says nothing new, the action goes on.
 */
// ("If it hasn't come back by then, email the venue": by the end of the wait, the same.)
// ("If nothing has been paid by then, release it": the same, said of nothing.)
// ("If it hasn't, cancel the booking": the verb may be left out.)
// ("If they have done neither by then, ...": neither of the acts awaited.)
export const UNMET_CONDITION = /^if\s+(?:(?:it|they|he|she)\s+(?:has|have)\s+done\s+neither(?:\s+of\s+(?:them|those|these))?|neither\s+(?:has\s+)?happen(?:s|ed))(?:\s+(?:by then|by that time|by that point|in that time|within that time|in time))?\s*,\s*|^if\s+(?:the\s+[a-z]+|it|they)\s+(?:still\s+)?(?:does|do)\s+not\s+(?:arrive|come\s+in|come\s+through|happen|turn\s+up|show\s+up)(?:\s+(?:by then|by that time|in that time|within that time|in time))?\s*,\s*|^if\s+(?:(?:it|they)\s+(?:still\s+)?(?:is|are|has|have|was|were)\s+(?:still\s+)?not|(?:nothing|nobody|no one)\s+(?:is|has|was)(?:\s+still)?)(?:\s+(?:been\s+|yet\s+)?[a-z]+(?:\s+(?:up|back|in|out))?)?(?:\s+yet)?(?:\s+(?:by then|by that time|by that point|in that time|within that time|after that|in time))?\s*,\s*/i;

/** Words a workflow waits with: "wait", and "hold it", "delay it", "keep it back" followed by the time. */
export const WAIT_WORDS = /\b(?:waits?|(?:hold|holds|delay|delays)\s+(?:it|them|off)(?=\s+(?:for|by)\b))\b(.*)$/i;

/** A person given time to act on the record ("the student then has up to 5 days to accept it"; "then" may have split the subject off): a wait for that act. */
export const TIME_GIVEN = /^(?:(?:(?:the|each|every|a|an)\s+[a-z]+(?:\s+[a-z]+)?|they|he|she|someone|somebody)\s+)?(?:then\s+|now\s+)?(?:has|have|gets?|is given|are given)\s+(?:up to\s+|at most\s+)?(.+?)\s+to\s+([a-z]+)\b/i;

/**
 * A deadline for an act on the record ("the report has to be uploaded within 72 hours", "The
 * committee must schedule a hearing within 24 hours"): who or what (1), "be" when said of the
 * thing acted on (2), the verb (3), its object (4) and the time (5). What follows when it is
 * missed comes next ("if it hasn't, chase the chair").
 */
export const DEADLINE = /^(?:(?:the|a|an|their|its|his|her|each|every)\s+)?([a-z]+(?:\s+[a-z]+){0,2}?)\s+(?:must|should|has to|have to|needs? to|is expected to|are expected to|is due to|are due to)\s+(be\s+)?([a-z]+)(?:\s+(.*?))?\s+(?:within|in the next|in)\s+(.+)$/i;

/** A sentence after a workflow that says what follows a missed time ("If the fee hasn't been paid within 7 days, ..."). */
export const MISSED_TIME = /^(?:if|unless)\s+(?:the|their|its|it|they)\b[^,;]*\bnot\b[^,;]*\b(?:within|after|by|later)\b/i;

/** Nouns a wait is "for", as the event that ends it ("wait up to 14 days for the payment"). */
export const AWAITED_NOUNS: Record<string, string> = {
  payment: 'paid', reply: 'replied', answer: 'answered', response: 'responded', approval: 'approved', confirmation: 'confirmed',
  acceptance: 'accepted', signature: 'signed', return: 'returned', pickup: 'picked_up', collection: 'collected', delivery: 'delivered',
};

/** States written as adverbs of the record ("if it still isn't back"): the event they stand for. */
export const STATE_ADVERBS: Record<string, string> = { back: 'returned' };

/** Verbs with a particle that name a state ("if it hasn't come back"): the event they stand for. */
export const PHRASAL_STATES: Record<string, string> = { 'put on hold': 'held', 'placed on hold': 'held', 'come back': 'returned', 'came back': 'returned', 'brought back': 'returned', 'handed back': 'returned', 'given back': 'returned', 'handed in': 'returned', 'picked up': 'collected' };

/**
 * What people write before a trigger and that says nothing about it: list markers ("a)", "(2)",
 * "3.") and a short label with a colon ("For reminders:", "Last thing:", "Unpaid invoices:") in
 * front of a trigger clause or a time relative to the record ("the day before ...").
 */
const LIST_MARKER = /^(?:\(?(?:\d{1,2}|[a-h])\)|\d{1,2}\.)\s+/i;
const LABEL = /^[^:,.;()]{1,60}:\s+(?=(?:when|whenever|once|as soon as|each time|every time|after|if|the moment|upon|(?:the\s+)?(?:day|week|month|night|morning)\s+(?:before|after)|(?:\d+|an?|one|two|three|four|five|six|seven|ten|twelve|twenty|thirty|forty-eight)\s+[a-z]+\s+(?:before|after|later))\b)/i;

/** "a loan's created", "a meeting's set up": "'s" before a participle is "is". */
const IS_CONTRACTED = /\b([a-z]+)'s\s+(?=(?:been|set up|[a-z]+(?:ed|en))\b)/gi;

/** "is set up": made, as a creation ("when a meeting is set up"). */
const SET_UP = /\b(is|are|gets|get)\s+set\s+up\b/gi;

/** "let the equipment officer know": an action of telling. */
const LET_KNOW = /\blet\s+((?:the\s+|their\s+|a\s+)?[a-z]+(?:\s+[a-z]+)?)\s+know\b/gi;

/** The trigger sentence without what says nothing about the workflow, in plain forms. */
/** "when a claim comes in", "when a request arrives": it is made. */
/** ("When a new dog comes to us": a record arriving is its making; not "signs up for a shift", which makes another.) */
const COMES_IN = /\b(?:(?:comes|come)\s+(?:in|to\s+us|through\s+the\s+door)|arrives)\b/gi;

/** "fire off a confirmation email": send it. */
const FIRE_OFF = /\b(?:fire|shoot|send)\s+off\b/gi;

export function plainTriggerText(text: string): string {
  return text.replace(LIST_MARKER, '').replace(LABEL, '').replace(COMES_IN, 'is created').replace(PUT_IN_BOOKS, 'is created').replace(FIRE_OFF, 'send').replace(IS_CONTRACTED, '$1 is ').replace(SET_UP, '$1 created').replace(LET_KNOW, 'notify $1');
}

/** "a visit goes into the diary", "a booking is put on the calendar": it is made. */
const PUT_IN_BOOKS = /\b(?:goes|go|gets\s+put|is\s+put|are\s+put|gets\s+entered|is\s+entered|gets\s+added|is\s+added|are\s+added|lands)\s+(?:into|in|onto|on|to)\s+(?:the|our)\s+(?:diary|calendar|system|books|schedule|rota|app|database|planner)\b/i;

/** Verbs between a record and its new state: "is", "gets", "moves to", "starts", "is marked as". */
export const STATE_LINKS = new Set([
  'is', 'are', 'gets', 'get', 'becomes', 'become', 'turns', 'goes', 'moves', 'changes', 'reaches', 'has', 'have', 'was', 'were',
  'been', 'being', 'marked', 'set', 'switched', 'enters', 'starts', 'begins', 'to', 'as', 'into', 'status', 'state', 'the', 'its', 'now', 'just', 'automatically',
]);

/**
 * Participles that mean the record was just made: the workflow starts on create ("when a protest
 * is lodged", "when a notice goes up").
 */
export const CREATED_STATES = new Set([
  'created', 'new', 'made', 'added', 'submitted', 'placed', 'booked', 'filed', 'registered', 'opened', 'requested', 'posted', 'reported',
  'logged', 'raised', 'uploaded', 'entered', 'received', 'sent', 'started', 'recorded', 'issued', 'inserted', 'signed up', 'lodged', 'up',
]);

/** States that say a record is gone ("whenever a ticket is deleted"): the delete event, not a status. */
export const DELETED_STATES = new Set(['deleted', 'removed', 'erased']);

/** A sentence that opens with a record being made ("A tenancy is created in the offered state"): a trigger without "when". */
export const CREATED_CLAUSE = /^(?:a|an|each|every|any)\s+(?:new\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:is|gets)\s+(?:created|made|added|opened|submitted|placed|booked|registered|set up)\b/i;

/** Verbs a person makes a record with ("someone makes a booking"). */
export const CREATE_ACTIONS = new Set(['make', 'create', 'add', 'submit', 'place', 'book', 'file', 'register', 'open', 'request', 'post', 'report', 'log', 'raise', 'upload', 'enter', 'send', 'start', 'record', 'issue', 'leave', 'write']);

/** Words that are actions of a task ("remind the brewer", "it is escalated", "cancel it"). */
export const TASK_VERBS = new Set([
  'notify', 'send', 'email', 'e-mail', 'sms', 'text', 'remind', 'alert', 'ping', 'call', 'ask', 'tell', 'inform', 'message', 'invite',
  'cancel', 'decline', 'reject', 'approve', 'accept', 'confirm', 'close', 'archive', 'delete', 'remove', 'expire', 'escalate', 'assign', 'reassign',
  'publish', 'announce', 'post', 'share', 'export', 're-run', 'rerun', 'run', 'generate', 'create', 'calculate', 'compute', 'recalculate', 'update',
  'mark', 'flag', 'lock', 'unlock', 'release', 'pay', 'charge', 'invoice', 'bill', 'refund', 'ship', 'deliver', 'sync', 'backup', 'print',
  'renew', 'suspend', 'activate', 'deactivate', 'open', 'reopen', 'schedule', 'book', 'order', 'reorder', 'restock', 'check', 'review', 'record',
  'page', 'phone', 'warn', 'contact', 'follow', 'reschedule', 'refund', 'reassign', 'dispatch', 'nudge', 'chase', 'prompt', 'withdraw', 'award',
  // ("put it back in stock", "return it to the shelf".)
  'put', 'return',
]);

/** Irregular participles; the rest are made by rule. */
export const PARTICIPLES: Record<string, string> = {
  send: 'sent', pay: 'paid', make: 'made', write: 'written', leave: 'left', run: 'run', 're-run': 're-run', rerun: 'rerun', sms: 'smsed',
  email: 'emailed', reply: 'replied', tell: 'told', ship: 'shipped', submit: 'submitted', plan: 'planned', stop: 'stopped', sign: 'signed',
  sell: 'sold', find: 'found', buy: 'bought', do: 'done', give: 'given', take: 'taken', see: 'seen', hold: 'held', build: 'built', win: 'won', lose: 'lost',
  begin: 'begun', bring: 'brought', catch: 'caught', teach: 'taught', choose: 'chosen', set: 'set', put: 'put', cut: 'cut', shut: 'shut', read: 'read',
};
/** Past participles that are their own participle ("done", "paid"): never given another ending. */
const IRREGULAR_PARTICIPLES = new Set(Object.values(PARTICIPLES));

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
  if (IRREGULAR_PARTICIPLES.has(v)) return v;
  // (The tagger knows irregular and doubled forms, "drove" -> driven, "fit" -> fitted; a word it does not know takes -ed.)
  const known = /^[a-z]+$/.test(v) ? participleOf(v) : undefined;
  if (known) return known;
  if (v.endsWith('e')) return `${v}d`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ied`;
  return `${v}ed`;
}

/** Plain forms of contractions, so "isn't" reads as "is not". */
export function expand(text: string): string {
  return text
    .replace(/\b(is|are|was|were|has|have|does|do|did|should|could|would)n't\b/gi, '$1 not')
    .replace(/\bwon't\b/gi, 'will not')
    // ("If it's still not confirmed", "they've not paid", "it's been sold": the subject's own verb.)
    .replace(/\b(it|he|she)['’]s\s+(?=been\b|got\b)/gi, '$1 has ')
    .replace(/\b(it|he|she)['’]s\b/gi, '$1 is')
    // ("if its not picked up": the apostrophe left out, before "not".)
    .replace(/\bits\s+(?=not\b|still\s+not\b)/gi, 'it is ')
    .replace(/\b(they|we|you)['’]re\b/gi, '$1 are')
    .replace(/\b(they|we|you)['’]ve\b/gi, '$1 have')
    // ("neither approved nor rejected": not approved or rejected.)
    .replace(/\bneither\s+([a-z]+)\s+nor\s+([a-z]+)\b/gi, 'not $1 or $2')
    .replace(/\bcan't\b/gi, 'cannot')
    .replace(/\bwe'd like\b/gi, 'we want')
    .replace(/\bhrs?\b/gi, 'hours')
    // ("wait until a fortnight before its next service date": two weeks.)
    .replace(/\b(?:a|one)\s+fortnight\b/gi, 'two weeks')
    .replace(/\s+&\s+/g, ' and ');
}

/** Words that end an action's object ("remind the brewer to check", "send the member a reminder"). */
const OBJECT_END = new Set(['to', 'for', 'about', 'with', 'of', 'on', 'in', 'at', 'and', 'or', 'that', 'if', 'when', 'then', 'a', 'an', 'the', 'by', 'from', 'who', 'whose', 'which', 'via', 'through', 'into', 'so', 'because', 'since', 'unless', 'straight', 'immediately', 'automatically']);

/** The object noun phrase after an action: up to three words ("follow-up email", "results"). */
export function objectPhrase(tokens: string[]): string | undefined {
  let k = 0;
  while (k < tokens.length && OBJECT_SKIP.has(tokens[k]!)) k += 1;
  const out: string[] = [];
  for (; k < tokens.length && out.length < 3 && !OBJECT_END.has(tokens[k]!); k += 1) out.push(tokens[k]!);
  return out.length > 0 ? out.join('_') : undefined;
}

/** Words that end what an act is done to ("pay the deposit by then", "book a test within two weeks"). */
const ACT_OBJECT_END = /^(?:by|within|in|before|after|or|and|but|then|so|if|otherwise|else|at|on|for|to|from|yet|still|again|now|first)$/;

/**
 * The event that ends a wait for someone's act: its participle ("confirm it": confirmed), after
 * the thing acted on when that is not the record itself ("pay the deposit": deposit_paid, "book
 * a test": test_booked), as people name such events.
 */
export function awaitedEvent(verb: string, after: string, recordWords: readonly string[]): string {
  const acted = /(?:ed|en)$/.test(verb.toLowerCase()) ? verb.toLowerCase() : participle(verbLemma(verb));
  // ("to pick it up", "to sign them off": the verb's particle is part of the act, picked_up.)
  // (Not "paid in 5 days": a time, not a particle.)
  const particle = /^\s*(?:it|them|this|that)?\s*(up|off|out|in\b(?!\s+(?:\d+|an?|one|two|three|four|five|six|seven|ten|fourteen|thirty)\s+(?:minutes?|hours?|days?|weeks?|months?)\b)|back|over)\b/i.exec(after);
  const done = particle ? `${acted}_${particle[1]!.toLowerCase()}` : acted;
  const m = /^\s*(?:the|a|an|their|its|his|her|any|some)\s+([a-z]+(?:\s+[a-z]+)?)/i.exec(after);
  const object = m ? m[1]!.toLowerCase().split(/\s+/).filter((w, i, all) => !ACT_OBJECT_END.test(w) && !all.slice(0, i).some((x) => ACT_OBJECT_END.test(x))) : [];
  if (object.length === 0 || object.some((w) => recordWords.includes(w) || recordWords.includes(w.replace(/s$/, '')))) return done.replace(/\s+/g, '_');
  return `${object.join('_')}_${done}`.replace(/\s+/g, '_');
}

/** Verbs of a record reaching a state ("moved to conditioning", "gone to review"). */
const REACHING = /^(?:moved|gone|got|reached|progressed|advanced|switched|changed|turned|passed)$/;

/** Verbs of an answer that comes in one of several kinds ("answered with an invitation or a decline"). */
const ANSWERED = /^(?:answered|responded|replied|met|dealt)$/;

/** The act a noun names ("invitation": invited, "decline": declined, "payment": paid). */
function actOfNoun(noun: string): string {
  if (AWAITED_NOUNS[noun]) return AWAITED_NOUNS[noun]!;
  const stem = noun.replace(/(?:ation|al)$/, '');
  const verb = stem !== noun ? [stem, `${stem}e`].find((v) => TASK_VERBS.has(v) || CREATE_ACTIONS.has(v)) : undefined;
  return participle(verb ?? noun);
}

/**
 * The events a wait for what did not happen ends with, when the verb does not name them itself:
 * "hasn't moved to conditioning" (the state reached), "hasn't been answered with an invitation or
 * a decline" (either act). `following` are the words after the verb.
 */
export function eventsOfAct(verb: string, following: readonly string[]): string[] | undefined {
  // (The words up to the time: "to conditioning six weeks after that".)
  const stop = following.findIndex((w, i) => /^(?:within|after|in|for|by|before|so|then)$/.test(w) || /^\d/.test(w) || /^(?:minute|hour|day|week|month|year)s?$/.test(following[i + 1] ?? ''));
  const object = following.slice(0, stop < 0 ? following.length : stop);
  // ("hasn't gone back into repair": back to a state it had.)
  const back = object[0] === 'back' ? 1 : 0;
  if (REACHING.test(verb) && /^(?:to|into)$/.test(object[back] ?? '')) {
    const state = object.slice(back + 1).filter((w) => !/^(?:the|a|an|its|their)$/.test(w));
    return state.length > 0 ? [state.join('_')] : undefined;
  }
  if (ANSWERED.test(verb) && object[0] === 'with') {
    const kinds = object.slice(1).join(' ').split(/\s*(?:,|\bor\b|\band\b)\s*/).map((k) => k.replace(/^(?:an?|the|some)\s+/, '').trim().split(/\s+/).pop() ?? '').filter(Boolean);
    return kinds.length > 0 ? kinds.map(actOfNoun) : undefined;
  }
  return undefined;
}

/**
 * A failure, then its retries, for the workflow's last task: "Retry this email up to 3 times.",
 * "Text gateways fail from time to time, so retry the text up to three times", "Our mailer is
 * flaky, so it should retry up to 3 times", "The website is slow, so try up to 4 more times".
 */
export const FAILURE_THEN_RETRY = /^[^;]*?(?:,\s*|\s+(?=so\s+(?:let\s+)?(?:it\s+|we\s+)?(?:should\s+|must\s+|will\s+|can\s+)?(?:retry|try)\b))so\s+(?:let\s+(?:it|them)\s+|(?:it|we|they|you)\s+)?(?:(?:should|must|will|can|needs? to|has to|have to)\s+)?(?=retry\b|try\s+(?:again\s+)?(?:up\s+to\s+)?\w+\s+(?:(?:more|further|extra)\s+)?times\b|try\s+twice\b)/i;

/** The same, the retries said in the passive: "..., so sending should be tried up to 3 times". */
export const FAILURE_THEN_PASSIVE_RETRY = /^[^;]*?,\s*so\s+(?=(?:sending|it|that|the\s+[a-z]+(?:\s+[a-z]+)?|each\s+[a-z]+)\s+(?:should|must|will|can|needs? to|has to)\s+be\s+(?:re-?)?tried\b)/i;

/**
 * "When an episode's publish date arrives, ...": the record, its date, what to do then. "arrives"
 * reads "is created" by then (plainTriggerText's word for a record coming in), which a date is not.
 */
export const DATE_ARRIVES = /^(?:when|once|as soon as)\s+(?:(?:a|an|the|each|every|its|their)\s+)?([a-z]+(?:\s+[a-z]+)?)['’]s?,?\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:arrives|is created|comes|comes round|comes around|is reached|is here|passes|hits|rolls round|rolls around)\s*,\s*(.+)$/i;
