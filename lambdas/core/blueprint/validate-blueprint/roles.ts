/**
 * Roles and rights: snake_case unique names, the administrative role marked and holding every
 * right on every entity, the default role one of the roles, rights only on known entities and
 * own-only rights only where the owner is a member; advice on roles without rights, entities only
 * the administrative role can read, and a default role that is the administrative one.
 */
import type { IrEntity } from '../ir';
import { RIGHT_NAMES, SNAKE_NAME } from '../../vocabulary';
import { prop, type ValidationContext } from './context';

export function checkRoles(ctx: ValidationContext): void {
  const { roles, adminRole, defaultRole } = ctx.ir;
  const seen = new Map<string, number>();
  roles.forEach((role, r) => {
    const path = `$.roles[${r}]`;
    if (!SNAKE_NAME.test(role.name)) ctx.error(`${path}.name`, 'INVALID_NAME', `role name '${role.name}' must be snake_case (e.g. support_agent)`);
    const first = seen.get(role.name);
    if (first !== undefined) ctx.error(`${path}.name`, 'DUPLICATE_NAME', `role ${role.name} is declared twice (also $.roles[${first}])`);
    else seen.set(role.name, r);
    if (role.admin && role.name !== adminRole) ctx.error(`${path}.admin`, 'ADMIN_ROLE_CONFLICT', `${role.name} is marked administrative, but the administrative role is ${adminRole}`);
    if (!role.admin && role.name === adminRole) ctx.error(`${path}.admin`, 'ADMIN_ROLE_MISSING', `${role.name} is the administrative role but is not marked admin`);
    for (const [entity, rights] of Object.entries(role.rights)) {
      const rightsPath = prop(`${path}.rights`, entity);
      if (!ctx.entities.has(entity)) {
        ctx.error(rightsPath, 'ROLE_UNKNOWN_ENTITY', `role ${role.name} has rights on ${entity}, which is not an entity of the project`);
        continue;
      }
      const target = ctx.entities.get(entity) as IrEntity;
      for (const right of RIGHT_NAMES) {
        if (rights[right] === 'own' && !ctx.ownerIsUser(target)) {
          ctx.error(`${rightsPath}.${right}`, 'OWN_RIGHT_WITHOUT_OWNER', `role ${role.name} may ${right} only its own ${entity} records, but ${entity}'s owner field is not a reference to a member`);
        }
      }
    }
    if (role.admin) {
      for (const entity of ctx.entities.keys()) {
        const rights = role.rights[entity];
        if (!rights || RIGHT_NAMES.some((right) => rights[right] !== 'all')) {
          ctx.error(prop(`${path}.rights`, entity), 'ADMIN_RIGHTS_INCOMPLETE', `${role.name} is the administrative role, so it has every right on ${entity} (create, read, update and delete all records)`);
        }
      }
    } else if (ctx.ir.entities.length > 0 && !Object.values(role.rights).some((rights) => RIGHT_NAMES.some((right) => rights[right] !== undefined))) {
      ctx.warn(`${path}.rights`, 'ROLE_WITHOUT_RIGHTS', `role ${role.name} has no right on any entity: its members can only sign in`);
    }
  });
  if (!seen.has(adminRole)) ctx.error('$.adminRole', 'ADMIN_ROLE_MISSING', `the administrative role '${adminRole}' is not one of the roles (${roles.map((role) => role.name).join(', ') || 'none'})`);
  if (!seen.has(defaultRole)) ctx.error('$.defaultRole', 'DEFAULT_ROLE_MISSING', `the default role '${defaultRole}' is not one of the roles (${roles.map((role) => role.name).join(', ') || 'none'})`);
  else if (defaultRole === adminRole && roles.length > 1) ctx.warn('$.defaultRole', 'DEFAULT_ROLE_IS_ADMIN', `the default role is the administrative one: every new member gets every right`);
  ctx.ir.entities.forEach((entity, e) => {
    const readable = roles.some((role) => !role.admin && role.rights[entity.name]?.read !== undefined);
    if (!readable && entity.operations.read.level !== 'public' && entity.operations.list.level !== 'public') {
      ctx.warn(`$.entities[${e}]`, 'ENTITY_UNREADABLE', `no role but ${adminRole} can read ${entity.name}`);
    }
  });
}
