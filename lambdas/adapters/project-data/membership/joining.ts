/**
 * Joining a generated project: the member item, both pointers (user -> organization, email ->
 * member) and the new organization or the used invitation in ONE transaction, so a member never
 * exists half-made and an invitation is used at most once; then confirmation, which makes the
 * member count (and, single-tenant, makes the first one to confirm the admin).
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { normalizeEmail } from '../../../core/email';
import { ConflictError, ValidationError } from '../../../core/errors';
import type { JoinInput, Member } from '../../../ports/membership';
import { cancellationCodes } from '../../dynamodb/transaction-errors';
import { FIRST_ADMIN_KEY, ORGANIZATION_LIST, emailPointerKey, invitationKey, memberKey, memberPointerKey, orgKey, organizationListSortKey } from '../project-table-keys';
import { ADMIN_COUNT_ATTRIBUTE, adminCountChange, firstAdminCount } from './admin-counter';
import { guardedWrite, type TransactItem } from './guarded-write';
import { readMember, readMemberPointer, type MembershipTable } from './members';

/**
 * Makes the user a member: member item, pointers, and the new organization or the used
 * invitation, in one transaction. A used or expired invitation -> 400 at `body.inviteCode`.
 */
export async function join(table: MembershipTable, input: JoinInput): Promise<Member> {
  const { tableName } = table;
  const at = input.now.toISOString();
  const email = normalizeEmail(input.email);
  const member: Member = { id: input.userId, email, role: input.role, org_id: input.orgId, confirmed: false, joined: input.joined, created_at: at, updated_at: at };
  const abandoned = input.replaces ? await abandonedMembership(table, input.replaces, email) : [];
  const items: TransactItem[] = [
    { Put: { TableName: tableName, Item: { ...memberKey(input.orgId, input.userId), kind: 'member', ...member }, ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { TableName: tableName, Item: { ...memberPointerKey(input.userId), kind: 'member-pointer', orgId: input.orgId }, ConditionExpression: 'attribute_not_exists(PK)' } },
    {
      Put: {
        TableName: tableName,
        Item: { ...emailPointerKey(email), kind: 'email-pointer', userId: input.userId, orgId: input.orgId },
        // The abandoned account's pointer is taken over in the same transaction that deletes its member.
        ConditionExpression: input.replaces ? 'attribute_not_exists(PK) OR userId = :replaced' : 'attribute_not_exists(PK)',
        ...(input.replaces ? { ExpressionAttributeValues: { ':replaced': input.replaces } } : {}),
      },
    },
    ...abandoned,
  ];
  if (input.newOrg) {
    // No confirmed admin yet: the founder counts once confirmed.
    items.push({
      Put: {
        TableName: tableName,
        Item: {
          ...orgKey(input.newOrg.id),
          kind: 'organization',
          id: input.newOrg.id,
          name: input.newOrg.name,
          created_at: at,
          [ADMIN_COUNT_ATTRIBUTE]: 0,
          // Listed, so a scheduled job can run once per organization without a Scan.
          [ORGANIZATION_LIST.pk]: ORGANIZATION_LIST.partition,
          [ORGANIZATION_LIST.sk]: organizationListSortKey(at, input.newOrg.id),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  }
  if (input.inviteCode) {
    items.push({
      Delete: {
        TableName: tableName,
        Key: invitationKey(input.inviteCode),
        ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now AND email = :email',
        ExpressionAttributeValues: { ':now': at, ':email': email },
      },
    });
  }
  try {
    await table.doc.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    const reasons = cancellationCodes(err);
    if (input.inviteCode && reasons[items.length - 1] === 'ConditionalCheckFailed') {
      throw new ValidationError('The invitation is not valid (used, expired or for another email)', [{ path: 'body.inviteCode', message: 'is not a valid invitation for this email' }]);
    }
    if (reasons.some((r) => r === 'ConditionalCheckFailed')) throw new ConflictError('An account with this email already exists');
    throw err;
  }
  return member;
}

/**
 * Marks the member confirmed. Single-tenant: the first member to confirm after signing up
 * (not by invitation) becomes the admin, decided by a conditional write on one marker item,
 * so two simultaneous confirmations cannot both win. A member with the admin role becomes a
 * counted admin (`adminCount` + 1 in the same transaction).
 */
export async function confirm(table: MembershipTable, email: string, now: Date, options: { adminRole: string; firstConfirmedBecomes?: string }): Promise<Member | null> {
  const { tableName } = table;
  const pointer = await table.doc.send(new GetCommand({ TableName: tableName, Key: emailPointerKey(normalizeEmail(email)), ConsistentRead: true }));
  if (!pointer.Item) return null;
  const userId = pointer.Item.userId as string;
  const orgId = (pointer.Item.orgId as string | null) ?? null;
  const member = await readMember(table, orgId, userId);
  if (!member) return null;
  const at = now.toISOString();
  if (options.firstConfirmedBecomes && member.joined === 'signup' && !member.confirmed) {
    const role = options.firstConfirmedBecomes;
    try {
      await table.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: { ...FIRST_ADMIN_KEY, userId, at }, ConditionExpression: 'attribute_not_exists(PK)' } },
            {
              Update: {
                TableName: tableName,
                Key: memberKey(orgId, userId),
                UpdateExpression: 'SET #role = :role, confirmed = :true, updated_at = :at',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeNames: { '#role': 'role' },
                ExpressionAttributeValues: { ':role': role, ':true': true, ':at': at },
              },
            },
            ...(role === options.adminRole ? [firstAdminCount(tableName, orgId)] : []),
          ],
        }),
      );
      return { ...member, role, confirmed: true, updated_at: at };
    } catch (err) {
      if (cancellationCodes(err)[0] !== 'ConditionalCheckFailed') throw err;
      // Someone confirmed first: this member keeps the default role.
    }
  }
  let confirmed: Member | null = null;
  await guardedWrite(table, { orgId, adminRole: options.adminRole }, async () => {
    const current = await readMember(table, orgId, userId);
    if (!current || current.confirmed) {
      confirmed = current;
      return null;
    }
    confirmed = { ...current, confirmed: true, updated_at: at };
    return [
      {
        part: 'target',
        item: {
          Update: {
            TableName: tableName,
            Key: memberKey(orgId, userId),
            UpdateExpression: 'SET confirmed = :true, updated_at = :at',
            ConditionExpression: 'confirmed = :false AND #role = :role',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':true': true, ':false': false, ':at': at, ':role': current.role },
          },
        },
      },
      ...(current.role === options.adminRole ? [adminCountChange(tableName, orgId, 1)] : []),
    ];
  });
  return confirmed;
}

