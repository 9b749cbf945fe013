/**
 * Rights clauses: `<subject> [can|may|should [not]] <verbs> <objects> [and <verbs> <objects>]`.
 * `members can create, read and update Xs and read Ys` -> [c r u] on X, [r] on Y;
 * `viewers can only read` -> r on everything; `Zs can book Xs and see only their own` -> c on
 * X, r:own on X; `admins can do everything` -> every right, the administrative role.
 */
import type { EntityIndex } from './entity-index';
import { CREATE_ACTIONS } from '../author/workflow-phrases';
import { nominalEntity, startedBy } from './made-records';
import { theirOwnStuff } from './own-records';
import { ADMIN_VERBS, ALL_RIGHTS, NEGATIONS, phrasalVerb, RIGHT_VERBS, type RightLetter, rightVerb, SIGN_IN_PHRASES } from './lexicon';
import { LEADING, MODAL_WORDS, placedPeople } from './placed-people';
import { ownRecordOfSubject, plainRightsWording, withoutRecipient, withoutRefusalFromAState } from './rights-wording';
import { plural, singular, words } from './text';
import { tagTerms } from '../author/tag';

export interface RightsGroup {
  letters: RightLetter[];
  /** Record types the verbs apply to; `all` for everything. */
  entities: string[] | 'all';
  own: boolean;
  negative: boolean;
  /** `manage/moderate/do everything`: the administrative role's wording. */
  adminWording: boolean;
  /** The verbs as written (base forms): `submit`, `book`. */
  verbs: string[];
  /** "can only edit their own", "(but) can't change them" with nothing after it: the records are the ones named before. */
  elided?: boolean;
}

export interface RightsClause {
  subject: string[];
  modal: boolean;
  groups: RightsGroup[];
  /** The first object came with an article (`record an item`): a definition, not a right. */
  articleObject: boolean;
  /** The subject came with a determiner ("the bailiff", "a member"). */
  determiner?: boolean;
  /** A record type, a field or "everything" was named as an object ("Boats enter it" names none). */
  namedObject?: boolean;
}

export interface RightsContext {
  index: EntityIndex;
  /** The record type holding a field named by the tokens at i (`update notes`), with the match length. */
  fieldAt?: (tokens: string[], i: number) => { entity: string; length: number } | undefined;
  /** The record types that refer to a record type (bookings to the session they are for). */
  referrers?: (entity: string) => string[];
  /**
   * Words for people in general the text places in one place only ("volunteers in the back room"
   * and no volunteers elsewhere): the place sets no role apart, so the role is the volunteer.
   */
  placedOnce?: ReadonlySet<string>;
  /** The record types whose status starts in a state ("booked"): what an act said alone makes ("customers can book online"). */
  startingIn?: (state: string) => string[];
}

/** ("The other setters can add routes": "other" sets them apart from a role named before, it is no part of the name.) */
// ("Us groomers need to see everything": who "us" are is the role.)
const SUBJECT_DETERMINERS = new Set(['the', 'a', 'an', 'all', 'our', 'my', 'your', 'each', 'every', 'any', 'only', 'other', 'most', 'many', 'registered', 'us']);
const HEDGE = new Set(['can', 'may', 'should', 'must', 'will', 'shall', 'could', 'might', 'also', 'only', 'ever', 'just', 'be', 'able', 'allowed', 'permitted', 'to', 'are', 'is', 'still', 'now', 'always', 'each', 'both', 'further', 'additionally', 'need', 'needs']);
/** Words between "do" and "everything" that change nothing ("do pretty much anything"). */
const SOFTENERS = new Set(['pretty', 'much', 'basically', 'just', 'absolutely', 'simply', 'literally', 'it']);
const STOPS = new Set(['with', 'of', 'for', 'from', 'without', 'when', 'if', 'by', 'in', 'on', 'at', 'that', 'which', 'who', 'because', 'unless', 'except', 'after', 'before', 'once', 'during', 'within', 'via', 'using', 'whenever', 'where', 'so', 'but', 'as', 'like', 'into', 'about', 'than', 'until', 'till', 'til']);
const FILLER = new Set(['pretty', 'much', 'basically', 'simply', 'and', 'or', 'their', 'the', 'only', 'also', 'any', 'a', 'an', 'its', 'his', 'her', 'them', 'it', 'these', 'those', 'other', 'others', 'some', 'then', 'each', 'every', 'just', 'both', 'new', 'existing', 'still', 'further', 'each', 'can', 'may', 'should', 'to', 'be', 'able', 'single']);
/** Words that quantify a relation's far side ("has many trips"), never a right's object. */
const RELATION_QUANTIFIERS = new Set(['many', 'several', 'multiple', 'lots', 'numerous']);
/** Verbs of joining: what the person makes is their own record. */
const JOIN_VERBS = new Set(['register', 'join', 'enrol', 'enroll', 'signup']);
const EVERYTHING = new Set(['everything', 'anything', 'everything else', 'all']);
const ACCESS_WORDS = new Set(['access', 'control', 'right', 'rights', 'permissions', 'privileges']);

