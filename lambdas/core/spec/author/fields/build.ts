/**
 * A spec field from a field's name words and its traits: the reference, file, enum, unit, said
 * type or the type its words imply (field-words.ts), in that order of strength, and the name as
 * the spec writes it (`<entity>_id`, `<name>_key`, `<name>_<unit>`).
 */
import pluralize from 'pluralize';
import type { SpecField } from '../../spec-model';
import { snakeCase } from '../../../text/case';
import { isServerFieldName, USER_ENTITY } from '../../../vocabulary';
import {
  BOOLEAN_MARKERS, BOOLEAN_PAIRS, BOOLEAN_PREFIXES, COMPOUND_HEAD_TYPES, FORM_HEADS, COUNTED_NUMBER_PREFIXES, FILE_ACT_WORDS, FILE_NAME_NOISE,
  FILE_NOUNS, HEAD_TYPES, LIST_HEADS, OWNER_WORDS, PERSON_WORDS, PLURAL_NOT_COUNT, SHORT_WHEN_COMPOUND, TYPED_HEADS, UNITS, WEAK_FILE_NOUNS,
} from './field-words';
import { entityAtEnd, entityWords } from './entities';
import { fileLimit, type Traits } from './descriptor';
import { enumValue } from './values';

/** Heads of an amount of money. */
const MONEY_HEADS = new Set(['fee', 'fees', 'price', 'cost', 'rent', 'amount', 'charge', 'total', 'deposit', 'balance', 'salary', 'wage', 'rate', 'fine', 'payment', 'budget', 'value', 'subscription', 'premium']);

export interface Built {
  field: SpecField;
  refEntity?: string;
  /** The field is the user who made the record (`an author`). */
  owner?: boolean;
}

/** The field, or undefined when the words name nothing a record holds (or the server's owner_id). */
export function buildField(words: string[], traits: Traits, entities: readonly string[], persons: readonly string[] = []): Built | undefined {
  let ws = words.filter(Boolean);
  if (ws.length === 0) return undefined;
  const head = ws[ws.length - 1]!;
  const reference = readReference(ws, traits, entities, persons);
  if (reference) {
    const built = finish(reference.name, reference.type, traits, reference.entity);
    return built && reference.owner ? { ...built, owner: true } : built;
  }

  ws = withoutStateWords(ws);
  if (isFile(ws, traits)) {
    const kept = ws.filter((w, i) => !(FILE_NAME_NOISE.has(w) && (w !== 'image' || (i > 0 && FILE_NOUNS[ws[i - 1]!] !== undefined))));
    // Only noise: the thing (`a file upload` -> file), not the act of uploading it.
    const things = ws.filter((w) => !FILE_ACT_WORDS.has(w));
    ws = kept.length > 0 ? kept : [things[things.length - 1] ?? ws[ws.length - 1]!];
    if (/[^s]s$/.test(ws[ws.length - 1]!)) ws[ws.length - 1] = pluralize.singular(ws[ws.length - 1]!);
    const defaults = [...ws].reverse().map((w) => FILE_NOUNS[w]).find(Boolean) ?? FILE_NOUNS.file!;
    const field = finish(`${snakeCase(ws.join(' '))}_key`, 'file', traits);
    // ("Photo | image | png/jpg": the formats named, not every image the type word allows.)
    const named = traits.contentTypes.filter((type) => !type.endsWith('/*'));
    const types = named.length > 0 && named.length < traits.contentTypes.length && traits.contentTypes.every((type) => !type.endsWith('/*') || named.some((n) => n.startsWith(type.slice(0, -1)))) ? named : traits.contentTypes;
    if (field) field.field.file = { contentTypes: types.length > 0 ? [...types] : [...defaults], maxBytes: fileLimit(traits) };
    return field;
  }

  if (traits.values && traits.values.length > 0) {
    const built = finish(snakeCase(ws.join(' ')), 'enum', traits);
    if (built) built.field.values = [...new Set(traits.values.map(enumValue).filter(Boolean))];
    return built;
  }

  let type: string | undefined;
  // ("the monthly fee in pounds": money, not a weight in lb.)
  // ("the amount owed in pounds": the money word need not be last.)
  if (traits.unit === 'pounds' && (MONEY_HEADS.has(head) || (ws.some((w) => MONEY_HEADS.has(w)) && /^(?:owed|paid|due|outstanding|charged|raised|spent|collected|refunded)$/.test(head)))) {
    traits.unit = undefined;
    traits.type ??= 'number';
  }
  if (traits.unit) {
    const unit = UNITS[traits.unit]!;
    if (ws[ws.length - 1] !== unit.suffix) ws = [...ws, unit.suffix];
    type = traits.type === 'integer' || traits.type === 'number' ? traits.type : unit.type;
  }
  const form = FORM_HEADS[head];
  if (form && ws.length > 1) {
    ws = ws.slice(0, -1);
    type = traits.type && traits.type !== 'string' ? undefined : form;
  }
  if (traits.type === 'boolean' || (!type && ws.length > 1 && BOOLEAN_MARKERS.has(head))) {
    if (ws.length > 1 && BOOLEAN_MARKERS.has(head)) ws = ws.slice(0, -1);
    type = 'boolean';
  }
  if (!type && traits.type && traits.type !== 'enum' && traits.type !== 'file') {
    type = traits.type === 'string' && impliedType(ws) === 'text' ? 'text' : traits.type;
  }
  if (!type && (traits.min !== undefined || traits.max !== undefined)) {
    const implied = impliedType(ws);
    type = implied === 'number' || traits.decimalBounds ? 'number' : 'integer';
  }
  type ??= traits.described && impliedType(ws) === 'integer' ? 'string' : impliedType(ws);
  // ("the high tide (date and time)": a moment named by a noun is named `<noun>_at`, as people name
  // such fields; a time, a date, a deadline or a slot keeps its name.)
  if (type === 'datetime' && traits.type === 'datetime' && !MOMENT_HEADS.test(ws[ws.length - 1]!) && !/-at$/.test(ws[ws.length - 1]!)) ws = [...ws, 'at'];
  return finish(snakeCase(ws.join(' ')), type, traits);
}

