/**
 * Chat edits of fields: add (`Add a labels field to orders, a list of strings`, `Orders should
 * also have a weight in kg`), remove, rename, required / optional / unique, change of type
 * (`Make the weight an integer`), and enum values (`Add urgent to urgency`).
 */
import type { SpecDocument, SpecEntity, SpecField } from '../spec-model';
import { USER_ENTITY } from '../../vocabulary';
import { addParentRef, metaKey, refTarget, type MetaMap } from './relations';
import { renameFieldEverywhere } from '../edits/references';
import { describeField, done, entityLabel, findEntity, findFields, indexOf, listWords, personsOf, refused, type EditHandler, type EditResult, type FieldHit } from './edit-context';
import { fileConstraintsOf, fileWordTypes } from './files';
import { parseFieldItem } from './fields';
import { readFieldPhrase, splitFieldList, type FieldReading } from '../author/fields';
import { withConventions } from '../author/listed-fields';
import { DEFAULT_MAX_FILE_BYTES, NAME_FIELDS, TYPE_NAMES } from './lexicon';
import { enumValue, singular, splitValues, words } from './text';
import { snakeCase } from '../../text/case';


/** The contract's required rule for one new field. */
function requiredForNew(entity: SpecEntity, parsed: FieldReading): boolean {
  if (parsed.explicitOptional) return false;
  if (parsed.explicitRequired) return true;
  const f = parsed.field;
  const target = refTarget(f.type);
  return NAME_FIELDS.has(f.name) || (target !== undefined && target !== USER_ENTITY && target !== entity.name) || (f.type === 'enum' && (f.values?.length ?? 0) > 0) || f.unique === true;
}

/** Parses field phrases for a record type and adds them; returns the summaries. */
export function addFieldsTo(spec: SpecDocument, entity: SpecEntity, items: string[], tail?: string): { added: string[]; changed: string[]; existing: string[] } {
  // The pipeline's field reader, as for a description.
  const ctx = { entities: spec.entities.map((e) => e.name), owner: entity.name, persons: [...personsOf(spec)] };
  const out = { added: [] as string[], changed: [] as string[], existing: [] as string[] };
  for (const item of items) {
    const read = readFieldPhrase(tail && items.length === 1 ? `${item}, ${tail}` : item, ctx);
    if (!read) continue;
    const parsed = { ...read, field: withConventions(read.field) };
    if (parsed.refEntity === entity.name && parsed.field.name === `${snakeCase(entity.name)}_id`) continue;
    parsed.field.required = requiredForNew(entity, parsed);
    if (parsed.field.onDelete === 'set_null' && parsed.field.required) parsed.field.onDelete = 'restrict';
    const existing = entity.fields.find((f) => f.name === parsed.field.name);
    if (existing) {
      const explicitType = tail !== undefined || parsed.explicitRequired;
      if (explicitType && (existing.type !== parsed.field.type || existing.required !== parsed.field.required)) {
        Object.assign(existing, parsed.field);
        out.changed.push(describeField(existing, entity.ownerField));
      } else {
        out.existing.push(existing.name);
      }
      continue;
    }
    entity.fields.push(parsed.field);
    if (parsed.owner && !entity.ownerField) entity.ownerField = parsed.field.name;
    out.added.push(describeField(parsed.field, entity.ownerField));
  }
  return out;
}

function addSummary(entity: SpecEntity, r: ReturnType<typeof addFieldsTo>): EditResult | undefined {
  const parts: string[] = [];
  if (r.added.length > 0) parts.push(`Added ${listWords(r.added)} to ${entity.name}.`);
  if (r.changed.length > 0) parts.push(`Changed ${listWords(r.changed)} on ${entity.name}.`);
  if (parts.length > 0) return done(parts.join(' '));
  if (r.existing.length > 0) return refused(`${entity.name} already has ${listWords(r.existing)}; nothing changed.`);
  return undefined;
}

