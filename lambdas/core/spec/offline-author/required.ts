/**
 * Which fields are required, by the contract's rule ("Entities and fields"): a record's name or
 * title, a reference to the record that contains it, enums given with their values, and what
 * the description calls required, mandatory or essential; everything else is optional, and
 * `optional` wording always wins. Two readings of "a record's name" are applied where the
 * description gives none: a unique field identifies the record, and a record without a name or
 * title is named by its main content (body, content, text, message) or else its first plain field.
 */
import type { SpecEntity, SpecField } from '../spec-model';
import { CONTENT_FIELDS, NAME_FIELDS, WEAK_NAME_FIELDS } from './lexicon';
import { metaKey, type MetaMap } from './relations';

const PLAIN_TYPES = new Set(['string', 'text', 'integer', 'number', 'date', 'datetime', 'email', 'url']);

/** The fields that name a record of this type. */
export function namingFields(e: SpecEntity): SpecField[] {
  const strong = e.fields.filter((f) => NAME_FIELDS.has(f.name));
  if (strong.length > 0) return strong;
  const compound = e.fields.filter((f) => /_name$/.test(f.name) && f.type === 'string');
  if (compound.length > 0) return compound;
  const weak = e.fields.filter((f) => WEAK_NAME_FIELDS.has(f.name));
  if (weak.length > 0) return weak.slice(0, 1);
  const content = e.fields.find((f) => CONTENT_FIELDS.has(f.name));
  if (content) return [content];
  const plain = e.fields.find((f) => PLAIN_TYPES.has(f.type) && !f.file);
  return plain ? [plain] : [];
}

export function applyRequiredRule(e: SpecEntity, meta: MetaMap): void {
  const naming = new Set(namingFields(e).map((f) => f.name));
  for (const f of e.fields) {
    const m = meta.get(metaKey(e.name, f.name));
    if (m?.explicitOptional) f.required = false;
    else if (m?.explicitRequired) f.required = true;
    else f.required = naming.has(f.name) || Boolean(m?.parentRef) || (f.type === 'enum' && (f.values?.length ?? 0) > 0) || f.unique === true;
  }
}
