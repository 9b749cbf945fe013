/**
 * Validation of a generated project's record bodies against the blueprint IR (CONTRACT
 * "Generated project API": entities and fields, server-owned fields, files). Pure: no store, no
 * clock. The runtime calls it before touching the table; what needs the table (a `ref` pointing
 * at an existing record, `unique` values, a file key granted for the record) is checked there.
 *
 * It agrees with the body schemas of project-routes/ (the published OpenAPI):
 * - create: `createFields` (not server-owned, not files); `required` ones must be present;
 *   server-owned fields and file fields are refused (files are attached later with PATCH).
 * - PUT: `writableFields` (files included) all replaced; required ones must be present; omitted
 *   optional fields are cleared, fields with a default get it back.
 * - PATCH: some writable fields; null clears an optional field; a required one cannot be cleared.
 * - PUT and PATCH accept server-owned fields only with their current values (read-edit-write).
 * - Unknown fields are refused everywhere; `null` for an optional field means absent.
 *
 * Every problem is reported at once in one ValidationError (`details: [{ path: 'body.x', message }]`),
 * in the entity's field order, unknown fields last (in body order).
 *
 * Limits (field-limits.ts): every string value has a maximum length (the description's, else
 * its type's default), lists a maximum number of elements, references and file keys the shape
 * of the ids the API hands out (so no client value reaches a key), and the record as a whole
 * MAX_RECORD_BYTES in UTF-8 (over it -> 413 PAYLOAD_TOO_LARGE, DynamoDB's item limit).
 *
 * Each function returns the record's writable fields after the operation (entity field order;
 * an absent key is an unset field). The runtime adds the server-owned ones (id, org_id,
 * owner_id, created_at, updated_at) and compares file fields with `current` to run the attach
 * checks on new keys.
 */
import { USER_ENTITY, type IrEntity, type IrField, type IrListItems } from '../blueprint/ir';
import { MAX_RECORD_BYTES, maxItemsOf, maxLengthOf } from '../blueprint/field-limits';
import { createFields } from '../blueprint/project-routes';
import { isDate, isDateTime } from '../date-formats';
import { countOf, formatBytes, withArticle } from '../text/english';
import { PayloadTooLargeError, ValidationError, type ErrorDetail } from '../errors';
import { isOpaqueKey, isRecordId, isUserId, RECORD_ID_LENGTH } from './record-id';

export type RecordValues = Record<string, unknown>;

const BODY = 'body';
const path = (name: string): string => `${BODY}.${name}`;

/** POST: the new record's writable fields with defaults applied. */
export function validateCreate(entity: IrEntity, body: unknown): RecordValues {
  const input = objectBody(entity, body);
  const details: ErrorDetail[] = [];
  const out: RecordValues = {};
  const creatable = new Set(createFields(entity).map((f) => f.name));
  for (const field of entity.fields) {
    const present = has(input, field.name);
    const value = present ? input[field.name] : undefined;
    if (field.serverOwned) {
      if (present) details.push({ path: path(field.name), message: 'is set by the server and cannot be sent when creating a record' });
      continue;
    }
    if (!creatable.has(field.name)) {
      // File fields: attached after creation (upload-url, then PATCH), as the create schema says.
      if (present) {
        details.push({ path: path(field.name), message: 'cannot be set when creating a record; upload the file with the upload-url route, then attach its key with PATCH' });
      }
      continue;
    }
    assign(field, value, details, out);
  }
  unknownFields(entity, input, details);
  finish(entity, details);
  checkRecordSize(entity, out);
  return out;
}

/** PUT: every writable field replaced (omitted optional ones cleared, defaults restored). */
export function validateReplace(entity: IrEntity, body: unknown, current: RecordValues): RecordValues {
  const input = objectBody(entity, body);
  const details: ErrorDetail[] = [];
  const out: RecordValues = {};
  for (const field of entity.fields) {
    const value = has(input, field.name) ? input[field.name] : undefined;
    if (field.serverOwned) {
      serverOwned(field, input, current, details);
      continue;
    }
    assign(field, value, details, out);
  }
  unknownFields(entity, input, details);
  finish(entity, details);
  checkRecordSize(entity, out);
  return out;
}

/** PATCH: the named writable fields changed, null clearing an optional one; the rest as in `current`. */
export function validatePatch(entity: IrEntity, body: unknown, current: RecordValues): RecordValues {
  const input = objectBody(entity, body);
  const details: ErrorDetail[] = [];
  const out: RecordValues = {};
  for (const field of entity.fields) {
    if (field.serverOwned) {
      serverOwned(field, input, current, details);
      continue;
    }
    if (!has(input, field.name)) {
      const kept = current[field.name];
      if (kept !== undefined && kept !== null) out[field.name] = kept;
      else if (field.default !== undefined) out[field.name] = field.default;
      continue;
    }
    const value = input[field.name];
    if (value === null || value === undefined) {
      if (field.required) details.push({ path: path(field.name), message: 'is required and cannot be cleared' });
      // A field with a default is always present: clearing it restores the default.
      else if (field.default !== undefined) out[field.name] = field.default;
      continue;
    }
    if (valid(field, value, details)) out[field.name] = value;
  }
  unknownFields(entity, input, details);
  finish(entity, details);
  checkRecordSize(entity, out);
  return out;
}