const ADD_TO = /^(?:please\s+)?(?:can you\s+|could you\s+)?(?:also\s+)?(?:add|include|attach|store|track|record|put|introduce)\s+(.+?)\s+(?:to|on|for|in|into)\s+(?:the\s+|each\s+|every\s+|all\s+|our\s+)?([a-z][a-z' ]*?)(?:\s+(?:entity|model|table|records?|items?))?(?:\s*(?:,|:|;|\s-\s)\s*(.+))?$/i;
const SHOULD_HAVE = /^(?:the\s+|each\s+|every\s+|all\s+|our\s+|a\s+|an\s+)?([a-z][a-z' ]*?)\s+(?:(should|must|need to|needs to|will|can|could|shall|ought to|also)\s+)?(?:also\s+|additionally\s+)?(?:have|has|need|needs|include|includes|contain|contains|carry|carries|store|stores|record|records|track|tracks|get|gets)\s+(?:also\s+)?(.+)$/i;
const GIVE = /^(?:please\s+)?give\s+(?:the\s+|each\s+|every\s+|all\s+)?(.+)$/i;
const ADD_ONLY = /^(?:please\s+)?(?:also\s+)?add\s+(.+)$/i;

export const addFieldEdit: EditHandler = (spec, sentence) => {
  const to = ADD_TO.exec(sentence);
  if (to) {
    const entity = findEntity(spec, to[2]);
    if (entity) {
      // ("Add a price to orders, a decimal, and a deposit paid flag": what the first is, then more fields.)
      const more = to[3] ? /^(.+?),\s*and\s+(?:also\s+)?((?:a|an|the|some)\s.+)$/i.exec(to[3]) : null;
      const tail = more ? more[1]! : to[3];
      const items = tail ? [to[1]!] : splitFieldList(to[1]!);
      const first = addFieldsTo(spec, entity, items, tail);
      if (!more) return addSummary(entity, first);
      const rest = addFieldsTo(spec, entity, splitFieldList(more[2]!));
      return addSummary(entity, { added: [...first.added, ...rest.added], changed: [...first.changed, ...rest.changed], existing: [...first.existing, ...rest.existing] });
    }
  }
  const should = SHOULD_HAVE.exec(sentence);
  if (should) {
    const entity = findEntity(spec, should[1]);
    if (entity) {
      const must = /^(?:must|need to|needs to)$/i.test(should[2] ?? '') || /^needs?$/i.test(sentence.split(/\s+/)[1] ?? '');
      const items = splitFieldList(should[3]!);
      const result = addFieldsTo(spec, entity, items.map((i) => (must ? `${i} (required)` : i)));
      if (must && result.added.length === 0) {
        // `Xs must have a title`: the field exists, so make it required.
        const hits = items.flatMap((i) => findFields(spec, i, entity.name));
        const changed = hits.filter((h) => !h.field.required);
        for (const h of changed) h.field.required = true;
        if (changed.length > 0) return done(`Made ${listWords(changed.map((h) => `${h.entity.name}.${h.field.name}`))} required.`);
      }
      return addSummary(entity, result);
    }
  }
  const give = GIVE.exec(sentence);
  if (give) {
    const ws = words(give[1]!);
    for (let k = Math.min(3, ws.length - 1); k >= 1; k -= 1) {
      const entity = findEntity(spec, ws.slice(0, k).join(' '));
      if (entity) {
        const rest = give[1]!.split(/\s+/).slice(k).join(' ');
        return addSummary(entity, addFieldsTo(spec, entity, splitFieldList(rest)));
      }
    }
  }
  const only = ADD_ONLY.exec(sentence);
  if (only && spec.entities.length === 1) {
    const entity = spec.entities[0]!;
    return addSummary(entity, addFieldsTo(spec, entity, splitFieldList(only[1]!)));
  }
  if (only && !/\b(?:role|entity|workflow|model|table)\b/i.test(only[1]!)) {
    return refused(`To which entity should I add ${only[1]!.trim()}? Say for example "Add ${only[1]!.trim()} to ${entityLabel(spec.entities[0]?.name ?? 'Item')}s".`);
  }
  return undefined;
};

/** Removes a field and what depends on it (owner field, workflows that wait on it or are triggered by it). */
export function removeField(spec: SpecDocument, hit: FieldHit): string {
  hit.entity.fields = hit.entity.fields.filter((f) => f !== hit.field);
  const notes: string[] = [];
  if (hit.entity.ownerField === hit.field.name) {
    delete hit.entity.ownerField;
    notes.push(`${hit.entity.name} records are owned by their creator again`);
  }
  const dropped = spec.workflows.filter(
    (w) => (w.trigger?.entity === hit.entity.name && w.trigger.field === hit.field.name) || (w.trigger?.entity === hit.entity.name && w.steps.some((s) => s.kind === 'waitUntil' && s.field === hit.field.name)),
  );
  if (dropped.length > 0) {
    spec.workflows = spec.workflows.filter((w) => !dropped.includes(w));
    notes.push(`removed workflow ${listWords(dropped.map((w) => w.name))}, which depended on it`);
  }
  if (hit.entity.fields.length === 0) hit.entity.fields.push({ name: 'name', type: 'string', required: true });
  return `Removed ${hit.field.name} from ${hit.entity.name}.${notes.length > 0 ? ` (${notes.join('; ')}.)` : ''}`;
}

export function renameField(spec: SpecDocument, hit: FieldHit, newPhrase: string): string {
  const old = hit.field.name;
  let name = snakeCase(newPhrase.replace(/^(?:the|a|an)\s+/i, '').replace(/\s+field$/i, ''));
  const suffix = /_(id|key)$/.exec(old)?.[0];
  if (suffix && !name.endsWith(suffix)) name = `${name}${suffix}`;
  if (!name || name === old) return `${hit.entity.name}.${old} is already called ${old}.`;
  if (hit.entity.fields.some((f) => f.name === name)) return `${hit.entity.name} already has a field ${name}; nothing changed.`;
  renameFieldEverywhere(spec, hit.entity, old, name);
  return `Renamed ${hit.entity.name}.${old} to ${name}.`;
}

const MAKE_FLAG = /^(?:please\s+)?(?:make|mark|set)\s+(?:the\s+)?(.+?)\s+(?:as\s+|to\s+)?(required|mandatory|optional|not required|non-required|unique|not unique|non-unique)$/i;
const SHOULD_BE_FLAG = /^(?:the\s+)?(.+?)\s+(?:should|must|has to|have to|needs to|need to|will|is|are)\s+(?:be\s+|become\s+|always\s+be\s+)?(required|mandatory|optional|not required|unique|not unique)$/i;

export const flagEdit: EditHandler = (spec, sentence) => {
  const m = MAKE_FLAG.exec(sentence) ?? SHOULD_BE_FLAG.exec(sentence);
  if (!m) return undefined;
  const hits = findFields(spec, m[1]!);
  if (hits.length === 0) return refused(`I found no field called "${m[1]}"; fields are ${fieldList(spec)}.`);
  if (hits.length > 1) return refused(`"${m[1]}" names ${listWords(hits.map((h) => `${h.entity.name}.${h.field.name}`))}; say which one (e.g. "Make the ${m[1]} of ${entityLabel(hits[0]!.entity.name)}s ${m[2]}").`);
  const flag = m[2]!.toLowerCase();
  const changed: string[] = [];
  for (const h of hits) {
    if (flag === 'required' || flag === 'mandatory') {
      if (!h.field.required) changed.push(`Made ${h.entity.name}.${h.field.name} required.`);
      h.field.required = true;
      if (h.field.onDelete === 'set_null') h.field.onDelete = 'restrict';
    } else if (flag === 'unique') {
      if (h.field.type.startsWith('list(') || h.field.type === 'boolean' || h.field.type === 'file') return refused(`${h.entity.name}.${h.field.name} is ${h.field.type}; unique applies to single values.`);
      if (!h.field.unique) changed.push(`Made ${h.entity.name}.${h.field.name} unique.`);
      h.field.unique = true;
    } else if (flag.includes('unique')) {
      if (h.field.unique) changed.push(`${h.entity.name}.${h.field.name} is no longer unique.`);
      delete h.field.unique;
    } else {
      if (h.field.required) changed.push(`Made ${h.entity.name}.${h.field.name} optional.`);
      h.field.required = false;
    }
  }
  if (changed.length === 0) return refused(`${hits.map((h) => `${h.entity.name}.${h.field.name}`).join(', ')} is already ${flag}; nothing changed.`);
  return done(changed.join(' '));
};

function fieldList(spec: SpecDocument): string {
  return spec.entities.map((e) => `${e.name}: ${e.fields.map((f) => f.name).join(', ')}`).join('; ');
}

/** A type phrase (`a number`, `a list of strings`, `one of a, b or c`, `a reference to users`) as field properties. */
export function typeFromPhrase(spec: SpecDocument, phrase: string): Partial<SpecField> & { type: string } | undefined {
  const p = phrase.toLowerCase().trim().replace(/^(?:an?|the)\s+/, '').replace(/\s+(?:field|type|value)$/, '').trim();
  if (TYPE_NAMES[p] && TYPE_NAMES[p] !== 'enum' && TYPE_NAMES[p] !== 'file') return { type: TYPE_NAMES[p]! };
  if (/^(?:whole number|count)$/.test(p)) return { type: 'integer' };
  const list = /^(?:list|array|set|collection)\s+of\s+(.+)$/.exec(p);
  if (list) {
    const parsed = parseFieldItem(`a list of ${list[1]}`, { index: indexOf(spec), persons: personsOf(spec) });
    if (parsed && parsed.field.type.startsWith('list(')) return { type: parsed.field.type };
    return { type: 'list(string)' };
  }
  const en = /^(?:enum|choice|selection|one)\s*(?:of|:)?\s*\(?(.+?)\)?$/.exec(p) ?? /^\((.+)\)$/.exec(p);
  if (en) {
    const values = splitValues(en[1]!).map(enumValue).filter(Boolean);
    if (values.length >= 1) return { type: 'enum', values, default: values[0]! };
  }
  const ref = /^(?:reference|ref|link|pointer|relation)\s+to\s+(?:an?\s+|the\s+)?(.+)$/.exec(p);
  if (ref) {
    const entity = findEntity(spec, ref[1]);
    if (entity) return { type: `ref(${entity.name})`, onDelete: 'restrict' };
    if (personsOf(spec).has(singular(words(ref[1]!).pop() ?? ''))) return { type: `ref(${USER_ENTITY})`, onDelete: 'set_null' };
  }
  if (/^(?:file|image|photo|picture|attachment|upload|document|pdf)s?$/.test(p)) {
    return { type: 'file', file: fileConstraintsOf([], DEFAULT_MAX_FILE_BYTES, fileWordTypes([p])) };
  }
  return undefined;
}

const MAKE_TYPE = /^(?:please\s+)?(?:make|turn|convert|set)\s+(?:the\s+)?(.+?)\s+(?:field\s+)?(?:(?:into|to)\s+)?(an?\s+.+|list of .+|text|date|datetime|boolean|integer|number|string|email|url)$/i;
const CHANGE_TYPE = /^(?:please\s+)?change\s+(?:the\s+type\s+of\s+)?(?:the\s+)?(.+?)\s+(?:field\s+)?(?:to|into)\s+(.+)$/i;
const SHOULD_BE_TYPE = /^(?:the\s+)?(.+?)\s+(?:should|must|will|needs to)\s+be\s+(an?\s+.+|list of .+|text|date|datetime|boolean|integer|number|string|email|url)$/i;

export const typeEdit: EditHandler = (spec, sentence) => {
  const m = MAKE_TYPE.exec(sentence) ?? CHANGE_TYPE.exec(sentence) ?? SHOULD_BE_TYPE.exec(sentence);
  if (!m) return undefined;
  const props = typeFromPhrase(spec, m[2]!);
  if (!props) return undefined;
  const hits = findFields(spec, m[1]!);
  if (hits.length !== 1) return hits.length === 0 ? undefined : refused(`"${m[1]}" names ${listWords(hits.map((h) => `${h.entity.name}.${h.field.name}`))}; say which one.`);
  const { entity, field } = hits[0]!;
  const before = field.type;
  for (const key of ['values', 'default', 'file', 'min', 'max', 'onDelete', 'unique'] as const) delete field[key];
  Object.assign(field, props);
  if (field.onDelete === 'set_null' && field.required) field.onDelete = 'restrict';
  if (field.type === 'file' && !field.name.endsWith('_key')) field.name = `${field.name}_key`;
  return done(`Changed ${entity.name}.${field.name} from ${before} to ${describeField(field)}.`);
};

const ADD_VALUE = /^(?:please\s+)?add\s+(.+?)\s+(?:as\s+(?:an?\s+)?(?:new\s+|possible\s+|allowed\s+|another\s+|extra\s+)?(?:option|value|choice|state|status|level|kind|type)\s+(?:for|of|to|in)|to\s+(?:the\s+)?(?:list of\s+|allowed\s+|possible\s+)?(?:(?:values|options|choices)\s+(?:of|for)\s+)?)\s*(?:the\s+)?(.+?)(?:\s+(?:values|options|choices|field|enum|list|states))?$/i;
const CAN_ALSO_BE = /^(?:the\s+|a\s+|an\s+)?(.+?)\s+(?:can|could|may|should be able to)\s+also\s+be\s+(.+)$/i;

export const enumValuesEdit: EditHandler = (spec, sentence) => {
  const add = ADD_VALUE.exec(sentence);
  const also = add ? null : CAN_ALSO_BE.exec(sentence);
  if (!add && !also) return undefined;
  const target = add ? add[2]! : also![1]!;
  const valuesText = add ? add[1]! : also![2]!;
  const hits = findFields(spec, target).filter((h) => h.field.type === 'enum' || h.field.type === 'list(enum)');
  if (hits.length === 0) return undefined;
  if (hits.length > 1) return refused(`"${target}" names ${listWords(hits.map((h) => `${h.entity.name}.${h.field.name}`))}; say which one.`);
  const { entity, field } = hits[0]!;
  const values = splitValues(valuesText.replace(/^(?:the\s+)?(?:values?|options?)\s+/i, '')).map((v) => enumValue(v.replace(/^(?:an?|the)\s+/i, ''))).filter(Boolean);
  const fresh = values.filter((v) => !(field.values ?? []).includes(v));
  if (fresh.length === 0) return refused(`${entity.name}.${field.name} already allows ${listWords(values)}.`);
  field.values = [...(field.values ?? []), ...fresh];
  return done(`Added ${listWords(fresh)} to the values of ${entity.name}.${field.name} (now ${field.values.join(', ')}).`);
};

/** Removes an enum value (`Remove urgent from urgency`). */
export function removeEnumValue(spec: SpecDocument, valueText: string, targetText: string): EditResult | undefined {
  const hits = findFields(spec, targetText).filter((h) => h.field.type === 'enum' && h.field.values);
  if (hits.length !== 1) return undefined;
  const { entity, field } = hits[0]!;
  const values = splitValues(valueText).map(enumValue);
  const gone = values.filter((v) => field.values!.includes(v));
  if (gone.length === 0) return undefined;
  if (gone.length >= field.values!.length) return refused(`${entity.name}.${field.name} needs at least one value; nothing changed.`);
  if (spec.workflows.some((w) => w.trigger?.entity === entity.name && w.trigger.field === field.name && gone.includes(w.trigger.value ?? ''))) {
    return refused(`A workflow starts when ${entity.name}.${field.name} becomes ${gone.join(' or ')}; remove or change that workflow first.`);
  }
  field.values = field.values!.filter((v) => !gone.includes(v));
  if (typeof field.default === 'string' && gone.includes(field.default)) field.default = field.values[0]!;
  return done(`Removed ${listWords(gone)} from the values of ${entity.name}.${field.name} (now ${field.values.join(', ')}).`);
}

/** Makes `child` refer to `parent` (used by entity edits). */
export function linkToParent(child: SpecEntity, parent: string): void {
  const meta: MetaMap = new Map();
  addParentRef(child, parent, meta);
  const ref = child.fields.find((f) => refTarget(f.type) === parent);
  if (ref && meta.get(metaKey(child.name, ref.name))?.parentRef) ref.required = true;
}
