/**
 * Invitations of a multi-tenant generated API (`POST /v1/invitations`, admin only): an admin
 * invites someone to the organization with a role; the code is given at signup.
 */
import { roleSchema } from './auth-routes';
import type { RouteBuilder } from './route-builder';
import { EMAIL, TIMESTAMP, objectSchema, responseObject } from './schema-parts';

export function defineInvitationSchemas(b: RouteBuilder): void {
  const role = roleSchema(b);
  b.define('InvitationRequest', objectSchema({ email: EMAIL, role: { ...role, default: b.ir.defaultRole } }, ['email']));
  b.define(
    'Invitation',
    responseObject(
      { inviteCode: { type: 'string', description: 'Given at signup as inviteCode.' }, email: { type: 'string', format: 'email' }, role, expiresAt: TIMESTAMP },
      ['inviteCode', 'email', 'role', 'expiresAt'],
    ),
  );
}

export function invitationRoutes(b: RouteBuilder): void {
  b.add(
    {
      kind: 'invitations',
      tag: 'Invitations',
      level: 'admin',
      id: 'invitations.create',
      operationId: 'createInvitation',
      method: 'POST',
      path: '/v1/invitations',
      action: 'invitations.create',
      summary: 'Invite someone to the organization with a role',
      request: { body: b.ref('InvitationRequest') },
    },
    { status: 201, description: 'The invitation; its code is given at signup', schema: b.ref('Invitation') },
    [403],
  );
}
