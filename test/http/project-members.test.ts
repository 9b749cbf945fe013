/**
 * Member management and signup of a deployed project API, over HTTP (issue 21, items 1 and 6;
 * CONTRACT "Generated project API", "Membership"):
 * - member management decides on the caller's role as stored, not on the token's claim, so a
 *   demoted admin's old token manages nothing;
 * - the last (confirmed) admin of an organization, or of a single-tenant project, can never be
 *   demoted or removed, even by two admins demoting each other at the same moment, and
 *   organizations written before the admin counter existed keep working;
 * - `DELETE /v1/users/{id}` removes a member; a role change or a removal revokes the member's
 *   refresh tokens;
 * - signup answers the same whether or not the email is taken, mails the owner instead, and
 *   replaces an unconfirmed account only once its code has expired.
 */
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ManualClock } from '../../lambdas/core/clock';
import { goldenIr } from '../support/golden-ir';
import { callApi, startTestService, type TestService } from '../support/local-service';
import { deployIr, invite, joinProject, latestCode, login, newProjectAccount, type ProjectApiClient, type ProjectUser } from '../support/project-api';

const clock = new ManualClock(Date.now());
let service: TestService;
let api: ProjectApiClient;
let doc: DynamoDBDocumentClient;

beforeAll(async () => {
  service = await startTestService({ clock });
  api = await deployIr(service, goldenIr('01-task-tracker'));
  doc = DynamoDBDocumentClient.from(service.dynamoClient);
});
afterAll(() => service.stop());

const tableOf = (project: ProjectApiClient) => service.projects.tableNameOf(project.projectId);

/** Roles by user id, as an admin lists them. */
async function roles(project: ProjectApiClient, admin: ProjectUser): Promise<Record<string, string>> {
  const list = await project.request('GET', '/v1/users', { token: admin.accessToken });
  expect(list.status).toBe(200);
  return Object.fromEntries(list.body.items.map((u: { id: string; role: string }) => [u.id, u.role]));
}

async function orgIdOf(project: ProjectApiClient, user: ProjectUser): Promise<string> {
  return (await project.request('GET', '/auth/me', { token: user.accessToken })).body.org_id as string;
}

/** An organization with two confirmed admins: its founder and an invited admin. */
async function twoAdmins(name: string): Promise<{ a: ProjectUser; b: ProjectUser }> {
  const a = await joinProject(service, api, { orgName: name });
  const b = await invite(service, api, a, 'admin');
  return { a, b };
}

/** Signs in again (after a revoked refresh token). */
const relogin = (project: ProjectApiClient, user: ProjectUser) => login(project, { email: user.email, password: user.password }, user.userId);

const setRole = (project: ProjectApiClient, caller: ProjectUser, target: ProjectUser, role: string) =>
  project.request('PUT', `/v1/users/${target.userId}/role`, { token: caller.accessToken, body: { role } });
const remove = (project: ProjectApiClient, caller: ProjectUser, target: ProjectUser) => project.request('DELETE', `/v1/users/${target.userId}`, { token: caller.accessToken });

async function mailTo(project: ProjectApiClient, email: string): Promise<{ subject: string; body: string; code: string }[]> {
  const res = await callApi(service.url, 'GET', `/_local/mail?to=${encodeURIComponent(email)}&project=${encodeURIComponent(project.projectId)}`);
  return res.body.items;
}

