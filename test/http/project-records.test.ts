/**
 * A deployed project's records and files, over HTTP, with the task tracker (multi-tenant):
 * CRUD with validation from the blueprint, server-owned fields, relations, cursor pages and
 * filters, tenancy through every path (items, lists, filters, cursors, relations, files), and
 * files through signed URLs refused by the storage front exactly as S3 would.
 */
import { goldenIr } from '../support/golden-ir';
import { startTestService, type TestService } from '../support/local-service';
import { deployIr, invite, joinProject, type ProjectApiClient, type ProjectUser } from '../support/project-api';

let service: TestService;
let api: ProjectApiClient;
let adminA: ProjectUser;
let memberA: ProjectUser;
let adminB: ProjectUser;
let projectA: string;
let projectB: string;

beforeAll(async () => {
  service = await startTestService();
  api = await deployIr(service, goldenIr('01-task-tracker'));
  adminA = await joinProject(service, api, { orgName: 'Org A' });
  memberA = await invite(service, api, adminA, 'member');
  adminB = await joinProject(service, api, { orgName: 'Org B' });
  projectA = (await api.request('POST', '/v1/projects', { token: adminA.accessToken, body: { name: 'Apollo' } })).body.id;
  projectB = (await api.request('POST', '/v1/projects', { token: adminB.accessToken, body: { name: 'Borealis' } })).body.id;
});
afterAll(() => service.stop());

const task = (overrides: Record<string, unknown> = {}) => ({ title: 'Write the report', project_id: projectA, ...overrides });

