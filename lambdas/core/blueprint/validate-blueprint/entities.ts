/**
 * Entities: names (PascalCase, unique, not a built-in entity or a word of the service's own
 * routes), collections (kebab-case, unique), tenant scoping, the server-owned fields, and each
 * entity's fields, owner, levels and indexes; advice on a missing title field and on records that
 * may outgrow DynamoDB's item.
 */
import { SERVER_FIELDS, type IrEntity, type IrField } from '../ir';
import { kebabCase } from '../../text/case';
import { KEBAB_NAME, PASCAL_NAME, SERVER_FIELD_NAMES, TENANT_ENTITY, USER_ENTITY, isServerFieldName } from '../../vocabulary';
import { checkOperations, checkOwner } from './access';
import { kb, type ValidationContext } from './context';
import { checkField } from './fields';
import { checkIndexes } from './indexes';
import { MAX_ITEM_BYTES, estimateRecordBytes } from './limits';

/**
 * Path words the service answers itself (generated API: `/auth/*`, `/v1/users`, `/v1/invitations`,
 * `/v1/{collection}/{id}/attachments`, `/v1/{collection}/{id}/workflows`, `/v1/webhooks`, `/workflows/*`, `/admin/*`, `/.well-known/*`, `/health`,
 * `/openapi.json`, `/docs`), in singular and plural, which no entity (its kebab name or its
 * collection) may take.
 */
export const RESERVED_ROUTE_WORDS: readonly string[] = [
  'auth', 'auths', 'user', 'users', 'invitation', 'invitations', 'attachment', 'attachments', 'workflow', 'workflows',
  'admin', 'admins', 'v1', 'well-known', 'health', 'openapi', 'docs', 'organization', 'organizations', 'me', 'apis', 'local',
  // Outgoing endpoints and webhooks (CONTRACT): `/v1/webhooks` is the project's own route.
  'endpoint', 'endpoints', 'webhook', 'webhooks',
];
/** Entities every project has already: the members and (multi-tenant) the organizations. */
export const RESERVED_ENTITY_NAMES: readonly string[] = [USER_ENTITY, TENANT_ENTITY];
/** Fields a reader takes for a record's name (lists and pickers show it). */
const TITLE_FIELD = /^(name|title|subject|label|code|reference|sku|slug|email|number|[a-z0-9_]+_(name|title|number|code))$/;

export function checkEntityNames(ctx: ValidationContext): void {
  const names = new Map<string, number>();
  const collections = new Map<string, number>();
  ctx.ir.entities.forEach((entity, e) => {
    const path = `$.entities[${e}]`;
    if (RESERVED_ENTITY_NAMES.includes(entity.name)) {
      const what = entity.name === USER_ENTITY ? 'the built-in members entity (reference it with ref(User))' : 'the tenant entity of multi-tenant projects';
      ctx.error(`${path}.name`, 'RESERVED_NAME', `${entity.name} is ${what}; name the entity differently`);
    } else if (!PASCAL_NAME.test(entity.name)) {
      ctx.error(`${path}.name`, 'INVALID_NAME', `entity name '${entity.name}' must be singular PascalCase (e.g. ExpenseReport)`);
    } else if (RESERVED_ROUTE_WORDS.includes(kebabCase(entity.name))) {
      ctx.error(`${path}.name`, 'RESERVED_NAME', `'${entity.name}' is a word of the service's own routes (${RESERVED_ROUTE_WORDS.join(', ')}); name the entity differently`);
    }
    if (!KEBAB_NAME.test(entity.collection)) {
      ctx.error(`${path}.collection`, 'INVALID_NAME', `collection '${entity.collection}' must be plural kebab-case (e.g. expense-reports)`);
    } else if (RESERVED_ROUTE_WORDS.includes(entity.collection) && !RESERVED_ENTITY_NAMES.includes(entity.name) && !RESERVED_ROUTE_WORDS.includes(kebabCase(entity.name))) {
      ctx.error(`${path}.collection`, 'RESERVED_NAME', `the collection /v1/${entity.collection} would collide with the service's own routes`);
    }
    const seen = names.get(entity.name);
    if (seen !== undefined) ctx.error(`${path}.name`, 'DUPLICATE_NAME', `entity ${entity.name} is declared twice (also $.entities[${seen}])`);
    else names.set(entity.name, e);
    const other = collections.get(entity.collection);
    if (other !== undefined && seen === undefined) {
      ctx.error(`${path}.collection`, 'DUPLICATE_NAME', `${entity.name}'s collection /v1/${entity.collection} is also ${ctx.ir.entities[other]?.name ?? '?'}'s ($.entities[${other}])`);
    } else if (other === undefined) collections.set(entity.collection, e);
  });
  if (ctx.ir.entities.length === 0) ctx.warn('$.entities', 'NO_ENTITIES', 'the project declares no entity: its API has only auth, users and workflows');
}

