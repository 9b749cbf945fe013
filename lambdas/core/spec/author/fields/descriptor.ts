/**
 * What is said about a field besides its name: a parenthesis (`(unique)`, `(1 to 99)`, `(PNG, 1 MB
 * max)`), the part after a colon (`logo: PNG, 1 MB max`), a table's type or rules cell. Read into
 * traits: rules (required, optional, unique), bounds, a size limit and formats for a file, a type
 * said in words, allowed values, the record type a reference points to. Text that is none of
 * these is a free note (kept as the field's note, never a constraint); a word or two that is
 * none of these is also reported as unplaced, for the author's open questions.
 */
import {
  DEFAULT_MAX_BYTES, FORMATS, GENERIC_FORMATS, OPTIONAL_PHRASES, REQUIRED_LEADS, REQUIRED_PHRASES, REQUIRED_WORDS, SIZE_UNITS, TYPE_PHRASES, UNITS, WORD_BESIDE_FORMAT,
} from './field-words';
import { entityNamed } from './entities';
import { isBooleanPair, valueList } from './values';
import { MAX_FILE_BYTES } from '../../../blueprint/validate-blueprint/files';

export interface Traits {
  required: boolean;
  optional: boolean;
  unique: boolean;
  min?: number;
  max?: number;
  /** A bound written with decimals (`0.5 to 2.5`): the field is a number, not an integer. */
  decimalBounds: boolean;
  maxBytes?: number;
  contentTypes: string[];
  values?: string[];
  /** A type said in words (`date and time`, `long text`, `boolean`); `text` in a cell says `string`. */
  type?: string;
  /** The record type a reference points to (`link to a sample`, a type cell `Translator`). */
  ref?: string;
  /** A unit that ends the name (`in metres` -> `m`). */
  unit?: string;
  /** The default value as written (`default medium`, `open by default`). */
  default?: string;
  notes: string[];
  unplaced: string[];
  /** Things described in words ("the styles they teach", "any injuries"): a plural that is no count. */
  described?: boolean;
  /** `min`/`max` are a length of text ("up to 200 characters"), not a number's bounds. */
  lengthBounds?: boolean;
}

export const emptyTraits = (): Traits => ({ required: false, optional: false, unique: false, decimalBounds: false, contentTypes: [], notes: [], unplaced: [] });