describe('create and read', () => {
  it('creates with server-owned fields and defaults, and reads it back', async () => {
    const created = await api.request('POST', '/v1/tasks', { token: memberA.accessToken, body: task({ due_date: '2026-12-01' }) });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      org_id: expect.any(String),
      owner_id: memberA.userId,
      created_at: expect.any(String),
      updated_at: created.body.created_at,
      title: 'Write the report',
      priority: 'low',
      status: 'pending',
      due_date: '2026-12-01',
      project_id: projectA,
    });
    const read = await api.request('GET', `/v1/tasks/${created.body.id}`, { token: adminA.accessToken });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it('rejects bad bodies with every problem named', async () => {
    const cases: [unknown, string[]][] = [
      [{ project_id: projectA }, ['body.title']],
      [task({ priority: 'urgent' }), ['body.priority']],
      [task({ due_date: '2026-13-45' }), ['body.due_date']],
      [task({ id: 'mine' }), ['body.id']],
      [task({ owner_id: adminA.userId, org_id: 'x' }), ['body.org_id', 'body.owner_id']],
      [task({ colour: 'red' }), ['body.colour']],
      [task({ attachment_key: 'abc' }), ['body.attachment_key']],
      [task({ title: 42, status: 'nope' }), ['body.status', 'body.title']],
    ];
    for (const [body, paths] of cases) {
      const res = await api.request('POST', '/v1/tasks', { token: memberA.accessToken, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(paths);
    }
    expect((await api.request('POST', '/v1/tasks', { token: memberA.accessToken, rawBody: '{"title":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await api.request('POST', '/v1/tasks', { token: memberA.accessToken, rawBody: 'title=x', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    const big = await api.request('POST', '/v1/tasks', { token: memberA.accessToken, body: task({ description: 'x'.repeat(1024 * 1024 + 1) }) });
    expect(big.status).toBe(413);
  });

  it('checks relation targets in the caller organization', async () => {
    const missing = await api.request('POST', '/v1/tasks', { token: memberA.accessToken, body: task({ project_id: 'no-such-project' }) });
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].path).toBe('body.project_id');
    const foreign = await api.request('POST', '/v1/tasks', { token: memberA.accessToken, body: task({ project_id: projectB }) });
    expect(foreign.status).toBe(400);
    const foreignUser = await api.request('POST', '/v1/tasks', { token: memberA.accessToken, body: task({ assignee_id: adminB.userId }) });
    expect(foreignUser.status).toBe(400);
    const ownUser = await api.request('POST', '/v1/tasks', { token: memberA.accessToken, body: task({ assignee_id: adminA.userId }) });
    expect(ownUser.status).toBe(201);
  });
});

describe('update and delete', () => {
  it('PUT replaces, PATCH updates, server-owned fields only with their current values', async () => {
    const created = (await api.request('POST', '/v1/tasks', { token: memberA.accessToken, body: task({ description: 'draft' }) })).body;
    const roundTrip = await api.request('PUT', `/v1/tasks/${created.id}`, { token: memberA.accessToken, body: { ...created, title: 'Renamed' } });
    expect(roundTrip.status).toBe(200);
    expect(roundTrip.body).toMatchObject({ id: created.id, title: 'Renamed', description: 'draft', owner_id: memberA.userId, created_at: created.created_at });
    const replaced = await api.request('PUT', `/v1/tasks/${created.id}`, { token: memberA.accessToken, body: { title: 'Only title', project_id: projectA } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.description).toBeUndefined();
    expect(replaced.body.status).toBe('pending');
    const changedId = await api.request('PUT', `/v1/tasks/${created.id}`, { token: memberA.accessToken, body: { ...replaced.body, id: 'other' } });
    expect(changedId.status).toBe(400);
    const forgedOwner = await api.request('PATCH', `/v1/tasks/${created.id}`, { token: memberA.accessToken, body: { owner_id: adminA.userId } });
    expect(forgedOwner.status).toBe(400);
    const patched = await api.request('PATCH', `/v1/tasks/${created.id}`, { token: memberA.accessToken, body: { status: 'active', description: 'back' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Only title', status: 'active', description: 'back' });
    expect(patched.body.updated_at >= created.updated_at).toBe(true);
    const cleared = await api.request('PATCH', `/v1/tasks/${created.id}`, { token: memberA.accessToken, body: { title: null } });
    expect(cleared.status).toBe(400);
    expect((await api.request('PATCH', `/v1/tasks/missing`, { token: memberA.accessToken, body: { status: 'done' } })).status).toBe(404);
  });

  it('deletes with 204; a member may not delete tasks; a project delete cascades to its tasks', async () => {
    const project = (await api.request('POST', '/v1/projects', { token: adminA.accessToken, body: { name: 'Doomed' } })).body.id;
    const t1 = (await api.request('POST', '/v1/tasks', { token: memberA.accessToken, body: task({ project_id: project }) })).body.id;
    const t2 = (await api.request('POST', '/v1/tasks', { token: adminA.accessToken, body: task({ project_id: project }) })).body.id;
    expect((await api.request('DELETE', `/v1/tasks/${t1}`, { token: memberA.accessToken })).status).toBe(403);
    expect((await api.request('DELETE', `/v1/projects/${project}`, { token: memberA.accessToken })).status).toBe(403);
    const removed = await api.request('DELETE', `/v1/projects/${project}`, { token: adminA.accessToken });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    for (const id of [t1, t2]) expect((await api.request('GET', `/v1/tasks/${id}`, { token: adminA.accessToken })).status).toBe(404);
    expect((await api.request('DELETE', `/v1/projects/${project}`, { token: adminA.accessToken })).status).toBe(404);
  });
});

describe('lists', () => {
  let listProject: string;
  beforeAll(async () => {
    listProject = (await api.request('POST', '/v1/projects', { token: adminA.accessToken, body: { name: 'Listing' } })).body.id;
    for (let i = 0; i < 25; i += 1) {
      const res = await api.request('POST', '/v1/tasks', { token: memberA.accessToken, body: task({ title: `T${i}`, project_id: listProject, status: i % 5 === 0 ? 'done' : 'active' }) });
      expect(res.status).toBe(201);
    }
  });

  it('pages with opaque cursors (default 20, max 100) in creation order', async () => {
    const first = await api.request('GET', `/v1/tasks?project_id=${listProject}`, { token: memberA.accessToken });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(20);
    expect(first.body.items.map((t: { title: string }) => t.title).slice(0, 3)).toEqual(['T0', 'T1', 'T2']);
    const second = await api.request('GET', `/v1/tasks?project_id=${listProject}&cursor=${encodeURIComponent(first.body.next_cursor)}`, { token: memberA.accessToken });
    expect(second.body.items.map((t: { title: string }) => t.title)).toEqual(['T20', 'T21', 'T22', 'T23', 'T24']);
    expect(second.body.next_cursor).toBeNull();
    const small = await api.request('GET', `/v1/tasks?project_id=${listProject}&limit=10`, { token: memberA.accessToken });
    expect(small.body.items).toHaveLength(10);
    for (const query of ['limit=101', 'limit=0', 'limit=x', 'cursor=', 'colour=red', 'status=active&priority=low', 'status=nope']) {
      const res = await api.request('GET', `/v1/tasks?${query}`, { token: memberA.accessToken });
      expect([query, res.status, res.body.code]).toEqual([query, 400, 'VALIDATION_ERROR']);
    }
  });

  it('refuses edited cursors, cursors of another list, and cursors of another organization', async () => {
    const page = await api.request('GET', `/v1/tasks?project_id=${listProject}&limit=5`, { token: memberA.accessToken });
    const cursor = page.body.next_cursor as string;
    const edited = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
    expect((await api.request('GET', `/v1/tasks?project_id=${listProject}&limit=5&cursor=${encodeURIComponent(edited)}`, { token: memberA.accessToken })).status).toBe(400);
    expect((await api.request('GET', `/v1/tasks?status=active&cursor=${encodeURIComponent(cursor)}`, { token: memberA.accessToken })).status).toBe(400);
    expect((await api.request('GET', `/v1/projects?cursor=${encodeURIComponent(cursor)}`, { token: memberA.accessToken })).status).toBe(400);
    const otherOrg = await api.request('GET', `/v1/tasks?project_id=${listProject}&limit=5&cursor=${encodeURIComponent(cursor)}`, { token: adminB.accessToken });
    expect(otherOrg.status).toBe(400);
  });

  it('filters on indexed fields', async () => {
    const done = await api.request('GET', `/v1/tasks?status=done&limit=100`, { token: memberA.accessToken });
    expect(done.status).toBe(200);
    const mine = done.body.items.filter((t: { project_id: string }) => t.project_id === listProject);
    expect(mine).toHaveLength(5);
    expect(done.body.items.every((t: { status: string }) => t.status === 'done')).toBe(true);
  });
});

describe('tenancy', () => {
  it("hides another organization's records from items, lists, filters and relations (404, never 403)", async () => {
    const secret = (await api.request('POST', '/v1/tasks', { token: adminA.accessToken, body: task({ title: 'Secret' }) })).body;
    for (const [method, path, body] of [
      ['GET', `/v1/tasks/${secret.id}`],
      ['PATCH', `/v1/tasks/${secret.id}`, { status: 'done' }],
      ['PUT', `/v1/tasks/${secret.id}`, { title: 'x', project_id: projectB }],
      ['DELETE', `/v1/tasks/${secret.id}`],
      ['POST', `/v1/tasks/${secret.id}/attachments/upload-url`, { filename: 'a.pdf', contentType: 'application/pdf' }],
      ['GET', `/v1/tasks/${secret.id}/attachments/somekey/download-url`],
      ['GET', `/v1/projects/${projectA}`],
    ] as [string, string, unknown?][]) {
      const res = await api.request(method, path, { token: adminB.accessToken, ...(body ? { body } : {}) });
      expect([method, path, res.status, res.body.code]).toEqual([method, path, 404, 'NOT_FOUND']);
    }
    const lists = await Promise.all(
      [`/v1/tasks?limit=100`, `/v1/tasks?status=pending&limit=100`, `/v1/tasks?project_id=${projectA}&limit=100`, `/v1/projects?limit=100`].map((p) => api.request('GET', p, { token: adminB.accessToken })),
    );
    for (const list of lists) {
      expect(list.status).toBe(200);
      expect(list.body.items.some((r: { id: string; org_id: string }) => r.id === secret.id || r.id === projectA || r.org_id === secret.org_id)).toBe(false);
    }
    // The record is intact.
    expect((await api.request('GET', `/v1/tasks/${secret.id}`, { token: adminA.accessToken })).body.status).toBe('pending');
  });
});

describe('files', () => {
  const pdf = Buffer.from('%PDF-1.4 test document');

  async function grant(token: string, taskId: string, body: Record<string, unknown>) {
    return api.request('POST', `/v1/tasks/${taskId}/attachments/upload-url`, { token, body });
  }

  it('grants a signed upload, attaches the key, and signs a download of that record only', async () => {
    const t = (await api.request('POST', '/v1/tasks', { token: memberA.accessToken, body: task() })).body;
    const g = await grant(memberA.accessToken, t.id, { filename: 'report.pdf', contentType: 'application/pdf', size: pdf.length });
    expect(g.status).toBe(200);
    expect(g.body).toEqual({ uploadUrl: expect.stringMatching(/^http/), fileKey: expect.stringMatching(/^[A-Za-z0-9_-]+$/), expiresIn: 3600 });
    expect(JSON.stringify(g.body)).not.toContain('Org A');
    const put = await fetch(g.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: pdf });
    expect(put.status).toBe(200);
    const attached = await api.request('PATCH', `/v1/tasks/${t.id}`, { token: memberA.accessToken, body: { attachment_key: g.body.fileKey } });
    expect(attached.status).toBe(200);
    expect(attached.body.attachment_key).toBe(g.body.fileKey);
    const d = await api.request('GET', `/v1/tasks/${t.id}/attachments/${g.body.fileKey}/download-url`, { token: adminA.accessToken });
    expect(d.status).toBe(200);
    const got = await fetch(d.body.downloadUrl);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(pdf);

    const other = (await api.request('POST', '/v1/tasks', { token: memberA.accessToken, body: task() })).body;
    expect((await api.request('GET', `/v1/tasks/${other.id}/attachments/${g.body.fileKey}/download-url`, { token: adminA.accessToken })).status).toBe(404);
    const steal = await api.request('PATCH', `/v1/tasks/${other.id}`, { token: memberA.accessToken, body: { attachment_key: g.body.fileKey } });
    expect(steal.status).toBe(400);
  });

  it("refuses another organization's fileKey on one's own record", async () => {
    const mineB = (await api.request('POST', '/v1/tasks', { token: adminB.accessToken, body: { title: 'B', project_id: projectB } })).body;
    const tA = (await api.request('POST', '/v1/tasks', { token: adminA.accessToken, body: task() })).body;
    const gA = await grant(adminA.accessToken, tA.id, { filename: 'a.pdf', contentType: 'application/pdf' });
    expect((await fetch(gA.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: pdf })).status).toBe(200);
    const attach = await api.request('PATCH', `/v1/tasks/${mineB.id}`, { token: adminB.accessToken, body: { attachment_key: gA.body.fileKey } });
    expect(attach.status).toBe(400);
    const download = await api.request('GET', `/v1/tasks/${mineB.id}/attachments/${gA.body.fileKey}/download-url`, { token: adminB.accessToken });
    expect(download.status).toBe(404);
  });

  it('checks type and size at grant and at attach time, and deletes a refused object', async () => {
    const t = (await api.request('POST', '/v1/tasks', { token: memberA.accessToken, body: task() })).body;
    expect((await grant(memberA.accessToken, t.id, { filename: 'x.exe', contentType: 'application/x-msdownload' })).status).toBe(415);
    expect((await grant(memberA.accessToken, t.id, { filename: 'big.pdf', contentType: 'application/pdf', size: 10485761 })).status).toBe(413);
    expect((await grant(memberA.accessToken, t.id, { filename: 'x.pdf', contentType: 'application/pdf', field: 'title' })).status).toBe(400);
    expect((await grant(memberA.accessToken, t.id, { filename: 'x.pdf', contentType: 'application/pdf', path: '../x' })).status).toBe(400);
    const image = await grant(memberA.accessToken, t.id, { filename: 'photo.png', contentType: 'image/png' });
    expect(image.status).toBe(200);

    // The storage front refuses what S3 would: wrong type, unsigned, tampered, wrong method, wrong length.
    const sized = await grant(memberA.accessToken, t.id, { filename: 'r.pdf', contentType: 'application/pdf', size: pdf.length });
    const url = new URL(sized.body.uploadUrl);
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: pdf })).status).toBe(403);
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: Buffer.concat([pdf, pdf]) })).status).toBe(403);
    expect((await fetch(url, { method: 'GET' })).status).toBe(403);
    const unsigned = new URL(url);
    unsigned.search = '';
    expect((await fetch(unsigned, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: pdf })).status).toBe(403);
    const tampered = new URL(url);
    tampered.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await fetch(tampered, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: pdf })).status).toBe(403);
    // Not uploaded yet: nothing to attach.
    expect((await api.request('PATCH', `/v1/tasks/${t.id}`, { token: memberA.accessToken, body: { attachment_key: sized.body.fileKey } })).status).toBe(400);
    expect((await api.request('GET', `/v1/tasks/${t.id}/attachments/${sized.body.fileKey}/download-url`, { token: memberA.accessToken })).status).toBe(404);
  });
});

describe('routes and CORS', () => {
  it('answers unknown paths 404 and wrong methods 405, and CORS preflights for any origin', async () => {
    expect((await api.request('GET', '/v1/nothing', { token: memberA.accessToken })).status).toBe(404);
    const wrong = await api.request('DELETE', '/v1/tasks', { token: memberA.accessToken });
    expect(wrong.status).toBe(405);
    const preflight = await fetch(`${api.baseUrl}/v1/tasks`, { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const simple = await fetch(`${api.baseUrl}/v1/tasks`, { headers: { origin: 'https://app.example', authorization: `Bearer ${memberA.accessToken}` } });
    expect(simple.headers.get('access-control-allow-origin')).toBe('*');
    expect((await service.request('GET', '/apis/not-deployed/v1/tasks')).status).toBe(404);
  });
});
