/**
 * A rule said of a field in a sentence of its own, after the field was listed: "The signed
 * agreement must be a PDF and no larger than 10 MB." "Photos should be images of at most 15 MB."
 * "These references must be unique across the whole borough." The sentence names the field by its
 * own words (or its head noun), and the rule is read as a field's descriptor is.
 */
import type { SpecEntity, SpecField } from '../spec-model';
import { metaKey, type MetaMap } from '../offline-author/relations';
import { plural, singular, words } from '../offline-author/text';
import { emptyTraits, readDescriptor, type Traits } from './fields/descriptor';
import { FILE_NOUNS } from './fields/field-words';

export interface FieldRule {
  /** The words naming the field, singular ("signed agreement", "photo", "reference"). */
  field: string[];
  traits: Traits;
  /** Named as the one just said ("That number", "these references"): the last such field listed. */
  justSaid?: boolean;
  /** Named by a pronoun ("it can be a photo or a PDF"): the field the sentence's rule before it named. */
  pronoun?: boolean;
}

/** "The X must/should/has to be ...", "Xs are to be ...": a subject of one to four words, then the rule. */
const RULE_SENTENCE = /^(?:(?:the|its|their|these|those|that|this|all|each|every|any)\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)\s+(?:must|should|has to|have to|need to|needs to|are to|is to|will need to|can|may)\s+(?:always\s+|only\s+|also\s+)?be\s+(.+?)\.?$/i;

/** What a rule sentence may say: a format, a size, unique, required, a range. Anything else is no field rule. */
const RULE_WORDS = /\b(?:pdfs?|images?|photos?|jpe?gs?|pngs?|gifs?|heic|mp3s?|mp4s?|csvs?|mb|kb|gb|megabytes?|unique|required|mandatory|filled in|between|at least|at most|no (?:more|larger|bigger) than|up to|under)\b/i;

