/**
 * Field lists into their record type, through the field reader (fields/): the lists layout
 * gives (a table's rows, a record type's sub-bullets) and those prose gives ("A berth has a berth
 * number, a length in metres and ..."). What the reader cannot place is collected for the open
 * questions, never dropped silently.
 */
import { applyFieldRule, readFieldRule, ruledField } from './field-rules';
import type { SpecEntity, SpecField } from '../spec-model';
import { refTarget } from '../offline-author/relations';
import { USER_ENTITY } from '../../vocabulary';
import { mergeField } from '../offline-author/merge-field';
import { metaKey, type MetaMap } from '../offline-author/relations';
import pluralize from 'pluralize';
import { snakeCase } from '../../text/case';
import { readFieldPhrase, readFieldRow, splitFieldList, type FieldReading } from './fields';
import { entityNamed, entityWords } from './fields/entities';
import type { FieldRow } from './statements';

export interface ListedFieldsContext {
  /** Every record type of the description. */
  entities: readonly string[];
  meta: MetaMap;
  /** Phrases the reader could not place, quoted for the open questions. */
  unplaced: string[];
  /** The description's role names (snake_case): "a guest" is a user when guests are a role. */
  persons?: readonly string[];
  /** Record types a list names in the plural ("Projects have a name and tasks"): each refers to the record listing it. */
  children?: Array<{ parent: string; child: string }>;
}

/**
 * What the spec format adds to a field as read: a reference says what deleting its target does
 * (a user's records keep theirs with the reference cleared; another record must not vanish
 * under it), and a required choice starts at its first value.
 */
export function withConventions(field: SpecField): SpecField {
  const out = { ...field };
  const target = refTarget(out.type);
  if (target && out.onDelete === undefined) out.onDelete = target === USER_ENTITY && !out.required ? 'set_null' : 'restrict';
  if (out.type === 'enum' && out.values && out.values.length > 0 && out.default === undefined) {
    out.default = out.values[0]!;
    out.required = true;
  }
  return out;
}

/** "who made it", "who recorded them": the user who made the record, its owner. */
const MADE_BY = /^(?:and\s+)?who\s+([a-z]+)\s+(?:it|them|the \w+)$/i;

function addReading(entity: SpecEntity, reading: FieldReading, ctx: ListedFieldsContext): void {
  // "a dock has a marina" inside Dock is the reference to its own kind: nothing to add.
  if (reading.refEntity === entity.name && reading.field.name === `${snakeCase(entity.name)}_id`) return;
  const field = mergeField(entity, withConventions(reading.field));
  const key = metaKey(entity.name, field.name);
  const previous = ctx.meta.get(key);
  ctx.meta.set(key, {
    explicitRequired: reading.explicitRequired || Boolean(previous?.explicitRequired),
    explicitOptional: reading.explicitOptional || Boolean(previous?.explicitOptional),
    parentRef: Boolean(reading.refEntity && reading.refEntity !== entity.name && reading.refEntity !== USER_ENTITY) || Boolean(previous?.parentRef),
  });
  if (reading.owner) entity.ownerField ??= field.name;
  for (const words of reading.unplaced) ctx.unplaced.push(`${words} (${entity.name}.${field.name})`);
}

/**
 * "a volunteer signs up for a shift", "a guest books a room" among a Signup's or a Booking's fields:
 * the record is that act, so it refers (required) to both record types the clause names.
 */
const ACT = /^(?:a|an|each|every|the|one)\s+([a-z]+(?:\s+[a-z]+)?)\s+[a-z]+(?:s|es|ed)(?:\s+(?:up|in|on|out|for|to|at|into|with|from|onto))*\s+(?:a|an|one|the|some)\s+([a-z]+(?:\s+[a-z]+)?)$/i;

function actParties(phrase: string, entities: readonly string[], own: string): string[] | undefined {
  const m = ACT.exec(phrase.trim());
  if (!m) return undefined;
  const parties = [m[1]!, m[2]!].map((np) => entityNamed(np.toLowerCase().split(/\s+/), entities));
  if (parties.some((p) => !p || p === own) || parties[0] === parties[1]) return undefined;
  return parties as string[];
}

