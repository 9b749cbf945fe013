/**
 * The membership store's member management against DynamoDB Local (issue 21 item 1): the admin
 * counter kept exact by every write that changes the confirmed admins, organizations written
 * before the counter (counted on first use, also when the first uses race), the acting admin
 * re-checked in the write, and a signup's replacement of an abandoned membership.
 */
import { randomBytes } from 'node:crypto';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lambdas/core/errors';
import { ADMIN_COUNT_ATTRIBUTE, DynamoMembershipStore } from '../../lambdas/adapters/project-data/membership-store';
import { memberKey, orgKey } from '../../lambdas/adapters/project-data/project-table-keys';
import { ensureProjectTable } from '../../lambdas/adapters/project-data/project-table';
import { testDynamoClient } from '../support/dynamo';

const ADMIN = 'admin';
const client = testDynamoClient();
const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
const tableName = `t-members-${randomBytes(4).toString('hex')}`;
const store = new DynamoMembershipStore({ doc, tableName, projectId: 'p1', cursorSecret: 'secret' });
const now = new Date('2026-11-25T12:00:00Z');

beforeAll(() => ensureProjectTable(client, tableName));
afterAll(() => client.destroy());

const newId = () => randomBytes(8).toString('hex');

/** An organization and its members as the code before the admin counter wrote them: no adminCount. */
async function oldOrganization(members: { role: string; confirmed: boolean }[]): Promise<{ orgId: string; ids: string[] }> {
  const orgId = newId();
  await doc.send(new PutCommand({ TableName: tableName, Item: { ...orgKey(orgId), kind: 'organization', id: orgId, name: 'Old', created_at: now.toISOString() } }));
  const ids: string[] = [];
  for (const [i, m] of members.entries()) {
    const id = newId();
    ids.push(id);
    const email = `${id}@example.org`;
    const member = { id, email, role: m.role, org_id: orgId, confirmed: m.confirmed, joined: i === 0 ? 'org' : 'invite', created_at: now.toISOString(), updated_at: now.toISOString() };
    await doc.send(new PutCommand({ TableName: tableName, Item: { ...memberKey(orgId, id), kind: 'member', ...member } }));
    await doc.send(new PutCommand({ TableName: tableName, Item: { PK: `M#${id}`, SK: 'M', kind: 'member-pointer', orgId } }));
    await doc.send(new PutCommand({ TableName: tableName, Item: { PK: `EMAIL#${email}`, SK: 'M', kind: 'email-pointer', userId: id, orgId } }));
  }
  return { orgId, ids };
}

