/**
 * The member item of a generated project: the built-in `User` entity's record (memberKey,
 * project-table-keys.ts), so `ref(User)` fields check their target in the same key space and
 * another organization's member is simply not found. What every part of the membership store
 * reads: the member and the pointer telling which organization a user belongs to.
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Member } from '../../../ports/membership';
import { memberKey, memberPointerKey } from '../project-table-keys';

/** The project's table, where memberships live. */
export interface MembershipTable {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
}

const MEMBER_ATTRIBUTES = ['id', 'email', 'role', 'org_id', 'confirmed', 'joined', 'created_at', 'updated_at'] as const;

/** The member as the port returns it: its attributes and nothing else (no keys, no `kind`). */
export function toMember(item: Record<string, unknown>): Member {
  const out: Record<string, unknown> = {};
  for (const name of MEMBER_ATTRIBUTES) out[name] = item[name] ?? (name === 'org_id' ? null : undefined);
  return out as unknown as Member;
}

export async function readMember(table: MembershipTable, orgId: string | null, userId: string): Promise<Member | null> {
  const got = await table.doc.send(new GetCommand({ TableName: table.tableName, Key: memberKey(orgId, userId), ConsistentRead: true }));
  return got.Item ? toMember(got.Item) : null;
}

/** The user pointer (which organization the user belongs to), or undefined. */
export async function readMemberPointer(table: MembershipTable, userId: string): Promise<{ orgId: string | null } | undefined> {
  const got = await table.doc.send(new GetCommand({ TableName: table.tableName, Key: memberPointerKey(userId), ConsistentRead: true }));
  return got.Item ? { orgId: (got.Item.orgId as string | null | undefined) ?? null } : undefined;
}