/**
 * "Projects have a name, a deadline and tasks": another record type named in the plural, alone, is
 * many of them, each of which belongs to this one; not one reference to it.
 */
function pluralRecords(phrase: string, entities: readonly string[], own: string): string | undefined {
  const said = phrase.trim().toLowerCase().replace(/^(?:and|also|plus)\s+/, '').replace(/^(?:its|their|the|some|any|many|several|multiple|a few|one or more|lots of)\s+/, '');
  const ws = said.split(/\s+/);
  if (!/^[a-z]+(?:\s+[a-z]+)?$/.test(said) || !pluralize.isPlural(ws.at(-1)!) || pluralize.isSingular(ws.at(-1)!)) return undefined;
  // ("Each order has ... lines": its own lines, named after it.)
  const part = ws.length === 1 ? entities.find((e) => e === `${own}${ws[0]![0]!.toUpperCase()}${pluralize.singular(ws[0]!).slice(1)}`) : undefined;
  const named = entityNamed(ws, entities) ?? part;
  return named && named !== own && named !== USER_ENTITY ? named : undefined;
}

/** A list as written ("a title, an optional description and a status (open or closed)"). */
export function addFieldList(entity: SpecEntity, list: string, ctx: ListedFieldsContext): void {
  const items = splitFieldList(list);
  // ("a title, the author and a page count": beside a title, the author is who wrote the work, a name; not who made the record.)
  const titled = items.some((item) => /^(?:and\s+)?(?:the|a|an|its|their)?\s*title\b/i.test(item.trim()));
  for (const written of items) {
    const phrase = titled && /^(?:and\s+)?(?:the|an|its|their)\s+author$/i.test(written.trim()) ? 'the author (text)' : written;
    const children = ctx.children ? pluralRecords(phrase, ctx.entities, entity.name) : undefined;
    if (children) {
      ctx.children!.push({ parent: entity.name, child: children });
      continue;
    }
    const parties = actParties(phrase, ctx.entities, entity.name);
    if (parties) {
      for (const party of parties) {
        const reading = readFieldPhrase(`${entityWords(party).join(' ')} (required)`, { entities: ctx.entities, owner: entity.name });
        if (reading) addReading(entity, reading, ctx);
      }
      continue;
    }
    const madeBy = MADE_BY.exec(phrase.trim());
    if (madeBy) {
      // ("who did the measuring": the one who measured.)
      const doing = /^did$/i.test(madeBy[1]!) ? /\bthe\s+([a-z]+?)e?ing$/i.exec(phrase.trim()) : null;
      const verb = doing ? `${doing[1]!.toLowerCase().replace(/([^aeiou])\1$/, '$1')}ed` : madeBy[1]!.toLowerCase();
      const field = mergeField(entity, { name: `${verb}_by_id`, type: `ref(${USER_ENTITY})`, required: false, onDelete: 'set_null' });
      entity.ownerField ??= field.name;
      continue;
    }
    // ("A menu day has its date, and there is only one per date": a rule of a field listed before it.)
    const rule = readFieldRule(phrase);
    const ruled = rule ? ruledField(entity, rule.field) : undefined;
    if (rule && ruled) {
      applyFieldRule(entity, ruled, rule.traits, ctx.meta);
      continue;
    }
    const reading = readFieldPhrase(phrase, { entities: ctx.entities, owner: entity.name, ...(ctx.persons ? { persons: ctx.persons } : {}) });
    if (reading) addReading(entity, reading, ctx);
    else if (/[a-z]{3}/i.test(phrase) && !/^(?:etc|and so on|and more|the author|its author|an? (?:author|creator|owner))$/i.test(phrase.trim())) ctx.unplaced.push(`${phrase.trim()} (${entity.name})`);
  }
}

/** A field table's row. */
export function addFieldRow(entity: SpecEntity, row: FieldRow, ctx: ListedFieldsContext): void {
  const reading = readFieldRow(row, { entities: ctx.entities, owner: entity.name, ...(ctx.persons ? { persons: ctx.persons } : {}) });
  if (reading) addReading(entity, reading, ctx);
  else ctx.unplaced.push(`${row.name} (${entity.name})`);
}