/**
 * A first word that says what state a document is in or how much of it there is, not what it
 * is: people leave it out of the field's name ("the signed consent form": consent_form; "a
 * scanned copy of the signed plan": signed_copy; "the full address": address). "Full name" and
 * "signed by" keep theirs, and "signed" stays before a single noun ("the signed contract").
 */
function withoutStateWords(ws: string[]): string[] {
  const [first, ...rest] = ws;
  const next = rest[0];
  if (!first || !next || /^(?:by|at|on|off|in|date|time|name|names)$/.test(next)) return ws;
  if (/^(?:full|scanned|printed)$/.test(first)) return withoutStateWords(rest);
  if (first === 'signed' && rest.length >= 2) return withoutStateWords(rest);
  return ws;
}

/** Last words of a date-and-time field's name that already say it is a moment. */
const MOMENT_HEADS = /^(?:at|on|time|times|date|dates|datetime|timestamp|deadline|slot|kickoff|start|starts|end|ends|when|moment|due|until|from|to)$/;

interface Reference {
  name: string;
  type: string;
  entity: string;
  owner?: boolean;
}

/** A reference field (`<role>_<entity>_id`, `author_id` for the record's owner), undefined if none. */
function readReference(ws: string[], traits: Traits, entities: readonly string[], persons: readonly string[]): Reference | undefined {
  const words = ws[ws.length - 1] === 'id' && ws.length > 1 ? ws.slice(0, -1) : ws;
  const last = words[words.length - 1]!;
  if (traits.ref) {
    const at = entityAtEnd(words, [traits.ref]);
    const base = at ? [...at.role, ...entityWords(traits.ref)] : words;
    return { name: `${snakeCase(base.join(' '))}_id`, type: `ref(${traits.ref})`, entity: traits.ref };
  }
  if (traits.values || traits.type || traits.unit || traits.contentTypes.length > 0 || traits.maxBytes !== undefined) return undefined;
  // ("max kids (usually 12)", "min players": how many at most, a count, no link to one of them.)
  if ((TYPED_HEADS.has(last) && words.length > 1) || (words[0] === 'number' && words[1] === 'of') || (words.length > 1 && /^(?:max|min|maximum|minimum)$/.test(words[0]!))) return undefined;
  // ("pay rate per visit" is a rate, not a link to a visit; "the date of the last calibration" a date.)
  if (words.slice(0, -1).includes('per') || (TYPED_HEADS.has(words[0]!) && words[1] === 'of')) return undefined;
  const at = entityAtEnd(words, entities);
  if (at) {
    return { name: `${snakeCase([...at.role, ...entityWords(at.entity)].join(' '))}_id`, type: `ref(${at.entity})`, entity: at.entity };
  }
  const person = pluralize.singular(last);
  if (words.length === 1 && OWNER_WORDS.has(person)) return { name: `${person}_id`, type: `ref(${USER_ENTITY})`, entity: USER_ENTITY, owner: true };
  const named = snakeCase([...words.slice(0, -1), person].join(' '));
  // ("the contact person", "an emergency contact": someone outside, named in words, not a user of the system.)
  if (/^(?:contact|emergency|next of kin)$/.test(words[0] ?? '')) return undefined;
  if (words.length <= 2 && (PERSON_WORDS.has(person) || persons.includes(person) || persons.includes(named))) {
    return { name: `${named}_id`, type: `ref(${USER_ENTITY})`, entity: USER_ENTITY };
  }
  return undefined;
}

