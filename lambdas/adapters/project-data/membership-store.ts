/**
 * Members, organizations and invitations of a generated project API, in the project's table
 * (CONTRACT "Membership"). The member item IS the built-in `User` entity's record
 * (`<o>E#User` / `<userId>`, lambdas/ports/record-store.ts), so `ref(User)` fields check their
 * target in the same key space and another organization's member is simply not found.
 *
 *   member         PK `<o>E#User`              SK `<userId>`   id, email, role, org_id?, confirmed, joined
 *   user pointer   PK `M#<userId>`             SK `M`          orgId: which organization (tokens, /auth/me)
 *   email pointer  PK `EMAIL#<email>`          SK `M`          userId, orgId: confirm and reset find the member
 *   organization   PK `O#<orgId>#ORG`          SK `ORG`        id, name, created_at
 *   invitation     PK `INVITE#<sha256(code)>`  SK `I`          orgId, email, role, expiresAt, _ttl (the code itself is never stored)
 *   first admin    PK `META`                   SK `FIRST_ADMIN` single-tenant: who became admin by confirming first
 *
 * Joining writes the member, both pointers and the organization or the used invitation in ONE
 * transaction, so a member never exists half-made and an invitation is used at most once.
 */
import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { decodeCursor, encodeCursor } from '../../core/cursor';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import { USER_ENTITY } from '../../core/blueprint/ir';
import type { Membership, MembershipLookup } from '../../ports/membership';
import { PROJECT_TTL_ATTRIBUTE, recordKey, type ItemKey } from './project-table';
import { cancellationCodes } from '../dynamodb/transaction-errors';

/** The prefix of every key of a tenant-scoped item of an organization ('' when single-tenant). */
export const orgPrefix = (orgId: string | null): string => (orgId === null ? '' : `O#${orgId}#`);

/** The member item: the User entity's record in the record store's layout (project-table.ts). */
export const memberKey = (orgId: string | null, userId: string): ItemKey => recordKey(orgPrefix(orgId), USER_ENTITY, userId);

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
  now: Date;
}

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

  async createInvitation(input: { code: string; orgId: string | null; email: string; role: string; expiresAt: Date; createdBy: string }): Promise<Invitation> {
    const invitation: Invitation = { orgId: input.orgId, email: normalizeEmail(input.email), role: input.role, expiresAt: input.expiresAt.toISOString() };
    await this.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.tableName,
              Item: { ...inviteKey(input.code), kind: 'invitation', ...invitation, createdBy: input.createdBy, [PROJECT_TTL_ATTRIBUTE]: Math.ceil(input.expiresAt.getTime() / 1000) },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
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
    const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
      { Put: { TableName: this.tableName, Item: { ...memberKey(input.orgId, input.userId), kind: 'member', ...member }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { TableName: this.tableName, Item: { PK: `M#${input.userId}`, SK: 'M', kind: 'member-pointer', orgId: input.orgId }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { TableName: this.tableName, Item: { PK: `EMAIL#${email}`, SK: 'M', kind: 'email-pointer', userId: input.userId, orgId: input.orgId }, ConditionExpression: 'attribute_not_exists(PK)' } },
    ];
    if (input.newOrg) {
      items.push({
        Put: { TableName: this.tableName, Item: { PK: `O#${input.newOrg.id}#ORG`, SK: 'ORG', kind: 'organization', id: input.newOrg.id, name: input.newOrg.name, created_at: at }, ConditionExpression: 'attribute_not_exists(PK)' },
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
   * so two simultaneous confirmations cannot both win.
   */
  async confirm(email: string, now: Date, options: { firstConfirmedBecomes?: string }): Promise<Member | null> {
    const pointer = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: { PK: `EMAIL#${normalizeEmail(email)}`, SK: 'M' }, ConsistentRead: true }));
    if (!pointer.Item) return null;
    const userId = pointer.Item.userId as string;
    const orgId = (pointer.Item.orgId as string | null) ?? null;
    const member = await this.getMember(orgId, userId);
    if (!member) return null;
    const at = now.toISOString();
    if (options.firstConfirmedBecomes && member.joined === 'signup' && !member.confirmed) {
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
                  ExpressionAttributeValues: { ':role': options.firstConfirmedBecomes, ':true': true, ':at': at },
                },
              },
            ],
          }),
        );
        return { ...member, role: options.firstConfirmedBecomes, confirmed: true, updated_at: at };
      } catch (err) {
        if (cancellationCodes(err)[0] !== 'ConditionalCheckFailed') throw err;
        // Someone confirmed first: this member keeps the default role.
      }
    }
    if (member.confirmed) return member;
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: memberKey(orgId, userId),
        UpdateExpression: 'SET confirmed = :true, updated_at = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':true': true, ':at': at },
      }),
    );
    return { ...member, confirmed: true, updated_at: at };
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

  /** Changes a member's role (takes effect at their next token refresh). */
  async setRole(orgId: string | null, userId: string, role: string, now: Date): Promise<Member> {
    try {
      const updated = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: memberKey(orgId, userId),
          UpdateExpression: 'SET #role = :role, updated_at = :at',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':role': role, ':at': now.toISOString() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toMember(updated.Attributes ?? {});
    } catch (err) {
      if ((err as { name?: string }).name === 'ConditionalCheckFailedException') throw new NotFoundError('No such user');
      throw err;
    }
  }
}

const inviteKey = (code: string): { PK: string; SK: string } => ({ PK: `INVITE#${hashCode(code)}`, SK: 'I' });

function toMember(item: Record<string, unknown>): Member {
  const out: Record<string, unknown> = {};
  for (const name of MEMBER_ATTRIBUTES) out[name] = item[name] ?? (name === 'org_id' ? null : undefined);
  return out as unknown as Member;
}

