/**
 * Fields into record types: a field list read phrase by phrase (fields.ts) and merged with what
 * the record type already has, and the status field a workflow's trigger needs. Used by the
 * author pipeline (lambdas/core/spec/author) and by chat edits.
 */
import type { SpecEntity, SpecField } from '../spec-model';
import { USER_ENTITY } from '../../vocabulary';
import type { EntityIndex } from './entity-index';
import { parseFieldItem, splitFieldItems } from './fields';
import { metaKey, type MetaMap } from './relations';
import { snakeCase } from '../../text/case';

/** A status a workflow's trigger needs (`when a loan becomes overdue`): an initial `open` state and that value. */
export function newStatusField(name: string, value: string): SpecField {
  const values = value === 'open' ? ['open'] : ['open', value];
  return { name, type: 'enum', required: true, values, default: 'open' };
}

/** Adds a parsed field to a record type, merging with a field of the same name. */
export function mergeField(e: SpecEntity, field: SpecField): SpecField {
  const existing = e.fields.find((f) => f.name === field.name);
  if (!existing) {
    e.fields.push(field);
    return field;
  }
  if (existing.type === 'string' && field.type !== 'string') existing.type = field.type;
  for (const key of ['values', 'default', 'unique', 'min', 'max', 'file', 'onDelete', 'notes'] as const) {
    if (field[key] !== undefined && existing[key] === undefined) (existing as Record<string, unknown>)[key] = field[key];
  }
  return existing;
}

/** Fields of the definitions into their record types. */
export function addDefinedFields(entity: SpecEntity, list: string, ctx: { index: EntityIndex; persons: Set<string> }, meta: MetaMap): void {
  for (const item of splitFieldItems(list)) {
    const parsed = parseFieldItem(item, ctx);
    if (!parsed) continue;
    if (parsed.refEntity === entity.name && parsed.field.name === `${snakeCase(entity.name)}_id`) continue;
    const field = mergeField(entity, parsed.field);
    const prev = meta.get(metaKey(entity.name, field.name));
    meta.set(metaKey(entity.name, field.name), {
      explicitRequired: parsed.explicitRequired || Boolean(prev?.explicitRequired),
      explicitOptional: parsed.explicitOptional || Boolean(prev?.explicitOptional),
      parentRef: Boolean(parsed.refEntity && parsed.refEntity !== entity.name && parsed.refEntity !== USER_ENTITY) || Boolean(prev?.parentRef),
    });
    if (parsed.owner && !entity.ownerField) entity.ownerField = field.name;
  }
}