function accessLetters(modifiers: string[]): RightLetter[] | undefined {
  // ("has every right on everything".)
  if (modifiers.some((m) => ['full', 'complete', 'admin', 'administrative', 'unrestricted', 'total', 'all', 'every'].includes(m))) return [...ALL_RIGHTS];
  if (modifiers.some((m) => ['read', 'read-only', 'readonly', 'view', 'viewing', 'viewer'].includes(m))) return ['read'];
  if (modifiers.some((m) => ['write', 'edit', 'editing', 'editor'].includes(m))) return ['create', 'read', 'update'];
  return undefined;
}

/**
 * "can do whatever she likes with walls", "do anything they want with the bookings": every right
 * on what follows; without an object ("can do whatever they like"), on everything.
 */
function freeHand(text: string): string {
  const free = String.raw`\bdo\s+(?:whatever|anything|what)\s+(?:she|he|they|you|we)\s+(?:likes?|wants?|pleases?|needs?|wish(?:es)?)(?:\s+to)?`;
  // ("do anything at all with visits": the same, said without who wants it.)
  return text.replace(new RegExp(`${free}\\s+(?:with|to)\\b`, 'gi'), 'manage').replace(/\bdo\s+(?:anything|everything)(?:\s+at\s+all)?\s+(?:with|to)\b(?!\s+(?:every|any|all|each)\b)/gi, 'manage').replace(new RegExp(free, 'gi'), 'do everything');
}

/**
 * "keep them up to date", "keep each donation's status up to date": update them; "take their
 * RSVP back", "take it back": delete it.
 */
