/**
 * A deployed project's own identity, over HTTP (CONTRACT "Generated project API": signup with
 * email verification, confirm, login with lock-out, refresh, forgot/reset, /auth/me, tokens of
 * another project or of the control plane refused, membership and roles). The task tracker is
 * multi-tenant; a single-tenant variant checks the first-confirmed-admin rule.
 */
import { ManualClock } from '../../lambdas/core/clock';
import { goldenIr } from '../support/golden-ir';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';
import { deployIr, invite, joinProject, latestCode, login, newProjectAccount, refreshed, type ProjectApiClient } from '../support/project-api';

const clock = new ManualClock(Date.now());
let service: TestService;
let api: ProjectApiClient;
let other: ProjectApiClient;

beforeAll(async () => {
  service = await startTestService({ clock });
  const ir = goldenIr('01-task-tracker');
  api = await deployIr(service, ir);
  other = await deployIr(service, ir);
});
afterAll(() => service.stop());

describe('signup and confirmation', () => {
  it('needs orgName or inviteCode in a multi-tenant project, and a strong password', async () => {
    const account = newProjectAccount();
    const none = await api.request('POST', '/auth/signup', { body: account });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('VALIDATION_ERROR');
    const both = await api.request('POST', '/auth/signup', { body: { ...account, orgName: 'Acme', inviteCode: 'x' } });
    expect(both.status).toBe(400);
    const weak = await api.request('POST', '/auth/signup', { body: { ...account, password: 'short', orgName: 'Acme' } });
    expect(weak.status).toBe(400);
    expect(weak.body.details.map((d: { path: string }) => d.path)).toContain('body.password');
    const unknown = await api.request('POST', '/auth/signup', { body: { ...account, orgName: 'Acme', role: 'admin' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ path: 'body.role', message: 'is not a known field' }]);
    const badInvite = await api.request('POST', '/auth/signup', { body: { ...account, inviteCode: 'not-a-code' } });
    expect(badInvite.status).toBe(400);
    expect(badInvite.body.details[0].path).toBe('body.inviteCode');
  });

  it('creates an unconfirmed account, mails a code, refuses login until confirmed, then logs in as the admin of the new organization', async () => {
    const account = newProjectAccount('founder');
    const signup = await api.request('POST', '/auth/signup', { body: { ...account, orgName: 'Acme' } });
    expect(signup.status).toBe(201);
    expect(signup.body).toEqual({ userId: expect.any(String), email: account.email, confirmed: false });
    // A taken email is answered like a new one (project-members.test.ts has the details).
    const again = await api.request('POST', '/auth/signup', { body: { ...account, orgName: 'Other' } });
    expect(again.status).toBe(201);

    const early = await api.request('POST', '/auth/login', { body: account });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('USER_NOT_CONFIRMED');
    const wrong = await api.request('POST', '/auth/confirm', { body: { email: account.email, code: '000000' } });
    expect(wrong.status).toBe(400);
    const code = await latestCode(service, api.projectId, account.email);
    expect((await api.request('POST', '/auth/confirm', { body: { email: account.email, code } })).status).toBe(200);

    const tokens = await login(api, account, signup.body.userId);
    const me = await api.request('GET', '/auth/me', { token: tokens.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: signup.body.userId, email: account.email, org_id: expect.any(String), role: 'admin' });
  });

  it('answers forgot-password the same whether or not the account exists, and resets with the mailed code', async () => {
    const user = await joinProject(service, api, { orgName: 'Resetters' });
    const unknown = await api.request('POST', '/auth/forgot-password', { body: { email: 'nobody@example.org' } });
    const known = await api.request('POST', '/auth/forgot-password', { body: { email: user.email } });
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    const code = await latestCode(service, api.projectId, user.email);
    const weak = await api.request('POST', '/auth/reset-password', { body: { email: user.email, code, newPassword: 'weakpassword' } });
    expect(weak.status).toBe(400);
    expect(weak.body.details.map((d: { path: string }) => d.path)).toContain('body.newPassword');
    const reset = await api.request('POST', '/auth/reset-password', { body: { email: user.email, code, newPassword: 'N3w-Password!' } });
    expect(reset.status).toBe(200);
    expect((await api.request('POST', '/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(401);
    expect((await api.request('POST', '/auth/login', { body: { email: user.email, password: 'N3w-Password!' } })).status).toBe(200);
    // The reset revoked the refresh tokens issued before it.
    expect((await api.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } })).status).toBe(401);
  });
});