const NUM = String.raw`(-?\d+(?:\.\d+)?)`;
const SIZE = new RegExp(
  String.raw`(?:\b(?:up to|max(?:imum)?(?: of)?|max\.|(?:of )?at most|(?:no|nothing) (?:larger|bigger|more) than|(?:nothing|no|never) (?:over|above)|not (?:larger|bigger|more) than|under|less than|limited to|smaller than)\s+)?` +
    String.raw`(\d+(?:\.\d+)?)\s*(kb|kib|mb|mib|gb|gib|kilobytes|megabytes|gigabytes|megs)\b(?:\s+(?:max(?:imum)?|or less|at most|limit|each|tops))?`,
  'i',
);
const RANGES: ReadonlyArray<[RegExp, 'both' | 'min' | 'max' | 'outOf']> = [
  // ("the seeing on a 1-to-5 scale": the scale is the range, and no part of the name.)
  [new RegExp(String.raw`\b(?:on\s+)?(?:a\s+)?${NUM}\s*(?:-\s*to\s*-|to|-|–)\s*${NUM}\s+scale\b`, 'i'), 'both'],
  [new RegExp(String.raw`\b(?:between|from|ranging from|on a scale of|scale of)\s+${NUM}\s*(?:(?:up\s+)?to|and|-|–|\.\.)\s*${NUM}`, 'i'), 'both'],
  // ("0 for Reception up to 6": the bounds, with what the first means.)
  [new RegExp(String.raw`(?:^|\s)${NUM}\s+for\s+[a-z]+(?:\s+[a-z]+)?\s+(?:up\s+)?to\s+${NUM}`, 'i'), 'both'],
  [new RegExp(String.raw`(?:^|\s)${NUM}\s*(?:to|-|–|\.\.)\s*${NUM}(?=\s|$)`, 'i'), 'both'],
  // ("never less than 30 or more than 90": both bounds, said as what it never is.)
  [new RegExp(String.raw`\b(?:never|not|no)\s+(?:less|fewer|lower)\s+than\s+${NUM}\s+(?:or|and|nor)\s+(?:(?:never|not|no)\s+)?(?:more|higher|greater)\s+than\s+${NUM}`, 'i'), 'both'],
  [new RegExp(String.raw`\b(?:at least|minimum(?: of)?|min\.?|no less than|not less than|never less than|never below|never under|never fewer than|no fewer than)\s+${NUM}`, 'i'), 'min'],
  // ("1 or higher", "18 or over": the same.)
  [new RegExp(String.raw`(?:^|\s)${NUM}\s+or (?:more|higher|above|over|greater|upwards)\b`, 'i'), 'min'],
  [new RegExp(String.raw`\b(?:at most|up to|maximum(?: of)?|max\.?|no more than|not more than|never more than|never over|never above|no higher than|not above|(?:can't|cannot|can not|must not|mustn't|may not|never)\s+(?:go\s+)?(?:above|over|exceed|be (?:more|higher) than))\s+${NUM}`, 'i'), 'max'],
  [new RegExp(String.raw`\b(?:can't|cannot|can not|must not|mustn't|may not|never)\s+(?:go\s+)?(?:below|under|be (?:less|lower) than)\s+${NUM}`, 'i'), 'min'],
  [new RegExp(String.raw`(?:^|\s)${NUM}\s+or (?:less|lower|below|under|fewer)\b`, 'i'), 'max'],
  // ("25 at the very most", "3 tops", "starting at 1".)
  [new RegExp(String.raw`(?:^|\s)${NUM}\s+(?:at (?:the (?:very )?)?most|tops|max(?:imum)?)\b`, 'i'), 'max'],
  [new RegExp(String.raw`(?:^|\s)${NUM}\s+at (?:the (?:very )?)?least\b`, 'i'), 'min'],
  [new RegExp(String.raw`\bstarting (?:at|from)\s+${NUM}`, 'i'), 'min'],
  // ("a score out of 100", "marks out of 20": from nothing up to it; the unit after it is no part of the name.)
  [new RegExp(String.raw`\b(?:marked\s+|scored\s+|rated\s+)?out\s+of\s+${NUM}(?:\s+(?:points|marks|stars))?(?=\s|$)`, 'i'), 'outOf'],
];
/** A list of phrases as one alternation, longest first, each word bounded. */
const alternation = (phrases: Iterable<string>): string =>
  [...phrases].sort((a, b) => b.length - a.length).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')).join('|');