describe('member management decides on the role as stored', () => {
  it("a demoted admin's old token cannot re-promote him, nor manage members (403); his refresh token is revoked", async () => {
    const { a, b } = await twoAdmins('Demotions');
    expect((await setRole(api, b, a, 'viewer')).status).toBe(200);

    // A's access token still says admin: member management does not believe it.
    const repromote = await setRole(api, a, a, 'admin');
    expect(repromote.status).toBe(403);
    expect(repromote.body.code).toBe('FORBIDDEN');
    expect((await setRole(api, a, b, 'viewer')).status).toBe(403);
    expect((await remove(api, a, b)).status).toBe(403);
    expect((await api.request('GET', '/v1/users', { token: a.accessToken })).status).toBe(403);
    expect((await api.request('POST', '/v1/invitations', { token: a.accessToken, body: { email: newProjectAccount().email, role: 'admin' } })).status).toBe(403);
    expect(await roles(api, b)).toEqual({ [a.userId]: 'viewer', [b.userId]: 'admin' });

    // The role change revoked A's refresh token; signing in again gives the stored role.
    const refresh = await api.request('POST', '/auth/refresh', { body: { refreshToken: a.refreshToken } });
    expect(refresh.status).toBe(401);
    expect(refresh.body.code).toBe('UNAUTHORIZED');
    const again = await relogin(api, a);
    expect((await api.request('GET', '/auth/me', { token: again.accessToken })).body.role).toBe('viewer');
  });

  it('two admins demoting each other at the same moment: exactly one succeeds and the organization keeps an admin', async () => {
    for (let round = 0; round < 4; round++) {
      const { a, b } = await twoAdmins(`Race ${round}`);
      const [byA, byB] = await Promise.all([setRole(api, a, b, 'viewer'), setRole(api, b, a, 'viewer')]);
      const statuses = [byA.status, byB.status].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const winner = byA.status === 200 ? a : b;
      const listed = await roles(api, winner);
      expect(Object.values(listed).filter((role) => role === 'admin')).toHaveLength(1);
      expect(listed[winner.userId]).toBe('admin');
    }
  });

  it('the last admin can be neither demoted nor removed (409); an unconfirmed admin does not count', async () => {
    const a = await joinProject(service, api, { orgName: 'Last Admin' });
    const demote = await setRole(api, a, a, 'member');
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe('CONFLICT');
    const leave = await remove(api, a, a);
    expect(leave.status).toBe(409);
    expect(leave.body.code).toBe('CONFLICT');

    // Invited as admin but never confirmed: cannot act, so it keeps nobody safe.
    const pending = newProjectAccount('pending');
    const inv = await api.request('POST', '/v1/invitations', { token: a.accessToken, body: { email: pending.email, role: 'admin' } });
    expect((await api.request('POST', '/auth/signup', { body: { ...pending, inviteCode: inv.body.inviteCode } })).status).toBe(201);
    expect((await setRole(api, a, a, 'member')).status).toBe(409);

    // A confirmed second admin: now A may step down, and B is the last one.
    const b = await invite(service, api, a, 'admin');
    expect((await setRole(api, a, a, 'member')).status).toBe(200);
    expect((await setRole(api, b, b, 'viewer')).status).toBe(409);
    expect((await remove(api, b, b)).status).toBe(409);
    expect(await roles(api, b)).toMatchObject({ [a.userId]: 'member', [b.userId]: 'admin' });
  });

  it('DELETE /v1/users/{id}: 204, the member is gone from the list, their refresh token is 401, their account has no role', async () => {
    const admin = await joinProject(service, api, { orgName: 'Removals' });
    const member = await invite(service, api, admin, 'member');
    const stranger = await joinProject(service, api, { orgName: 'Elsewhere Inc' });
    const project = await api.request('POST', '/v1/projects', { token: admin.accessToken, body: { name: 'Kept' } });
    const task = await api.request('POST', '/v1/tasks', { token: member.accessToken, body: { title: 'Mine', project_id: project.body.id } });
    expect(task.status).toBe(201);

    // Another organization's admin does not see the member at all.
    expect((await remove(api, stranger, member)).status).toBe(404);
    const removed = await remove(api, admin, member);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');

    expect(Object.keys(await roles(api, admin))).toEqual([admin.userId]);
    expect((await api.request('GET', `/v1/users/${member.userId}`, { token: admin.accessToken })).status).toBe(404);
    expect((await remove(api, admin, member)).status).toBe(404);
    const refresh = await api.request('POST', '/auth/refresh', { body: { refreshToken: member.refreshToken } });
    expect(refresh.status).toBe(401);
    // Their records stay with the organization.
    expect((await api.request('GET', `/v1/tasks/${task.body.id}`, { token: admin.accessToken })).status).toBe(200);

    // The account stays in the pool but belongs to no organization: signing in works, nothing else.
    const again = await relogin(api, member);
    expect((await api.request('GET', '/v1/tasks', { token: again.accessToken })).status).toBe(403);
    expect((await api.request('GET', '/auth/me', { token: again.accessToken })).status).toBe(403);
    // No pointer is left that ties the user to the organization.
    const table = tableOf(api);
    expect((await doc.send(new GetCommand({ TableName: table, Key: { PK: `M#${member.userId}`, SK: 'M' } }))).Item).toBeUndefined();
    expect((await doc.send(new GetCommand({ TableName: table, Key: { PK: `EMAIL#${member.email}`, SK: 'M' } }))).Item).toBeUndefined();
  });

  it('organizations written before the admin counter: counted on first use, and still guarded against a race', async () => {
    const { a, b } = await twoAdmins('Old Data');
    const table = tableOf(api);
    const orgKey = { PK: `O#${await orgIdOf(api, a)}#ORG`, SK: 'ORG' };
    // As the code before the counter wrote it: the organization item without adminCount.
    await doc.send(new UpdateCommand({ TableName: table, Key: orgKey, UpdateExpression: 'REMOVE adminCount' }));

    const [byA, byB] = await Promise.all([setRole(api, a, b, 'viewer'), setRole(api, b, a, 'viewer')]);
    expect([byA.status, byB.status].filter((status) => status === 200)).toHaveLength(1);
    const winner = byA.status === 200 ? a : b;
    expect((await setRole(api, winner, winner, 'member')).status).toBe(409);
    expect((await doc.send(new GetCommand({ TableName: table, Key: orgKey }))).Item?.adminCount).toBe(1);
  });

  it('single-tenant: the project keeps an admin, also when it was written before the counter', async () => {
    const blog = await deployIr(service, goldenIr('02-recipe-blog'));
    const first = await joinProject(service, blog);
    const second = await joinProject(service, blog);
    // As before the counter: no organization item at all.
    await doc.send(new DeleteCommand({ TableName: tableOf(blog), Key: { PK: 'ORG', SK: 'ORG' } }));

    expect((await setRole(blog, first, first, 'reader')).status).toBe(409);
    expect((await remove(blog, first, first)).status).toBe(409);
    const adminRole = goldenIr('02-recipe-blog').adminRole;
    expect((await setRole(blog, first, second, adminRole)).status).toBe(200);
    const second2 = await relogin(blog, second);
    expect((await remove(blog, second2, first)).status).toBe(204);
    expect((await setRole(blog, second2, second2, 'reader')).status).toBe(409);
    expect(Object.keys(await roles(blog, second2))).toEqual([second.userId]);
  });
});

