/**
 * What chat edits share: finding record types, fields and roles named in a message, the
 * context the authoring parsers need for an existing spec, and short field descriptions for
 * the edit summaries.
 */
import type { SpecDocument, SpecEntity, SpecField, SpecRole } from '../spec-model';
import { EntityIndex } from './entity-index';
import { fieldPhrase } from './fields';
import { PERSON_WORDS } from './lexicon';
import { fieldLocator, referrerLocator, startLocator } from './roles';
import type { RightsContext } from './rights';
import { nameWords, plural, singular, words } from './text';
import { snakeCase } from '../../text/case';

/** One change request; it mutates `spec` (a copy) and says what it did. */
export type EditHandler = (spec: SpecDocument, sentence: string) => EditResult | undefined;
export interface EditResult {
  summary: string;
  /** False when the request was understood but cannot be done (spec left unchanged). */
  changed: boolean;
}

export const done = (summary: string): EditResult => ({ summary, changed: true });
export const refused = (summary: string): EditResult => ({ summary, changed: false });

export function indexOf(spec: SpecDocument): EntityIndex {
  return new EntityIndex(spec.entities.map((e) => e.name));
}

export function rightsContext(spec: SpecDocument): RightsContext {
  return { index: indexOf(spec), fieldAt: fieldLocator(spec.entities), referrers: referrerLocator(spec.entities), startingIn: startLocator(spec.entities) };
}

export function personsOf(spec: SpecDocument): Set<string> {
  const set = new Set(PERSON_WORDS);
  for (const r of spec.roles) set.add(r.name.split('_').pop()!);
  for (const e of spec.entities) set.delete(snakeCase(e.name));
  return set;
}

const ARTICLES = /^(?:the|a|an|each|every|all|any|our|their|its)\s+/i;

/** The record type a phrase names (`orders`, `the Order entity`, `line items`). */
export function findEntity(spec: SpecDocument, phrase: string | undefined): SpecEntity | undefined {
  if (!phrase) return undefined;
  const cleaned = phrase.replace(ARTICLES, '').replace(/\s+(?:entity|entities|model|table|records?|resource|type|collection)$/i, '').trim();
  const name = indexOf(spec).resolve(words(cleaned));
  return spec.entities.find((e) => e.name === name) ?? spec.entities.find((e) => e.name.toLowerCase() === cleaned.replace(/\s+/g, '').toLowerCase());
}

export interface FieldHit {
  entity: SpecEntity;
  field: SpecField;
}

/** Fields a phrase names (`the delivery date`, `order's title`, `urgency of orders`), optionally in one record type. */
export function findFields(spec: SpecDocument, phrase: string, entityPhrase?: string): FieldHit[] {
  let text = phrase.trim().replace(ARTICLES, '').replace(/\s+(?:field|column|attribute|property|value)s?$/i, '').trim();
  let scope = entityPhrase ? findEntity(spec, entityPhrase) : undefined;
  if (entityPhrase && !scope) return [];
  // `order's title`, `title of orders`, `order title`
  const possessive = /^(.+?)'s?\s+(.+)$/.exec(text);
  if (!scope && possessive && findEntity(spec, possessive[1])) {
    scope = findEntity(spec, possessive[1]);
    text = possessive[2]!;
  }
  const of = /^(.+?)\s+(?:of|on|in|for)\s+(?:the\s+|each\s+|all\s+)?(.+)$/.exec(text);
  if (!scope && of && findEntity(spec, of[2])) {
    scope = findEntity(spec, of[2]);
    text = of[1]!;
  }
  const hits = matchFields(spec, text, scope);
  if (hits.length > 0) return hits;
  const partial = partialFields(spec, text, scope);
  if (partial.length === 1 || scope) return partial;
  const ws = words(text);
  for (let k = 1; k < ws.length; k += 1) {
    const entity = findEntity(spec, ws.slice(0, k).join(' '));
    if (entity) {
      const more = matchFields(spec, ws.slice(k).join(' '), entity);
      if (more.length > 0) return more;
    }
  }
  return [];
}

/** `weight` -> weight_kg, `photo` -> profile_photo_key: a field whose name starts or ends with the words. */
function partialFields(spec: SpecDocument, text: string, scope: SpecEntity | undefined): FieldHit[] {
  const key = snakeCase(words(text).filter((w) => !['the', 'a', 'an', 'field'].includes(w)).join(' '));
  if (!key) return [];
  const hits: FieldHit[] = [];
  for (const entity of scope ? [scope] : spec.entities) {
    for (const field of entity.fields) {
      const bare = field.name.replace(/_(?:id|key)$/, '');
      if (bare.startsWith(`${key}_`) || bare.endsWith(`_${key}`)) hits.push({ entity, field });
    }
  }
  return hits;
}

function matchFields(spec: SpecDocument, text: string, scope: SpecEntity | undefined): FieldHit[] {
  const ws = words(text).filter((w) => !['the', 'a', 'an', 'field'].includes(w));
  if (ws.length === 0) return [];
  const variants = new Set([snakeCase(ws.join(' ')), snakeCase([...ws.slice(0, -1), singular(ws[ws.length - 1]!)].join(' ')), snakeCase([...ws.slice(0, -1), plural(ws[ws.length - 1]!)].join(' '))]);
  const hits: FieldHit[] = [];
  for (const entity of scope ? [scope] : spec.entities) {
    for (const field of entity.fields) {
      const bare = field.name.replace(/_(?:id|key)$/, '');
      if (variants.has(field.name) || variants.has(bare) || variants.has(snakeCase(fieldPhrase(field.name)))) hits.push({ entity, field });
    }
  }
  return hits;
}

export function findRole(spec: SpecDocument, phrase: string): SpecRole | undefined {
  const ws = words(phrase.replace(ARTICLES, '')).filter((w) => w !== 'role' && w !== 'roles');
  if (ws.length === 0) return undefined;
  const name = snakeCase([...ws.slice(0, -1), singular(ws[ws.length - 1]!)].join(' '));
  return spec.roles.find((r) => r.name === name || r.name === snakeCase(ws.join(' ')));
}

/** `tags (list(string))`, `title (string, required)`, `order_id (ref(Order), required)`. */
export function describeField(f: SpecField, ownerField?: string): string {
  const bits = [f.type];
  if (f.type === 'enum' && f.values) bits[0] = `enum: ${f.values.join(', ')}`;
  if (f.required) bits.push('required');
  if (f.unique) bits.push('unique');
  if (f.file) bits.push(`${f.file.contentTypes.join(', ')}, max ${Math.round((f.file.maxBytes / 1048576) * 10) / 10} MB`);
  if (f.min !== undefined || f.max !== undefined) bits.push(`${f.min ?? ''}..${f.max ?? ''}`);
  if (ownerField === f.name) bits.push('owner');
  return `${f.name} (${bits.join(', ')})`;
}

export function entityLabel(name: string): string {
  return nameWords(name).join(' ');
}

export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
