/**
 * Invitations of a multi-tenant project: an admin invites an email into their organization with
 * a role; the code is mailed, only its hash is kept (invitationKey), and the item expires
 * through the table's TTL. Joining with it deletes it in the joining transaction (joining.ts).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeEmail } from '../../../core/email';
import type { Invitation, MemberManagement } from '../../../ports/membership';
import { PROJECT_TTL_ATTRIBUTE } from '../project-table';
import { invitationKey } from '../project-table-keys';
import { actorCheck, guardedWrite } from './guarded-write';
import type { MembershipTable } from './members';

/** A valid invitation for this code, or null (unknown, used or expired). */
export async function findInvitation(table: MembershipTable, code: string, now: Date): Promise<Invitation | null> {
  const got = await table.doc.send(new GetCommand({ TableName: table.tableName, Key: invitationKey(code), ConsistentRead: true }));
  const item = got.Item;
  if (!item || Date.parse(item.expiresAt as string) <= now.getTime()) return null;
  return { orgId: (item.orgId as string | null) ?? null, email: item.email as string, role: item.role as string, expiresAt: item.expiresAt as string };
}

/** Writes an invitation, only while its creator (`actorId`) is still an admin. */
export async function createInvitation(table: MembershipTable, input: MemberManagement & { code: string; email: string; role: string; expiresAt: Date }): Promise<Invitation> {
  const invitation: Invitation = { orgId: input.orgId, email: normalizeEmail(input.email), role: input.role, expiresAt: input.expiresAt.toISOString() };
  await guardedWrite(table, input, async () => [
    ...actorCheck(table.tableName, input, ''),
    {
      part: 'other',
      item: {
        Put: {
          TableName: table.tableName,
          Item: { ...invitationKey(input.code), kind: 'invitation', ...invitation, createdBy: input.actorId, [PROJECT_TTL_ATTRIBUTE]: Math.ceil(input.expiresAt.getTime() / 1000) },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
  ]);
  return invitation;
}