/** Reads a sentence that states a rule of one field; undefined when the sentence says anything else. */
/** "The email is required", "Nicknames are optional": only the rule after "is". */
const IS_RULE = /^(?:(?:the|its|their|these|those|that|this|all|each|every|any)\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)\s+(?:is|are)\s+(?:always\s+|also\s+)?((?:required|mandatory|unique|optional)(?:\s+(?:too|as well))?(?:\s+and\s+(?:(?:must|should|has to)\s+be\s+)?(?:unique|required|mandatory))?(?:\s+and\s+(?:can't|cannot|can not|must not|mustn't|may not|should not|shouldn't|can never|will never|must never|never)\s+(?:ever\s+)?(?:repeat|be repeated|be reused|be re-used|be used twice|be duplicated|be shared(?:\s+(?:between|by|across)\s+(?:two|2|several|different|other)\s+[a-z]+)?))?)\.?$/i;

/** "can't ever repeat", "must never be reused": no two records share it. */
/** ("can't be shared between two accounts": no two records share it either.) */
const NEVER_REPEATS = /\b(?:can't|cannot|can not|must not|mustn't|may not|should not|shouldn't|can never|will never|must never|never)\s+(?:ever\s+)?(?:repeat|be repeated|be reused|be re-used|be used twice|be duplicated|be shared(?:\s+(?:between|by|across)\s+(?:two|2|several|different|other)\s+[a-z]+)?)\b/i;

/** "there is only one per date", "there can only be one menu day per date": the field is unique. */
const ONE_PER = /^(?:and\s+)?there(?:['’]s|\s+is|\s+can\s+(?:only\s+)?be|\s+should\s+(?:only\s+)?be|\s+must\s+(?:only\s+)?be)\s+(?:only\s+)?(?:ever\s+)?(?:one|a single)\s+(?:[a-z]+\s+){0,2}?(?:per|for each|for every|for any)\s+([a-z]+(?:\s+[a-z]+)?)(?:\s*,.*)?\.?$/i;

/** "I do need the email for every single one": a field the writer must have of every record is required. */
const NEEDED_FOR_EVERY = /^(?:and\s+|but\s+)?(?:i|we)\s+(?:do\s+|really\s+|always\s+|absolutely\s+|definitely\s+)*(?:need|must\s+have|have\s+to\s+have|require)\s+(?:the|their|its|a|an)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:for|from|of|on)\s+(?:every(?:\s+single)?\s+one|each\s+one|every(?:body|one)|all\s+of\s+them|every\s+(?:single\s+)?[a-z]+)\b.*$/i;

/**
 * A bound said as where the value goes: "Capacity can't go over 16", "Scores go from 0 to 20 with
 * decimals", "Placing starts at 1", "The count can't go below nought".
 */
const SUBJECT = String.raw`^(?:(?:the|its|their|each|every|a|an)\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)`;
const NUMBER = String.raw`(-?\d+(?:\.\d+)?|nought|zero)`;
const NOT_PAST = new RegExp(String.raw`${SUBJECT}\s+(?:can't|cannot|can not|mustn't|must not|may not|should not|shouldn't|won't|will never|can never|must never|should never|never)\s+(?:ever\s+)?(?:go|be|get|drop|fall|rise|climb)\s+(over|above|higher than|more than|past|beyond|below|under|lower than|less than)\s+${NUMBER}\b`, 'i');
const GOES_FROM = new RegExp(String.raw`${SUBJECT}\s+(?:go|goes|run|runs|range|ranges|are|is)\s+(?:anywhere\s+)?from\s+${NUMBER}\s+(?:to|up to|through)\s+${NUMBER}\b(\s+with\s+decimals|\s+in\s+(?:half|quarter)[- ]?(?:points|steps|marks))?`, 'i');
const STARTS_AT = new RegExp(String.raw`${SUBJECT}\s+(?:starts?|begins?)\s+(?:at|from)\s+${NUMBER}\s*(?:[,.;]|$)`, 'i');
/** ("Please cap guests at 20 minimum and 300 maximum", "Keep party sizes between 2 and 10".) */
const CAPPED = new RegExp(String.raw`^(?:please\s+)?(?:cap|limit|keep|restrict)\s+(?:the\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)\s+(?:at\s+${NUMBER}\s+(?:minimum|min|at\s+least|at\s+the\s+least)\s+and\s+${NUMBER}\s+(?:maximum|max|at\s+most)|(?:between|from)\s+${NUMBER}\s+(?:and|to)\s+${NUMBER})\b`, 'i');
const numberOf = (said: string): number => (/^(?:nought|zero)$/i.test(said) ? 0 : Number(said));

function boundSentence(sentence: string): FieldRule | undefined {
  const traits = emptyTraits();
  const notPast = NOT_PAST.exec(sentence);
  const from = notPast ? undefined : GOES_FROM.exec(sentence);
  const starts = notPast || from ? undefined : STARTS_AT.exec(sentence);
  const capped = notPast || from || starts ? undefined : CAPPED.exec(sentence);
  if (capped) {
    traits.min = numberOf(capped[2] ?? capped[4]!);
    traits.max = numberOf(capped[3] ?? capped[5]!);
    return { field: words(capped[1]!).map((w, i, all) => (i === all.length - 1 ? singular(w) : w)), traits };
  }
  const subject = (notPast ?? from ?? starts)?.[1];
  if (!subject || /^(?:it|they|this|that|we|you|i)$/i.test(subject)) return undefined;
  if (notPast) {
    if (/^(?:over|above|higher than|more than|past|beyond)$/i.test(notPast[2]!)) traits.max = numberOf(notPast[3]!);
    else traits.min = numberOf(notPast[3]!);
  } else if (from) {
    traits.min = numberOf(from[2]!);
    traits.max = numberOf(from[3]!);
    traits.decimalBounds = from[4] !== undefined || /\./.test(`${from[2]}${from[3]}`);
  } else if (starts) traits.min = numberOf(starts[2]!);
  return { field: words(subject).map((w, i, all) => (i === all.length - 1 ? singular(w) : w)), traits };
}

export function readFieldRule(written: string): FieldRule | undefined {
  // ("The ear tag number is the key thing: it's required and must be unique (it's the official tag)".)
  const sentence = written
    .replace(/^(.+?)\s+is\s+the\s+(?:key|main|most important|important|crucial)\s+(?:thing|one|bit|field|part)\s*[:,;-]\s*it(?:['’]s|\s+is)\s+/i, '$1 is ')
    .replace(/\s*\([^()]*\)\s*\.?$/, '')
    // ("The code is compulsory and it must be unique - it's the whole basis of traceability": why, after a dash, says nothing.)
    .replace(/\s+[-–—]\s+(?:it['’]s|it\s+is|that['’]s|that\s+is|this\s+is|because|since|as)\b.*$/i, '')
    // ("The ID scan is a legal requirement, so it's required as well": the rule after the reason.)
    .replace(/^(.+?)\s+(?:is|are)\s+[^,;]+,\s+so\s+(?:it|they)(?:['’]s|['’]re|\s+is|\s+are)\s+(?=(?:required|mandatory|unique|optional)\b)/i, '$1 is ')
    // ("The email's how they'll log in so it's required": the same, said short.)
    .replace(/^((?:the|its|their)\s+[a-z]+(?:\s+[a-z]+)?)(?:['’]s|\s+is)\s+(?:how|what|where|who)\s+[^,;]+?,?\s+so\s+(?:it|they)(?:['’]s|['’]re|\s+is|\s+are)\s+(?=(?:required|mandatory|unique|optional)\b)/i, '$1 is ');
  // ("These are large, so please allow up to 500 MB": the size the file just said may be.)
  const large = /^(?:these|they|it|those)(?:['’]re|['’]s|\s+are|\s+is|\s+can\s+be|\s+get)\s+(?:very\s+|quite\s+|really\s+|pretty\s+)?(?:large|big|huge|massive|heavy)\s*,?\s+so\s+(?:please\s+)?(?:allow|accept|take|let\s+(?:it|them)\s+be)\s+((?:up\s+to|at\s+most|as\s+much\s+as)\s+)?(\d+(?:\.\d+)?\s*(?:kb|mb|gb))\.?$/i.exec(sentence.trim());
  if (large) {
    const traits = emptyTraits();
    readDescriptor(`max ${large[2]!}`, traits, []);
    if (traits.maxBytes !== undefined) return { field: [], traits, pronoun: true };
  }
  // ("The code is compulsory and it must be unique": both rules, of the one field.)
  const both = /^((?:the|its|their)\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:is|are)\s+(required|mandatory|compulsory)\s*,?\s+and\s+(?:it|they)\s+(?:must|should|has to|have to)\s+be\s+(unique)$/i.exec(sentence.trim().replace(/[.!]$/, ''));
  if (both) return readFieldRule(`${both[1]} must be ${both[2]} and ${both[3]}`);
  // ("and I do need the email for every single one", "we must have a phone number for everybody": required.)
  const needed = NEEDED_FOR_EVERY.exec(sentence.trim());
  if (needed) {
    const traits = emptyTraits();
    traits.required = true;
    return { field: words(needed[1]!).map((w, i, all) => (i === all.length - 1 ? singular(w) : w)), traits };
  }
  const one = ONE_PER.exec(sentence.trim());
  if (one) {
    const traits = emptyTraits();
    traits.unique = true;
    return { field: words(one[1]!).map((w, i, all) => (i === all.length - 1 ? singular(w) : w)), traits };
  }
  // ("..., and one attachment, a single PDF. PDF only and no bigger than 25 MB.": the file just listed, said with no subject.)
  // ("JPEG or PNG, keep them under 8 MB or the phone ones get silly": the same, with why after it.)
  const bareSaid = sentence.trim().replace(/(\d\s*(?:kb|mb|gb))\s*,?\s+(?:or|because|since|as|cos|so)\b.*$/i, '$1');
  const bare = /^(?:(?:pdfs?|images?|photos?|jpe?gs?|pngs?|mp3s?|mp4s?|csvs?)(?:\s*(?:,|or|and|\/)\s*(?:pdfs?|images?|photos?|jpe?gs?|pngs?|mp3s?|mp4s?|csvs?))*(?:\s+only)?|only\s+(?:pdfs?|images?|photos?|jpe?gs?|pngs?))\s*(?:,|and|;)?\s*(?:keep\s+(?:them|it)\s+)?(?:no\s+(?:bigger|larger|more)\s+than|at\s+most|up\s+to|max(?:imum)?|under|below|not\s+over)\s+(\d+(?:\.\d+)?\s*(?:kb|mb|gb))\.?$/i.exec(bareSaid);
  if (bare) {
    const traits = emptyTraits();
    readDescriptor(bareSaid.replace(/\.$/, '').replace(/\bkeep\s+(?:them|it)\s+/i, ''), traits, []);
    if (traits.maxBytes !== undefined && traits.contentTypes.length > 0) return { field: [], traits, pronoun: true };
  }
  const bound = boundSentence(sentence.trim());
  if (bound) return bound;
  const m = RULE_SENTENCE.exec(sentence.trim()) ?? IS_RULE.exec(sentence.trim());
  if (!m || !(RULE_WORDS.test(m[2]!) || /\boptional\b/i.test(m[2]!))) return undefined;
  // ("unique across the whole borough, not just within a site": where it holds says nothing more.)
  const rule = m[2]!
    .replace(/\b(unique)\s+(?:across|within|in|among|throughout)\b.*$/i, '$1')
    // ("must be an MP3 and can't exceed 20 MB": a size said as what it may not pass.)
    .replace(/\s+and\s+(?:can't|cannot|can not|must not|mustn't|may not|shouldn't|should not)\s+(?:exceed|be over|be more than|be bigger than|be larger than|go over)\s+(?=\d)/i, ', at most ')
    .replace(/^(?:an?\s+)?(images?|photos?|pdfs?)\s+of\s+(?=(?:at most|no more than|up to|under|max)\b)/i, '$1, ');
  const traits = emptyTraits();
  readDescriptor(rule.replace(NEVER_REPEATS, ''), traits, []);
  if (NEVER_REPEATS.test(rule)) traits.unique = true;
  const said = traits.unique || traits.required || traits.optional || traits.contentTypes.length > 0 || traits.maxBytes !== undefined || traits.min !== undefined || traits.max !== undefined;
  if (!said) return undefined;
  if (/^(?:it|they)$/i.test(m[1]!)) return { field: [], traits, pronoun: true };
  const field = words(m[1]!).map((w, i, all) => (i === all.length - 1 ? singular(w) : w));
  const justSaid = /^(?:that|this|these|those)\s/i.test(sentence.trim());
  return field.length > 0 ? { field, traits, ...(justSaid ? { justSaid } : {}) } : undefined;
}

/** The words of a field's name, without the `_key` or `_id` its type adds. */
function nameWords(field: SpecField): string[] {
  return field.name.replace(/_(?:key|id)$/, '').split('_');
}

/** The one field of an entity a rule names: by all its words, else by its head noun alone. */
export function ruledField(entity: SpecEntity, named: readonly string[], justSaid = false): SpecField | undefined {
  const whole = entity.fields.filter((f) => nameWords(f).join(' ') === named.join(' '));
  if (whole.length === 1) return whole[0];
  // ("The ID scan" of a photo ID kept as a file: the file named by what it is of.)
  if (named.length > 1 && FILE_NOUNS[named.at(-1)!] !== undefined) {
    const of = named.slice(0, -1);
    const files = entity.fields.filter((f) => f.type === 'file' && of.every((w) => nameWords(f).includes(w)));
    if (files.length === 1) return files[0];
  }
  if (named.length !== 1) return undefined;
  // ("cap guests at 20": the count of them, guest_count or number_of_guests.)
  const counted = entity.fields.filter((f) => ['integer', 'number'].includes(f.type) && (f.name === `${named[0]}_count` || f.name === `number_of_${plural(named[0]!)}` || f.name === plural(named[0]!)));
  if (counted.length === 1) return counted[0];
  const byHead = entity.fields.filter((f) => nameWords(f).at(-1) === named[0]);
  // ("a phone number, ... and a donor number. That number is required": the one said last.)
  return byHead.length === 1 || (justSaid && byHead.length > 1) ? byHead.at(-1) : undefined;
}

/** Applies a rule to its field: the file's formats and size (a text field so ruled becomes a file), unique, required, bounds. */
export function applyFieldRule(entity: SpecEntity, field: SpecField, traits: Traits, meta: MetaMap): void {
  const fileRule = traits.contentTypes.length > 0 || traits.maxBytes !== undefined;
  if (fileRule && (field.type === 'string' || field.type === 'text') && !field.values) {
    // ("a scan of the signed agreement ... The signed agreement must be a PDF": the field holds the file.)
    const base = nameWords(field);
    field.name = `${base.join('_')}_key`;
    field.type = 'file';
    field.file = { contentTypes: [...(FILE_NOUNS[base.at(-1)!] ?? FILE_NOUNS.file!)], maxBytes: 10 * 1048576 };
  }
  if (field.type === 'file' && field.file) {
    if (traits.contentTypes.length > 0) field.file.contentTypes = [...traits.contentTypes];
    if (traits.maxBytes !== undefined) field.file.maxBytes = traits.maxBytes;
  }
  if (traits.unique) field.unique = true;
  if (traits.required || traits.optional) {
    const key = metaKey(entity.name, field.name);
    meta.set(key, { ...(meta.get(key) ?? { parentRef: false }), explicitRequired: traits.required, explicitOptional: traits.optional && !traits.required });
  }
  if (field.type !== 'file') {
    // ("Scores go from 0 to 20 with decimals": a whole number or a bare word becomes a decimal.)
    // ("Placing starts at 1": a bare word with a bound is a whole number.)
    if (traits.decimalBounds && (field.type === 'integer' || (field.type === 'string' && !field.values))) field.type = 'number';
    else if ((traits.min !== undefined || traits.max !== undefined) && field.type === 'string' && !field.values) field.type = 'integer';
    if (traits.min !== undefined) field.min = traits.min;
    if (traits.max !== undefined) field.max = traits.max;
  }
}
