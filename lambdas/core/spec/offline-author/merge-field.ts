/**
 * A field into a record type, merged with a field of the same name it already has, and the
 * status field a workflow's trigger needs. Used by the author pipeline (lambdas/core/spec/author)
 * and by chat edits.
 */
import type { SpecEntity, SpecField } from '../spec-model';

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
