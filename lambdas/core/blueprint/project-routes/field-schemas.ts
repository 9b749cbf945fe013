/**
 * The JSON schema of each IR field: its type's shape, the length limits and id patterns of
 * field-limits.ts (what record-validation.ts enforces is what is published), and a description
 * (server-owned fields, references and what deleting their target does, files, unique, notes).
 * Also which fields a create, PUT or PATCH body holds.
 */
import { TYPE_FORMATS, USER_ENTITY, type IrEntity, type IrField, type IrListItems } from '../ir';
import { idPatternOf, maxItemsOf, maxLengthOf } from '../field-limits';
import { RECORD_ID_LENGTH, USER_ID_LENGTH } from '../../project-api/record-id';
import { formatBytes, sentence, withArticle } from '../../text/english';
import type { OnDeleteBehaviour, ServerFieldName } from '../../vocabulary';
import type { JsonSchema } from './types';

/** The JSON schema of one IR field, as responses show it (no nullability; see `projectApi`). */
export function fieldSchema(field: IrField): JsonSchema {
  const schema: JsonSchema = field.type === 'list' ? listSchema(field) : field.serverOwned ? serverFieldSchema(field) : scalarSchema(field.type, { ...field, refEntity: field.ref?.entity });
  const description = fieldDescription(field);
  if (description) schema.description = description;
  if (field.default !== undefined) schema.default = field.default;
  return schema;
}

/** In responses, a field is always present (server-owned, required, or with a default). */
export const alwaysPresent = (field: IrField): boolean => field.serverOwned === true || field.required || field.default !== undefined;

/** Fields a create body may hold: not server-owned, not files (those are attached after creation). */
export const createFields = (entity: IrEntity): IrField[] => entity.fields.filter((f) => !f.serverOwned && f.type !== 'file');
/** Fields a PUT body replaces (and a PATCH may change): every field not server-owned. */
export const writableFields = (entity: IrEntity): IrField[] => entity.fields.filter((f) => !f.serverOwned);
export const fileFields = (entity: IrEntity): IrField[] => entity.fields.filter((f) => f.type === 'file');

// --- field schemas ----------------------------------------------------------------------------

/**
 * Every string-typed value carries its maximum length (the description's, else its type's
 * default, field-limits.ts); references and file keys also the pattern of the ids the API gives
 * out. What is published here is what record-validation.ts enforces.
 */
export function scalarSchema(type: IrField['type'] | IrListItems['type'], bounds: { min?: number; max?: number; enum?: string[]; format?: string; refEntity?: string }): JsonSchema {
  const out: JsonSchema = {};
  const maxLength = maxLengthOf({ type, ...(bounds.max !== undefined ? { max: bounds.max } : {}), ...(bounds.refEntity !== undefined ? { refEntity: bounds.refEntity } : {}) });
  const pattern = idPatternOf(type, bounds.refEntity);
  switch (type) {
    case 'integer':
    case 'number':
      out.type = type;
      if (bounds.min !== undefined) out.minimum = bounds.min;
      if (bounds.max !== undefined) out.maximum = bounds.max;
      return out;
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'string', enum: [...(bounds.enum ?? [])] };
    case 'string':
    case 'text':
      out.type = 'string';
      if (bounds.min !== undefined) out.minLength = bounds.min;
      out.maxLength = maxLength;
      return out;
    case 'date':
    case 'datetime':
    case 'email':
    case 'url':
      return { type: 'string', format: TYPE_FORMATS[type], maxLength };
    case 'file':
    case 'ref':
    case 'list':
      return { type: 'string', ...(bounds.format ? { format: bounds.format } : {}), ...(maxLength !== undefined ? { maxLength } : {}), ...(pattern ? { pattern } : {}) };
  }
}

function listSchema(field: IrField): JsonSchema {
  const items = field.items;
  const item = items ? scalarSchema(items.type, { enum: items.enum, format: items.format, refEntity: items.ref?.entity ?? field.ref?.entity }) : {};
  const out: JsonSchema = { type: 'array', items: item };
  if (field.min !== undefined) out.minItems = field.min;
  out.maxItems = maxItemsOf(field);
  return out;
}

/**
 * Server-owned fields as responses (and PUT/PATCH bodies, with their current values) show them:
 * their lengths, without a pattern (a record created without a token has an empty owner_id).
 */
function serverFieldSchema(field: IrField): JsonSchema {
  const length: Record<string, number> = { id: RECORD_ID_LENGTH, org_id: RECORD_ID_LENGTH, owner_id: USER_ID_LENGTH };
  const schema = scalarSchema(field.type, {});
  delete schema.pattern;
  const maxLength = length[field.name];
  return maxLength === undefined ? schema : { ...schema, maxLength };
}

function fieldDescription(field: IrField): string {
  const parts: string[] = [];
  if (field.serverOwned) parts.push(SERVER_FIELD_TEXT[field.name] ?? 'Set by the server.');
  else {
    const target = field.ref?.entity ?? field.items?.ref?.entity;
    if (target) {
      const what = target === USER_ENTITY ? 'a user (member of the project)' : withArticle(target);
      const many = target === USER_ENTITY ? 'users (members of the project)' : `${target} records`;
      parts.push(field.type === 'list' ? `Ids of ${many}.` : `Id of ${what}.`);
      // Members are not deleted through the API: for them only what happens to the field matters.
      if (field.ref && (target !== USER_ENTITY || field.ref.onDelete !== 'restrict')) parts.push(ON_DELETE_TEXT[field.ref.onDelete] ?? '');
    }
    if (field.type === 'file' && field.file) {
      parts.push(`File key granted by the upload-url route of this record; allowed types: ${field.file.contentTypes.join(', ')}; at most ${formatBytes(field.file.maxBytes)}.`);
    }
    if (field.unique) parts.push('Unique: no two records share the value.');
    if (field.notes) parts.push(sentence(field.notes));
  }
  return parts.join(' ');
}

export const SERVER_FIELD_TEXT: Readonly<Record<string, string>> = {
  id: 'Record id, set by the server.',
  org_id: "Organization (tenant) id, set by the server from the caller's token.",
  owner_id: 'The user who created the record, set by the server.',
  created_at: 'Creation time (ISO 8601 UTC), set by the server.',
  updated_at: 'Last change (ISO 8601 UTC), set by the server.',
} satisfies Record<ServerFieldName, string>;

const ON_DELETE_TEXT: Record<OnDeleteBehaviour, string> = {
  restrict: 'The referenced record cannot be deleted while this one points at it.',
  cascade: 'Deleting the referenced record deletes this one too.',
  set_null: 'Deleting the referenced record clears this field.',
};
