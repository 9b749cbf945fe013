/**
 * The schemas derived from each entity: the record as responses show it (server-owned fields
 * read-only, optional fields nullable), the create, PUT and PATCH bodies, the page of a list, and
 * (with file fields) the upload-url body.
 */
import type { IrEntity, IrField } from '../ir';
import { SERVER_FIELD_NAMES } from '../../vocabulary';
import { formatBytes, withArticle } from '../../text/english';
import { SERVER_FIELD_TEXT, alwaysPresent, createFields, fieldSchema, fileFields, writableFields } from './field-schemas';
import type { RouteBuilder } from './route-builder';
import { schemaRef } from './schema-names';
import { NEXT_CURSOR, objectSchema, responseObject } from './schema-parts';
import type { JsonSchema } from './types';

export function defineEntitySchemas(b: RouteBuilder, entity: IrEntity): void {
  const names = b.names.entities[entity.name]!;
  const property = (field: IrField, nullable: boolean): JsonSchema => {
    const schema = fieldSchema(field);
    if (!nullable) return schema;
    return { ...schema, nullable: true, ...(schema.enum ? { enum: [...schema.enum, null] } : {}) };
  };
  const optionalNullable = (field: IrField) => !alwaysPresent(field);

  const response: Record<string, JsonSchema> = {};
  for (const field of entity.fields) {
    response[field.name] = { ...property(field, optionalNullable(field)), ...(field.serverOwned ? { readOnly: true } : {}) };
  }
  const owner = response[entity.ownerField];
  if (owner && entity.ownerField !== 'owner_id') {
    owner.description = `${owner.description ? `${owner.description} ` : ''}The owner of the record: own-only rights and the owner level compare it with the caller.`;
  }
  b.schemas[names.entity] = responseObject(response, entity.fields.filter(alwaysPresent).map((f) => f.name), entity.description);

  const body = (description: string, fields: IrField[], requiredToo: boolean, serverOwned: boolean): JsonSchema => {
    const props: Record<string, JsonSchema> = {};
    for (const field of fields) props[field.name] = property(field, optionalNullable(field));
    if (serverOwned) {
      for (const field of entity.fields.filter((f) => f.serverOwned)) {
        props[field.name] = { ...fieldSchema(field), description: `${SERVER_FIELD_TEXT[field.name] ?? 'Set by the server.'} Accepted only with its current value.` };
      }
    }
    return objectSchema(props, requiredToo ? fields.filter((f) => f.required).map((f) => f.name) : [], { description });
  };
  const files = fileFields(entity);
  b.schemas[names.create] = body(
    `A new ${entity.name}. Server-owned fields (${SERVER_FIELD_NAMES.filter((n) => entity.fields.some((f) => f.name === n)).join(', ')}) are refused${files.length > 0 ? `; files (${files.map((f) => f.name).join(', ')}) are attached after creation with upload-url and PATCH` : ''}.`,
    createFields(entity),
    true,
    false,
  );
  b.schemas[names.replace] = body(
    `Every writable field of ${withArticle(entity.name)} (omitted optional fields are cleared, fields with a default get it back); server-owned fields only with their current values.`,
    writableFields(entity),
    true,
    true,
  );
  b.schemas[names.update] = body(
    `Some fields of ${withArticle(entity.name)}; null clears an optional field; server-owned fields only with their current values.`,
    writableFields(entity),
    false,
    true,
  );
  b.schemas[names.list] = responseObject({ items: { type: 'array', items: schemaRef(names.entity) }, next_cursor: NEXT_CURSOR }, ['items', 'next_cursor'], `A page of ${entity.name} records.`);
  if (names.uploadUrlRequest) {
    const types = [...new Set(files.flatMap((f) => f.file?.contentTypes ?? []))];
    const max = Math.max(...files.map((f) => f.file?.maxBytes ?? 0));
    b.schemas[names.uploadUrlRequest] = objectSchema(
      {
        filename: { type: 'string', minLength: 1, maxLength: 255 },
        contentType: { type: 'string', minLength: 3, maxLength: 255, description: `A type the field allows (${types.join(', ')}); others -> 415.` },
        // No `maximum`: a size over the limit is a 413 (CONTRACT "Files"), not a schema 400.
        size: { type: 'integer', minimum: 0, description: `Bytes (at most ${max}, ${formatBytes(max)}); signed into the URL, so storage refuses any other length. Over the limit -> 413.` },
        field: { type: 'string', enum: files.map((f) => f.name), description: files.length > 1 ? 'Which file field the upload is for.' : `The file field (${files[0]!.name}).` },
      },
      ['filename', 'contentType', ...(files.length > 1 ? ['field'] : [])],
    );
  }
}