/** `optional`, `is not required`, `can be left empty` (also read in a name, phrase.ts). */
export const OPTIONAL_WORDING = new RegExp(String.raw`\b(?:(?:is|are)\s+)?(?:${alternation(OPTIONAL_PHRASES)})\b`, 'gi');
const REQUIRED = new RegExp(String.raw`\b(?:(?:is|are|must be|always)\s+)?(?:${alternation([...REQUIRED_WORDS, ...REQUIRED_LEADS, ...REQUIRED_PHRASES])})\b`, 'gi');
/** The value of a default: quoted, or a word or two up to the next separator. */
const DEFAULT_VALUE = String.raw`("[^"]+"|'[^']+'|[^\s,;()"]+(?:\s+[^\s,;()"]+)?)`;
const DEFAULTS: readonly RegExp[] = [
  new RegExp(String.raw`(?:^|(?<=[,;(]))\s*(?:(?:which|that|it)\s+)?(?:defaults?\s+to|defaulting\s+to|(?:the\s+|by\s+)?default(?:\s+value)?(?:\s+is|\s+being|\s*:)?)\s+${DEFAULT_VALUE}\s*(?=[,;)]|$)`, 'i'),
  new RegExp(String.raw`(?:^|(?<=[,;(]))\s*${DEFAULT_VALUE}\s+(?:by\s+default|is\s+the\s+default|as\s+(?:the\s+)?default)\s*(?=[,;)]|$)`, 'i'),  // ("usually 60", "starts pending", "normally open": what it is unless said otherwise.)
  new RegExp(String.raw`(?:^|(?<=[,;(]))\s*(?:usually|normally|typically|generally|mostly|starts(?:\s+(?:as|off|out)(?:\s+as)?)?)\s+(?!(?:on|at|from|in|with|when|by|after|before|and|or)\b)${DEFAULT_VALUE}\s*(?=[,;)]|$)`, 'i'),
];
// (Also "no two the same", "no two can share one", "no duplicates", "never repeated", "that no other rider has", "can't appear twice".)
const UNIQUE = /\b(?:(?:which|that)\s+)?(?:(?:must|should|has to|needs to) be\s+|is\s+|are\s+|that's\s+|always\s+)?unique\b(?:\s+(?:per|across|in|within)\s+(?:the\s+|a\s+|each\s+)?[a-z]+)?|\bno\s+two(?:\s+[a-z]+)?\s+(?:(?:are|is|can be|may be|should be)\s+)?(?:the\s+same|alike|with\s+the\s+same(?:\s+one)?|(?:may\s+|can\s+|should\s+|could\s+)?share\s+(?:one|it|a\s+[a-z]+|the\s+same\s+[a-z]+)|(?:can|may|should|could)\s+(?:have|share|use)\s+the\s+same(?:\s+one)?)\b|\bno\s+duplicates?\b|\bnever\s+(?:repeated|reused|duplicated)\b|\b(?:which|that)\s+(?:shouldn['’]t|should\s+not|mustn['’]t|must\s+not|can['’]t|cannot|can\s+not|may\s+not|won['’]t)\s+(?:ever\s+)?be\s+(?:repeated|reused|re-used|duplicated|used\s+twice)\b|\b(?:(?:is|are)\s+)?(?:never|not)\s+shared\s+(?:by|between|with)\s+(?:two|any two|another|any other)\b(?:\s+[a-z]+)?|\b(?:that|which)\s+no\s+other\s+[a-z]+\s+(?:has|shares|uses|can have)\b|\b(?:can['’]t|cannot|can\s+not|mustn['’]t|must\s+not|should\s+never|can\s+never|must\s+never)\s+(?:appear|be\s+used|be\s+entered|come\s+up|exist)\s+twice\b/gi;
/** What may remain of a part once its rules are read, and still say nothing. */
const FILLER = /^(?:(?:and|or|only|a|an|the|is|are|it|it's|must|should|be|both|with|as|of|that|which|at|in|max|formats?|each|per file|allowed|accepted|kept|stored|always|also|but|not|no|yes|e\.g\.?|both are|it is|which is|that is|obviously|of course|naturally|clearly|please|so|any|kind of|usually|normally|typically|mostly|generally|square|small|high-res|hi-res|high-resolution|good quality|colou?r|landscape|portrait|clear|decent)\b|[,.;:+&/\s-])*$/i;
/** Wording that introduces a reference's target: `link to a sample`, `which wine`, `both are teams`. */
const REF_LEAD = /^(?:(?:a\s+)?(?:link|links|reference|ref|pointer)\s+to|refers to|points to|belongs to|which|one|a|an|the|both are|is a|are|is|also|another)\s+/i;

/** Reads a descriptor into `traits`. `cell`: a table's type or rules cell (free notes expected). */
export function readDescriptor(said: string, traits: Traits, entities: readonly string[]): void {
  // ("like A1234BC – it's unique and we always need it": an example, then the rules.)
  const leadExample = /^(?:like|e\.g\.?|such as|for example)\s+([^\s,;]+(?:\s+[^\s,;-]+)?)\s*[-–—;]\s+(.+)$/i.exec(said.trim());
  if (leadExample) traits.notes.push(`like ${leadExample[1]!}`);
  const text = leadExample ? leadExample[2]! : said;
  // ("zero or more": a bound written in words.)
  const DIGITS: Readonly<Record<string, string>> = { zero: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10' };
  // ("required as well", "unique too": the rule, said again.)
  // ("(full, half or raised bed — the raised beds are our accessible plots)": the values, then why, after a dash.)
  const dashed = /^([^—–]+?\bor\b[^—–]+?)\s+[—–-]\s+[a-z].*$/i.exec(text.trim());
  // ("and please cap it at 5 MB": the size limit, asked for.)
  // ("and they can be big, up to 2 GB": that files can be big says only that the limit follows.)
  let t = takeDefault((dashed && valueList(dashed[1]!) ? dashed[1]! : text).trim().replace(/(?:^|,)?\s*(?:and\s+|but\s+)?(?:they|it|these|those|the\s+files?|files?)\s+(?:can|could|may|might|will|do|does|often|sometimes)\s+(?:be|get)\s+(?:quite\s+|really\s+|very\s+|pretty\s+)?(?:big|large|huge|massive|heavy)\b/gi, '').replace(/\b(?:and\s+)?(?:please\s+)?(?:cap|limit|keep)\s+(?:it|them|em|each(?:\s+one)?|the\s+size|uploads?)\s+(?:at|to|under|below)\s+(?=\d)|\b(?:capped|limited)\s+(?:at|to)\s+(?=\d)/gi, 'max ').replace(/\b(required|optional|unique|mandatory)\s+(?:as well|too|also|again)\b/gi, '$1').replace(/²/g, '2').replace(/\b(zero|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?=or\s+(?:more|less|fewer|above|below|over|under)\b)/gi, (_m, n: string) => `${DIGITS[n.toLowerCase()]!} `), traits);
  if (!t) return;
  // ("serial no - unique, must have one": every record has one, required.)
  t = t.replace(/\b(?:must|has to|have to|should|needs? to)\s+(?:always\s+)?have\s+(?:one|it|a value)\b|\bcan(?:'t|not)\s+be\s+(?:blank|empty|left empty|left blank)\b/gi, 'required');
  // ("King sheet, Bath towel, Napkin ...": a list that trails off is examples, a note.)
  if (/,/.test(t) && /(?:\.{3}|…|,?\s+etc\.?|,?\s+and so on|,?\s+and more)\s*$/i.test(t) && !/\b(?:required|optional|unique|mb|kb|gb)\b/i.test(t)) {
    traits.notes.push(`e.g. ${t.replace(/\s*(?:\.{3}|…)\s*$/, '')}`);
    return;
  }
  // ("it can have letters in it, like 7B, so treat it as text and not a number": text, whatever it is called.)
  if (/\b(?:can|may|could)\s+(?:have|contain|include)\s+letters\b|\btreat\s+it\s+as\s+text\b|\bnot\s+a\s+number\b/i.test(t) && !/\b(?:required|optional|unique|mb|kb|gb)\b/i.test(t)) {
    traits.type = 'string';
    traits.notes.push(t.trim());
    return;
  }
  // ("people like to put 15.2, so that needs to take a decimal": why the field is a number, no values.)
  if (/\b(?:takes?|allows?|accepts?|needs?\s+to\s+(?:take|allow|accept|hold)|holds?)\s+(?:a\s+)?decimals?\b|\bdecimals?\s+(?:are\s+|is\s+)?(?:needed|fine|ok|okay|allowed)\b/i.test(t) && !/\b(?:required|optional|unique|mb|kb|gb)\b/i.test(t)) {
    traits.decimalBounds = true;
    traits.type ??= 'number';
    return;
  }
  // ("30, 45 or 60 min": the numbers it may be, in a unit; a whole number in that unit, the choices a note.)
  const numbered = /^(\d+(?:\s*,\s*\d+)*\s*,?\s+(?:or|and)\s+\d+)\s*([a-z]+)$/i.exec(t.trim());
  if (numbered && UNITS[numbered[2]!.toLowerCase()]) {
    traits.unit = numbered[2]!.toLowerCase();
    traits.type ??= UNITS[numbered[2]!.toLowerCase()]!.type;
    traits.notes.push(numbered[1]!);
    return;
  }
  // Nested parentheses: `which wine (required)`.
  t = t.replace(/\(([^()]*)\)/g, (_m, inner: string) => {
    readDescriptor(inner, traits, entities);
    return ' ';
  });
  // ("for us that's one of lace, DK or aran", "here it's either ..."): who it is so for says nothing of the values.)
  const stripped = t
    .replace(/^(?:for\s+us|for\s+me|here|in\s+our\s+case|round\s+here|at\s+our\s+place)\s*,?\s+(?=(?:it|that|they|which)(?:'s|\s+is|\s+are|'re)\s)/i, '')
    .replace(/^(?:(?:each|both|all) (?:is |are )?)?(?:it is|it's|that's|they are|they're|which is|that is|one of|either|can be|values?:|options?:)\s+(?:(?:always|usually|only)\s+)?(?:(?:one of|either)\s+)?/i, '')
    // ("what flavours they fancy (I do vanilla, lemon, chocolate and carrot)": what the business offers is what it may be.)
    .replace(/^(?:i|we)\s+(?:only\s+|just\s+)?(?:do|offer|have|sell|make|stock|carry|run)\s+(?=[a-z][^,]*,)/i, '');
  // ("between 2 and 8 movers" is a range, not the values `between 2` and `8 movers`.)
  // (Nor is "link to accession" the values `link` and `accession`.)
  // ("(like "Oak" or "3B")", "(such as S or M)": examples of what it holds, not the values it may take.)
  const values = RANGES.some(([re]) => re.test(stripped)) || /^(?:(?:a\s+)?(?:link|links|reference|ref|pointer)\s+to|refers to|points to)\s/i.test(stripped) || /^(?:like(?!\s+new\b)|such as|for example|for instance|e\.g\.?|eg)\s/i.test(stripped) ? undefined : valueList(stripped);
  if (values) {
    if (isBooleanPair(values)) traits.type = 'boolean';
    else traits.values = values;
    return;
  }
  // ("short text like "10, 14"", "e.g. 3, 4 or 5": an example runs to the end, commas and all, and is only a note.)
  // ("so things like 6A+": the lead-in of an example says nothing.)
  t = t.replace(/\b(?:so\s+)?(?:things|stuff|values|codes|something|anything)\s+(?=like\s)/gi, '');
  const example = /(?:^|[\s,;])((?:like|e\.g\.?|eg|such as|for example|for instance)\s.*)$/i.exec(t);
  if (example) {
    // ("like 12x15ft just as text": what it is kept as, after the example, is its type still.)
    const keptAs = /\s(?:just\s+|only\s+|simply\s+)?as\s+(?:an?\s+)?(plain text|[a-z/-]+(?:\s+[a-z/-]+)?)$/i.exec(example[1]!);
    const keptType = keptAs ? TYPE_PHRASES[keptAs[1]!.toLowerCase().replace(/^plain /, '')] : undefined;
    if (keptType && keptType !== 'enum') traits.type = keptType;
    traits.notes.push(example[1]!.trim());
    t = t.slice(0, example.index);
  }
  for (const part of t.split(/\s*[,;]\s*/)) readPart(part, traits, entities);
}

function readPart(part: string, traits: Traits, entities: readonly string[]): void {
  // ("that's optional", "it is required": the rule without its lead.)
  // ("(neither may be empty)", said of two fields: each is required.)
  let t = ` ${part.trim().replace(/^(?:(?:and\s+)?(?:is|are)\s+(?:therefore|also|then|so)|therefore|that's|that is|which is|it's|it is|this is|those are|that one's|that one is|this one's|this one is)\s+/i, '').replace(/^(?:neither|none)(?:\s+of\s+them)?\s+(?:may|can|should|must|is\s+allowed\s+to)\s+be\s+(?:left\s+)?(?:empty|blank|missing)$/i, 'required')} `;
  if (!t.trim()) return;
  // ("up to 200 characters", "8 chars", "15 digits": a length, of text; exactly so when no bound word is said.)
  const length = /^\s*(up\s+to|max(?:imum)?|at\s+most|no\s+more\s+than|not\s+more\s+than|under|less\s+than|at\s+least|min(?:imum)?)?\s*(\d+)\s*(?:characters?|chars?|letters?|digits?)(?:\s+(?:long|max(?:imum)?|at\s+most|or\s+(?:less|fewer)))?\s*$/i.exec(t);
  if (length) {
    const n = Number(length[2]);
    const atLeast = /^(?:at\s+least|min)/i.test(length[1] ?? '');
    if (!atLeast) traits.max = length[1] && /^(?:under|less)/i.test(length[1]) ? n - 1 : n;
    if (atLeast || !length[1]) traits.min = n;
    traits.lengthBounds = true;
    traits.type ??= 'string';
    return;
  }
  t = takeSize(t, traits);
  const beforeRange = t;
  t = takeRange(t, traits);
  const ranged = t !== beforeRange;
  t = t.replace(OPTIONAL_WORDING, () => {
    traits.optional = true;
    return ' ';
  });
  t = t.replace(REQUIRED, () => {
    traits.required = true;
    return ' ';
  });
  t = t.replace(UNIQUE, () => {
    traits.unique = true;
    return ' ';
  });
  if (/\b(?:can|may|could) (?:also )?be negative\b|\bpositive or negative\b/i.test(t)) return;
  // ("stock level (can't go below zero)", "never negative": a bound at zero.)
  if (/^\s*(?:(?:it\s+|which\s+)?(?:can['’]?t|cannot|can\s+not|must\s+not|mustn['’]t|should\s+never|never)\s+(?:go\s+|drop\s+|fall\s+)?(?:below|under)\s+(?:zero|0)|(?:(?:it\s+|which\s+)?(?:can['’]?t|cannot|can\s+not|must\s+not)\s+(?:be|go)\s+|never\s+|not\s+)negative)\s*$/i.test(t)) {
    traits.min = 0;
    return;
  }
  // ("(all the setters have logins)": the people it names are users of the system.)
  // ("assigned tech (one of our users)": one of the people who log in.)
  // ("the interviewer (one of our volunteers, all of whom log in)": one of the people, who log in.)
  if (/^\s*one\s+of\s+(?:our|the|us)\s+(?:[a-z]+\s+)?(?:[a-z]+(?:ers|ors|ists|ants|ents|ians|ees)|staff|team|crew|people|volunteers|members|nurses|vets|coaches|guides|chefs|cooks|therapists|lads|guys)\b(?:\s*,?\s*(?:all\s+of\s+whom|who\s+(?:all\s+)?)\s*(?:log|sign)\s+in)?\s*$|\ball\s+of\s+whom\s+(?:log|sign)\s+in\b/i.test(t)) {
    traits.ref ??= 'User';
    return;
  }
  if (/\b(?:have|has|get|gets)\s+(?:their\s+own\s+)?(?:logins?|accounts?|user accounts?)\b|\b(?:are|is)\s+(?:all\s+)?users?\b|^\s*(?:one of (?:our|the) (?:users|logins|staff logins)|a user(?: of the (?:system|app))?)\s*$/i.test(t)) {
    traits.ref ??= 'User';
    return;
  }
  // ("(optional, and it can be long)": long text.)
  if (/^\s*(?:and\s+)?(?:it|they|this|that)?\s*(?:can|may|could|will|might)\s+(?:be|get|run)\s+(?:quite\s+|very\s+|pretty\s+)?long\s*$/i.test(t)) {
    traits.type ??= 'text';
    return;
  }
  const rest = t.trim().replace(/\s+/g, ' ');
  if (FILLER.test(rest)) return;
  // ("like 12x15ft just as text", "just as text": what it is kept as, after an example or alone, is its type.)
  const keptAsType = /^(.*?)\s*,?\s*(?:^|\s)(?:just\s+|only\s+|simply\s+)?as\s+(?:an?\s+)?(plain text|[a-z/-]+(?:\s+[a-z/-]+)?)$/i.exec(rest);
  const keptAsTyped = keptAsType ? TYPE_PHRASES[keptAsType[2]!.toLowerCase().replace(/^plain /, '')] : undefined;
  if (keptAsTyped && keptAsTyped !== 'enum') {
    traits.type = keptAsTyped;
    if (keptAsType![1]!.trim()) traits.notes.push(keptAsType![1]!.trim());
    return;
  }
  if (/^(?:like|e\.g\.?|eg|such as|for example|for instance|say)\b/i.test(rest)) {
    traits.notes.push(rest);
    return;
  }
  if (takeFormats(rest, traits)) return;
  const lower = rest.toLowerCase().replace(/^(?:an?|the|as an?|both|it is an?|it is|in)\s+/, '');
  const typed = TYPE_PHRASES[lower];
  if (typed !== undefined) {
    traits.type = typed === 'enum' && traits.type ? traits.type : typed;
    return;
  }
  const unit = /^(?:in\s+)?(\S+)$/.exec(lower);
  if (unit && UNITS[unit[1]!]) {
    // ("height | metres, decimal": a unit spelled out alone names the unit too; "m" or "g" alone may be a size or a code.)
    if (/^in\s/.test(lower) || /^[a-z]{4,}s$/.test(unit[1]!)) traits.unit = unit[1];
    else traits.type ??= UNITS[unit[1]!]!.type;
    return;
  }
  if (/^m2|sq ?m|square met(?:re|er)s$/.test(lower)) return;
  const target = refTarget(lower, entities);
  // "between 10 and 40 children": what the bounds count, a whole number, not a reference.
  if (target && ranged) {
    traits.type ??= 'integer';
    return;
  }
  if (target) {
    traits.ref = target;
    return;
  }
  traits.notes.push(rest);
  // ("(we store the first day of the month as a date)": what it is kept as is its type.)
  const keptAs = /\b(?:stored|kept|recorded|saved|store|keep|record|save)\b.*\bas\s+(?:an?\s+)?([a-z/ ]+?)\s*$/i.exec(rest);
  const keptType = keptAs ? TYPE_PHRASES[keptAs[1]!.toLowerCase()] : undefined;
  if (keptType && keptType !== 'enum') traits.type ??= keptType;
  if (rest.split(' ').length <= 2) traits.unplaced.push(rest);
}

/** A default named in the text (`default medium`, `defaults to open`, `open by default`), taken out. */
export function takeDefault(text: string, traits: Traits): string {
  let t = text;
  for (const re of DEFAULTS) {
    const m = re.exec(t);
    if (!m) continue;
    traits.default ??= m[1]!.replace(/^["']|["']$/g, '');
    t = t.slice(0, m.index) + t.slice(m.index + m[0].length);
  }
  return t === text ? t : t.replace(/^[\s,;]+|[\s,;]+$/g, '').replace(/\s*[,;]\s*(?=[,;])/g, '');
}

/** The entity a short reference wording names (`link to a sample` -> Sample). */
export function refTarget(text: string, entities: readonly string[]): string | undefined {
  let t = text.toLowerCase().trim();
  for (let prev = ''; prev !== t; ) {
    prev = t;
    t = t.replace(REF_LEAD, '');
  }
  // ("the dam, which is another sheep record": the sheep.)
  const words = t.replace(/\s+(?:record|entry|row)$/, '').split(/\s+/).filter(Boolean);
  return words.length > 0 && words.length <= 3 ? entityNamed(words, entities) : undefined;
}

/** A size limit (`up to 2mb`, `1 MB max`, `no larger than 1 GB`) into maxBytes. */
export function takeSize(text: string, traits: Traits): string {
  const m = SIZE.exec(text);
  if (!m) return text;
  const unit = SIZE_UNITS[m[2]!.toLowerCase()]!;
  const bytes = Math.max(1, Math.round(Number(m[1]) * unit));
  // More than one presigned upload can write is not a limit the API can keep: asked about instead.
  if (!Number.isSafeInteger(bytes) || bytes > MAX_FILE_BYTES) traits.unplaced.push(`${m[0].trim()} (larger than the 5 GB a single upload can take)`);
  else traits.maxBytes = bytes;
  return text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length);
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const WORD_RANGE = new RegExp(String.raw`\b(${NUMBER_WORDS.join('|')})\s+(to|and)\s+(${NUMBER_WORDS.join('|')})\b`, 'gi');
const NON_NEGATIVE = /\b(?:(?:never|not|cannot be|can't be|can never be|must not be|mustn't be|may not be|no)\s+negative|non-?negative)\b/i;

/** Bounds (`1 to 99`, `between -80 and 25`, `at least 1`) into min/max. */
export function takeRange(text: string, traits: Traits): string {
  // ("a star rating one to five": bounds in words.)
  let t = text.replace(WORD_RANGE, (all, a: string, sep: string, b: string) => `${NUMBER_WORDS.indexOf(a.toLowerCase())} ${sep} ${NUMBER_WORDS.indexOf(b.toLowerCase())}`);
  // ("a suggested donation (never negative)": at least zero.)
  const nonNegative = NON_NEGATIVE.exec(t);
  if (nonNegative) {
    traits.min = 0;
    t = t.slice(0, nonNegative.index) + ' ' + t.slice(nonNegative.index + nonNegative[0].length);
  }
  for (const [re, kind] of RANGES) {
    const m = re.exec(t);
    if (!m) continue;
    const a = Number(m[1]);
    if (kind === 'both') {
      const b = Number(m[2]);
      traits.min = Math.min(a, b);
      traits.max = Math.max(a, b);
      traits.decimalBounds ||= /\./.test(m[1]! + m[2]!);
    } else if (kind === 'outOf') {
      traits.min ??= 0;
      traits.max = a;
    } else {
      traits[kind] = a;
      traits.decimalBounds ||= /\./.test(m[1]!);
    }
    t = t.slice(0, m.index) + ' ' + t.slice(m.index + m[0].length);
  }
  return t;
}

/** A part that only names formats (`PNG or JPEG`, `images only`, `a PDF or an image`) into content types. */
function takeFormats(part: string, traits: Traits): boolean {
  const types: string[] = [];
  // ("a Word document or a PDF", "PDF or Word": Word's two formats.)
  const words = part.toLowerCase().replace(new RegExp(String.raw`\bword\s+(?:documents?|docs?|files?)\b|${WORD_BESIDE_FORMAT}`, 'g'), 'docx doc').split(/([a-z0-9]+)/);
  let afterFormat = false;
  const rest = words.map((w) => {
    // ("JPEGs only", "PDFs": a format in the plural.)
    const type = FORMATS[w] ?? GENERIC_FORMATS[w] ?? (w.length > 3 ? FORMATS[w.replace(/s$/, '')] : undefined);
    // ("a PNG image": the word "image" right after an image format names what the format is, no other format.)
    if (type && afterFormat && GENERIC_FORMATS[w] !== undefined && types.at(-1)?.split('/')[0] === type.split('/')[0]) return ' ';
    if (type) types.push(type);
    // `PDF files`: the word `files` right after a format says nothing more.
    const drop = type !== undefined || (afterFormat && /^files?$/.test(w));
    if (/[a-z0-9]/.test(w)) afterFormat = type !== undefined;
    return drop ? ' ' : w;
  });
  if (types.length === 0 || !FILLER.test(rest.join('').trim())) return false;
  for (const type of types) if (!traits.contentTypes.includes(type)) traits.contentTypes.push(type);
  return true;
}

/** Acronym formats written inside a name (`an invoice PDF`, `a PDF of at most 8 MB`), removed from it. */
export function takeNameFormats(text: string, traits: Traits): string {
  return text.replace(/\b[a-z0-9]+\b/gi, (w) => {
    const type = FORMATS[w.toLowerCase()];
    if (!type || (w === w.toLowerCase() && w.length <= 3 && !/^(?:pdf|png|jpg|csv|mp3|mp4)$/.test(w))) return w;
    if (!traits.contentTypes.includes(type)) traits.contentTypes.push(type);
    return ' ';
  });
}

export const fileLimit = (traits: Traits): number => traits.maxBytes ?? DEFAULT_MAX_BYTES;