function isFile(ws: string[], traits: Traits): boolean {
  if (traits.type === 'file' || traits.contentTypes.length > 0 || traits.maxBytes !== undefined) return true;
  if (traits.type || traits.values || traits.unit) return false;
  const head = pluralize.singular(ws[ws.length - 1]!);
  return FILE_NOUNS[head] !== undefined && !WEAK_FILE_NOUNS.has(head);
}

/** The type a field's own words imply (`table number` -> integer, `starts at` -> datetime). */
export function impliedType(ws: readonly string[]): string {
  const head = ws[ws.length - 1]!;
  const first = ws[0]!;
  if (ws.length > 1 && BOOLEAN_PREFIXES.has(first)) return 'boolean';
  if (ws.some((w) => HEAD_TYPES[w] === 'email')) return 'email';
  if (ws.some((w) => /^(?:phone|telephone|mobile|fax)$/.test(w))) return 'string';
  if (first === 'number' && ws[1] === 'of') return 'integer';
  if (head === 'number' || head === 'no') return ws.length === 1 || COUNTED_NUMBER_PREFIXES.has(ws[ws.length - 2]!) ? 'integer' : 'string';
  if (ws.length > 1 && head === 'at') return 'datetime';
  if (ws.length > 1 && head === 'on') return 'date';
  // `hours worked`, `mites seen`: a participle after the noun it describes.
  if (ws.length > 1 && /^(?:[a-z]+ed|seen|done|spent|given|taken|paid|sold|kept|left|driven|ridden|flown|run|swum)$/.test(head) && !HEAD_TYPES[head]) return impliedType(ws.slice(0, -1));
  // (`amount due`, `balance outstanding`, `fee owing`: an adjective after a sum of money.)
  if (ws.length > 1 && /^(?:due|outstanding|owing|owed|payable|remaining|left|total|overall)$/.test(head) && HEAD_TYPES[ws[ws.length - 2]!] === 'number') return 'number';
  // ("rent per year", "price per night": the sum, whatever it is per.)
  const per = ws.indexOf('per');
  if (per > 0 && HEAD_TYPES[ws[per - 1]!]) return HEAD_TYPES[ws[per - 1]!]!;
  const compound = ws.length > 1 ? COMPOUND_HEAD_TYPES[`${ws[ws.length - 2]} ${head}`] : undefined;
  if (compound) return compound;
  const headType = HEAD_TYPES[head];
  if (headType === 'text' && ws.length > 1 && SHORT_WHEN_COMPOUND.has(head)) return 'string';
  if (headType) return headType;
  if (ws.some((w) => w === 'date' || w === 'birthday')) return 'date';
  // The noun before `per`/`in`/`of`/`on` is the head: `rate per word`, `bottles in stock`, `quantity on hand`.
  const prep = ws.findIndex((w, i) => i > 0 && (w === 'per' || w === 'in' || w === 'of' || w === 'on'));
  const core = prep > 0 ? ws.slice(0, prep) : ws;
  const coreHead = core[core.length - 1]!;
  if (prep > 0 && HEAD_TYPES[coreHead]) return HEAD_TYPES[coreHead]!;
  if ((core[0] === 'min' || core[0] === 'max' || core[0] === 'minimum' || core[0] === 'maximum') && core.length > 1) return 'integer';
  // ("a handful of subject tags": words to find it by, a list.)
  if (LIST_HEADS.has(coreHead)) return 'list(string)';
  if (pluralize.isPlural(coreHead) && pluralize.singular(coreHead) !== coreHead && !PLURAL_NOT_COUNT.has(coreHead) && !/ss$/.test(coreHead)) return 'integer';
  return 'string';
}