/** The confirmed admins as the member items say, and the counter. */
async function adminState(orgId: string | null): Promise<{ actual: number; counter: unknown }> {
  const members = await doc.send(new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': memberKey(orgId, '').PK }, ConsistentRead: true }));
  const actual = (members.Items ?? []).filter((m) => m.role === ADMIN && m.confirmed === true).length;
  const org = await doc.send(new GetCommand({ TableName: tableName, Key: orgKey(orgId), ConsistentRead: true }));
  return { actual, counter: org.Item?.[ADMIN_COUNT_ATTRIBUTE] };
}

const demote = (orgId: string, actorId: string, userId: string) => store.setRole({ orgId, actorId, adminRole: ADMIN, userId, role: 'viewer', now });
const outcome = (p: Promise<unknown>) => p.then(() => 'ok', (err: unknown) => (err instanceof ConflictError ? 409 : err instanceof ForbiddenError ? 403 : err));

describe('the admin counter', () => {
  it('three admins of an old organization demoting each other in a ring, all at once: an admin always remains, and the counter is exact', async () => {
    for (let round = 0; round < 6; round++) {
      const { orgId, ids } = await oldOrganization([
        { role: ADMIN, confirmed: true },
        { role: ADMIN, confirmed: true },
        { role: ADMIN, confirmed: true },
      ]);
      const [a, b, c] = ids as [string, string, string];
      const results = await Promise.all([outcome(demote(orgId, a, b)), outcome(demote(orgId, b, c)), outcome(demote(orgId, c, a))]);
      for (const r of results) expect(['ok', 403, 409]).toContain(r);
      const state = await adminState(orgId);
      expect(state.actual).toBeGreaterThanOrEqual(1);
      expect(state.counter).toBe(state.actual);
      expect(results.filter((r) => r === 'ok')).toHaveLength(3 - state.actual);
    }
  });

  it('counts only confirmed admins, and keeps the count through promotion, confirmation and removal', async () => {
    const { orgId, ids } = await oldOrganization([
      { role: ADMIN, confirmed: true },
      { role: 'member', confirmed: true },
      { role: ADMIN, confirmed: false },
    ]);
    const [founder, member, pending] = ids as [string, string, string];
    // The unconfirmed admin keeps nobody safe.
    await expect(demote(orgId, founder, founder)).rejects.toBeInstanceOf(ConflictError);
    expect(await adminState(orgId)).toEqual({ actual: 1, counter: 1 });
    await store.confirm(`${pending}@example.org`, now, { adminRole: ADMIN });
    expect(await adminState(orgId)).toEqual({ actual: 2, counter: 2 });
    await store.setRole({ orgId, actorId: founder, adminRole: ADMIN, userId: member, role: ADMIN, now });
    expect(await adminState(orgId)).toEqual({ actual: 3, counter: 3 });
    await store.remove({ orgId, actorId: member, adminRole: ADMIN, userId: founder });
    await demote(orgId, member, pending);
    expect(await adminState(orgId)).toEqual({ actual: 1, counter: 1 });
    await expect(store.remove({ orgId, actorId: member, adminRole: ADMIN, userId: member })).rejects.toBeInstanceOf(ConflictError);
    expect((await doc.send(new GetCommand({ TableName: tableName, Key: { PK: `M#${founder}`, SK: 'M' } }))).Item).toBeUndefined();
    await expect(store.remove({ orgId, actorId: member, adminRole: ADMIN, userId: founder })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses an actor who is no longer an admin in the write itself (403), changing nothing', async () => {
    const { orgId, ids } = await oldOrganization([
      { role: ADMIN, confirmed: true },
      { role: 'viewer', confirmed: true },
      { role: 'member', confirmed: true },
    ]);
    const [, viewer, member] = ids as [string, string, string];
    await expect(store.setRole({ orgId, actorId: viewer, adminRole: ADMIN, userId: member, role: ADMIN, now })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(store.remove({ orgId, actorId: viewer, adminRole: ADMIN, userId: member })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(store.createInvitation({ orgId, actorId: viewer, adminRole: ADMIN, code: newId(), email: 'x@example.org', role: ADMIN, expiresAt: new Date(now.getTime() + 60_000) })).rejects.toBeInstanceOf(ForbiddenError);
    expect((await store.getMember(orgId, member))?.role).toBe('member');
  });

  it('single-tenant: the first confirmed admin starts the counter of the project', async () => {
    // Its own table: the first-admin marker is one per project.
    const singleTable = `t-members-single-${randomBytes(4).toString('hex')}`;
    await ensureProjectTable(client, singleTable);
    const s = new DynamoMembershipStore({ doc, tableName: singleTable, projectId: 'single' });
    const first = newId();
    const second = newId();
    await s.join({ userId: first, email: `${first}@example.org`, role: 'reader', orgId: null, joined: 'signup', now });
    await s.join({ userId: second, email: `${second}@example.org`, role: 'reader', orgId: null, joined: 'signup', now });
    await s.confirm(`${first}@example.org`, now, { adminRole: ADMIN, firstConfirmedBecomes: ADMIN });
    await s.confirm(`${second}@example.org`, now, { adminRole: ADMIN, firstConfirmedBecomes: ADMIN });
    const counter = (await doc.send(new GetCommand({ TableName: singleTable, Key: orgKey(null), ConsistentRead: true }))).Item?.[ADMIN_COUNT_ATTRIBUTE];
    expect(counter).toBe(1);
    await expect(s.setRole({ orgId: null, actorId: first, adminRole: ADMIN, userId: first, role: 'reader', now })).rejects.toBeInstanceOf(ConflictError);
    await s.setRole({ orgId: null, actorId: first, adminRole: ADMIN, userId: second, role: ADMIN, now });
    await s.setRole({ orgId: null, actorId: first, adminRole: ADMIN, userId: first, role: 'reader', now });
    expect((await doc.send(new GetCommand({ TableName: singleTable, Key: orgKey(null), ConsistentRead: true }))).Item?.[ADMIN_COUNT_ATTRIBUTE]).toBe(1);
  });
});

describe('a signup that replaced an abandoned account', () => {
  it('takes over the email pointer and deletes the abandoned member, its pointer and the organization it founded, in one transaction', async () => {
    const abandoned = newId();
    const email = `${abandoned}@example.org`;
    const oldOrg = newId();
    await store.join({ userId: abandoned, email, role: ADMIN, orgId: oldOrg, joined: 'org', newOrg: { id: oldOrg, name: 'Abandoned' }, now });
    const fresh = newId();
    const newOrg = newId();
    await store.join({ userId: fresh, email, role: ADMIN, orgId: newOrg, joined: 'org', newOrg: { id: newOrg, name: 'Fresh' }, replaces: abandoned, now });
    const get = async (Key: { PK: string; SK: string }) => (await doc.send(new GetCommand({ TableName: tableName, Key, ConsistentRead: true }))).Item;
    expect(await get({ PK: `M#${abandoned}`, SK: 'M' })).toBeUndefined();
    expect(await get(memberKey(oldOrg, abandoned))).toBeUndefined();
    expect(await get(orgKey(oldOrg))).toBeUndefined();
    expect((await get({ PK: `EMAIL#${email}`, SK: 'M' }))?.userId).toBe(fresh);
    expect(await store.membershipOf(fresh)).toEqual({ userId: fresh, orgId: newOrg, role: ADMIN });
  });

  it('without `replaces`, a taken email pointer is still a conflict', async () => {
    const first = newId();
    const email = `${first}@example.org`;
    await store.join({ userId: first, email, role: 'member', orgId: null, joined: 'signup', now });
    await expect(store.join({ userId: newId(), email, role: 'member', orgId: null, joined: 'signup', now })).rejects.toBeInstanceOf(ConflictError);
  });
});
