/**
 * THE length and size limits of a generated API's values (CONTRACT "Generated project API":
 * "String fields carry a length limit (the description's, or a documented default per type)
 * published in the OpenAPI; over it -> 400 naming the limit. Sizes are counted in UTF-8 bytes
 * where storage limits are in bytes."). One table: record-validation.ts enforces it, the route
 * manifest (project-routes/) publishes it as `maxLength` / `maxItems`, the design document
 * lists each field's limit, and README / ARCHITECTURE cite it.
 *
 * A limit the description gives (the spec's `max`, kept on the IR field) wins over the default;
 * the defaults apply at read time, so blueprints from before them need no new IR field.
 */
import type { IrField } from './ir';
import type { FieldTypeName, ListItemType } from '../vocabulary';
import { USER_ENTITY } from './ir';
import { OPAQUE_KEY_MAX_LENGTH, OPAQUE_KEY_PATTERN, RECORD_ID_LENGTH, RECORD_ID_PATTERN, USER_ID_LENGTH, USER_ID_PATTERN } from '../project-api/record-id';

/** The types whose values are strings (enums excepted: their values are their limit). */
export type StringFieldType = Extract<FieldTypeName, 'string' | 'text' | 'email' | 'url' | 'date' | 'datetime' | 'ref' | 'file'>;

export interface TypeLengthLimit {
  /** Characters (Unicode code points, as JSON Schema's maxLength counts them). */
  readonly maxLength: number;
  /** Why this number: the design document and README show it. */
  readonly reason: string;
}

/**
 * Default maximum lengths per type, used when the description gives none. Storage is counted
 * separately in bytes (MAX_RECORD_BYTES): a text at its maximum of four-byte characters is
 * 400,000 bytes, which the record limit refuses with 413.
 */
export const DEFAULT_MAX_LENGTH: Readonly<Record<StringFieldType, TypeLengthLimit>> = {
  string: { maxLength: 1000, reason: 'a line of text: names, titles, codes' },
  text: { maxLength: 100_000, reason: 'free text of many pages (a record holds 350 KB in all)' },
  email: { maxLength: 254, reason: 'the longest address SMTP delivers (RFC 5321)' },
  url: { maxLength: 2048, reason: 'the longest URL browsers and CDNs handle everywhere' },
  date: { maxLength: 10, reason: 'YYYY-MM-DD' },
  datetime: { maxLength: 35, reason: 'RFC 3339 with nanoseconds and an offset' },
  ref: { maxLength: USER_ID_LENGTH, reason: `a record id (${RECORD_ID_LENGTH} characters) or a user id (a UUID, ${USER_ID_LENGTH})` },
  file: { maxLength: OPAQUE_KEY_MAX_LENGTH, reason: 'a file key the upload-url route granted' },
};

/** Elements of a list when the description gives no maximum (each element has its type's limit too). */
export const DEFAULT_MAX_LIST_ITEMS = 100;

/**
 * A record's writable fields, counted as their JSON in UTF-8 (a little more than DynamoDB
 * counts). DynamoDB holds 400 KB per item, attribute names, server-owned fields and the index
 * key attributes (up to 1 KB of value each) included: 50 KB stay for those. Over it -> 413.
 */
export const MAX_RECORD_BYTES = 350 * 1024;

/** The description's maximum of the field's own value, or the type's default. */
export function maxLengthOf(shape: { type: FieldTypeName | ListItemType; max?: number; refEntity?: string }): number | undefined {
  if (shape.type === 'string' || shape.type === 'text') return shape.max ?? DEFAULT_MAX_LENGTH[shape.type].maxLength;
  if (shape.type === 'ref') return shape.refEntity === undefined || shape.refEntity === USER_ENTITY ? USER_ID_LENGTH : RECORD_ID_LENGTH;
  if (shape.type in DEFAULT_MAX_LENGTH) return DEFAULT_MAX_LENGTH[shape.type as StringFieldType].maxLength;
  return undefined;
}

/** The pattern an id-like value must match: a reference (by its target) or a file key. */
export function idPatternOf(type: FieldTypeName | ListItemType, refEntity: string | undefined): string | undefined {
  if (type === 'ref') return refEntity === undefined ? undefined : refEntity === USER_ENTITY ? USER_ID_PATTERN : RECORD_ID_PATTERN;
  if (type === 'file') return OPAQUE_KEY_PATTERN;
  return undefined;
}

/** A list field's maximum number of elements: the description's, or DEFAULT_MAX_LIST_ITEMS. */
export const maxItemsOf = (field: Pick<IrField, 'max'>): number => field.max ?? DEFAULT_MAX_LIST_ITEMS;

/** What a field's limit is and where it comes from, for the design document. */
export interface FieldLimit {
  readonly field: string;
  readonly type: string;
  /** `at most 1000 characters`, `at most 10 items of at most 1000 characters`. */
  readonly limit: string;
  /** The spec's own limit, the type's default, or the shape of the ids the API gives out (references, file keys). */
  readonly source: 'description' | 'default' | 'id';
}

/** Each writable field's limit (numbers, booleans and enums have none of length). */
export function fieldLimits(fields: readonly IrField[]): FieldLimit[] {
  const out: FieldLimit[] = [];
  for (const field of fields) {
    if (field.serverOwned) continue;
    const refEntity = field.ref?.entity ?? field.items?.ref?.entity;
    if (field.type === 'list' && field.items) {
      const element = maxLengthOf({ type: field.items.type, refEntity });
      const each = element === undefined ? '' : ` of at most ${element} characters`;
      out.push({ field: field.name, type: `list(${field.items.type})`, limit: `at most ${maxItemsOf(field)} items${each}`, source: field.max === undefined ? 'default' : 'description' });
      continue;
    }
    const max = maxLengthOf({ type: field.type, ...(field.max !== undefined ? { max: field.max } : {}), ...(refEntity ? { refEntity } : {}) });
    if (max === undefined) continue;
    const own = field.max !== undefined && (field.type === 'string' || field.type === 'text');
    const id = field.type === 'ref' || field.type === 'file';
    out.push({ field: field.name, type: field.type, limit: `at most ${max} characters`, source: own ? 'description' : id ? 'id' : 'default' });
  }
  return out;
}