export function checkEntity(ctx: ValidationContext, entity: IrEntity, path: string): void {
  if (entity.tenantScoped !== ctx.multi) {
    ctx.error(`${path}.tenantScoped`, 'TENANCY_INCONSISTENT', ctx.multi ? `${entity.name} must be tenant-scoped: every entity of a multi-tenant project is` : `${entity.name} cannot be tenant-scoped in a single-tenant project`);
  }
  checkServerFields(ctx, entity, path);
  const fieldNames = new Map<string, number>();
  entity.fields.forEach((field, f) => {
    const fieldPath = `${path}.fields[${f}]`;
    const first = fieldNames.get(field.name);
    if (first !== undefined) {
      const earlier = entity.fields[first] as IrField;
      const serverPair = isServerFieldName(field.name) && earlier.serverOwned !== field.serverOwned;
      if (!(serverPair && earlier.type !== field.type)) ctx.error(`${fieldPath}.name`, 'DUPLICATE_NAME', `${entity.name}.${field.name} is declared twice (also ${path}.fields[${first}])`);
    } else fieldNames.set(field.name, f);
    checkField(ctx, entity, field, fieldPath);
  });
  checkOwner(ctx, entity, path);
  checkOperations(ctx, entity, path);
  checkIndexes(ctx, entity, path);
  if (!entity.fields.some((field) => !field.serverOwned && (field.type === 'string' || field.type === 'email') && TITLE_FIELD.test(field.name))) {
    ctx.warn(`${path}.fields`, 'ENTITY_WITHOUT_TITLE', `${entity.name} has no name or title field: lists and pickers will show bare ids`);
  }
  const bytes = estimateRecordBytes(entity);
  if (bytes > MAX_ITEM_BYTES) {
    ctx.warn(`${path}.fields`, 'RECORD_MAY_EXCEED_ITEM_LIMIT', `a ${entity.name} record may take about ${kb(bytes)} KB, above DynamoDB's 400 KB per item: lower some maximum lengths`);
  }
}

/** id, org_id (multi-tenant only), owner_id, created_at, updated_at: present, flagged, with their types. */
export function checkServerFields(ctx: ValidationContext, entity: IrEntity, path: string): void {
  entity.fields.forEach((field, f) => {
    const fieldPath = `${path}.fields[${f}]`;
    if (field.name === 'org_id' && !ctx.multi) {
      ctx.error(fieldPath, 'TENANCY_INCONSISTENT', `${entity.name}.org_id: a single-tenant project has no organizations, so no org_id`);
      return;
    }
    if (field.serverOwned && !isServerFieldName(field.name)) {
      ctx.error(`${fieldPath}.serverOwned`, 'SERVER_FIELD_CONFLICT', `${entity.name}.${field.name} is flagged server-owned, but the server owns only ${SERVER_FIELD_NAMES.join(', ')}`);
      return;
    }
    if (!isServerFieldName(field.name)) return;
    const expected = SERVER_FIELDS[field.name].type;
    if (field.type !== expected) {
      ctx.error(`${fieldPath}.type`, 'SERVER_FIELD_CONFLICT', `${entity.name}.${field.name} is a server-owned field of type ${expected}; declare your field under another name`);
    } else if (!field.serverOwned && entity.fields.some((other) => other !== field && other.name === field.name && other.serverOwned)) {
      // A second declaration of the same type: DUPLICATE_NAME reports it.
    } else if (!field.serverOwned) {
      ctx.error(`${fieldPath}.serverOwned`, 'SERVER_FIELD_CONFLICT', `${entity.name}.${field.name} is written by the server; it must be flagged serverOwned`);
    }
  });
  for (const name of SERVER_FIELD_NAMES) {
    if (name === 'org_id' && !ctx.multi) continue;
    if (entity.fields.some((field) => field.name === name)) continue;
    if (name === 'org_id') ctx.error(`${path}.fields`, 'TENANCY_INCONSISTENT', `${entity.name} lacks org_id: every record of a multi-tenant project carries its organization`);
    else ctx.error(`${path}.fields`, 'SERVER_FIELD_MISSING', `${entity.name} lacks the server-owned field ${name}`);
  }
}
