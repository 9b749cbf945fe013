/**
 * Member-management writes (invitations, role changes, removals, confirmations): one
 * transaction built from fresh reads, whose parts are tagged so a cancellation can be explained.
 * The acting member's admin role is re-checked in the same transaction, so an admin demoted a
 * moment ago can no longer act.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, ForbiddenError } from '../../../core/errors';
import type { MemberManagement } from '../../../ports/membership';
import { cancellationCodes } from '../../dynamodb/transaction-errors';
import { memberKey, orgKey } from '../project-table-keys';
import { ADMIN_COUNT_ATTRIBUTE, initAdminCount } from './admin-counter';
import type { MembershipTable } from './members';

export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** Part of a member-management transaction, tagged so a cancellation reason can be explained. */
export interface GuardedItem {
  part: 'actor' | 'target' | 'counter' | 'other';
  item: TransactItem;
}

/** Rounds of a member-management write that met a concurrent change (each re-reads). */
const MAX_WRITE_ROUNDS = 5;

/**
 * Runs a member-management transaction built by `build` (which reads what it needs; null:
 * nothing to write), explaining its cancellation: the acting member no longer an admin ->
 * 403; the counter refusing a decrement -> 409 (last admin), or initialising it when it is
 * missing; the target changed meanwhile, or a concurrent transaction -> read and try again.
 */
export async function guardedWrite(table: MembershipTable, scope: Pick<MemberManagement, 'orgId' | 'adminRole'>, build: () => Promise<GuardedItem[] | null>): Promise<void> {
  for (let round = 1; ; round++) {
    const parts = await build();
    if (!parts || parts.length === 0) return;
    try {
      await table.doc.send(new TransactWriteCommand({ TransactItems: parts.map((p) => p.item) }));
      return;
    } catch (err) {
      const reasons = cancellationCodes(err);
      if (reasons.length === 0) throw err;
      const failed = (part: GuardedItem['part']) => parts.some((p, i) => p.part === part && reasons[i] === 'ConditionalCheckFailed');
      if (failed('actor')) throw new ForbiddenError('Only an admin may manage members');
      if (failed('counter')) {
        const org = await table.doc.send(new GetCommand({ TableName: table.tableName, Key: orgKey(scope.orgId), ConsistentRead: true }));
        const count = org.Item?.[ADMIN_COUNT_ATTRIBUTE];
        if (typeof count !== 'number') await initAdminCount(table, scope.orgId, scope.adminRole);
        else if (count <= 1) throw new ConflictError('The organization must keep an admin: make another member admin first');
      }
      if (round >= MAX_WRITE_ROUNDS) throw new ConflictError('The member changed while this request ran; try again');
      // A concurrent transaction on the same items: wait a little, at random, before reading again.
      if (reasons.includes('TransactionConflict')) await sleep(5 + Math.random() * 20 * round);
    }
  }
}

/**
 * The acting admin's role, re-checked in the write. None when they act on themselves: a
 * transaction may not touch one item twice, and the target's own condition (its role as
 * read, the admin role) covers it.
 */
export function actorCheck(tableName: string, input: MemberManagement, targetId: string): GuardedItem[] {
  if (input.actorId === targetId) return [];
  return [
    {
      part: 'actor',
      item: {
        ConditionCheck: {
          TableName: tableName,
          Key: memberKey(input.orgId, input.actorId),
          ConditionExpression: '#role = :admin',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':admin': input.adminRole },
        },
      },
    },
  ];
}