describe('tokens', () => {
  it('refuses tokens of another project, of the control plane, ID and refresh tokens, and garbage', async () => {
    const user = await joinProject(service, api, { orgName: 'Tokens Inc' });
    const stranger = await joinProject(service, other, { orgName: 'Elsewhere' });
    const controlPlane = await signUpAndLogin(service);
    expect((await api.request('GET', '/v1/tasks', { token: user.accessToken })).status).toBe(200);
    for (const token of [stranger.accessToken, controlPlane.accessToken, user.idToken, user.refreshToken, 'a.b.c']) {
      const res = await api.request('GET', '/v1/tasks', { token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    const none = await api.request('GET', '/v1/tasks');
    expect(none.status).toBe(401);
  });

  it('carries org_id and role; a role change revokes the refresh token and takes effect at the next sign-in', async () => {
    const admin = await joinProject(service, api, { orgName: 'Roles Ltd' });
    const member = await invite(service, api, admin, 'member');
    const project = await api.request('POST', '/v1/projects', { token: admin.accessToken, body: { name: 'Apollo' } });
    expect(project.status).toBe(201);
    const asMember = await api.request('POST', '/v1/tasks', { token: member.accessToken, body: { title: 'Write', project_id: project.body.id } });
    expect(asMember.status).toBe(201);

    const change = await api.request('PUT', `/v1/users/${member.userId}/role`, { token: admin.accessToken, body: { role: 'viewer' } });
    expect(change.status).toBe(200);
    expect(change.body).toMatchObject({ id: member.userId, role: 'viewer', org_id: expect.any(String), confirmed: true });
    // Record access follows the old access token until it is replaced (CONTRACT); its refresh token is revoked.
    expect((await api.request('POST', '/v1/tasks', { token: member.accessToken, body: { title: 'Still', project_id: project.body.id } })).status).toBe(201);
    expect((await api.request('POST', '/auth/refresh', { body: { refreshToken: member.refreshToken } })).status).toBe(401);
    const viewer = await login(api, { email: member.email, password: member.password }, member.userId);
    const refused = await api.request('POST', '/v1/tasks', { token: viewer.accessToken, body: { title: 'Nope', project_id: project.body.id } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await api.request('GET', '/auth/me', { token: viewer.accessToken })).body.role).toBe('viewer');
  });

  it('lets only admins manage members, within their organization', async () => {
    const admin = await joinProject(service, api, { orgName: 'Members Co' });
    const member = await invite(service, api, admin, 'member');
    const otherAdmin = await joinProject(service, api, { orgName: 'Rivals Co' });
    const list = await api.request('GET', '/v1/users', { token: admin.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.items.map((u: { id: string }) => u.id).sort()).toEqual([admin.userId, member.userId].sort());
    expect(list.body.next_cursor).toBeNull();
    expect((await api.request('GET', '/v1/users', { token: member.accessToken })).status).toBe(403);
    expect((await api.request('POST', '/v1/invitations', { token: member.accessToken, body: { email: 'x@example.org', role: 'member' } })).status).toBe(403);
    expect((await api.request('GET', `/v1/users/${member.userId}`, { token: otherAdmin.accessToken })).status).toBe(404);
    expect((await api.request('PUT', `/v1/users/${member.userId}/role`, { token: otherAdmin.accessToken, body: { role: 'admin' } })).status).toBe(404);
    expect((await api.request('PUT', `/v1/users/${member.userId}/role`, { token: admin.accessToken, body: { role: 'overlord' } })).status).toBe(400);
    expect((await api.request('PUT', `/v1/users/${admin.userId}/role`, { token: admin.accessToken, body: { role: 'member' } })).status).toBe(409);
  });

  it('uses an invitation once, and only for its email', async () => {
    const admin = await joinProject(service, api, { orgName: 'Invites Co' });
    const account = newProjectAccount('invited');
    const inv = await api.request('POST', '/v1/invitations', { token: admin.accessToken, body: { email: account.email, role: 'member' } });
    expect(inv.status).toBe(201);
    expect(inv.body).toEqual({ inviteCode: expect.any(String), email: account.email, role: 'member', expiresAt: expect.any(String) });
    const wrongEmail = await api.request('POST', '/auth/signup', { body: { ...newProjectAccount(), inviteCode: inv.body.inviteCode } });
    expect(wrongEmail.status).toBe(400);
    const joined = await joinProject(service, api, { inviteCode: inv.body.inviteCode, account });
    const me = await api.request('GET', '/auth/me', { token: joined.accessToken });
    const adminMe = await api.request('GET', '/auth/me', { token: admin.accessToken });
    expect(me.body).toMatchObject({ role: 'member', org_id: adminMe.body.org_id });
    const reuse = await api.request('POST', '/auth/signup', { body: { ...newProjectAccount(), inviteCode: inv.body.inviteCode } });
    expect(reuse.status).toBe(400);
  });
});

describe('single-tenant membership', () => {
  it('makes the first confirmed user the admin and later users the default role', async () => {
    const ir = goldenIr('02-recipe-blog');
    expect(ir.tenancy.mode).toBe('single');
    const blog = await deployIr(service, ir);
    const first = await joinProject(service, blog);
    const second = await joinProject(service, blog);
    expect((await blog.request('GET', '/auth/me', { token: first.accessToken })).body).toMatchObject({ role: ir.adminRole, org_id: null });
    expect((await blog.request('GET', '/auth/me', { token: second.accessToken })).body).toMatchObject({ role: ir.defaultRole, org_id: null });
    const orgName = await blog.request('POST', '/auth/signup', { body: { ...newProjectAccount(), orgName: 'No orgs here' } });
    expect(orgName.status).toBe(400);
  });
});

// These move the shared clock forward: they run last.
describe('time: lock-out and expiry', () => {
  it('locks after 5 failures for 1 s, doubles per later failure, refuses without checking during a lock, and resets on success', async () => {
    const user = await joinProject(service, api, { orgName: 'Locks' });
    const wrong = { email: user.email, password: 'Wrong-Passw0rd' };
    for (let i = 0; i < 5; i += 1) expect((await api.request('POST', '/auth/login', { body: wrong })).status).toBe(401);
    const locked = await api.request('POST', '/auth/login', { body: { email: user.email, password: user.password } });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');
    clock.advance(1100);
    expect((await api.request('POST', '/auth/login', { body: wrong })).status).toBe(401);
    expect((await api.request('POST', '/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(429);
    clock.advance(1100);
    expect((await api.request('POST', '/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(429);
    clock.advance(1000);
    expect((await api.request('POST', '/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(200);
    // An unknown email gets the same answers.
    const ghost = { email: 'ghost@example.org', password: 'Wrong-Passw0rd' };
    for (let i = 0; i < 5; i += 1) expect((await api.request('POST', '/auth/login', { body: ghost })).status).toBe(401);
    expect((await api.request('POST', '/auth/login', { body: ghost })).status).toBe(429);
  });

  it('answers an expired access token with TOKEN_EXPIRED after the blueprint lifetime (1 h)', async () => {
    const user = await joinProject(service, api, { orgName: 'Expiry' });
    clock.advance(3601 * 1000);
    const res = await api.request('GET', '/v1/tasks', { token: user.accessToken });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOKEN_EXPIRED');
    const again = await refreshed(api, user);
    expect((await api.request('GET', '/v1/tasks', { token: again.accessToken })).status).toBe(200);
  });
});