// --- field values -----------------------------------------------------------------------------

/** What a value must look like: a field, or a list element (`refEntity`: the element's target). */
export type ValueShape = Pick<IrField, 'type' | 'enum' | 'min' | 'max' | 'ref'> & { items?: IrListItems; refEntity?: string };

/**
 * The problem with a (non-null) value of a field, or undefined. Exported for the list query
 * (filters) and the runtime's own checks.
 */
export function checkValue(field: ValueShape, value: unknown): string | undefined {
  switch (field.type) {
    case 'string':
    case 'text': {
      if (typeof value !== 'string') return 'must be a string';
      return lengthProblem(field, Array.from(value).length, 'character', maxLengthOf(field));
    }
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be a whole number';
      if (!Number.isSafeInteger(value)) return 'is too large (at most 9007199254740991 in absolute value)';
      return rangeProblem(field, value);
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      // DynamoDB stores no magnitude under 1e-130 (but 0), and the SDK refuses to write a double
      // of 2^53 or more (every such double is a whole number it cannot store exactly).
      if (value !== 0 && (Math.abs(value) < 1e-130 || Math.abs(value) > Number.MAX_SAFE_INTEGER)) {
        return `must be 0 or between 1e-130 and ${Number.MAX_SAFE_INTEGER} in absolute value`;
      }
      return rangeProblem(field, value);
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'date':
      return typeof value === 'string' && isDate(value) ? undefined : 'must be a calendar date as YYYY-MM-DD (e.g. 2026-03-31)';
    case 'datetime':
      return typeof value === 'string' && isDateTime(value)
        ? undefined
        : 'must be an ISO 8601 date and time with a time zone (e.g. 2026-03-31T14:30:00Z or 2026-03-31T16:30:00+02:00)';
    case 'email':
      if (typeof value !== 'string' || !isEmail(value)) return tooLong(field, value) ?? 'must be an email address (e.g. name@example.com)';
      return undefined;
    case 'url':
      return tooLong(field, value) ?? (typeof value === 'string' && isHttpUrl(value) ? undefined : 'must be an http or https URL (e.g. https://example.com/page)');
    case 'enum': {
      const allowed = field.enum ?? [];
      return typeof value === 'string' && allowed.includes(value) ? undefined : `must be one of ${allowed.join(', ')}`;
    }
    case 'ref': {
      // By shape first: a value no record or member can have never reaches a key or a read.
      const target = field.ref?.entity ?? field.refEntity;
      if (target === USER_ENTITY) return isUserId(value) ? undefined : 'must be the id of a user (a UUID, as /v1/users shows it)';
      if (isRecordId(value)) return undefined;
      return target ? `must be the id of ${withArticle(target)} record (${RECORD_ID_LENGTH} letters and digits, as the API returns it)` : 'must be a record id';
    }
    case 'file':
      return isOpaqueKey(value) ? undefined : 'must be a file key granted by the upload-url route';
    case 'list':
      return listProblem(field, value);
  }
}

function listProblem(field: ValueShape, value: unknown): string | undefined {
  if (!Array.isArray(value)) return `must be a list (JSON array)${field.items ? ` of ${itemNoun(field.items)}` : ''}`;
  return lengthProblem(field, value.length, 'item', maxItemsOf(field));
}

/** Element problems of a list, each with its own path (`body.tags[2]`). */
function listItemDetails(field: IrField, value: unknown[], details: ErrorDetail[]): void {
  const items = field.items;
  if (!items) return;
  const shape: ValueShape = { type: items.type, enum: items.enum, refEntity: items.ref?.entity ?? field.ref?.entity };
  value.forEach((element, i) => {
    const problem = element === null || element === undefined ? `must be ${itemNoun(items)}, not null` : checkValue(shape, element);
    if (problem) details.push({ path: `${path(field.name)}[${i}]`, message: problem });
  });
}

/** Validates `value` (absent or null = not given) for create and PUT and writes the result. */
function assign(field: IrField, value: unknown, details: ErrorDetail[], out: RecordValues): void {
  if (value === null || value === undefined) {
    if (field.required) details.push({ path: path(field.name), message: 'is required' });
    else if (field.default !== undefined) out[field.name] = field.default;
    return;
  }
  if (valid(field, value, details)) out[field.name] = value;
}

