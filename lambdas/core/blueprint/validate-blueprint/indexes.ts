/**
 * Indexes: at most the table's shared GSIs per entity, each on an existing, indexable field, the
 * owner index on the owner field, flags that agree with the indexes, every reference to a
 * declared entity indexed (so a delete finds referencing records without a Scan); advice when
 * the owner is not indexed or filters no longer fit.
 */
import { MAX_INDEXES_PER_ENTITY, type IrEntity } from '../ir';
import { USER_ENTITY } from '../../vocabulary';
import type { ValidationContext } from './context';

export function checkIndexes(ctx: ValidationContext, entity: IrEntity, path: string): void {
  if (entity.indexes.length > MAX_INDEXES_PER_ENTITY) {
    ctx.error(
      `${path}.indexes`,
      'TOO_MANY_INDEXES',
      `${entity.name} needs ${entity.indexes.length} indexes, but the table has ${MAX_INDEXES_PER_ENTITY} shared GSIs (GSI1..GSI${MAX_INDEXES_PER_ENTITY}): the owner field and every reference to another entity need one; split the entity or drop references`,
    );
  }
  const names = new Set<string>();
  const fields = new Set<string>();
  entity.indexes.forEach((index, i) => {
    const indexPath = `${path}.indexes[${i}]`;
    const number = Number(index.name.slice(3));
    if (number > MAX_INDEXES_PER_ENTITY && entity.indexes.length <= MAX_INDEXES_PER_ENTITY) {
      ctx.error(`${indexPath}.name`, 'TOO_MANY_INDEXES', `${index.name} does not exist: the table has GSI1..GSI${MAX_INDEXES_PER_ENTITY}`);
    }
    if (names.has(index.name)) ctx.error(`${indexPath}.name`, 'DUPLICATE_NAME', `${entity.name} uses ${index.name} twice`);
    names.add(index.name);
    if (fields.has(index.field)) ctx.error(`${indexPath}.field`, 'DUPLICATE_NAME', `${entity.name}.${index.field} is indexed twice`);
    fields.add(index.field);
    const field = entity.fields.find((f) => f.name === index.field);
    if (!field) ctx.error(`${indexPath}.field`, 'INVALID_INDEX', `${entity.name} has no field '${index.field}' to index`);
    else if (field.type === 'list' || field.type === 'file' || field.type === 'text') {
      ctx.error(`${indexPath}.field`, 'INVALID_INDEX', `${entity.name}.${field.name} is a ${field.type} field: it cannot be an index key`);
    } else if (index.purpose === 'owner' && index.field !== entity.ownerField) {
      ctx.error(`${indexPath}.purpose`, 'INVALID_INDEX', `${entity.name}'s owner index must be on its owner field ${entity.ownerField}`);
    }
  });
  entity.fields.forEach((field, f) => {
    if (field.indexed && !fields.has(field.name)) ctx.error(`${path}.fields[${f}].indexed`, 'INVALID_INDEX', `${entity.name}.${field.name} is marked indexed but no index uses it`);
    if (!field.indexed && fields.has(field.name)) ctx.error(`${path}.fields[${f}].indexed`, 'INVALID_INDEX', `${entity.name}.${field.name} has an index but is not marked indexed`);
    const ref = field.type === 'ref' ? field.ref : undefined;
    if (ref && ctx.entities.has(ref.entity) && !field.serverOwned && !fields.has(field.name)) {
      ctx.error(`${path}.fields[${f}]`, 'INDEX_MISSING', `${entity.name}.${field.name} references ${ref.entity} but has no index: deleting a ${ref.entity} could not find its ${entity.collection} without a Scan`);
    }
  });
  if (!fields.has(entity.ownerField)) {
    ctx.warn(`${path}.indexes`, 'OWNER_NOT_INDEXED', `${entity.name}'s owner field ${entity.ownerField} has no index: lists limited to own records must filter every page`);
  }
  if (entity.indexes.length >= MAX_INDEXES_PER_ENTITY) {
    const left = entity.fields.filter((field) => !field.serverOwned && !fields.has(field.name) && (field.type === 'enum' || field.type === 'boolean' || (field.type === 'ref' && field.ref?.entity === USER_ENTITY)));
    if (left.length > 0) {
      ctx.warn(`${path}.indexes`, 'INDEX_SLOTS_FULL', `${entity.name} uses all ${MAX_INDEXES_PER_ENTITY} indexes, so ${left.map((field) => field.name).join(', ')} cannot be list filters`);
    }
  }
}
