/**
 * The record routes of each entity (`/v1/<collection>` and `/v1/<collection>/{id}`): list (with
 * a filter per indexed field), create, read, replace (PUT), update (PATCH), delete, each at its
 * operation's level and needing the caller's role right; and the 409/413/415 reasons each can
 * answer, from the entity's unique fields, references and files.
 */
import { incomingRefs, type IrEntity, type RightName } from '../ir';
import { type AccessLevel, type Operation } from '../../vocabulary';
import { MAX_RECORD_BYTES } from '../field-limits';
import { pascalCase } from '../../text/case';
import { formatBytes, withArticle } from '../../text/english';
import { fileFields, scalarSchema } from './field-schemas';
import type { ErrorSpec, RouteBuilder } from './route-builder';
import { schemaRef } from './schema-names';
import { ID_PARAMS } from './schema-parts';
import type { JsonSchema } from './types';

/** The collection's path and its records' path. */
export const entityPaths = (entity: IrEntity): { collection: string; item: string } => ({ collection: `/v1/${entity.collection}`, item: `/v1/${entity.collection}/{id}` });

/** What every route of an entity shares: its operation's level and, unless public, the right it needs. */
export const entityRoute = (entity: IrEntity, operation: Operation, right: RightName) => ({
  kind: 'crud' as const,
  tag: entity.name,
  entity: entity.name,
  operation,
  level: entity.operations[operation].level,
  ...(entity.operations[operation].level === 'public' ? {} : { right: { entity: entity.name, operation: right } }),
});

/** A route below the public level can refuse the caller's role: 403. */
export const denied = (level: AccessLevel): ErrorSpec[] => (level === 'public' ? [] : [403]);

export function crudRoutes(b: RouteBuilder, entity: IrEntity): void {
  const names = b.names.entities[entity.name]!;
  const { collection, item } = entityPaths(entity);
  const plural = pascalCase(entity.collection);
  const label = entity.name;
  const ops = entity.operations;
  const base = (operation: Operation, right: RightName) => entityRoute(entity, operation, right);
  const uniqueFields = entity.fields.filter((f) => f.unique).map((f) => f.name);
  const taken = uniqueFields.length > 0 ? [`another record already has this ${uniqueFields.join(' or ')}`] : [];
  const hasRefs = entity.fields.some((f) => f.ref && !f.serverOwned);
  /** One 409 per route, naming every reason it can have (writes are conditioned, so concurrency is one). */
  const conflict = (reasons: string[]): ErrorSpec[] => (reasons.length > 0 ? [[409, `Conflict (CONFLICT): ${reasons.join('; or ')}`]] : []);
  const changed = 'the record was changed by another request since it was read (read it again)';
  const files = fileFields(entity);
  // A record's field values are bounded in bytes (field-limits.ts): DynamoDB's item limit.
  const recordBytes = `field values over ${MAX_RECORD_BYTES} bytes (${formatBytes(MAX_RECORD_BYTES)}) as UTF-8 JSON`;
  const tooLarge: ErrorSpec[] = [[413, `Request body over 1 MB, or ${recordBytes} (PAYLOAD_TOO_LARGE)`]];
  const attach: ErrorSpec[] =
    files.length > 0
      ? [[413, `Request body over 1 MB, ${recordBytes}, or an attached file over its limit (PAYLOAD_TOO_LARGE)`], [415, 'Body is not JSON, or an attached file of a type the field does not allow (UNSUPPORTED_MEDIA_TYPE)']]
      : tooLarge;
  const referencedBy = incomingRefs(b.ir, entity.name).filter((r) => r.onDelete === 'restrict');

  const filters: Record<string, JsonSchema> = {};
  for (const index of entity.indexes) {
    const field = entity.fields.find((f) => f.name === index.field);
    if (!field || filters[field.name]) continue;
    // A list field filters on one element; a reference on an id of its target's shape.
    const refEntity = field.ref?.entity ?? field.items?.ref?.entity;
    const schema = field.type === 'list' && field.items ? scalarSchema(field.items.type, { enum: field.items.enum, refEntity }) : scalarSchema(field.type, { enum: field.enum, refEntity });
    filters[field.name] = { ...schema, description: `Only records whose ${field.name} equals this value.` };
  }
  const level = (op: Operation) => ops[op].level;

  b.add(
    { ...base('list', 'read'), id: `${entity.collection}.list`, operationId: `list${plural}`, method: 'GET', path: collection, action: 'crud.list', summary: `List ${entity.collection.replace(/-/g, ' ')}${Object.keys(filters).length > 0 ? ` (filters: ${Object.keys(filters).join(', ')})` : ''}`, request: { query: b.pageQuery(filters) } },
    { status: 200, description: `A page of ${label} records`, schema: schemaRef(names.list) },
    denied(level('list')),
  );
  b.add(
    { ...base('create', 'create'), id: `${entity.collection}.create`, operationId: `create${label}`, method: 'POST', path: collection, action: 'crud.create', summary: `Create ${withArticle(label)}`, request: { body: schemaRef(names.create) } },
    { status: 201, description: `The created ${label}`, schema: schemaRef(names.entity) },
    [...denied(level('create')), ...conflict([...taken, ...(hasRefs ? ['a referenced record changed at the same moment (try again)'] : [])]), ...tooLarge],
  );
  b.add(
    { ...base('read', 'read'), id: `${entity.collection}.read`, operationId: `get${label}`, method: 'GET', path: item, action: 'crud.read', summary: `Read ${withArticle(label)}`, request: { params: ID_PARAMS } },
    { status: 200, description: `The ${label}`, schema: schemaRef(names.entity) },
    [...denied(level('read')), 404],
  );
  b.add(
    { ...base('update', 'update'), id: `${entity.collection}.replace`, operationId: `replace${label}`, method: 'PUT', path: item, action: 'crud.replace', summary: `Replace the writable fields of ${withArticle(label)}`, request: { params: ID_PARAMS, body: schemaRef(names.replace) } },
    { status: 200, description: `The updated ${label}`, schema: schemaRef(names.entity) },
    [...denied(level('update')), 404, ...conflict([changed, ...taken]), ...attach],
  );
  b.add(
    { ...base('update', 'update'), id: `${entity.collection}.update`, operationId: `update${label}`, method: 'PATCH', path: item, action: 'crud.update', summary: `Change some fields of ${withArticle(label)}${fileFields(entity).length > 0 ? ' (also attaches uploaded files)' : ''}`, request: { params: ID_PARAMS, body: schemaRef(names.update) } },
    { status: 200, description: `The updated ${label}`, schema: schemaRef(names.entity) },
    [...denied(level('update')), 404, ...conflict([changed, ...taken]), ...attach],
  );
  b.add(
    { ...base('delete', 'delete'), id: `${entity.collection}.delete`, operationId: `delete${label}`, method: 'DELETE', path: item, action: 'crud.delete', summary: `Delete ${withArticle(label)}`, request: { params: ID_PARAMS } },
    { status: 204, description: 'Deleted' },
    [...denied(level('delete')), 404, ...conflict([changed, ...(referencedBy.length > 0 ? [`other records still reference it (${referencedBy.map((r) => `${r.entity}.${r.field}`).join(', ')})`] : [])])],
  );
}