describe('signup does not tell who has an account', () => {
  it('a taken email gets the same status and body shape as a new one; the owner is emailed; nothing changes', async () => {
    const owner = await joinProject(service, api, { orgName: 'Owners' });
    const fresh = await api.request('POST', '/auth/signup', { body: { ...newProjectAccount(), orgName: 'Fresh Co' } });
    const taken = await api.request('POST', '/auth/signup', { body: { email: owner.email.toUpperCase(), password: 'An0ther-Passw0rd', orgName: 'Takeover' } });
    expect(taken.status).toBe(fresh.status);
    expect(taken.status).toBe(201);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(taken.body).toEqual({ userId: expect.any(String), email: owner.email, confirmed: false });
    expect(taken.body.userId).not.toBe(owner.userId);

    const [notice] = await mailTo(api, owner.email);
    expect(notice?.subject).toBe('Sign-up attempt with your email address');
    expect(notice?.code).toBe('');
    // The owner's account and organization are untouched.
    expect((await api.request('POST', '/auth/login', { body: { email: owner.email, password: 'An0ther-Passw0rd' } })).status).toBe(401);
    const still = await relogin(api, owner);
    expect((await api.request('GET', '/auth/me', { token: still.accessToken })).body).toMatchObject({ id: owner.userId, role: 'admin', org_id: await orgIdOf(api, owner) });
    const orgs = await doc.send(new ScanCommand({ TableName: tableOf(api), FilterExpression: 'kind = :org AND #name = :name', ExpressionAttributeNames: { '#name': 'name' }, ExpressionAttributeValues: { ':org': 'organization', ':name': 'Takeover' } }));
    expect(orgs.Items).toEqual([]);
  });

  it('an unconfirmed account whose code is still valid is not taken over', async () => {
    const account = newProjectAccount('pending');
    const first = await api.request('POST', '/auth/signup', { body: { ...account, orgName: 'First Try' } });
    expect(first.status).toBe(201);
    const code = await latestCode(service, api.projectId, account.email);
    const second = await api.request('POST', '/auth/signup', { body: { email: account.email, password: 'Sec0nd-Passw0rd', orgName: 'Second Try' } });
    expect(second.status).toBe(201);
    expect(Object.keys(second.body).sort()).toEqual(Object.keys(first.body).sort());
    expect((await mailTo(api, account.email))[0]?.subject).toBe('Sign-up attempt with your email address');

    // The first signup's code still confirms the first signup's account.
    expect((await api.request('POST', '/auth/confirm', { body: { email: account.email, code } })).status).toBe(200);
    expect((await api.request('POST', '/auth/login', { body: { email: account.email, password: 'Sec0nd-Passw0rd' } })).status).toBe(401);
    const user = await login(api, account, first.body.userId);
    expect((await api.request('GET', '/auth/me', { token: user.accessToken })).body).toMatchObject({ id: first.body.userId, role: 'admin' });
  });
});

