/**
 * Metamorphic variants of the example descriptions, for the offline author's tests: entities
 * and distinctive fields renamed consistently (singular, plural and head-noun forms in the
 * text; keys, `<entity>_id` fields, roles named like entities and access keys in the expected
 * structure), and sentences reordered by a seeded permutation wherever order carries no
 * meaning (a workflow and the sentences that continue it stay together, in order).
 */
import type { Example } from './example-fixtures';
import type { ExpectedField, ExpectedSpec } from './structural-recall';

/** Replacement nouns: regular plurals, no type words, no person words the author knows. */
const ENTITY_POOL = ['Ticket', 'Board', 'Dish', 'Remark', 'Resident', 'Therapist', 'Session', 'Gadget', 'Depot', 'Parcel', 'Lesson', 'Voucher', 'Vessel', 'Venue', 'Kiosk', 'Sprocket'];
const TWO_WORD_POOL = [['travel', 'claim'], ['cargo', 'shift'], ['site', 'visit'], ['pantry', 'swap'], ['garden', 'plot']];
const FIELD_POOL = ['urgency', 'stage', 'headline', 'flavor', 'tier', 'mood', 'genre', 'motive', 'origin', 'region', 'barcode', 'temper', 'palette'];

export interface Variant {
  description: string;
  expected: ExpectedSpec;
  /** old name -> new name, entities and fields, for messages. */
  mapping: Record<string, string>;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const snake = (pascal: string) => pascal.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const wordsOf = (pascal: string) => snake(pascal).split('_');
const pluralOf = (w: string) => (/(s|x|ch|sh)$/.test(w) ? `${w}es` : /[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : `${w}s`);
const pascal = (ws: string[]) => ws.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function usedIn(text: string, word: string): boolean {
  return new RegExp(`\\b(?:${escape(word)}|${escape(pluralOf(word))})\\b`, 'i').test(text);
}

/** Keeps the case pattern of the original word: `Tasks` -> `Tickets`, `SKU` -> `BARCODE`. */
function withCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase()) return replacement.toUpperCase();
  if (original[0] === original[0]!.toUpperCase()) return replacement[0]!.toUpperCase() + replacement.slice(1);
  return replacement;
}

interface Rule {
  from: string;
  to: string;
}

/** Applies phrase replacements (longest first) through placeholders, then fixes `a`/`an` before replaced words. */
function replaceAll(text: string, rules: Rule[]): string {
  const sorted = [...rules].sort((a, b) => b.from.length - a.from.length);
  const slots: string[] = [];
  let out = text;
  for (const r of sorted) {
    const re = new RegExp(`\\b${escape(r.from).replace(/\\? /g, '\\s+')}\\b`, 'gi');
    out = out.replace(re, (m) => {
      slots.push(withCase(m, r.to));
      return `\uE000${slots.length - 1}\uE001`;
    });
  }
  out = out.replace(/\b(a|an|A|An)(\s+)\uE000(\d+)\uE001/g, (_m, art: string, sp: string, n: string) => {
    const word = slots[Number(n)]!;
    const vowel = /^[aeiou]/i.test(word);
    const fixed = vowel ? (art[0] === 'A' ? 'An' : 'an') : art[0] === 'A' ? 'A' : 'a';
    return `${fixed}${sp}\uE000${n}\uE001`;
  });
  return out.replace(/\uE000(\d+)\uE001/g, (_m, n: string) => slots[Number(n)]!);
}

/** Fields whose name carries no type (enums, plain single-word strings) and is written in the text. */
function renameableFields(ex: Example): Array<{ entity: string; field: string }> {
  const out: Array<{ entity: string; field: string }> = [];
  for (const [entity, spec] of Object.entries(ex.expected.entities)) {
    for (const [field, f] of Object.entries(spec.fields)) {
      const plain = f.type === 'enum' || (f.type === 'string' && !field.includes('_') && field !== 'name');
      if (plain && new RegExp(`\\b${field}\\b`, 'i').test(ex.description)) out.push({ entity, field });
    }
  }
  return out;
}