function keptUpToDate(text: string): string {
  return text
    .replace(/\bkeep(?:s|ing)?\s+([a-z' ]{1,40}?)\s+up[- ]to[- ]date\b/gi, 'update $1')
    .replace(/\btake(?:s)?\s+((?:(?:their|his|her|its|the|a|an)(?:\s+own)?\s+[a-z]+)|it|them)\s+back\b/gi, 'delete $1');
}

/** Words the tagger knows as someone's first name ("Bev", "Sam"; not "Marshal"); tagTerms remembers its readings. */
function isFirstName(word: string): boolean {
  return [...(tagTerms(word)[0]?.tags ?? [])].some((t) => t === 'FemaleName' || t === 'MaleName');
}

/** Parses a rights clause; undefined when the clause does not begin with a subject and a right. */
export function parseRightsClause(clause: string, ctx: RightsContext): RightsClause | undefined {
  // ("Clients can book online, but it stays pending till I confirm it": what the writer, or the record, does after is no right of theirs.)
  clause = clause.replace(/\s*,?\s+(?:but|till|til|until|unless|whereas|while)\s+(?:i|we|it)\b.*$/i, '');
  const unrefused = withoutRefusalFromAState(withoutRecipient(clause));
  if (unrefused === undefined) return undefined;
  clause = theirOwnStuff(unrefused, ctx);
  // ("Plant staff, the people working in the laundry itself, see collections": the aside after the subject says who they are.)
  // ("can scan the QR sticker on a lift and flag a breakdown": how they get there, before the right, is none.)
  clause = clause.replace(/\b(can|may|could)\s+([a-z]+)\s+[^,;]{1,60}?\s+and\s+(?:then\s+)?([a-z]+)(?=\s+(?:a|an|the|their|new)\s)/i, (all, modal: string, first: string, second: string) => (!/^(?:do|have|get|be|make|take)$/i.test(first) && rightVerb(first.toLowerCase()) === undefined && ctx.index.resolve([first.toLowerCase()]) === undefined && (rightVerb(second.toLowerCase()) !== undefined || CREATE_ACTIONS.has(second.toLowerCase()) || ctx.index.resolve([second.toLowerCase()]) !== undefined) ? `${modal} ${second}` : all));
  // ("can flag a problem": a verb of making a record the rights lexicon lacks, making one; unless the verb names a record type too.)
  clause = clause.replace(/\b(can|may|could|to)\s+(?:also\s+)?([a-z]+)\s+(?=(?:a|an|any|new)\s)/gi, (all, modal: string, verb: string) => (CREATE_ACTIONS.has(verb.toLowerCase()) && rightVerb(verb.toLowerCase()) === undefined && !ctx.index.resolve([verb.toLowerCase()]) ? `${modal} submit ` : all));
  // ("can enter my animals as lots in an upcoming sale": what they enter is the records named after "as".)
  clause = clause.replace(/\b(enter|enters|add|adds|register|registers|list|lists|submit|submits|put|puts)\s+(?:my|their|his|her|our|the)\s+[a-z]+\s+as\s+([a-z]+)\b/gi, (all, verb: string, records: string) => (ctx.index.resolve([records.toLowerCase()]) !== undefined ? `${/^put/i.test(verb) ? 'create' : verb} ${records}` : all));
  // ("can ask for a quote", "can request a callback" where quote requests are the records: asking makes one.)
  clause = clause.replace(/\b(?:ask|asks|asking)\s+for\s+(an?|the)\s+([a-z]+)\b|\b(?:request|requests|requesting)\s+(an?|the)\s+([a-z]+)\b/gi, (all, a1: string | undefined, n1: string | undefined, a2: string | undefined, n2: string | undefined) => {
    const noun = (n1 ?? n2)!.toLowerCase();
    return ctx.index.resolve([noun]) === undefined && ctx.index.resolve([noun, 'request']) !== undefined ? `submit ${a1 ?? a2} ${noun} request` : all;
  });
  // ("A trader can then apply for one or more weekends" where applications are the records: the act makes one, when what it
  // is for is no record type; when it is one, the reader below makes the act's record and reads that one.)
  clause = clause.replace(/\b(can|may|could|to|should be able to)\s+(?:also\s+|then\s+|now\s+)?(apply\s+for|book|enrol|enroll|register|reserve|subscribe|order|hire|rent)\b(\s+(?:for|on|onto|in|into|a|an|one|some|places?|spots?|seats?)\s(?:(?!\b(?:and|but|if|so|when|because)\b)[^,;])+)/gi, (all, modal: string, verb: string, rest: string) => {
    const made = ctx.index.mentions(words(rest)).length === 0 ? nominalEntity([verb.toLowerCase().replace(/\s+/g, '')], ctx.index, []) : undefined;
    return made ? `${modal} create ${plural(made.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase())}` : all;
  });
  // ("Agency nurses with no account can flag a breakdown": who they are, no part of the subject.)
  const plain = ownRecordOfSubject(plainRightsWording(clause), (phrase) => ctx.index.resolve(words(phrase)) !== undefined).replace(/\([^()]*\)/g, ' ').replace(/^(\s*[a-z]+(?:\s+[a-z]+)?)\s+(?:with no (?:account|login)|without (?:an? )?(?:account|login))\s+(?=(?:can|may|could)\b)/i, '$1 ').replace(/^(\s*[a-z]+(?:\s+[a-z]+){0,2}),\s+(?:the|who|which|i\.e\.|that is|our|those)\b[^,]{1,60},\s*/i, '$1 ');
  // ("can read and update guest records": the guests, "records" no verb of making one.)
  const recorded = plain.replace(/\b([a-z]+)\s+(?:records|record|details|entries|profiles|files)\b(?!\s+(?:a|an|the|their|its|each|every)\b)/gi, (all, noun: string) => (ctx.index.resolve([noun.toLowerCase()]) !== undefined && !/^(?:can|may|will|to|and|or|they|we|who)$/i.test(noun) ? plural(noun.toLowerCase()) : all));
  // ("they can only edit the ones they booked themselves", "a review they wrote": what they made is their own.)
  // ("anyone can see the list of sessions": the list is of sessions, which are what is seen.)
  const listed = recorded.replace(/\b(?:the\s+|a\s+|their\s+)?(?:full\s+|whole\s+|public\s+)?(?:list|catalogue|catalog|collection|schedule|calendar|register|directory|history) of\s+/gi, '');
  // ("only see the surveys assigned to them", "jobs allocated to him": the ones they are given are their own.)
  const given = listed.replace(/\b(?:(?:the|any|all)\s+([a-z]+(?:\s+[a-z]+)?)|([a-z]+))\s+(?:that\s+(?:are|were|have been|get)\s+|which\s+(?:are|were)\s+)?(?:assigned|allocated|given)\s+to\s+(?:them|him|her|me|themselves)\b/gi, (all, named?: string, bare?: string) => {
    const noun = named ?? bare!;
    return /^(?:be|been|is|are|get|gets|was|were)$/i.test(noun.split(/\s+/).pop()!) && !named ? all : `their own ${noun}`;
  });
  // ("see the lessons and invoices for their own child": the records of what is theirs are their own.)
  const ofTheirs = given.replace(/\b(?:the|all|any)\s+([a-z]+(?:\s*(?:,|and|or)\s+[a-z]+)*)\s+(?:for|of|about|on)\s+(?:their|his|her|my)\s+own\s+[a-z]+\b/gi, (all, records: string) => (records.split(/\s*(?:,|\band\b|\bor\b)\s*/).filter(Boolean).every((r) => ctx.index.resolve(words(r)) !== undefined) ? `their own ${records}` : all));
  const owned = keptUpToDate(freeHand(ofTheirs)).replace(/\b(?:the|a|an|any)\s+(ones?|[a-z]+(?:\s+(?!(?:that|they|he|she|if|when|once|because|so|and|or|but|as|after|before|until|unless|where|which|who)\b)[a-z]+){0,2}?)\s+(?:that\s+)?(?:they|he|she)(?:'ve|\s+have)?\s+(?:[a-z]+ed|made|wrote|written|took|did|brought|sent|built)(?:\s+themselves)?\b/gi, 'their own $1');
  const tokens = placedPeople(words(owned), ctx.placedOnce);
  let k = 0;
  while (LEADING.has(tokens[k] ?? '')) k += 1;
  const indefinite = tokens[k] === 'a' || tokens[k] === 'an';
  // ("Their cooks can read orders": whose staff they are says nothing of the role.)
  if (tokens[k] === 'their' && MODAL_WORDS.has(tokens[k + 2] ?? '')) k += 1;
  const determiner = SUBJECT_DETERMINERS.has(tokens[k] ?? '');
  while (SUBJECT_DETERMINERS.has(tokens[k] ?? '')) k += 1;
  // The subject ends where a modal, a negation, a rights verb or `have ... access` begins.
  let j = -1;
  // ("local club or church groups can ...": two kinds of people, a longer subject.)
  const reach = tokens.slice(k + 1, k + 4).some((w) => w === 'or' || w === 'and') ? 6 : 4;
  for (let p = k + 1; p <= k + reach && p < tokens.length; p += 1) {
    const t = tokens[p]!;
    // ("visitors with no account can ...": who they are, not a negation.)
    if (t === 'no' && tokens[p - 1] === 'with') continue;
    if (MODAL_WORDS.has(t) || NEGATIONS.has(t) || t === 'only' || t === 'also' || t === 'do' || t === 'does' || ((t === 'need' || t === 'needs') && tokens[p + 1] === 'to')) {
      j = p;
      break;
    }
    if ((t === 'have' || t === 'has' || t === 'get' || t === 'gets') && tokens.slice(p + 1, p + 5).some((w) => ACCESS_WORDS.has(w))) {
      j = p;
      break;
    }
    if ((t === 'are' || t === 'is') && (tokens[p + 1] === 'allowed' || tokens[p + 1] === 'able' || tokens[p + 1] === 'permitted' || tokens[p + 1] === 'not' || tokens[p + 1] === 'read-only')) {
      j = p;
      break;
    }
    if ((rightVerb(t) || phrasalVerb(t, tokens[p + 1])) && !ctx.index.aliasAt(tokens, p)) {
      j = p;
      break;
    }
  }
  if (j < 0) return undefined;
  // ("visitors without an account can look at tournaments": the qualifier says who they are, the access reader reads it.)
  // ("a visitor with no account": the same, said with "with no".)
  const qualified = tokens.slice(k, j).findIndex((w, i, all) => w === 'without' || (w === 'with' && /^(?:no|an|a)$/.test(all[i + 1] ?? '')));
  const subject = tokens.slice(k, qualified > 0 ? k + qualified : j);
  if (subject.some((w) => !/^[a-z][a-z'-]*$/.test(w) || STOPS.has(w) || w === 'a' || w === 'an')) return undefined;
  // ("Only active ones take bookings": "ones" stands for records said before, no people.)
  if (/^(?:ones?)$/.test(subject[subject.length - 1] ?? '')) return undefined;
  // ("Bev in the office deals with bookings": a person's first name is who, not which role; the text names the role elsewhere.)
  const named = /^\s*(?:(?:and|but|then|also|while)\s+)?([A-Z][a-z]+)\b/.exec(clause)?.[1];
  if (named && subject.includes(named.toLowerCase()) && isFirstName(named)) return undefined;
  // "an enrollment records the date": a record type doing something is a definition, not a role.
  if (indefinite && ctx.index.aliasAt(subject, 0) && /^(?:records?|keeps?|stores?|holds?|tracks?|lists?|contains?|includes?|has|have)$/.test(tokens[j] ?? '')) return undefined;
  // "A route runs many trips", "every new event starts as an enquiry": one record of a type, with
  // no modal, holding many others or starting in a state, is a relation or a state, not people's
  // rights ("a gardener reads plots" is a role's).
  const generic = indefinite || tokens[k - 1] === 'each' || tokens[k - 1] === 'every';
  const recordSubject = subject.filter((w) => w !== 'new');
  // ("every boat gets a result in every race": what each record has, not a right.)
  const relationOrState = RELATION_QUANTIFIERS.has(tokens[j + 1] ?? '') || /^(?:starts?|begins?|becomes?|gets|receives)$/.test(tokens[j] ?? '');
  if (generic && relationOrState && recordSubject.length > 0 && ctx.index.aliasAt(recordSubject, 0)?.plural === false && ctx.index.resolve(recordSubject)) return undefined;
  // ("a team lead can run several shifts": one of them and how many records, a relation said of people, no right.)
  let verbAt = j;
  while (MODAL_WORDS.has(tokens[verbAt] ?? '') || HEDGE.has(tokens[verbAt] ?? '')) verbAt += 1;
  // ("An observer looks after any number of survey sites": after a particle, and "any number of", too.)
  const counted = /^(?:after|up|over|into|on|in|out|for)$/.test(tokens[verbAt + 1] ?? '') ? verbAt + 2 : verbAt + 1;
  if (indefinite && (RELATION_QUANTIFIERS.has(tokens[counted] ?? '') || (/^(?:any|a)$/.test(tokens[counted] ?? '') && tokens[counted + 1] === 'number') || tokens[counted] === 'plenty')) return undefined;
  // "Each guardian record belongs to one child": a verb's word before the clause's own verb is a noun of the subject.
  if (/^(?:belongs?|is|are|was|were|has|have|links?|contains?)$/.test(tokens[j + 1] ?? '') && !MODAL_WORDS.has(tokens[j - 1] ?? '')) return undefined;
  // ("Meetups take place at one venue": where a record happens, no right.)
  if (tokens[j] === 'place' && /^(?:take|takes|took)$/.test(tokens[j - 1] ?? '')) return undefined;
  // "The core record.": a verb's word with nothing after it and no modal is a noun ending a phrase.
  if (j === tokens.length - 1 && !MODAL_WORDS.has(tokens[j - 1] ?? '')) return undefined;

  {
    let p = j;
    while (p < tokens.length && (HEDGE.has(tokens[p]!) || MODAL_WORDS.has(tokens[p]!) || NEGATIONS.has(tokens[p]!) || tokens[p] === 'cannot' || tokens[p] === 'not')) p += 1;
    const first = tokens[p] ?? '';
    const accessPhrase = (first === 'have' || first === 'has' || first === 'get' || first === 'gets') && tokens.slice(p + 1, p + 5).some((w) => ACCESS_WORDS.has(w));
    const doEverything = (first === 'do' || first === 'does') && EVERYTHING.has(tokens.slice(p + 1).find((w) => !SOFTENERS.has(w)) ?? '');
    const verbOfEntity = ctx.index.aliasAt(tokens, p) !== undefined && p === j + countHedges(tokens, j);
    if (!rightVerb(first) && !phrasalVerb(first, tokens[p + 1]) && !accessPhrase && !doEverything && !verbOfEntity && first !== 'read-only') return undefined;
  }
  let modal = false;
  let negative = false;
  const groups: RightsGroup[] = [];
  let cur = newGroup(false);
  let skipping = false;
  let articleObject = false;
  let sawObject = false;
  const flush = () => {
    if (cur.letters.length > 0) {
      const prev = groups[groups.length - 1];
      let entities: string[] | 'all';
      // ("edit anything except payments": every record type but those.)
      if (cur.everything && cur.excepted && cur.excepted.length > 0) {
        const excepted = cur.excepted;
        entities = ctx.index.names.filter((n) => !excepted.includes(n));
      } else if (cur.everything) entities = 'all';
      else if (cur.entities !== 'all' && cur.entities.length > 0) entities = cur.entities;
      else if (cur.own && prev) entities = prev.entities;
      else if (cur.unknownObject) entities = [];
      else entities = 'all';
      // `book events` when Bookings exist: the verb's noun is what gets created; the object is read.
      // ("book online": no object, the record that starts booked.)
      // (Not "record subscriptions" when Recordings exist: what is recorded, logged or added is the record made.)
      const madeIsObject = entities !== 'all' && entities.length > 0 && cur.verbs.some((v) => OBJECT_MADE_VERBS.has(v));
      const nominal = cur.letters.includes('create') && entities !== 'all' && !madeIsObject ? (nominalEntity(cur.verbs, ctx.index, entities) ?? (entities.length === 0 && !cur.unknownNoun ? startedBy(cur.verbs, ctx) : undefined)) : undefined;
      // "sign up for shifts" (the object after a stop word): the verb's record type, not everything.
      const madeAlone = cur.letters.includes('create') && entities === 'all' && !cur.everything ? (nominalEntity(cur.verbs, ctx.index, []) ?? startedBy(cur.verbs, ctx)) : undefined;
      // "sign up for sessions", "register for events" with no record named after the verb: the one record
      // type that refers to what follows the preposition is what gets made (a booking of the session).
      const referrer = !madeAlone && cur.letters.includes('create') && entities === 'all' && !cur.everything && cur.afterPreposition.length === 1 ? ctx.referrers?.(cur.afterPreposition[0]!)[0] : undefined;
      if (cur.madeBy && cur.letters.includes('create') && entities === 'all' && !cur.everything) {
        groups.push({ letters: [...new Set(cur.letters)], entities: [cur.madeBy], own: cur.own, negative: cur.negative, adminWording: false, verbs: [...cur.verbs] });
        if (cur.afterPreposition.length > 0) groups.push({ letters: ['read'], entities: [...cur.afterPreposition], own: false, negative: cur.negative, adminWording: false, verbs: [] });
      } else if (madeAlone) {
        groups.push({ letters: [...new Set(cur.letters)], entities: [madeAlone], own: cur.own, negative: cur.negative, adminWording: false, verbs: [...cur.verbs] });
      } else if (referrer) {
        groups.push({ letters: [...new Set(cur.letters)], entities: [referrer], own: cur.own, negative: cur.negative, adminWording: false, verbs: [...cur.verbs] });
        groups.push({ letters: ['read'], entities: [...cur.afterPreposition], own: false, negative: cur.negative, adminWording: false, verbs: [] });
      } else if (skipping && entities === 'all' && !cur.everything && cur.letters.includes('create')) {
        // (Which record it makes is not said, "for" a record or "with my details": no right at all rather than every
        // record type. "As a visitor, I can register once with my details": people who join make their own record,
        // when they are one.)
        const joins = cur.afterPreposition.length === 0 && cur.verbs.some((v) => JOIN_VERBS.has(v));
        const self = joins ? (ctx.index.resolve(subject) ?? ctx.index.resolve(subject.slice(-1))) : undefined;
        if (self) groups.push({ letters: ['create', 'read'], entities: [self], own: true, negative: cur.negative, adminWording: false, verbs: [...cur.verbs] });
      } else if (nominal) {
        groups.push({ letters: ['create'], entities: [nominal], own: cur.own, negative: cur.negative, adminWording: false, verbs: [...cur.verbs] });
        const rest = cur.letters.filter((l) => l !== 'create');
        groups.push({ letters: rest.includes('read') ? rest : ['read', ...rest], entities, own: false, negative: cur.negative, adminWording: false, verbs: [] });
      } else {
        // ("..., but can't change them" as a clause of its own: "them" are the record types the clause before named.)
        const elided = (cur.own || cur.pronoun) && entities === 'all' && !cur.everything ? { elided: true } : {};
        groups.push({ letters: [...new Set(cur.letters)], entities, own: cur.own, negative: cur.negative, adminWording: cur.adminWording && (cur.everything || entities === 'all'), verbs: [...cur.verbs], ...elided });
      }
    }
    cur = newGroup(negative);
  };

  for (let i = j; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    if (NEGATIONS.has(t) || t === 'cannot') {
      negative = true;
      modal = true;
      if (cur.letters.length > 0 && (hasObjects(cur) || skipping)) flush();
      cur.negative = true;
      continue;
    }
    if (MODAL_WORDS.has(t)) modal = true;
    if (cur.letters.length === 0 && HEDGE.has(t)) continue;
    if (t === 'have' || t === 'has' || t === 'get' || t === 'gets') {
      const window = tokens.slice(i + 1, i + 5);
      const at = window.findIndex((w) => ACCESS_WORDS.has(w));
      if (at >= 0) {
        const letters = accessLetters(window.slice(0, at)) ?? [...ALL_RIGHTS];
        if (cur.letters.length > 0 && (hasObjects(cur) || skipping)) flush();
        cur.letters.push(...letters);
        cur.adminWording = letters.length === 4;
        i += at + 1;
        skipping = false;
        // ("full control of the gear log": what follows "of" is what the access is to.)
        if (['to', 'on', 'over', 'for', 'of'].includes(tokens[i + 1] ?? '')) i += 1;
        continue;
      }
    }
    if (SIGN_IN_PHRASES.has(`${t} ${tokens[i + 1]}`)) {
      i += 1;
      continue;
    }
    const mention = ctx.index.aliasAt(tokens, i);
    const phrasal = phrasalVerb(t, tokens[i + 1]);
    if (phrasal) i += 1;
    const verb = phrasal ?? (t === 'do' || t === 'does' ? (EVERYTHING.has(tokens.slice(i + 1).find((w) => !SOFTENERS.has(w)) ?? '') ? 'do' : undefined) : rightVerb(t));
    // "record their own attendances" with a TrainingRecord: a head noun before a determiner is the verb.
    const verbBeforeObject = mention?.head === true && mention.words.length === 1 && /^(?:their|his|her|its|a|an|the|new|all|any|some|my|our|your)$/.test(tokens[i + 1] ?? '');
    // "browse the (class) schedule": after an article, a verb's word is a noun.
    const article = (k: number) => /^(?:the|a|an|their|his|her|its|our|my|your|this|that|own)$/.test(tokens[k] ?? '');
    // (A singular record type's name before it is a compound's modifier; "their learners manage" is a new verb.)
    // ("it's basically our price list": a noun after a determiner and its modifier, with no object after it.)
    const noObjectAfter = !ctx.index.aliasAt(tokens, i + 1) && !article(i + 1) && !EVERYTHING.has(tokens[i + 1] ?? '');
    const nounUse = !phrasal && ((cur.letters.length > 0 && (article(i - 1) || (article(i - 2) && ctx.index.aliasAt(tokens, i - 1)?.plural === false))) || (i > j + 1 && article(i - 2) && !rightVerb(tokens[i - 1] ?? '') && noObjectAfter));
    if (verb !== undefined && !nounUse && (!mention || cur.letters.length === 0 || verbBeforeObject)) {
      if (cur.letters.length > 0 && (hasObjects(cur) || skipping)) flush();
      cur.letters.push(...(verb === 'do' ? ALL_RIGHTS : RIGHT_VERBS[verb]!));
      cur.verbs.push(verb);
      // "sign up for shifts" with Signups: the phrase as one word may name the record made.
      if (phrasal) cur.verbs.push(`${t}${tokens[i]}`);
      if (ADMIN_VERBS.has(verb)) cur.adminWording = true;
      skipping = false;
      if (verb === 'look' && tokens[i + 1] === 'at') i += 1;
      continue;
    }
    if (cur.letters.length === 0 && mention) {
      // A verb made of a record type's name: `can review` -> create that record type.
      const entity = ctx.index.resolve([t]);
      if (entity && !sawObject && i === j + countHedges(tokens, j)) {
        cur.letters.push('create');
        cur.verbs.push(t);
        cur.entities = [entity];
        sawObject = true;
        // ("RSVP to a meetup": what follows the preposition is what the record is about, not made.)
        if (tokens[i + 1] === 'to' || STOPS.has(tokens[i + 1] ?? '')) skipping = true;
        continue;
      }
    }
    // ("see all boats and bookings but only their own outings": the same right, on their own of those.)
    if (t === 'but' && cur.letters.length > 0 && /^(?:only|just)$/.test(tokens[i + 1] ?? '') && /^(?:their|his|her|its)$/.test(tokens[i + 2] ?? '') && tokens[i + 3] === 'own') {
      const { letters, verbs } = cur;
      flush();
      cur.letters.push(...letters);
      cur.verbs.push(...verbs);
      skipping = false;
      i += 1;
      continue;
    }
    // ("everything except invoices", "anything apart from payments", "everything but the accounts").
    if (cur.everything && (t === 'except' || t === 'excluding' || t === 'besides' || (t === 'but' && !/^(?:not|can|cannot|may|should|only)$/.test(tokens[i + 1] ?? '')) || ((t === 'apart' || t === 'other') && /^(?:from|than)$/.test(tokens[i + 1] ?? '')))) {
      if (t === 'apart' || t === 'other') i += 1;
      if (tokens[i + 1] === 'for') i += 1;
      skipping = false;
      // ("everything but delete payments": every right, less that one on those.)
      if (rightVerb(tokens[i + 1] ?? '')) {
        flush();
        negative = true;
        cur.negative = true;
        continue;
      }
      cur.excepted = [];
      continue;
    }
    if (cur.excepted && mention) {
      cur.excepted.push(mention.entity);
      i += mention.words.length - 1;
      continue;
    }
    if (skipping) {
      // (What follows "for", "to", "on", "in" after a verb that makes something: what it is made about.)
      // (Over an article: "sign up for a class".)
      const back = /^(?:a|an|the|one|each|any|their|its)$/.test(tokens[i - 1] ?? '') ? 2 : 1;
      // ("by making an enrolment", "by filling in a form": the record the act makes, said after it.)
      // ("register as an employer", "sign up as a sponsor": who joins is the record they make.)
      const made = /^(?:making|creating|filling|submitting|placing|booking|sending|opening|adding|leaving|writing|raising|logging|completing)$/.test(tokens[i - back] ?? '') || (tokens[i - back] === 'in' && tokens[i - back - 1] === 'filling') || (tokens[i - back] === 'as' && cur.verbs.some((v) => JOIN_VERBS.has(v)));
      if (mention && cur.entities === 'all' && !cur.everything && made) {
        cur.madeBy = mention.entity;
        sawObject = true;
        i += mention.words.length - 1;
      } else if (mention && cur.entities === 'all' && !cur.everything && /^(?:for|to|on|onto|in|into|at)$/.test(tokens[i - back] ?? '')) {
        cur.afterPreposition.push(mention.entity);
        sawObject = true;
        i += mention.words.length - 1;
      }
      continue;
    }
    if (mention) {
      if (cur.entities === 'all') cur.entities = [];
      cur.entities.push(mention.entity);
      if (!sawObject && (tokens[i - 1] === 'a' || tokens[i - 1] === 'an') && !mention.plural) articleObject = true;
      sawObject = true;
      i += mention.words.length - 1;
      continue;
    }
    // ("see all the episodes", "all of our bookings": "all" before a record type's name is every one of those.)
    if (EVERYTHING.has(t) && !(t === 'all' && ctx.index.aliasAfterDeterminers(tokens, i + 1))) {
      cur.everything = true;
      sawObject = true;
      continue;
    }
    if (t === 'own') {
      // "see games and only their own loans": the games are all of them, the loans their own.
      if (!cur.own && !cur.everything && cur.entities !== 'all' && cur.entities.length > 0) {
        const { letters, verbs } = cur;
        flush();
        cur.letters.push(...letters);
        cur.verbs.push(...verbs);
      }
      cur.own = true;
      continue;
    }
    // ("change the dates of their own hires": a part named first, then the record it is of.)
    if (t === 'of' && cur.letters.length > 0 && cur.unknownObject && !cur.everything && (cur.entities === 'all' || cur.entities.length === 0) && !skipping) continue;
    if (STOPS.has(t)) {
      if (cur.letters.length > 0) skipping = true;
      continue;
    }
    // "read musicians and update them": the pronoun is the record types of the verb before.
    const previous = groups[groups.length - 1];
    if ((t === 'them' || t === 'it') && cur.letters.length > 0 && cur.entities === 'all' && previous && previous.entities !== 'all' && previous.entities.length > 0) {
      cur.entities = [...previous.entities];
      sawObject = true;
      continue;
    }
    if (t === 'them' && cur.letters.length > 0 && cur.entities === 'all' && !previous) cur.pronoun = true;
    if (FILLER.has(t)) continue;
    const field = ctx.fieldAt?.(tokens, i);
    if (field && cur.letters.length > 0) {
      if (cur.entities === 'all') cur.entities = [];
      cur.entities.push(field.entity);
      sawObject = true;
      i += field.length - 1;
      continue;
    }
    if (cur.letters.length > 0) {
      cur.unknownObject = true;
      // ("schedule a hearing", not "book online": a thing no record type is, said as one.)
      if (/^(?:a|an|the|their|his|her|its|our|some|any|new|more)$/.test(tokens[i - 1] ?? '')) cur.unknownNoun = true;
      if (!sawObject && (tokens[i - 1] === 'a' || tokens[i - 1] === 'an')) articleObject = true;
    }
  }
  flush();
  if (groups.length === 0) return undefined;
  // ("can see their ride history, but only their own rides": the "but only" narrows what was said before it.)
  const narrowed = new Set<RightsGroup>();
  if (/\bbut\s+only\s+(?:their|his|her)\s+own\b/i.test(clause)) {
    for (const narrow of groups.filter((g) => g.own && !g.negative && g.entities !== 'all')) {
      for (const wide of groups) {
        if (wide === narrow || wide.own || wide.negative || wide.entities === 'all' || !wide.letters.every((l) => narrow.letters.includes(l))) continue;
        wide.entities = wide.entities.filter((e) => !(narrow.entities as string[]).includes(e));
        if (wide.entities.length === 0) narrowed.add(wide);
      }
    }
  }
  // ("can look at inspection notes but not touch them": what the clause grants, its "but not" takes no part of back.)
  for (const denial of groups.filter((g) => g.negative && g.entities !== 'all')) {
    const granted = groups.filter((g) => !g.negative && g.entities !== 'all' && (g.entities as string[]).some((e) => (denial.entities as string[]).includes(e))).flatMap((g) => g.letters);
    if (granted.length > 0 && denial.letters.some((l) => !granted.includes(l))) denial.letters = denial.letters.filter((l) => !granted.includes(l));
  }
  return { subject, modal, groups: groups.filter((g) => !narrowed.has(g)), articleObject, determiner, namedObject: sawObject };
}

function countHedges(tokens: string[], j: number): number {
  let n = 0;
  while (HEDGE.has(tokens[j + n] ?? '') || MODAL_WORDS.has(tokens[j + n] ?? '')) n += 1;
  return n;
}

function hasObjects(g: { entities: string[] | 'all'; everything: boolean; unknownObject: boolean; own: boolean }): boolean {
  return g.everything || g.unknownObject || g.own || (g.entities !== 'all' && g.entities.length > 0);
}

/** Verbs whose object is the record they make ("record subscriptions", "log visits"), never one named after the verb. */
const OBJECT_MADE_VERBS = new Set(['record', 'log', 'add', 'create', 'write', 'post', 'upload', 'note', 'file']);

function newGroup(negative: boolean): RightsGroup & { unknownObject: boolean; unknownNoun: boolean; everything: boolean; afterPreposition: string[]; excepted?: string[]; madeBy?: string; pronoun?: boolean } {
  return { letters: [], entities: 'all', own: false, negative, adminWording: false, verbs: [], unknownObject: false, unknownNoun: false, everything: false, afterPreposition: [] };
}

/** `Receptionists` -> receptionist; `support managers` -> support_manager. */
export function roleNameOf(subject: string[]): string {
  // ("Ordinary members can add yarn": the plain members, the role "member".)
  const plain = subject.length > 1 && /^(?:ordinary|normal|standard|plain|everyday)$/.test(subject[0]!) ? subject.slice(1) : [...subject];
  // ("the sales guys", "the kitchen lads": the people of that work, named by it.)
  // ("the kitchen lads" are its staff; "the sales guys", "the accounts lot" are sales, accounts.)
  const casual = plain.length > 1 && /^(?:guys|lads|lasses|folks?|gang|lot|bods)$/.test(plain[plain.length - 1]!);
  const ws = casual ? (/s$/.test(plain[plain.length - 2]!) ? plain.slice(0, -1) : [...plain.slice(0, -1), 'staff']) : plain;
  // ("Sales manages the stockists", "Accounts see invoices": a department said by its work keeps its name.)
  if (ws === plain && !(ws.length === 1 && /^(?:sales|accounts|operations|logistics|finance|marketing|admissions|lettings|events)$/.test(ws[0]!))) ws[ws.length - 1] = singular(ws[ws.length - 1]!);
  return ws.join('_').replace(/[^a-z0-9_]/g, '_').replace(/_+/g, '_').replace(/^_|_$/g, '');
}
