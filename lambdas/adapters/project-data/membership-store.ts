/**
 * Members, organizations and invitations of a generated project API, in the project's table
 * (CONTRACT "Membership"). The member item IS the built-in `User` entity's record
 * (`<o>E#User` / `<userId>`, lambdas/ports/record-store.ts), so `ref(User)` fields check their
 * target in the same key space and another organization's member is simply not found.
 *
 *   member         PK `<o>E#User`              SK `<userId>`   id, email, role, org_id?, confirmed, joined
 *   user pointer   PK `M#<userId>`             SK `M`          orgId: which organization (tokens, /auth/me)
 *   email pointer  PK `EMAIL#<email>`          SK `M`          userId, orgId: confirm and reset find the member
 *   organization   PK `<o>ORG`                 SK `ORG`        id, name, created_at (multi-tenant: `O#<orgId>#ORG`), adminCount
 *   invitation     PK `INVITE#<sha256(code)>`  SK `I`          orgId, email, role, expiresAt, _ttl (the code itself is never stored)
 *   first admin    PK `META`                   SK `FIRST_ADMIN` single-tenant: who became admin by confirming first
 *
 * Joining writes the member, both pointers and the organization or the used invitation in ONE
 * transaction, so a member never exists half-made and an invitation is used at most once.
 *
 * The last admin (CONTRACT "Membership": an organization's last admin can never be demoted or
 * removed). `adminCount` on the organization item (single-tenant: the item `ORG`/`ORG`, the
 * project being the one organization) counts the CONFIRMED members with the admin role, the
 * ones who can act as admin. Every write that changes that set changes the counter in the same
 * transaction: a demotion or removal of such a member with the condition `adminCount > 1`, a
 * promotion or confirmation with `attribute_exists(adminCount)`; so two admins demoting each
 * other at once cannot both pass. Member management also re-checks, in the same transaction,
 * that the acting member still has the admin role. Organizations from before the counter have
 * none: the first write that needs it counts the organization's admins (one Query) and
 * initialises it with `attribute_not_exists(adminCount)`; since no counted change can land while
 * the counter is missing, that count cannot be stale.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { decodeCursor, encodeCursor } from '../../core/cursor';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../core/errors';
import { USER_ENTITY } from '../../core/blueprint/ir';
import type { Membership, MembershipLookup } from '../../ports/membership';
import { PROJECT_TTL_ATTRIBUTE, recordKey, type ItemKey } from './project-table';
import { cancellationCodes } from '../dynamodb/transaction-errors';

/** The prefix of every key of a tenant-scoped item of an organization ('' when single-tenant). */
export const orgPrefix = (orgId: string | null): string => (orgId === null ? '' : `O#${orgId}#`);

/** The member item: the User entity's record in the record store's layout (project-table.ts). */
export const memberKey = (orgId: string | null, userId: string): ItemKey => recordKey(orgPrefix(orgId), USER_ENTITY, userId);

/** The organization item (single-tenant: the project's one organization, holding only its admin counter). */
export const orgKey = (orgId: string | null): ItemKey => ({ PK: `${orgPrefix(orgId)}ORG`, SK: 'ORG' });

/** The attribute of the organization item that counts its confirmed admins. */
export const ADMIN_COUNT_ATTRIBUTE = 'adminCount';

/** Rounds of a member-management write that met a concurrent change (each re-reads). */
const MAX_WRITE_ROUNDS = 5;

export interface Member {
  id: string;
  email: string;
  role: string;
  /** null when single-tenant. */
  org_id: string | null;
  confirmed: boolean;
  /** How the member joined: founded an organization, accepted an invitation, or signed up (single-tenant). */
  joined: 'org' | 'invite' | 'signup';
  created_at: string;
  updated_at: string;
}

export interface Invitation {
  orgId: string | null;
  email: string;
  role: string;
  expiresAt: string;
}

export interface JoinInput {
  userId: string;
  email: string;
  role: string;
  orgId: string | null;
  joined: Member['joined'];
  /** A new organization this member founds (multi-tenant `orgName`). */
  newOrg?: { id: string; name: string };
  /** The invitation code being used (deleted in the same transaction; must still be valid). */
  inviteCode?: string;
  /**
   * The abandoned account this signup's account replaced (AdminIdentityPort.signUpPrivately):
   * its membership, never confirmed, goes in the same transaction, with the organization it
   * founded, so nothing of it is left behind.
   */
  replaces?: string;
  now: Date;
}

