/**
 * What an admin does with the members of their organization: list them, change a role, remove
 * one. Changes go through guardedWrite (the acting admin re-checked, the admin counter kept),
 * so the organization's last confirmed admin can be neither demoted nor removed.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeCursor, encodeCursor } from '../../../core/cursor';
import { NotFoundError, ValidationError } from '../../../core/errors';
import type { Member, MemberManagement, MemberPage } from '../../../ports/membership';
import { emailPointerKey, memberKey, memberPointerKey } from '../project-table-keys';
import { adminCountChange, isCountedAdmin } from './admin-counter';
import { actorCheck, guardedWrite } from './guarded-write';
import { readMember, toMember, type MembershipTable } from './members';

/** Members of the organization (one Query), in id order; cursors bound to project and organization. */
export async function listMembers(table: MembershipTable, cursors: { projectId: string; cursorSecret: string }, orgId: string | null, limit: number, cursor?: string): Promise<MemberPage> {
  const scope = `users|${cursors.projectId}|${orgId ?? '-'}`;
  const partition = memberKey(orgId, '').PK;
  const start = cursor === undefined ? undefined : decodeCursor(cursor, scope, cursors.cursorSecret);
  if (start && (start.PK !== partition || typeof start.SK !== 'string')) throw new ValidationError('Invalid cursor', [{ path: 'cursor', message: 'is not a cursor of this list' }]);
  const page = await table.doc.send(
    new QueryCommand({
      TableName: table.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      Limit: limit,
      ...(start ? { ExclusiveStartKey: start } : {}),
    }),
  );
  const last = page.LastEvaluatedKey as Record<string, string> | undefined;
  return {
    items: (page.Items ?? []).map(toMember),
    nextCursor: last ? encodeCursor({ PK: last.PK as string, SK: last.SK as string }, scope, cursors.cursorSecret) : null,
  };
}

/**
 * Changes a member's role (their tokens carry it from their next sign-in or refresh). 404
 * when the member is not in the organization; 409 when it would take the organization's last
 * confirmed admin; 403 when the acting member is no longer an admin.
 */
export async function setRole(table: MembershipTable, input: MemberManagement & { userId: string; role: string; now: Date }): Promise<Member> {
  const at = input.now.toISOString();
  let updated: Member | undefined;
  await guardedWrite(table, input, async () => {
    const target = await readMember(table, input.orgId, input.userId);
    if (!target) throw new NotFoundError('No such user');
    updated = { ...target, role: input.role, updated_at: at };
    const delta = Number(isCountedAdmin(updated, input.adminRole)) - Number(isCountedAdmin(target, input.adminRole));
    return [
      ...actorCheck(table.tableName, input, input.userId),
      {
        part: 'target',
        item: {
          Update: {
            TableName: table.tableName,
            Key: memberKey(input.orgId, input.userId),
            UpdateExpression: 'SET #role = :role, updated_at = :at',
            ConditionExpression: '#role = :old AND confirmed = :confirmed',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':role': input.role, ':at': at, ':old': target.role, ':confirmed': target.confirmed },
          },
        },
      },
      ...(delta === 0 ? [] : [adminCountChange(table.tableName, input.orgId, delta)]),
    ];
  });
  return updated as Member;
}

/**
 * Removes a member from the organization: the member item (the User record) and both pointers
 * (user and email) in one transaction, so the user belongs to no organization of this project
 * any more; their account stays in the identity pool. 404, 409 (last admin) and 403 as setRole.
 * Returns the removed member.
 */
export async function removeMember(table: MembershipTable, input: MemberManagement & { userId: string }): Promise<Member> {
  let removed: Member | undefined;
  await guardedWrite(table, input, async () => {
    const target = await readMember(table, input.orgId, input.userId);
    if (!target) throw new NotFoundError('No such user');
    removed = target;
    return [
      ...actorCheck(table.tableName, input, input.userId),
      {
        part: 'target',
        item: {
          Delete: {
            TableName: table.tableName,
            Key: memberKey(input.orgId, input.userId),
            ConditionExpression: '#role = :old AND confirmed = :confirmed',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':old': target.role, ':confirmed': target.confirmed },
          },
        },
      },
      { part: 'other', item: { Delete: { TableName: table.tableName, Key: memberPointerKey(input.userId) } } },
      {
        part: 'other',
        item: {
          Delete: {
            TableName: table.tableName,
            Key: emailPointerKey(target.email),
            ConditionExpression: 'attribute_not_exists(PK) OR userId = :user',
            ExpressionAttributeValues: { ':user': input.userId },
          },
        },
      },
      ...(isCountedAdmin(target, input.adminRole) ? [adminCountChange(table.tableName, input.orgId, -1)] : []),
    ];
  });
  return removed as Member;
}
