/**
 * The last admin (CONTRACT "Membership": an organization's last admin can never be demoted or
 * removed). `adminCount` on the organization item (orgKey; single-tenant: the item `ORG`/`ORG`,
 * the project being the one organization) counts the CONFIRMED members with the admin role, the
 * ones who can act as admin. Every write that changes that set changes the counter in the same
 * transaction: a demotion or removal of such a member with the condition `adminCount > 1`, a
 * promotion or confirmation with `attribute_exists(adminCount)`; so two admins demoting each
 * other at once cannot both pass. Organizations from before the counter have none: the first
 * write that needs it counts the organization's admins (one Query) and initialises it with
 * `attribute_not_exists(adminCount)`; since no counted change can land while the counter is
 * missing, that count cannot be stale.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Member } from '../../../ports/membership';
import { isConditionalCheckFailed } from '../../dynamodb/transaction-errors';
import { memberKey, orgKey } from '../project-table-keys';
import type { GuardedItem, TransactItem } from './guarded-write';
import type { MembershipTable } from './members';

/** The attribute of the organization item that counts its confirmed admins. */
export const ADMIN_COUNT_ATTRIBUTE = 'adminCount';

/** A member the admin counter counts: confirmed, with the admin role. */
export const isCountedAdmin = (member: Pick<Member, 'role' | 'confirmed'>, adminRole: string): boolean => member.confirmed && member.role === adminRole;

/** `adminCount` + delta; a decrement keeps at least one admin. */
export function adminCountChange(tableName: string, orgId: string | null, delta: number): GuardedItem {
  return {
    part: 'counter',
    item: {
      Update: {
        TableName: tableName,
        Key: orgKey(orgId),
        UpdateExpression: 'SET #count = #count + :delta',
        ConditionExpression: delta < 0 ? '#count > :one' : 'attribute_exists(#count)',
        ExpressionAttributeNames: { '#count': ADMIN_COUNT_ATTRIBUTE },
        ExpressionAttributeValues: { ':delta': delta, ...(delta < 0 ? { ':one': 1 } : {}) },
      },
    },
  };
}

/**
 * The first admin of a single-tenant project: nobody was admin before (single-tenant projects
 * have no invitations, and only an admin changes roles), so the counter starts here, whether or
 * not it exists.
 */
export function firstAdminCount(tableName: string, orgId: string | null): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: orgKey(orgId),
      UpdateExpression: 'SET kind = :kind ADD #count :one',
      ExpressionAttributeNames: { '#count': ADMIN_COUNT_ATTRIBUTE },
      ExpressionAttributeValues: { ':kind': 'organization', ':one': 1 },
    },
  };
}

/** Counts the organization's confirmed admins (organizations from before the counter) and stores the count, unless another request just did. */
export async function initAdminCount(table: MembershipTable, orgId: string | null, adminRole: string): Promise<void> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        FilterExpression: '#role = :admin AND confirmed = :true',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':pk': memberKey(orgId, '').PK, ':admin': adminRole, ':true': true },
        Select: 'COUNT',
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  try {
    await table.doc.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: orgKey(orgId),
        UpdateExpression: 'SET #count = :count, kind = if_not_exists(kind, :kind)',
        ConditionExpression: 'attribute_not_exists(#count)',
        ExpressionAttributeNames: { '#count': ADMIN_COUNT_ATTRIBUTE },
        ExpressionAttributeValues: { ':count': count, ':kind': 'organization' },
      }),
    );
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
}
