/**
 * Field phrases to spec fields: `an optional delivery date` -> delivery_date date, `an urgency
 * (low, medium or high)` -> enum, `<words> in minutes` -> `<words>_minutes` integer,
 * `a score from 1 to 5` -> integer 1..5, `a boolean "x"` -> x boolean, a phrase naming
 * another record type -> `<type>_id` ref, a person word -> ref(User), file words -> `<name>_key`
 * file with content types and a size limit.
 */
import type { SpecField } from '../spec-model';
import { USER_ENTITY, isServerFieldName } from '../../vocabulary';
import type { EntityIndex } from './entity-index';
import { fileConstraintsOf, fileWordTypes, findContentTypes, findSize, hasFormatWord } from './files';
import {
  BOOLEAN_PREFIXES, BOOLEAN_WORDS, DATE_WORDS, DATETIME_WORDS, EMAIL_WORDS, FILE_NAME_NOISE, FILE_WORDS, INTEGER_WORDS,
  NUMBER_WORDS, OWNER_WORDS, PHONE_WORDS, TEXT_WORDS, TYPE_NAMES, UNIT_TYPES, URL_WORDS, lemmaOfParticiple, participleOf,
} from './lexicon';
import { enumValue, isPluralWord, plural, sepRegex, singular, splitTopLevel, splitValues, words } from './text';
import { snakeCase } from '../../text/case';

export interface FieldContext {
  index: EntityIndex;
  /** Singular person words: the lexicon's and the description's role names. */
  persons: Set<string>;
}

export interface ParsedField {
  field: SpecField;
  explicitRequired: boolean;
  explicitOptional: boolean;
  /** A user reference that means the one who made the record. */
  owner: boolean;
  /** For references to other record types. */
  refEntity?: string;
}

/** Items of a field list: `a title, an optional description and a status (open or closed)`. */
export function splitFieldItems(list: string): string[] {
  const cleaned = list
    .replace(/^\s*(?:the following(?: fields| attributes| properties| information)?|fields|attributes|properties)\s*:?\s*/i, '')
    .replace(/\bdate and time\b/gi, 'datetime')
    .replace(/\s*(?:,\s*)?\b(?:etc|and so on|and more)\.?\s*$/i, '');
  const raw = splitTopLevel(cleaned, sepRegex(/\s*[,;]\s*(?:and\s+|with\s+|plus\s+)?|\s+(?:and|as well as|plus|along with|together with|with)\s+|\s+and\/or\s+/y));
  const items = raw.map((i) => i.replace(/^(?:and|with|plus|also|as well as|along with|including)\s+/i, '').trim()).filter(Boolean);
  return mergeEnumSpill(items);
}

const ENUM_HEAD_EXCLUDED = new Set(['list', 'set', 'array', 'collection', 'number', 'count', 'amount', 'quantity', 'date', 'time', 'name', 'title', 'lots', 'plenty', 'kind']);

/** `a size of small`, `medium or large` (split at the commas) -> one item again. */
function mergeEnumSpill(items: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i]!;
    const m = /\b(?:of|either|being|:)\s+([a-z0-9][\w-]*(?:\s[\w-]+)?)$/i.exec(item);
    const head = m ? words(item.slice(0, m.index)).pop() : undefined;
    if (!m || (head && ENUM_HEAD_EXCLUDED.has(head)) || isBareShort(item) || /[()]/.test(item)) {
      out.push(item);
      continue;
    }
    const spill: string[] = [];
    let j = i + 1;
    while (j < items.length && isBareShort(items[j]!)) {
      spill.push(items[j]!);
      j += 1;
      if (/\s(?:or|and)\s/i.test(items[j - 1]!)) break;
    }
    if (spill.length === 0) {
      out.push(item);
      continue;
    }
    out.push([item, ...spill].join(', '));
    i = j - 1;
  }
  return out;
}

