/**
 * Relations: `ref` fields and lists of refs point at a declared entity or at User, a list's items
 * agree with its relation, and set_null only clears optional fields. Lists of references cannot
 * be followed by an index when their target is deleted: a warning says what happens instead.
 */
import type { IrField } from '../ir';
import { USER_ENTITY } from '../../vocabulary';
import type { ValidationContext } from './context';

/** A reference names its target (a declared entity or User), once, with a delete behaviour the field allows. */
export function checkReferences(ctx: ValidationContext, field: IrField, subject: string, path: string): void {
  const itemType = field.type === 'list' ? field.items?.type : undefined;
  const refsSomething = field.type === 'ref' || itemType === 'ref';
  if (refsSomething && !field.ref) ctx.error(`${path}.ref`, 'TYPE_SHAPE_INVALID', `${subject} is a reference without a target`);
  if (!refsSomething && field.ref) ctx.error(`${path}.ref`, 'TYPE_SHAPE_INVALID', `${subject} is a ${field.type}: only ref fields (and lists of refs) reference an entity`);
  if (itemType === 'ref' && !field.items?.ref) ctx.error(`${path}.items.ref`, 'TYPE_SHAPE_INVALID', `${subject} is a list of references without a target`);
  if (itemType !== 'ref' && field.items?.ref) ctx.error(`${path}.items.ref`, 'TYPE_SHAPE_INVALID', `${subject}: only list(ref(...)) items reference an entity`);
  if (itemType === 'ref' && field.items?.ref && field.ref && field.items.ref.entity !== field.ref.entity) {
    ctx.error(`${path}.items.ref.entity`, 'TYPE_SHAPE_INVALID', `${subject}: the items reference ${field.items.ref.entity} but the relation says ${field.ref.entity}`);
  }
  if (refsSomething && field.ref) {
    if (!ctx.isEntity(field.ref.entity)) ctx.error(`${path}.ref.entity`, 'UNKNOWN_REF_TARGET', `${subject} references ${field.ref.entity}, which is neither an entity of the project nor ${USER_ENTITY}`);
    if (field.ref.onDelete === 'set_null' && field.required) {
      ctx.error(`${path}.ref.onDelete`, 'INVALID_ON_DELETE', `${subject} is required, so deleting the ${field.ref.entity} cannot clear it: use restrict or cascade, or make it optional`);
    }
  }
  if (itemType === 'ref' && field.items?.ref && !ctx.isEntity(field.items.ref.entity) && field.items.ref.entity !== field.ref?.entity) {
    ctx.error(`${path}.items.ref.entity`, 'UNKNOWN_REF_TARGET', `${subject} holds references to ${field.items.ref.entity}, which is not an entity of the project`);
  }
  if (itemType === 'ref' && field.ref && ctx.entities.has(field.ref.entity)) {
    ctx.warn(`${path}.ref`, 'LIST_REF_UNCHECKED', `${subject} is a list of references: no index can find it when a ${field.ref.entity} is deleted, so stale ids are dropped when read instead of '${field.ref.onDelete}'`);
  }
}