function finish(written: string, type: string, traits: Traits, refEntity?: string): Built | undefined {
  // ("a phone number", "the parent's phone number": a phone, as a field is usually named.)
  // ("a valid-until date", "the week commencing date": a date said by its preposition is named so, valid_until.)
  // ("the date it was paid": paid_on, as a day something was done is usually named.)
  // ("a star rating from 1 to 5": the rating.)
  const name =
    type === 'string' ? written.replace(/(^|_)phone_number$/, '$1phone')
    : type === 'date' ? written.replace(/_(until|from|on|since|commencing)_date$/, '_$1').replace(/^date_([a-z]+ed|given|sent|taken|done|made|paid|held|sold|built|bought|written|seen)$/, '$1_on')
    : type === 'datetime' ? written.replace(/_(until|from|on|since|commencing)_date$/, '_$1')
    : written.replace(/^star_rating$/, 'rating');
  // ("which owner they belong to", owners a record type: the link to that record, under a name the server's own
  // owner_id (the record's creator) leaves free.)
  if (name === 'owner_id' && refEntity && refEntity !== USER_ENTITY) return finish('owned_by_id', type, traits, refEntity);
  if (!name || isServerFieldName(name)) return undefined;
  const field: SpecField = { name, type, required: traits.required };
  if (traits.unique) field.unique = true;
  // (A length said of text bounds its length: strings' min and max are lengths.)
  if (type === 'integer' || type === 'number' || (traits.lengthBounds && (type === 'string' || type === 'text'))) {
    if (traits.min !== undefined) field.min = traits.min;
    if (traits.max !== undefined) field.max = traits.max;
  }
  if (traits.default !== undefined) {
    const value = defaultValue(traits.default, type, field.values ?? traits.values?.map(enumValue));
    if (value !== undefined) field.default = value;
  }
  if (traits.notes.length > 0) field.notes = traits.notes.join('; ');
  return { field, ...(refEntity ? { refEntity } : {}) };
}

/** A default as the field's type holds it; undefined when the words are no value of it (`defaults to today` on a date). */
function defaultValue(written: string, type: string, values: readonly string[] | undefined): string | number | boolean | undefined {
  const text = written.trim();
  if (type === 'enum') {
    const value = enumValue(text);
    return values?.includes(value) ? value : undefined;
  }
  if (type === 'integer' || type === 'number') {
    const n = Number(text);
    return Number.isFinite(n) && text !== '' && (type === 'number' || Number.isInteger(n)) ? n : undefined;
  }
  if (type === 'boolean') {
    const pair = BOOLEAN_PAIRS.find(([yes, no]) => text.toLowerCase() === yes || text.toLowerCase() === no);
    return pair ? text.toLowerCase() === pair[0] : undefined;
  }
  return type === 'string' || type === 'text' ? text : undefined;
}