/** Checks a non-null value, list elements included; true when it is fine. */
function valid(field: IrField, value: unknown, details: ErrorDetail[]): boolean {
  const before = details.length;
  const problem = checkValue(field, value);
  if (problem) details.push({ path: path(field.name), message: problem });
  else if (field.type === 'list' && Array.isArray(value)) listItemDetails(field, value, details);
  return details.length === before;
}

/** A string over its type's maximum length (email, url), named with the limit. */
function tooLong(field: ValueShape, value: unknown): string | undefined {
  const max = maxLengthOf(field);
  if (typeof value !== 'string' || max === undefined) return undefined;
  const length = Array.from(value).length;
  return lengthProblem({}, length, 'character', max);
}

/** Against the description's bounds (named together when it gives both), then the type's default maximum. */
function lengthProblem(field: { min?: number; max?: number }, length: number, unit: string, defaultMax?: number): string | undefined {
  const plural = (n: number) => countOf(n, unit);
  const { min, max } = field;
  if (max === undefined && defaultMax !== undefined && length > defaultMax) return `must have at most ${plural(defaultMax)}`;
  if ((min === undefined || length >= min) && (max === undefined || length <= max)) return undefined;
  if (min !== undefined && max !== undefined) return min === max ? `must have exactly ${plural(min)}` : `must have ${min} to ${plural(max)}`;
  if (min !== undefined) return unit === 'character' && min === 1 ? 'must not be empty' : `must have at least ${plural(min)}`;
  return `must have at most ${plural(max!)}`;
}

function rangeProblem(field: ValueShape, value: number): string | undefined {
  const tooLow = field.min !== undefined && value < field.min;
  const tooHigh = field.max !== undefined && value > field.max;
  if (!tooLow && !tooHigh) return undefined;
  if (field.min !== undefined && field.max !== undefined) return `must be between ${field.min} and ${field.max}`;
  return tooLow ? `must be at least ${field.min}` : `must be at most ${field.max}`;
}

function itemNoun(items: IrListItems): string {
  switch (items.type) {
    case 'string':
    case 'text':
      return 'strings';
    case 'integer':
      return 'whole numbers';
    case 'number':
      return 'numbers';
    case 'boolean':
      return 'true/false values';
    case 'date':
      return 'dates (YYYY-MM-DD)';
    case 'datetime':
      return 'ISO 8601 date-times';
    case 'email':
      return 'email addresses';
    case 'url':
      return 'URLs';
    case 'enum':
      return `values among ${(items.enum ?? []).join(', ')}`;
    case 'ref':
      return items.ref?.entity && items.ref.entity !== USER_ENTITY ? `${items.ref.entity} ids` : 'user ids';
  }
}

// --- formats ----------------------------------------------------------------------------------

/** A pragmatic address check (what the OpenAPI `email` format means in practice): local@domain.tld, at most 254 characters. */
export function isEmail(text: string): boolean {
  return text.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(text);
}

export function isHttpUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

// --- bodies -----------------------------------------------------------------------------------

function objectBody(entity: IrEntity, body: unknown): RecordValues {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationError(`The request body must be a JSON object with the fields of ${withArticle(entity.name)}`, [
      { path: BODY, message: 'must be a JSON object' },
    ]);
  }
  return body as RecordValues;
}

const has = (input: RecordValues, name: string): boolean => Object.prototype.hasOwnProperty.call(input, name);

function serverOwned(field: IrField, input: RecordValues, current: RecordValues, details: ErrorDetail[]): void {
  if (!has(input, field.name)) return;
  if (input[field.name] !== current[field.name]) {
    details.push({ path: path(field.name), message: 'is set by the server; it may be sent only with its current value' });
  }
}

function unknownFields(entity: IrEntity, input: RecordValues, details: ErrorDetail[]): void {
  const known = new Set(entity.fields.map((f) => f.name));
  for (const key of Object.keys(input)) {
    if (!known.has(key)) details.push({ path: path(key), message: `is not a field of ${entity.name}` });
  }
}

/** The record's writable values in UTF-8 JSON against MAX_RECORD_BYTES (the item limit, with room for keys). */
function checkRecordSize(entity: IrEntity, values: RecordValues): void {
  const bytes = Buffer.byteLength(JSON.stringify(values), 'utf8');
  if (bytes <= MAX_RECORD_BYTES) return;
  throw new PayloadTooLargeError(
    `The ${entity.name} record would hold ${bytes} bytes of field values; the limit is ${MAX_RECORD_BYTES} bytes (${formatBytes(MAX_RECORD_BYTES)}), counted as UTF-8 JSON`,
  );
}

function finish(entity: IrEntity, details: ErrorDetail[]): void {
  if (details.length === 0) return;
  const first = details[0]!;
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length === 2 ? '' : 's'})` : '';
  throw new ValidationError(`Invalid ${entity.name}: ${first.path.slice(BODY.length + 1) || BODY} ${first.message}${more}`, details);
}
