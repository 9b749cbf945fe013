/**
 * The query of a generated project's list route (`GET /v1/{collection}`), checked against the
 * blueprint IR (CONTRACT "Generated project API": lists). Pure; it agrees with the query schema of
 * project-routes/ (`pageQuery`): `limit` (1..maxPageSize, default defaultPageSize), `cursor`,
 * and one filter parameter per indexed field (`IrEntity.indexes`, owner index included).
 *
 * Decisions:
 * - At most ONE filter per request. Each filter is served by that field's GSI
 *   (`<Entity>#<field>#<value>`); an AND of two would need one index read plus in-memory
 *   filtering, which breaks page sizes and cursors. Two or more -> 400 naming them.
 * - A filter value is coerced by the field's type: enum -> one of its values, boolean ->
 *   `true`/`false`, integer/number -> a number, ref -> a non-empty id, other string types -> the
 *   field's format (a list field filters on one element, checked as the element type).
 * - Unknown parameters -> 400 (as the closed query schema says); an empty `cursor`, or one over
 *   MAX_CURSOR_LENGTH -> 400. `limit` is a plain decimal integer (`1e1`, `0x10`, `+5` -> 400).
 * - The cursor is passed through untouched: it is verified (tamper-evident, scoped to the list
 *   and filter) by cursor.ts when decoded.
 * - Every problem is reported at once (`details: [{ path: 'query.limit', message }]`).
 */
import type { IrEntity, IrField } from '../blueprint/ir';
import { MAX_CURSOR_LENGTH } from '../cursor';
import { ValidationError, type ErrorDetail } from '../errors';
import { checkValue, type ValueShape } from './record-validation';

export type FilterValue = string | number | boolean;

export interface ListQuery {
  limit: number;
  cursor?: string;
  filter?: { field: string; value: FilterValue };
}

export interface PageLimits {
  defaultPageSize: number;
  maxPageSize: number;
}

const RESERVED = ['limit', 'cursor'];

/** The fields a list may be filtered on, in index order (each once). */
export function filterFields(entity: IrEntity): IrField[] {
  const out: IrField[] = [];
  for (const index of entity.indexes) {
    const field = entity.fields.find((f) => f.name === index.field);
    if (field && !out.includes(field)) out.push(field);
  }
  return out;
}

export function parseListQuery(entity: IrEntity, query: Record<string, string | undefined>, limits: PageLimits): ListQuery {
  const details: ErrorDetail[] = [];
  const filters = filterFields(entity);
  const result: ListQuery = { limit: limits.defaultPageSize };

  const limit = query.limit;
  if (limit !== undefined) {
    const problem = limitProblem(limit, limits.maxPageSize);
    if (problem) details.push({ path: 'query.limit', message: problem });
    else result.limit = Number(limit);
  }

  const cursor = query.cursor;
  if (cursor !== undefined) {
    if (cursor === '') details.push({ path: 'query.cursor', message: 'must be the next_cursor of the previous page (not empty)' });
    else if (cursor.length > MAX_CURSOR_LENGTH) details.push({ path: 'query.cursor', message: `must be the next_cursor of the previous page (at most ${MAX_CURSOR_LENGTH} characters)` });
    else result.cursor = cursor;
  }

  const given: { field: string; value: FilterValue }[] = [];
  const names = filters.map((f) => f.name);
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined || RESERVED.includes(key)) continue;
    const field = filters.find((f) => f.name === key);
    if (!field) {
      const allowed = names.length > 0 ? `; filters: ${names.join(', ')}` : '; this list has no filters';
      details.push({ path: `query.${key}`, message: `is not a parameter of this list (parameters: limit, cursor${allowed})` });
      continue;
    }
    const coerced = coerce(field, raw);
    if ('problem' in coerced) details.push({ path: `query.${key}`, message: coerced.problem });
    else given.push({ field: field.name, value: coerced.value });
  }
  const named = Object.keys(query).filter((key) => query[key] !== undefined && names.includes(key));
  if (named.length > 1) {
    details.push({ path: 'query', message: `filter on one field at a time (got ${named.join(', ')})` });
  } else if (given[0]) result.filter = given[0];

  if (details.length > 0) {
    const first = details[0]!;
    const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length === 2 ? '' : 's'})` : '';
    throw new ValidationError(`Invalid list query: ${first.path.replace(/^query\.?/, '') || 'query'} ${first.message}${more}`, details);
  }
  return result;
}

function limitProblem(raw: string, max: number): string | undefined {
  if (!/^\d+$/.test(raw)) return `must be a whole number from 1 to ${max}`;
  const value = Number(raw);
  if (value < 1) return 'must be at least 1';
  if (value > max) return `must be at most ${max}`;
  return undefined;
}

/** A query string value as the field's type (the element type for a list field). */
function coerce(field: IrField, raw: string): { value: FilterValue } | { problem: string } {
  const shape: ValueShape =
    field.type === 'list' && field.items
      ? { type: field.items.type, enum: field.items.enum, refEntity: field.items.ref?.entity ?? field.ref?.entity }
      : { type: field.type, enum: field.enum, ref: field.ref };
  let value: FilterValue = raw;
  switch (shape.type) {
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') return { problem: 'must be true or false' };
      value = raw === 'true';
      break;
    case 'integer':
    case 'number':
      // Number('') and Number(' ') are 0: only a plain decimal literal counts.
      if (!/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(raw)) return { problem: shape.type === 'integer' ? 'must be a whole number' : 'must be a number' };
      value = Number(raw);
      break;
    case 'string':
    case 'text':
      if (raw === '') return { problem: 'must not be empty' };
      break;
    default:
      break;
  }
  // The description's bounds are not applied (a filter only selects records that have the
  // value); the type's length limit and a reference's id shape are (field-limits.ts).
  const problem = checkValue(shape, value);
  return problem ? { problem } : { value };
}