/** Who manages members: the acting admin, re-checked in the write itself. */
export interface MemberManagement {
  orgId: string | null;
  /** The acting member (their stored role was read as admin). */
  actorId: string;
  /** The blueprint's administrative role. */
  adminRole: string;
}

/** Part of a member-management transaction, tagged so a cancellation reason can be explained. */
interface GuardedItem {
  part: 'actor' | 'target' | 'counter' | 'other';
  item: TransactItem;
}

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

export interface MemberPage {
  items: Member[];
  nextCursor: string | null;
}

const MEMBER_ATTRIBUTES = ['id', 'email', 'role', 'org_id', 'confirmed', 'joined', 'created_at', 'updated_at'] as const;

const hashCode = (code: string): string => createHash('sha256').update(code).digest('hex');
const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export interface MembershipStoreProps {
  doc: DynamoDBDocumentClient;
  tableName: string;
  /** Binds member-list cursors to this project. */
  projectId?: string;
  cursorSecret?: string;
}

/** What tokens need (CONTRACT: `org_id` and `role` claims); also the pre-token-generation trigger's lookup on AWS. */
export class DynamoMembershipLookup implements MembershipLookup {
  protected readonly doc: DynamoDBDocumentClient;
  protected readonly tableName: string;

  constructor(props: Pick<MembershipStoreProps, 'doc' | 'tableName'>) {
    this.doc = props.doc;
    this.tableName = props.tableName;
  }

  async membershipOf(userId: string): Promise<Membership | null> {
    const pointer = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: { PK: `M#${userId}`, SK: 'M' }, ConsistentRead: true }));
    if (!pointer.Item) return null;
    const orgId = (pointer.Item.orgId as string | null | undefined) ?? null;
    const member = await this.getMember(orgId, userId);
    return member ? { userId, orgId, role: member.role } : null;
  }

  async getMember(orgId: string | null, userId: string): Promise<Member | null> {
    const got = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: memberKey(orgId, userId), ConsistentRead: true }));
    return got.Item ? toMember(got.Item) : null;
  }
}

export class DynamoMembershipStore extends DynamoMembershipLookup {
  private readonly projectId: string;
  private readonly cursorSecret: string;

  constructor(props: MembershipStoreProps) {
    super(props);
    this.projectId = props.projectId ?? '';
    this.cursorSecret = props.cursorSecret ?? '';
  }