function isBareShort(item: string): boolean {
  const ws = words(item);
  if (/[()"]/.test(item) || ws.length === 0 || ws.length > 4) return false;
  if (/^(?:a|an|the|one|some|its|their|optional|required)\b/i.test(item.trim())) return false;
  return !/\b(?:or|and)\b/i.test(item) || ws.length <= 4;
}

interface Info {
  optional: boolean;
  required: boolean;
  unique: boolean;
  negative: boolean;
  defaultValue?: string;
  min?: number;
  max?: number;
  decimalRange: boolean;
  lengthMin?: number;
  lengthMax?: number;
  maxBytes?: number;
  contentTypes: string[];
  unit?: string;
  listOf?: string;
  typeHint?: string;
  values?: string[];
  nameOverride?: string;
}

const num = (s: string) => Number(s);

/** Modifiers of a field phrase (flags, ranges, sizes, units, types); returns the phrase without them. */
function extractModifiers(input: string, info: Info, inParens: boolean): string {
  let t = ` ${input.toLowerCase()} `;
  const take = (re: RegExp, fn: (m: RegExpExecArray) => void) => {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    t = t.replace(g, (...args: unknown[]) => {
      const groups = args.slice(0, -2) as string[];
      const m = Object.assign([...groups], { index: 0, input: t }) as unknown as RegExpExecArray;
      fn(m);
      return ' ';
    });
  };
  take(/\b(?:(?:which|that)\s+)?(?:is\s+|are\s+)?(?:optional(?:ly)?|if any|if known|if available|(?:may|can|could) be (?:empty|blank|left (?:empty|blank|out)|omitted|skipped|missing)|not required|nullable|not mandatory)\b/, () => {
    info.optional = true;
  });
  take(/\b(?:(?:which|that) )?(?:is |are |must be |always |strictly )?(?:required|mandatory|essential|compulsory|must be (?:set|provided|given|filled(?: in)?))\b/, () => {
    info.required = true;
  });
  take(/\b(?:(?:which|that) )?(?:must be |is |should be |are |has to be |always )?unique(?: per [a-z]+| across [a-z ]+?| in [a-z ]+?)?\b/, () => {
    info.unique = true;
  });
  take(/\b(?:(?:which|that) )?(?:can|may|could|is allowed to|might) (?:also )?(?:be|go) negative\b|\b(?:positive or negative|signed)\b/, () => {
    info.negative = true;
  });
  take(/\b(?:non-negative|not negative|zero or more|never negative)\b/, () => {
    info.min = 0;
  });
  take(/\b(?:(?:which|that) )?(?:defaults? to|default(?: value)?(?: is|:| of)?)\s+"?([\w-]+)"?/, (m) => {
    info.defaultValue = m[1];
  });
  take(/\b([\w-]+) by default\b/, (m) => {
    info.defaultValue = m[1];
  });
  const size = findSize(t);
  if (size) {
    info.maxBytes = size.bytes;
    t = t.slice(0, size.index) + ' ' + t.slice(size.index + size.length);
  }
  take(/\b(?:up to|at most|max(?:imum)?(?: of)?|no more than|no longer than|limited to)\s+(\d+)\s+(?:characters|chars|letters)\b/, (m) => {
    info.lengthMax = num(m[1]!);
  });
  take(/\b(?:at least|minimum(?: of)?|min)\s+(\d+)\s+(?:characters|chars|letters)\b/, (m) => {
    info.lengthMin = num(m[1]!);
  });
  take(/\b(?:from|between|ranging from|in the range|on a scale of|scale of)\s+(-?\d+(?:\.\d+)?)\s*(?:to|and|-|\.\.)\s*(-?\d+(?:\.\d+)?)\b/, (m) => {
    info.min = num(m[1]!);
    info.max = num(m[2]!);
    info.decimalRange = /\./.test(m[1]! + m[2]!);
  });
  if (inParens) {
    take(/^\s*(-?\d+(?:\.\d+)?)\s*(?:-|to|\.\.)\s*(-?\d+(?:\.\d+)?)\s*$/, (m) => {
      info.min = num(m[1]!);
      info.max = num(m[2]!);
      info.decimalRange = /\./.test(m[1]! + m[2]!);
    });
  }
  take(/\b(?:at least|minimum(?: of)?|no less than|min\.?)\s+(-?\d+(?:\.\d+)?)\b/, (m) => {
    info.min = num(m[1]!);
  });
  take(/\b(?:at most|no more than|up to|maximum(?: of)?|max\.?|not more than)\s+(-?\d+(?:\.\d+)?)\b/, (m) => {
    info.max = num(m[1]!);
  });
  take(/\b(?:positive|greater than zero|more than zero)\b/, () => {
    info.min = info.min ?? 0;
  });
  take(/\b(?:measured |expressed |given )?in\s+(seconds|minutes|hours|days|weeks|months|years|cents|points|pages|words|characters|bytes|pieces|kg|kilograms|grams|pounds|lbs|ounces|oz|meters|metres|cm|mm|km|kilometers|kilometres|miles|feet|inches|liters|litres|ml|gallons|percent|dollars|euros|usd|eur|degrees|celsius|fahrenheit|mb|gb|kb)\b/, (m) => {
    info.unit = m[1];
  });
  take(/\b(?:a |an )?(?:list|array|set|collection|series)\s+of\s+([a-z][\w-]*(?: [a-z][\w-]*)?)/, (m) => {
    info.listOf = m[1];
  });
  take(/\b(?:called|named|labell?ed|titled|known as)\s+([a-z][\w-]*(?: [a-z][\w-]*){0,3})/, (m) => {
    info.nameOverride = m[1];
  });
  if (/\b(?:timestamp|datetime|date-time)\b/.test(t)) info.typeHint = 'datetime';
  take(/\b(boolean|bool|flag|yes\/no|true\/false|checkbox|toggle|whole number|integer|int|decimal|float|numeric|money|free text|long text|rich text|markdown|short text)\b/, (m) => {
    info.typeHint = m[1] === 'toggle' ? 'boolean' : (TYPE_NAMES[m[1]!] ?? info.typeHint);
  });
  if (inParens) {
    const single = t.trim().replace(/^(?:a|an|as)\s+/, '');
    if (TYPE_NAMES[single]) {
      info.typeHint = TYPE_NAMES[single];
      t = ' ';
    } else if (UNIT_TYPES[single] && single.length > 2) {
      info.unit = single;
      t = ' ';
    }
    const types2 = findContentTypes(t, true);
    if (types2.types.length > 0) {
      for (const ct of types2.types) if (!info.contentTypes.includes(ct)) info.contentTypes.push(ct);
      t = types2.rest;
    }
  } else if (hasFormatWord(t)) {
    const types2 = findContentTypes(t, false);
    for (const ct of types2.types) if (!info.contentTypes.includes(ct)) info.contentTypes.push(ct);
    t = types2.rest;
  }
  return t.replace(/\s+/g, ' ');
}

/** A parenthesis that lists values: `(low, medium or high)`, `(travel, meals, other)`. */
function parenValues(content: string): string[] | undefined {
  const c = content.trim();
  if (/\d\s*(?:kb|mb|gb)|\b(?:up to|max|unique|optional|required|default|e\.g|such as|for example|like)\b/i.test(c)) return undefined;
  const values = splitValues(c.replace(/^(?:one of|either|values?:?|options?:?)\s+/i, ''));
  if (values.length < 2) return undefined;
  if (values.some((v) => words(v).length > 3 || /[()]/.test(v))) return undefined;
  if (values.every((v) => TYPE_NAMES[v.toLowerCase()] !== undefined)) return undefined;
  if (findContentTypes(c.toLowerCase(), true).types.length > 0 && values.every((v) => findContentTypes(v.toLowerCase(), true).types.length > 0)) return undefined;
  return values;
}

/** `a status of open, closed or archived` / `either open or closed` -> values and the phrase before them. */
function inlineValues(t: string): { values: string[]; rest: string } | undefined {
  const either = /\beither\s+(.+?\s+or\s+[\w-]+(?:\s[\w-]+)?)\s*$/.exec(t);
  if (either) {
    const values = splitValues(either[1]!);
    if (values.length >= 2 && values.every((v) => words(v).length <= 3)) return { values, rest: t.slice(0, either.index).replace(/\s+(?:that|which)\s+(?:is|are|can be|must be|should be|will be)\s*$/, ' ') };
  }
  const m = /\s(?:of|being|:|-|which is|that is|which can be|that can be|can be|is one of|one of)\s+(?:either\s+|one of\s+)?([\w-]+(?:\s[\w-]+){0,2}(?:\s*,\s*[\w-]+(?:\s[\w-]+){0,2})*(?:\s*,?\s*(?:or|and)\s+[\w-]+(?:\s[\w-]+){0,2})?)\s*$/.exec(t);
  if (!m) return undefined;
  const head = words(t.slice(0, m.index)).pop();
  if (!head || ENUM_HEAD_EXCLUDED.has(head)) return undefined;
  const values = splitValues(m[1]!);
  if (values.length < 2 || values.some((v) => words(v).length > 3)) return undefined;
  return { values, rest: t.slice(0, m.index) };
}

const LEADING_NOISE = /^(?:and|or|with|plus|also|as well as|along with|including|a|an|the|its|their|his|her|each|every|one|some|any|own|optional|required|mandatory|separate|specific|single|given|own)\s+/;
const NOISE_WORDS = new Set(['field', 'fields', 'value', 'attribute', 'property', 'column', 'entry', 'info', 'information', 'data']);
const PREPOSITIONS = new Set(['in', 'of', 'per', 'on', 'for', 'at', 'to']);

/** Parses one field phrase; undefined when it names nothing a record can hold. */
export function parseFieldItem(raw: string, ctx: FieldContext): ParsedField | undefined {
  const info: Info = { optional: false, required: false, unique: false, negative: false, decimalRange: false, contentTypes: [] };
  let text = raw.trim().replace(/[.;:]+$/, '').replace(/\bdate and time\b/gi, 'datetime');
  const hadArticle = /^(?:(?:and|with|plus)\s+)?(?:a|an|one)\s/i.test(text);
  let quoted: string | undefined;
  text = text.replace(/"([^"]{1,60})"/g, (_m, q: string) => {
    quoted ??= q;
    return ' ';
  });
  text = text.replace(/(^|\s)'([^']{1,60})'(?=\s|$|[,.;)])/g, (_m, pre: string, q: string) => {
    quoted ??= q;
    return `${pre} `;
  });
  const parens: string[] = [];
  text = text.replace(/\(([^()]*)\)|\[([^[\]]*)\]/g, (_m, a: string | undefined, b: string | undefined) => {
    parens.push(a ?? b ?? '');
    return ' ';
  });
  for (const paren of parens) {
    for (const p of paren.split(/\s*;\s*/)) {
      const values = parenValues(p);
      if (values && !info.values) info.values = values;
      else extractModifiers(p, info, true);
    }
  }

  // `who made it`, `created by`: a reference to the user who did it.
  const lower = ` ${text.toLowerCase().replace(/\s+/g, ' ')} `;
  const who = /^\s*(?:and\s+|with\s+)?(?:the\s+)?(?:(?:person|user|member|one|someone|people|staff member)\s+)?who\s+([a-z]+)\s+(?:it|them|this|that|each one|the (?:record|entry|\w+))\b/.exec(lower);
  const by = /^\s*(?:and\s+|with\s+)?(?:the\s+)?(?:user\s+|person\s+)?(?:who\s+(?:was|is)\s+)?([a-z]+ed|made|written|done|sent|paid|held|kept)\s+by(?:\s+(?:a|an|the|which|whom|whoever)?\s*([a-z]+))?\s*$/.exec(lower);
  if (who || by) {
    const verb = (who ? who[1] : by![1])!;
    const lemma = lemmaOfParticiple(verb);
    const part = verb.endsWith('ed') || lemma !== verb ? verb : participleOf(verb);
    const target = by?.[2] ? ctx.index.resolve([by[2]]) : undefined;
    const name = `${snakeCase(part)}_by_id`;
    return {
      field: { name, type: `ref(${target ?? USER_ENTITY})`, required: false, onDelete: target ? 'restrict' : 'set_null' },
      explicitRequired: false,
      explicitOptional: true,
      owner: !target && OWNER_LEMMAS.has(lemma),
      ...(target ? { refEntity: target } : {}),
    };
  }

  let t = extractModifiers(text, info, false);
  if (!info.values) {
    const inline = inlineValues(t.trim());
    if (inline) {
      info.values = inline.values;
      t = ` ${inline.rest} `;
    }
  }
  t = t.replace(/[^a-z0-9/' -]+/g, ' ').replace(/\s+/g, ' ').trim();
  for (let prev = ''; prev !== t; ) {
    prev = t;
    t = t.replace(LEADING_NOISE, '');
  }
  let tokens = words(t);
  if (tokens.some((w) => !NOISE_WORDS.has(w))) tokens = tokens.filter((w) => !NOISE_WORDS.has(w));
  if (info.nameOverride) tokens = words(info.nameOverride);
  if (quoted) tokens = words(quoted);
  while (tokens.length > 0 && PREPOSITIONS.has(tokens[tokens.length - 1]!)) tokens.pop();
  if (tokens.length === 0) {
    if (info.listOf) tokens = words(info.listOf);
    else if (info.typeHint && info.values === undefined) tokens = [info.typeHint === 'boolean' ? 'flag' : info.typeHint];
    else return undefined;
  }
  if (!quoted && !info.nameOverride) {
    if (tokens.length > 6) return undefined;
    if (tokens.slice(1).some((w) => w === 'is' || w === 'are' || w === 'can' || w === 'will' || w === 'should')) return undefined;
  }
  tokens = tokens.slice(0, 6);
  return buildField(tokens, info, ctx, hadArticle);
}

const OWNER_LEMMAS = new Set(['make', 'create', 'write', 'submit', 'record', 'enter', 'add', 'post', 'upload', 'log', 'author', 'own', 'open', 'file', 'raise']);
const MIN_ZERO_WORDS = new Set(['quantity', 'qty', 'count', 'capacity', 'seats', 'copies', 'servings', 'calories', 'units', 'pages', 'age', 'attempts']);

function buildField(tokens: string[], info: Info, ctx: FieldContext, hadArticle: boolean): ParsedField | undefined {
  let ws = [...tokens];
  const last = () => ws[ws.length - 1]!;
  let type: string | undefined;
  let owner = false;
  let refEntity: string | undefined;
  let suffix = '';
  let onDelete: SpecField['onDelete'];
  let file: SpecField['file'];

  // A reference to another record type, or to a person.
  const idLess = last() === 'id' && ws.length > 1 ? ws.slice(0, -1) : ws;
  const entity = ctx.index.resolve(idLess);
  const tail = entity ? undefined : ctx.index.resolveTail(idLess);
  const personWord = singular(idLess[idLess.length - 1]!);
  if (entity && !info.values) {
    refEntity = entity;
    ws = snakeCase(entity).split('_');
    suffix = '_id';
    type = `ref(${entity})`;
  } else if (tail && !info.values && !TYPED_HEADS.has(idLess[idLess.length - 1]!)) {
    refEntity = tail.entity;
    ws = [...tail.prefix, ...snakeCase(tail.entity).split('_')];
    suffix = '_id';
    type = `ref(${tail.entity})`;
  } else if (ctx.persons.has(personWord) && !info.values && !info.typeHint && idLess.length <= 3) {
    if (idLess.length === 1 && personWord === 'owner') return undefined; // the server's owner_id
    ws = [...idLess.slice(0, -1), personWord];
    suffix = '_id';
    type = `ref(${USER_ENTITY})`;
    owner = OWNER_WORDS.has(personWord) && idLess.length === 1;
    onDelete = 'set_null';
  }
  if (refEntity) onDelete = 'restrict';
  if (type) {
    if (last() === 'id') ws.pop();
  } else {
    // Files: a file word at the head of the phrase, or content types / a size limit.
    const fileHead = FILE_WORDS[singular(last())] !== undefined;
    if (fileHead || info.maxBytes !== undefined || (info.contentTypes.length > 0 && info.typeHint === undefined)) {
      const defaults = fileWordTypes(ws);
      file = fileConstraintsOf(info.contentTypes, info.maxBytes, defaults);
      const kept = ws.filter((w) => !FILE_NAME_NOISE.has(w));
      ws = kept.length > 0 ? kept : ws.slice(0, 1);
      if (last() === 'key') ws.pop();
      suffix = '_key';
      type = 'file';
    }
  }
  if (!type && info.unit) {
    const unit = info.unit.length <= 2 || UNIT_TYPES[info.unit] ? info.unit : plural(info.unit);
    ws = [...ws, unit];
    type = info.typeHint && info.typeHint !== 'text' && info.typeHint !== 'string' ? info.typeHint : (UNIT_TYPES[unit] ?? 'number');
  }
  if (!type && info.values) type = 'enum';
  if (!type && info.listOf) {
    type = `list(${listElementType(info.listOf, ctx)})`;
  }
  if (!type && info.typeHint) type = info.typeHint === 'file' ? undefined : info.typeHint;
  if (!type && (info.min !== undefined || info.max !== undefined) && !info.lengthMax) type = info.decimalRange ? 'number' : 'integer';
  if (!type) type = typeFromWords(ws, hadArticle);
  if (type === 'boolean' && !BOOLEAN_PREFIXES.has(ws[0]!) && ws.length === 1 && BOOLEAN_WORDS.has(ws[0]!)) ws = ['flag'];

  let name = snakeCase(ws.join(' '));
  if (!name) return undefined;
  if (suffix && !name.endsWith(suffix)) name = `${name}${suffix}`;
  if (isServerFieldName(name) || name === 'created' || name === 'updated') return undefined;

  const field: SpecField = { name, type, required: false };
  if (info.values) {
    const values = [...new Set(info.values.map(enumValue).filter(Boolean))];
    field.values = values;
    const wanted = info.defaultValue ? enumValue(info.defaultValue) : undefined;
    field.default = wanted && values.includes(wanted) ? wanted : values[0]!;
  } else if (info.defaultValue !== undefined) {
    field.default = coerceDefault(info.defaultValue, type);
  }
  if (info.unique) field.unique = true;
  if (type === 'integer' || type === 'number') {
    if (info.min !== undefined) field.min = info.min;
    else if (!info.negative && ws.some((w) => MIN_ZERO_WORDS.has(w))) field.min = 0;
    if (info.max !== undefined) field.max = info.max;
  } else if (type === 'string' || type === 'text' || type.startsWith('list(')) {
    if (info.lengthMin !== undefined) field.min = info.lengthMin;
    if (info.lengthMax !== undefined) field.max = info.lengthMax;
  }
  if (file) field.file = file;
  if (onDelete) field.onDelete = onDelete;
  return { field, explicitRequired: info.required, explicitOptional: info.optional, owner, ...(refEntity ? { refEntity } : {}) };
}

/** Heads that keep their own type even after a record type's name (`order date`, `order number`). */
const TYPED_HEADS = new Set(['date', 'time', 'number', 'name', 'title', 'count', 'status', 'type', 'code', 'email', 'url', 'link', 'price', 'amount', 'total', 'notes', 'description', 'id']);

function coerceDefault(value: string, type: string): string | number | boolean {
  if (type === 'boolean') return /^(?:true|yes|on)$/i.test(value);
  if ((type === 'integer' || type === 'number') && /^-?\d+(?:\.\d+)?$/.test(value)) return Number(value);
  return value;
}

function listElementType(phrase: string, ctx: FieldContext): string {
  const ws = words(phrase);
  const head = singular(ws[ws.length - 1] ?? 'string');
  const entity = ctx.index.resolve(ws);
  if (entity) return `ref(${entity})`;
  if (head === 'string' || head === 'word' || head === 'tag' || head === 'label' || head === 'keyword' || head === 'name') return 'string';
  if (head === 'text' || head === 'paragraph' || head === 'note') return 'text';
  if (head === 'integer' || head === 'whole') return 'integer';
  if (head === 'number' || head === 'decimal' || head === 'amount' || head === 'price') return 'number';
  if (head === 'date' || head === 'day') return 'date';
  if (head === 'datetime' || head === 'timestamp' || head === 'time') return 'datetime';
  if (head === 'url' || head === 'link' || head === 'website') return 'url';
  if (head === 'email' || (head === 'address' && ws.includes('email'))) return 'email';
  if (head === 'boolean' || head === 'flag') return 'boolean';
  if (ctx.persons.has(head)) return `ref(${USER_ENTITY})`;
  return 'string';
}

/** The type a field's own words imply. */
export function typeFromWords(ws: string[], hadArticle = true): string {
  const lastWord = ws[ws.length - 1]!;
  const first = ws[0]!;
  if (ws.length > 1 && BOOLEAN_PREFIXES.has(first)) return 'boolean';
  if (ws.some((w) => EMAIL_WORDS.has(w)) && !ws.includes('template')) return 'email';
  if (URL_WORDS.has(lastWord) || (lastWord === 'address' && ws.includes('web')) || (lastWord === 'site' && ws.includes('web'))) return 'url';
  if (ws.some((w) => PHONE_WORDS.has(w))) return 'string';
  if (first === 'number' && ws[1] === 'of') return 'integer';
  if (lastWord === 'number' || lastWord === 'code' || lastWord === 'id' || lastWord === 'zone' || lastWord === 'timezone') return ws.length === 1 && lastWord === 'number' ? 'integer' : 'string';
  if (ws.includes('datetime') || lastWord === 'at' || (ws.some((w) => DATE_WORDS.has(w)) && ws.includes('time'))) return 'datetime';
  if (ws.some((w) => DATE_WORDS.has(w)) || lastWord === 'on' || lastWord === 'day' && ws.length > 1) return 'date';
  if (DATETIME_WORDS.has(lastWord)) return 'datetime';
  const lead = PREPOSITIONS.has(ws[1] ?? '') ? first : undefined;
  for (const w of [lastWord, lead]) {
    if (!w) continue;
    if (INTEGER_WORDS.has(w)) return 'integer';
    if (NUMBER_WORDS.has(w)) return 'number';
    if (UNIT_TYPES[w] && ws.length > 1) return UNIT_TYPES[w]!;
  }
  if (TEXT_WORDS.has(lastWord)) return 'text';
  if (!hadArticle && isPluralWord(lastWord) && !lastWord.endsWith('ss')) return 'list(string)';
  return 'string';
}

/** Words of a field name as a phrase (`delivery_date` -> `delivery date`), for matching text. */
export function fieldPhrase(name: string): string {
  return name.replace(/_(?:id|key)$/, '').replace(/_/g, ' ');
}
