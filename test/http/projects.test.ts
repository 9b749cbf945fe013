/** The projects resource through the local gateway: CRUD, archive, pagination, ownership, bad input. */
import { Project, ProjectList } from '../../lambdas/control-plane/schemas';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';

describe('projects', () => {
  let svc: TestService;
  let alice: Awaited<ReturnType<typeof signUpAndLogin>>;
  let bob: Awaited<ReturnType<typeof signUpAndLogin>>;

  beforeAll(async () => {
    svc = await startTestService();
    alice = await signUpAndLogin(svc);
    bob = await signUpAndLogin(svc);
  });
  afterAll(() => svc.stop());

  const create = async (token: string, name: string) => {
    const res = await svc.request('POST', '/projects', { token, body: { name, description: `A ${name} backend` } });
    expect(res.status).toBe(201);
    return Project.parse(res.body);
  };

  it('creates, reads, renames and archives a project', async () => {
    const project = await create(alice.accessToken, 'Task tracker');
    expect(project).toMatchObject({
      name: 'Task tracker',
      description: 'A Task tracker backend',
      status: 'active',
      latestBlueprintId: null,
      activeDeploymentId: null,
      apiBaseUrl: null,
    });
    expect(project.createdAt).toBe(project.updatedAt);

    const got = await svc.request('GET', `/projects/${project.id}`, { token: alice.accessToken });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(project);

    const renamed = await svc.request('PATCH', `/projects/${project.id}`, { token: alice.accessToken, body: { name: 'Tasks' } });
    expect(renamed.status).toBe(200);
    expect(Project.parse(renamed.body)).toMatchObject({ name: 'Tasks', description: project.description });

    const archived = await svc.request('DELETE', `/projects/${project.id}`, { token: alice.accessToken });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: project.id, status: 'archived', name: 'Tasks' });
    // Archived: still readable, listed under ?status=archived only, and refuses writes with 409.
    expect((await svc.request('GET', `/projects/${project.id}`, { token: alice.accessToken })).body.status).toBe('archived');
    const active = await svc.request('GET', '/projects', { token: alice.accessToken });
    expect(active.body.items.map((p: { id: string }) => p.id)).not.toContain(project.id);
    const archivedList = await svc.request('GET', '/projects?status=archived', { token: alice.accessToken });
    expect(archivedList.body.items.map((p: { id: string }) => p.id)).toContain(project.id);
    const edit = await svc.request('PATCH', `/projects/${project.id}`, { token: alice.accessToken, body: { name: 'Again' } });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('CONFLICT');
    // Archiving again is harmless.
    expect((await svc.request('DELETE', `/projects/${project.id}`, { token: alice.accessToken })).status).toBe(200);
  });

  it('pages through a list with opaque cursors, newest first', async () => {
    const user = await signUpAndLogin(svc);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await create(user.accessToken, `P${i}`)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await svc.request('GET', `/projects?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: user.accessToken });
      expect(res.status).toBe(200);
      const page = ProjectList.parse(res.body);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse());

    const all = await svc.request('GET', '/projects', { token: user.accessToken });
    expect(all.body.nextCursor).toBeNull();
    expect(all.body.items).toHaveLength(5);
  });

  it("hides other users' projects (404) and refuses their cursors (400)", async () => {
    const project = await create(alice.accessToken, 'Private');
    for (const [method, body] of [['GET', undefined], ['PATCH', { name: 'Mine now' }], ['DELETE', undefined]] as const) {
      const res = await svc.request(method, `/projects/${project.id}`, { token: bob.accessToken, body });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Project not found', code: 'NOT_FOUND' });
    }
    expect((await svc.request('GET', `/projects/${project.id}`, { token: alice.accessToken })).body.name).toBe('Private');
    expect((await svc.request('GET', '/projects', { token: bob.accessToken })).body.items.map((p: { id: string }) => p.id)).not.toContain(project.id);

    await create(alice.accessToken, 'Another');
    const page = await svc.request('GET', '/projects?limit=1', { token: alice.accessToken });
    expect(page.body.nextCursor).toEqual(expect.any(String));
    const stolen = await svc.request('GET', `/projects?limit=1&cursor=${encodeURIComponent(page.body.nextCursor)}`, { token: bob.accessToken });
    expect(stolen.status).toBe(400);
    const otherList = await svc.request('GET', `/projects?status=archived&cursor=${encodeURIComponent(page.body.nextCursor)}`, { token: alice.accessToken });
    expect(otherList.status).toBe(400);
    const edited = await svc.request('GET', `/projects?cursor=${encodeURIComponent(`${page.body.nextCursor}x`)}`, { token: alice.accessToken });
    expect(edited.status).toBe(400);
    expect(edited.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers 404 for unknown projects and routes, 405 for unknown methods', async () => {
    expect((await svc.request('GET', '/projects/does-not-exist', { token: alice.accessToken })).status).toBe(404);
    const route = await svc.request('GET', '/nothing-here', { token: alice.accessToken });
    expect(route.status).toBe(404);
    expect(route.body.code).toBe('NOT_FOUND');
    const method = await svc.request('PUT', '/projects', { token: alice.accessToken });
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toBe('GET, POST');
  });

  it.each([
    ['a missing description', { name: 'X' }, 'body.description'],
    ['an empty name', { name: '   ', description: 'd' }, 'body.name'],
    ['an unknown field', { name: 'X', description: 'd', ownerId: 'someone-else' }, 'body'],
    ['a wrong type', { name: 42, description: 'd' }, 'body.name'],
  ])('rejects a create body with %s (400)', async (_label, body, path) => {
    const res = await svc.request('POST', '/projects', { token: alice.accessToken, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('rejects bad updates and list parameters (400)', async () => {
    const project = await create(alice.accessToken, 'Q');
    const empty = await svc.request('PATCH', `/projects/${project.id}`, { token: alice.accessToken, body: {} });
    expect(empty.status).toBe(400);
    const status = await svc.request('PATCH', `/projects/${project.id}`, { token: alice.accessToken, body: { status: 'archived' } });
    expect(status.status).toBe(400);
    for (const query of ['limit=101', 'limit=0', 'limit=abc', 'status=deleted']) {
      const res = await svc.request('GET', `/projects?${query}`, { token: alice.accessToken });
      expect(res.status).toBe(400);
      expect(res.body.details[0].path).toMatch(/^query\./);
    }
    expect((await svc.request('GET', '/projects?limit=100', { token: alice.accessToken })).status).toBe(200);
  });

  it('reports rate-limit headers on every answer', async () => {
    const res = await svc.request('GET', '/projects', { token: alice.accessToken });
    expect(res.headers.get('x-ratelimit-limit')).toBe('10000');
    expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeLessThan(10000);
    expect(res.headers.get('x-request-id')).toEqual(expect.any(String));
  });

  it("serves the control plane's OpenAPI and health without a token", async () => {
    expect(await svc.request('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const doc = await svc.request('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.0.3');
    expect(doc.body.servers).toEqual([{ url: svc.url }]);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/projects', '/projects/{projectId}', '/auth/login']));
  });
});