export function renameExample(ex: Example, seed: number): Variant {
  const rand = mulberry32(seed);
  const text = ex.description;
  const taken = new Set<string>();
  const pick = <T>(pool: T[], key: (t: T) => string[]): T => {
    const offset = Math.floor(rand() * pool.length);
    for (let i = 0; i < pool.length; i += 1) {
      const c = pool[(offset + i) % pool.length]!;
      const ws = key(c);
      if (ws.some((w) => taken.has(w) || usedIn(text, w))) continue;
      ws.forEach((w) => taken.add(w));
      return c;
    }
    throw new Error('replacement pool exhausted');
  };
  const entityMap = new Map<string, string>();
  const rules: Rule[] = [];
  for (const entity of Object.keys(ex.expected.entities)) {
    const ws = wordsOf(entity);
    const repl = ws.length === 1 ? [pick(ENTITY_POOL, (c) => [c.toLowerCase()]).toLowerCase()] : pick(TWO_WORD_POOL, (c) => c);
    entityMap.set(entity, pascal(repl));
    const last = ws.length - 1;
    rules.push({ from: ws.join(' '), to: repl.join(' ') });
    rules.push({ from: [...ws.slice(0, last), pluralOf(ws[last]!)].join(' '), to: [...repl.slice(0, -1), pluralOf(repl[repl.length - 1]!)].join(' ') });
    if (ws.length > 1) {
      rules.push({ from: ws[last]!, to: repl[repl.length - 1]! });
      rules.push({ from: pluralOf(ws[last]!), to: pluralOf(repl[repl.length - 1]!) });
    }
  }
  const fieldMap = new Map<string, string>();
  for (const { field } of renameableFields(ex)) {
    if (fieldMap.has(field)) continue;
    const repl = pick(FIELD_POOL, (c) => [c]);
    fieldMap.set(field, repl);
    rules.push({ from: field, to: repl });
  }

  const renameField = (name: string): string => {
    if (fieldMap.has(name)) return fieldMap.get(name)!;
    for (const [from, to] of entityMap) if (name === `${snake(from)}_id`) return `${snake(to)}_id`;
    return name;
  };
  const renameRole = (role: string): string => {
    for (const [from, to] of entityMap) if (role === snake(from)) return snake(to);
    return role;
  };
  const renameEntity = (e: string) => entityMap.get(e) ?? e;

  const expected: ExpectedSpec = {
    ...ex.expected,
    entities: Object.fromEntries(
      Object.entries(ex.expected.entities).map(([e, s]) => [
        renameEntity(e),
        { fields: Object.fromEntries(Object.entries(s.fields).map(([f, def]) => [renameField(f), renameType(def, renameEntity)])) },
      ]),
    ),
    roles: Object.fromEntries(Object.entries(ex.expected.roles ?? {}).map(([r, rights]) => [renameRole(r), Object.fromEntries(Object.entries(rights).map(([e, p]) => [renameEntity(e), p]))])),
    access: Object.fromEntries(Object.entries(ex.expected.access ?? {}).map(([k, v]) => [`${renameEntity(k.split('.')[0]!)}.${k.split('.')[1]}`, v])),
  };
  const mapping: Record<string, string> = {};
  for (const [a, b] of entityMap) mapping[a] = b;
  for (const [a, b] of fieldMap) mapping[a] = b;
  return { description: reorderSentences(replaceAll(text, rules), seed), expected, mapping };
}

function renameType(def: ExpectedField, renameEntity: (e: string) => string): ExpectedField {
  const ref = /^ref\((\w+)\)$/.exec(def.type);
  return ref ? { ...def, type: `ref(${renameEntity(ref[1]!)})` } : def;
}

/** Sentences that continue the one before: they stay right after it. */
const CHAINED = /\b(?:when|wait|waits|then|retried|retry|escalat\w*|approved|rejected|reminder|workflow)\b/i;

export function reorderSentences(description: string, seed: number): string {
  const sentences = description.replace(/\s*\n\s*/g, ' ').trim().split(/(?<=[.!?])\s+(?=[A-Z"])/);
  const groups: string[][] = [];
  for (const s of sentences) {
    const prev = groups[groups.length - 1];
    if (prev && CHAINED.test(s) && CHAINED.test(prev[prev.length - 1]!)) prev.push(s);
    else groups.push([s]);
  }
  const rand = mulberry32(seed ^ 0x9e3779b9);
  const order = groups.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  if (order.every((v, i) => v === i) && order.length > 1) order.push(order.shift()!);
  return order.map((i) => groups[i]!.join(' ')).join(' ');
}