/**
 * The delete part of a join that replaces an abandoned account: its member item (only while
 * still unconfirmed) and user pointer, and the organization it founded (which nobody else can
 * have joined: it never had a confirmed admin to invite anyone).
 */
async function abandonedMembership(table: MembershipTable, userId: string, email: string): Promise<TransactItem[]> {
  const { tableName } = table;
  const pointer = await readMemberPointer(table, userId);
  const byEmail = pointer ? undefined : await table.doc.send(new GetCommand({ TableName: tableName, Key: emailPointerKey(email), ConsistentRead: true }));
  if (!pointer && byEmail?.Item?.userId !== userId) return [];
  const orgId = pointer ? pointer.orgId : ((byEmail?.Item?.orgId as string | null | undefined) ?? null);
  const member = await readMember(table, orgId, userId);
  const items: TransactItem[] = [];
  if (pointer) items.push({ Delete: { TableName: tableName, Key: memberPointerKey(userId) } });
  if (!member) return items;
  items.push({
    Delete: {
      TableName: tableName,
      Key: memberKey(orgId, userId),
      ConditionExpression: 'confirmed = :false',
      ExpressionAttributeValues: { ':false': false },
    },
  });
  if (member.joined === 'org' && orgId !== null) {
    items.push({
      Delete: {
        TableName: tableName,
        Key: orgKey(orgId),
        ConditionExpression: 'attribute_not_exists(#count) OR #count = :zero',
        ExpressionAttributeNames: { '#count': ADMIN_COUNT_ATTRIBUTE },
        ExpressionAttributeValues: { ':zero': 0 },
      },
    });
  }
  return items;
}