// Moves the shared clock a day forward: runs last.
describe('time: an abandoned signup', () => {
  it('an unconfirmed account whose code has expired is replaced, with its membership and the organization it founded', async () => {
    const account = newProjectAccount('abandoned');
    const first = await api.request('POST', '/auth/signup', { body: { ...account, orgName: 'Abandoned Org' } });
    expect(first.status).toBe(201);
    clock.advance((24 * 3600 + 60) * 1000);

    const second = await api.request('POST', '/auth/signup', { body: { email: account.email, password: 'N3w-Owner-Pass', orgName: 'Real Org' } });
    expect(second.status).toBe(201);
    expect(second.body.userId).not.toBe(first.body.userId);
    const code = await latestCode(service, api.projectId, account.email);
    expect((await api.request('POST', '/auth/confirm', { body: { email: account.email, code } })).status).toBe(200);
    expect((await api.request('POST', '/auth/login', { body: account })).status).toBe(401);
    const owner = await login(api, { email: account.email, password: 'N3w-Owner-Pass' }, second.body.userId);
    expect((await api.request('GET', '/auth/me', { token: owner.accessToken })).body).toMatchObject({ id: second.body.userId, role: 'admin' });

    // Nothing of the abandoned signup is left: no pointer, no member, no organization.
    const table = tableOf(api);
    expect((await doc.send(new GetCommand({ TableName: table, Key: { PK: `M#${first.body.userId}`, SK: 'M' } }))).Item).toBeUndefined();
    expect((await doc.send(new GetCommand({ TableName: table, Key: { PK: `EMAIL#${account.email}`, SK: 'M' } }))).Item?.userId).toBe(second.body.userId);
    const leftovers = await doc.send(
      new ScanCommand({ TableName: table, FilterExpression: '(kind = :org AND #name = :name) OR id = :old', ExpressionAttributeNames: { '#name': 'name' }, ExpressionAttributeValues: { ':org': 'organization', ':name': 'Abandoned Org', ':old': first.body.userId } }),
    );
    expect(leftovers.Items).toEqual([]);
  });
});
