/**
 * Member management of a generated API (`/v1/users`, admin only): list and read members, change
 * a member's role, remove a member; and the schemas of a member.
 */
import { roleSchema } from './auth-routes';
import type { RouteBuilder } from './route-builder';
import { NEXT_CURSOR, TIMESTAMP, USER_ID_PARAMS, objectSchema, responseObject } from './schema-parts';

export function defineUserSchemas(b: RouteBuilder): void {
  const { multi } = b;
  const role = roleSchema(b);
  b.define(
    'User',
    responseObject(
      {
        id: { type: 'string' },
        email: { type: 'string', format: 'email' },
        role,
        ...(multi ? { org_id: { type: 'string' } } : {}),
        confirmed: { type: 'boolean' },
        created_at: TIMESTAMP,
      },
      ['id', 'email', 'role', ...(multi ? ['org_id'] : []), 'confirmed', 'created_at'],
      'A member of the project (of the organization when multi-tenant) with its role.',
    ),
  );
  b.define('UserList', responseObject({ items: { type: 'array', items: b.ref('User') }, next_cursor: NEXT_CURSOR }, ['items', 'next_cursor']));
  b.define('RoleChange', objectSchema({ role }, ['role'], { description: "Member management sees it at once; the member's tokens carry it from their next sign-in (their refresh tokens are revoked)." }));
}

export function userRoutes(b: RouteBuilder): void {
  const { multi } = b;
  const base = { kind: 'users' as const, tag: 'Users', level: 'admin' as const };
  const collection = `/v1/${b.ir.users.collection}`;
  b.add(
    { ...base, id: 'users.list', operationId: 'listUsers', method: 'GET', path: collection, action: 'users.list', summary: 'List the members with their roles', request: { query: b.pageQuery({}) } },
    { status: 200, description: 'A page of members', schema: b.ref('UserList') },
    [403],
  );
  b.add(
    { ...base, id: 'users.read', operationId: 'getUser', method: 'GET', path: `${collection}/{id}`, action: 'users.read', summary: 'Read a member', request: { params: USER_ID_PARAMS } },
    { status: 200, description: 'The member', schema: b.ref('User') },
    [403, 404],
  );
  b.add(
    {
      ...base,
      id: 'users.setRole',
      operationId: 'setUserRole',
      method: 'PUT',
      path: `${collection}/{id}/role`,
      action: 'users.setRole',
      summary: "Change a member's role (revokes their refresh tokens; record access follows it once their access token is replaced)",
      request: { params: USER_ID_PARAMS, body: b.ref('RoleChange') },
    },
    { status: 200, description: 'The member with the new role', schema: b.ref('User') },
    [[403, 'The caller is not an admin by their stored role (FORBIDDEN)'], 404, [409, `It would take the ${multi ? "organization's" : "project's"} last admin (CONFLICT)`]],
  );
  b.add(
    {
      ...base,
      id: 'users.remove',
      operationId: 'removeUser',
      method: 'DELETE',
      path: `${collection}/{id}`,
      action: 'users.remove',
      summary: multi
        ? 'Remove a member from the organization (revokes their refresh tokens; the account stays, in no organization)'
        : 'Remove a member from the project (revokes their refresh tokens; the account stays, with no role)',
      request: { params: USER_ID_PARAMS },
    },
    { status: 204, description: 'Removed' },
    [[403, 'The caller is not an admin by their stored role (FORBIDDEN)'], 404, [409, `The member is the ${multi ? "organization's" : "project's"} last admin (CONFLICT)`]],
  );
}
