/**
 * List fields: "a tags field, a list of strings", "labels (a list of strings)", "a list of
 * tags", "several photos' urls", "any number of skills". The element type comes from the words
 * after "list of" (a record type the description names is a list of references), the name from
 * the words before it, or from the elements when nothing comes before ("a list of tags" -> tags).
 */
import pluralize from 'pluralize';
import { snakeCase } from '../../../text/case';
import { USER_ENTITY } from '../../../vocabulary';
import { entityNamed } from './entities';

/** Words for an element type: the last word of what the list holds. */
const ELEMENT_TYPES: Record<string, string> = {
  string: 'string', word: 'string', tag: 'string', label: 'string', keyword: 'string', name: 'string', value: 'string', code: 'string',
  text: 'text', paragraph: 'text', note: 'text', comment: 'text',
  integer: 'integer', whole: 'integer', count: 'integer',
  number: 'number', decimal: 'number', amount: 'number', price: 'number', score: 'number',
  date: 'date', day: 'date', datetime: 'datetime', timestamp: 'datetime', time: 'datetime',
  url: 'url', link: 'url', website: 'url', email: 'email', boolean: 'boolean', flag: 'boolean',
};

const LIST_OF = /^(?<before>.*?)\s*(?:,|\(|\bas\b|\bis\b)?\s*(?:a|an)?\s*\b(?:list|array|set|collection|series)\s+of\s+(?<items>[a-z][a-z' -]*?)\s*\)?$/i;
const MANY = /^(?:several|multiple|many|any number of|one or more|zero or more)\s+(?<items>[a-z][a-z' -]*?)$/i;

export interface ListField {
  name: string;
  type: string;
  refEntity?: string;
}

/** A list field, or undefined when the phrase is not one. */
export function readList(phrase: string, entities: readonly string[], persons: readonly string[] = []): ListField | undefined {
  const text = phrase.trim().replace(/\.$/, '');
  const m = LIST_OF.exec(text) ?? MANY.exec(text);
  if (!m?.groups) return undefined;
  const items = m.groups.items!.toLowerCase().split(/\s+/).filter(Boolean);
  const before = (m.groups.before ?? '')
    .toLowerCase()
    .replace(/^(?:a|an|the|some)\s+/, '')
    .replace(/\s*\bfield\b\s*$/, '')
    .trim();
  const head = pluralize.singular(items[items.length - 1] ?? 'string');
  const entity = entityNamed(items.map((w) => pluralize.singular(w)), entities) ?? entityNamed(items, entities);
  let element: string;
  if (entity) element = `ref(${entity})`;
  else if (persons.includes(head)) element = `ref(${USER_ENTITY})`;
  else element = ELEMENT_TYPES[head] ?? 'string';
  const nameWords = before ? before : items.join(' ');
  const name = snakeCase(nameWords.replace(/'s?\b/g, ''));
  if (!name) return undefined;
  return { name, type: `list(${element})`, ...(entity ? { refEntity: entity } : {}) };
}
