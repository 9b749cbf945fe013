/**
 * Ownership and levels: the owner field is a reference to a member, create is never owner-level,
 * the owner level needs such an owner field; advice on writes anyone may make without signing in.
 */
import type { IrEntity } from '../ir';
import { OPERATIONS } from '../../vocabulary';
import type { ValidationContext } from './context';

export function checkOwner(ctx: ValidationContext, entity: IrEntity, path: string): void {
  if (!ctx.ownerIsUser(entity)) {
    const owner = entity.fields.find((field) => field.name === entity.ownerField);
    ctx.error(
      `${path}.ownerField`,
      'OWNER_FIELD_INVALID',
      owner ? `${entity.name}'s owner field ${owner.name} must be a ref(User) field (it is ${owner.type})` : `${entity.name}'s owner field '${entity.ownerField}' is not one of its fields`,
    );
  }
}

export function checkOperations(ctx: ValidationContext, entity: IrEntity, path: string): void {
  for (const operation of OPERATIONS) {
    const level = entity.operations[operation].level;
    const levelPath = `${path}.operations.${operation}.level`;
    if (level === 'owner' && operation === 'create') {
      ctx.error(levelPath, 'INVALID_LEVEL', `${entity.name} create cannot be owner-level: a record has no owner before it exists`);
    } else if (level === 'owner' && !ctx.ownerIsUser(entity)) {
      ctx.error(levelPath, 'OWNER_LEVEL_WITHOUT_OWNER', `${entity.name} ${operation} is owner-level, but ${entity.name}'s owner field '${entity.ownerField}' is not a reference to a member`);
    }
    if (level === 'public' && (operation === 'create' || operation === 'update' || operation === 'delete')) {
      ctx.warn(levelPath, 'PUBLIC_WRITE', `${entity.name} ${operation} is public: anyone, without signing in, can ${operation} ${entity.collection}`);
    }
  }
}