  /** A valid invitation for this code, or null (unknown, used or expired). */
  async findInvitation(code: string, now: Date): Promise<Invitation | null> {
    const got = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: inviteKey(code), ConsistentRead: true }));
    const item = got.Item;
    if (!item || Date.parse(item.expiresAt as string) <= now.getTime()) return null;
    return { orgId: (item.orgId as string | null) ?? null, email: item.email as string, role: item.role as string, expiresAt: item.expiresAt as string };
  }

  /** Writes an invitation, only while its creator (`actorId`) is still an admin. */
  async createInvitation(input: MemberManagement & { code: string; email: string; role: string; expiresAt: Date }): Promise<Invitation> {
    const invitation: Invitation = { orgId: input.orgId, email: normalizeEmail(input.email), role: input.role, expiresAt: input.expiresAt.toISOString() };
    await this.guardedWrite(input, async () => [
      ...this.actorCheck(input, ''),
      {
        part: 'other',
        item: {
          Put: {
            TableName: this.tableName,
            Item: { ...inviteKey(input.code), kind: 'invitation', ...invitation, createdBy: input.actorId, [PROJECT_TTL_ATTRIBUTE]: Math.ceil(input.expiresAt.getTime() / 1000) },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
    ]);
    return invitation;
  }

  /**
   * Makes the user a member: member item, pointers, and the new organization or the used
   * invitation, in one transaction. A used or expired invitation -> 400 at `body.inviteCode`.
   */
  async join(input: JoinInput): Promise<Member> {
    const at = input.now.toISOString();
    const email = normalizeEmail(input.email);
    const member: Member = { id: input.userId, email, role: input.role, org_id: input.orgId, confirmed: false, joined: input.joined, created_at: at, updated_at: at };
    const abandoned = input.replaces ? await this.abandonedMembership(input.replaces, email) : [];
    const items: TransactItem[] = [
      { Put: { TableName: this.tableName, Item: { ...memberKey(input.orgId, input.userId), kind: 'member', ...member }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { TableName: this.tableName, Item: { PK: `M#${input.userId}`, SK: 'M', kind: 'member-pointer', orgId: input.orgId }, ConditionExpression: 'attribute_not_exists(PK)' } },
      {
        Put: {
          TableName: this.tableName,
          Item: { ...emailKey(email), kind: 'email-pointer', userId: input.userId, orgId: input.orgId },
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
          TableName: this.tableName,
          Item: { ...orgKey(input.newOrg.id), kind: 'organization', id: input.newOrg.id, name: input.newOrg.name, created_at: at, [ADMIN_COUNT_ATTRIBUTE]: 0 },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      });
    }
    if (input.inviteCode) {
      items.push({
        Delete: {
          TableName: this.tableName,
          Key: inviteKey(input.inviteCode),
          ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now AND email = :email',
          ExpressionAttributeValues: { ':now': at, ':email': email },
        },
      });
    }
    try {
      await this.doc.send(new TransactWriteCommand({ TransactItems: items }));
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
  async confirm(email: string, now: Date, options: { adminRole: string; firstConfirmedBecomes?: string }): Promise<Member | null> {
    const pointer = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: emailKey(normalizeEmail(email)), ConsistentRead: true }));
    if (!pointer.Item) return null;
    const userId = pointer.Item.userId as string;
    const orgId = (pointer.Item.orgId as string | null) ?? null;
    const member = await this.getMember(orgId, userId);
    if (!member) return null;
    const at = now.toISOString();
    if (options.firstConfirmedBecomes && member.joined === 'signup' && !member.confirmed) {
      const role = options.firstConfirmedBecomes;
      try {
        await this.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: this.tableName, Item: { PK: 'META', SK: 'FIRST_ADMIN', userId, at }, ConditionExpression: 'attribute_not_exists(PK)' } },
              {
                Update: {
                  TableName: this.tableName,
                  Key: memberKey(orgId, userId),
                  UpdateExpression: 'SET #role = :role, confirmed = :true, updated_at = :at',
                  ConditionExpression: 'attribute_exists(PK)',
                  ExpressionAttributeNames: { '#role': 'role' },
                  ExpressionAttributeValues: { ':role': role, ':true': true, ':at': at },
                },
              },
              // Nobody was admin before the first admin (single-tenant projects have no invitations,
              // and only an admin changes roles), so the counter starts here, whether or not it exists.
              ...(role === options.adminRole
                ? [{ Update: { TableName: this.tableName, Key: orgKey(orgId), UpdateExpression: 'SET kind = :kind ADD #count :one', ExpressionAttributeNames: { '#count': ADMIN_COUNT_ATTRIBUTE }, ExpressionAttributeValues: { ':kind': 'organization', ':one': 1 } } }]
                : []),
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
    await this.guardedWrite({ orgId, adminRole: options.adminRole }, async () => {
      const current = await this.getMember(orgId, userId);
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
              TableName: this.tableName,
              Key: memberKey(orgId, userId),
              UpdateExpression: 'SET confirmed = :true, updated_at = :at',
              ConditionExpression: 'confirmed = :false AND #role = :role',
              ExpressionAttributeNames: { '#role': 'role' },
              ExpressionAttributeValues: { ':true': true, ':false': false, ':at': at, ':role': current.role },
            },
          },
        },
        ...(current.role === options.adminRole ? [this.counterChange(orgId, 1)] : []),
      ];
    });
    return confirmed;
  }

  /** Members of the organization (one Query), in id order; cursors bound to project and organization. */
  async list(orgId: string | null, limit: number, cursor?: string): Promise<MemberPage> {
    const scope = `users|${this.projectId}|${orgId ?? '-'}`;
    const start = cursor === undefined ? undefined : decodeCursor(cursor, scope, this.cursorSecret);
    if (start && (start.PK !== memberKey(orgId, '').PK || typeof start.SK !== 'string')) throw new ValidationError('Invalid cursor', [{ path: 'cursor', message: 'is not a cursor of this list' }]);
    const page = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': memberKey(orgId, '').PK },
        Limit: limit,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    const last = page.LastEvaluatedKey as Record<string, string> | undefined;
    return {
      items: (page.Items ?? []).map(toMember),
      nextCursor: last ? encodeCursor({ PK: last.PK as string, SK: last.SK as string }, scope, this.cursorSecret) : null,
    };
  }

  /**
   * Changes a member's role (their tokens carry it from their next sign-in or refresh). 404
   * when the member is not in the organization; 409 when it would take the organization's last
   * confirmed admin; 403 when the acting member is no longer an admin.
   */
  async setRole(input: MemberManagement & { userId: string; role: string; now: Date }): Promise<Member> {
    const at = input.now.toISOString();
    let updated: Member | undefined;
    await this.guardedWrite(input, async () => {
      const target = await this.getMember(input.orgId, input.userId);
      if (!target) throw new NotFoundError('No such user');
      updated = { ...target, role: input.role, updated_at: at };
      const delta = Number(isCountedAdmin(updated, input.adminRole)) - Number(isCountedAdmin(target, input.adminRole));
      return [
        ...this.actorCheck(input, input.userId),
        {
          part: 'target',
          item: {
            Update: {
              TableName: this.tableName,
              Key: memberKey(input.orgId, input.userId),
              UpdateExpression: 'SET #role = :role, updated_at = :at',
              ConditionExpression: '#role = :old AND confirmed = :confirmed',
              ExpressionAttributeNames: { '#role': 'role' },
              ExpressionAttributeValues: { ':role': input.role, ':at': at, ':old': target.role, ':confirmed': target.confirmed },
            },
          },
        },
        ...(delta === 0 ? [] : [this.counterChange(input.orgId, delta)]),
      ];
    });
    return updated as Member;
  }

  /**
   * Removes a member from the organization: the member item (the User record) and both pointers
   * (`M#<userId>`, `EMAIL#<email>`) in one transaction, so the user belongs to no organization
   * of this project any more; their account stays in the identity pool. 404, 409 (last admin)
   * and 403 as setRole. Returns the removed member.
   */
  async remove(input: MemberManagement & { userId: string }): Promise<Member> {
    let removed: Member | undefined;
    await this.guardedWrite(input, async () => {
      const target = await this.getMember(input.orgId, input.userId);
      if (!target) throw new NotFoundError('No such user');
      removed = target;
      return [
        ...this.actorCheck(input, input.userId),
        {
          part: 'target',
          item: {
            Delete: {
              TableName: this.tableName,
              Key: memberKey(input.orgId, input.userId),
              ConditionExpression: '#role = :old AND confirmed = :confirmed',
              ExpressionAttributeNames: { '#role': 'role' },
              ExpressionAttributeValues: { ':old': target.role, ':confirmed': target.confirmed },
            },
          },
        },
        { part: 'other', item: { Delete: { TableName: this.tableName, Key: { PK: `M#${input.userId}`, SK: 'M' } } } },
        {
          part: 'other',
          item: {
            Delete: {
              TableName: this.tableName,
              Key: emailKey(target.email),
              ConditionExpression: 'attribute_not_exists(PK) OR userId = :user',
              ExpressionAttributeValues: { ':user': input.userId },
            },
          },
        },
        ...(isCountedAdmin(target, input.adminRole) ? [this.counterChange(input.orgId, -1)] : []),
      ];
    });
    return removed as Member;
  }

  // --- member-management writes ---------------------------------------------------------------

  /**
   * Runs a member-management transaction built by `build` (which reads what it needs; null:
   * nothing to write), explaining its cancellation: the acting member no longer an admin ->
   * 403; the counter refusing a decrement -> 409 (last admin), or initialising it when it is
   * missing; the target changed meanwhile, or a concurrent transaction -> read and try again.
   */
  private async guardedWrite(scope: Pick<MemberManagement, 'orgId' | 'adminRole'>, build: () => Promise<GuardedItem[] | null>): Promise<void> {
    for (let round = 1; ; round++) {
      const parts = await build();
      if (!parts || parts.length === 0) return;
      try {
        await this.doc.send(new TransactWriteCommand({ TransactItems: parts.map((p) => p.item) }));
        return;
      } catch (err) {
        const reasons = cancellationCodes(err);
        if (reasons.length === 0) throw err;
        const failed = (part: GuardedItem['part']) => parts.some((p, i) => p.part === part && reasons[i] === 'ConditionalCheckFailed');
        if (failed('actor')) throw new ForbiddenError('Only an admin may manage members');
        if (failed('counter')) {
          const org = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: orgKey(scope.orgId), ConsistentRead: true }));
          const count = org.Item?.[ADMIN_COUNT_ATTRIBUTE];
          if (typeof count !== 'number') await this.initAdminCount(scope.orgId, scope.adminRole);
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
  private actorCheck(input: MemberManagement, targetId: string): GuardedItem[] {
    if (input.actorId === targetId) return [];
    return [{
      part: 'actor',
      item: {
        ConditionCheck: {
          TableName: this.tableName,
          Key: memberKey(input.orgId, input.actorId),
          ConditionExpression: '#role = :admin',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':admin': input.adminRole },
        },
      },
    }];
  }

  /** `adminCount` + delta; a decrement keeps at least one admin. */
  private counterChange(orgId: string | null, delta: number): GuardedItem {
    return {
      part: 'counter',
      item: {
        Update: {
          TableName: this.tableName,
          Key: orgKey(orgId),
          UpdateExpression: 'SET #count = #count + :delta',
          ConditionExpression: delta < 0 ? '#count > :one' : 'attribute_exists(#count)',
          ExpressionAttributeNames: { '#count': ADMIN_COUNT_ATTRIBUTE },
          ExpressionAttributeValues: { ':delta': delta, ...(delta < 0 ? { ':one': 1 } : {}) },
        },
      },
    };
  }

  /** Counts the organization's confirmed admins (organizations from before the counter) and stores the count, unless another request just did. */
  private async initAdminCount(orgId: string | null, adminRole: string): Promise<void> {
    let count = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
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
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: orgKey(orgId),
          UpdateExpression: 'SET #count = :count, kind = if_not_exists(kind, :kind)',
          ConditionExpression: 'attribute_not_exists(#count)',
          ExpressionAttributeNames: { '#count': ADMIN_COUNT_ATTRIBUTE },
          ExpressionAttributeValues: { ':count': count, ':kind': 'organization' },
        }),
      );
    } catch (err) {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    }
  }

  /**
   * The delete part of a join that replaces an abandoned account: its member item (only while
   * still unconfirmed) and user pointer, and the organization it founded (which nobody else can
   * have joined: it never had a confirmed admin to invite anyone).
   */
  private async abandonedMembership(userId: string, email: string): Promise<TransactItem[]> {
    const pointer = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: { PK: `M#${userId}`, SK: 'M' }, ConsistentRead: true }));
    const byEmail = pointer.Item ? undefined : await this.doc.send(new GetCommand({ TableName: this.tableName, Key: emailKey(email), ConsistentRead: true }));
    if (!pointer.Item && byEmail?.Item?.userId !== userId) return [];
    const orgId = ((pointer.Item ?? byEmail?.Item)?.orgId as string | null | undefined) ?? null;
    const member = await this.getMember(orgId, userId);
    const items: TransactItem[] = [];
    if (pointer.Item) items.push({ Delete: { TableName: this.tableName, Key: { PK: `M#${userId}`, SK: 'M' } } });
    if (!member) return items;
    items.push({
      Delete: {
        TableName: this.tableName,
        Key: memberKey(orgId, userId),
        ConditionExpression: 'confirmed = :false',
        ExpressionAttributeValues: { ':false': false },
      },
    });
    if (member.joined === 'org' && orgId !== null) {
      items.push({
        Delete: {
          TableName: this.tableName,
          Key: orgKey(orgId),
          ConditionExpression: 'attribute_not_exists(#count) OR #count = :zero',
          ExpressionAttributeNames: { '#count': ADMIN_COUNT_ATTRIBUTE },
          ExpressionAttributeValues: { ':zero': 0 },
        },
      });
    }
    return items;
  }
}

const emailKey = (email: string): ItemKey => ({ PK: `EMAIL#${email}`, SK: 'M' });

/** A member the admin counter counts: confirmed, with the admin role. */
const isCountedAdmin = (member: Pick<Member, 'role' | 'confirmed'>, adminRole: string): boolean => member.confirmed && member.role === adminRole;

const inviteKey = (code: string): { PK: string; SK: string } => ({ PK: `INVITE#${hashCode(code)}`, SK: 'I' });

function toMember(item: Record<string, unknown>): Member {
  const out: Record<string, unknown> = {};
  for (const name of MEMBER_ATTRIBUTES) out[name] = item[name] ?? (name === 'org_id' ? null : undefined);
  return out as unknown as Member;
}

