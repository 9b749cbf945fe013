/**
 * Deployments through the local gateway: 202 with a statusUrl, the status moving to succeeded
 * with logs, the project's pointers, one deployment at a time, NOT_READY and archived projects,
 * ownership, failures, bad bodies, the list, resuming after a restart of the runner, the
 * deployment rate category, and 503 without a deployer. The deployer is a test double of the
 * port (test/support/test-deployer.ts), passed to the in-process service.
 */
import { ManualClock } from '../../lambdas/core/clock';
import { LocalDeploymentRunner } from '../../lambdas/control-plane/deployment/runner';
import { Deployment, DeploymentList, DeploymentStarted, GenerationStarted, Project } from '../../lambdas/control-plane/schemas';
import { deploymentRunServices } from '../../lambdas/control-plane/composition/deployment-services';
import { signUpAndLogin, startTestService, type TestService } from '../support/local-service';
import { TestDeployer } from '../support/test-deployer';

type User = Awaited<ReturnType<typeof signUpAndLogin>>;

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('deployments', () => {
  const deployer = new TestDeployer();
  let svc: TestService;
  let user: User;

  beforeAll(async () => {
    svc = await startTestService({ deployer });
    user = await signUpAndLogin(svc);
  });
  afterAll(() => svc.stop());
  afterEach(() => {
    deployer.failWith = null;
    deployer.stopHolding();
  });

  const call = (method: string, path: string, body?: unknown, who: User = user) => svc.request(method, path, { token: who.accessToken, body });
  /** The path of a full URL on this service (the statusUrl). */
  const pathOf = (url: string) => {
    expect(url.startsWith(`${svc.url}/`)).toBe(true);
    return url.slice(svc.url.length);
  };

  /** A project with a completed blueprint (generated through the API), unless told otherwise. */
  async function newProject(options: { generate?: boolean } = {}): Promise<{ projectId: string; blueprintId: string }> {
    const created = await call('POST', '/projects', { name: 'Blog', description: 'A blog. Posts have a title.' });
    expect(created.status).toBe(201);
    const projectId = created.body.id as string;
    if (options.generate === false) return { projectId, blueprintId: '' };
    const started = GenerationStarted.parse((await call('POST', `/projects/${projectId}/spec/generate-blueprint`)).body);
    await waitFor(() => call('GET', started.statusUrl), (res) => res.body.status !== 'processing', 'the generation');
    expect((await call('GET', started.statusUrl)).body.status).toBe('completed');
    return { projectId, blueprintId: started.blueprint.id };
  }

  const waitForDeployment = async (statusUrl: string, who: User = user) => {
    const res = await waitFor(() => call('GET', pathOf(statusUrl), undefined, who), (r) => !['pending', 'in_progress'].includes(r.body.status), 'the deployment');
    expect(res.status).toBe(200);
    return Deployment.parse(res.body);
  };

  it('deploys without a body: 202 with a statusUrl, then succeeded with logs; the project points at it with a full apiBaseUrl', async () => {
    const { projectId, blueprintId } = await newProject();
    const before = Project.parse((await call('GET', `/projects/${projectId}`)).body);
    expect(before).toMatchObject({ activeDeploymentId: null, apiBaseUrl: null });

    const res = await call('POST', `/projects/${projectId}/deploy`);
    expect(res.status).toBe(202);
    expect(res.headers.get('x-ratelimit-limit')).toBe('10000');
    const started = DeploymentStarted.parse(res.body);
    expect(started.statusUrl).toBe(`${svc.url}/deployments/${started.deployment.id}`);
    expect(started.deployment).toMatchObject({ projectId, blueprintId, status: 'pending', kind: 'deploy', apiBaseUrl: null });
    expect(res.body.deployment.ownerId).toBeUndefined();

    const done = await waitForDeployment(started.statusUrl);
    expect(done).toMatchObject({ id: started.deployment.id, status: 'succeeded', apiBaseUrl: `${svc.url}/apis/${projectId}` });
    expect(done.logs.map((l) => l.message)).toEqual([
      `Deployment of blueprint ${blueprintId} requested`,
      `Deploying blueprint ${blueprintId}`,
      `Provisioning the table, bucket and identity of ${projectId}`,
      `Runtime mounted at /apis/${projectId}`,
      'Deployment succeeded',
    ]);
    expect(Date.parse(done.updatedAt)).toBeGreaterThanOrEqual(Date.parse(done.createdAt));
    expect(deployer.calls.at(-1)).toMatchObject({ projectId, blueprintId, deploymentId: done.id });

    const project = Project.parse((await call('GET', `/projects/${projectId}`)).body);
    expect(project).toMatchObject({ activeDeploymentId: done.id, apiBaseUrl: `${svc.url}/apis/${projectId}` });
    const listed = (await call('GET', '/projects')).body.items.find((p: { id: string }) => p.id === projectId);
    expect(listed.apiBaseUrl).toBe(`${svc.url}/apis/${projectId}`);
    // The artifacts name the deployed address.
    expect((await call('GET', `/projects/${projectId}/artifacts/openapi`)).body.servers).toEqual([{ url: `${svc.url}/apis/${projectId}` }]);
  });

  it('deploys a named blueprint; 404 for an unknown or another project\'s blueprint', async () => {
    const { projectId, blueprintId } = await newProject();
    const other = await newProject();
    expect((await call('POST', `/projects/${projectId}/deploy`, { blueprintId: other.blueprintId })).status).toBe(404);
    const unknown = await call('POST', `/projects/${projectId}/deploy`, { blueprintId: 'no-such-blueprint' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    const res = await call('POST', `/projects/${projectId}/deploy`, { blueprintId });
    expect(res.status).toBe(202);
    expect((await waitForDeployment(res.body.statusUrl)).status).toBe('succeeded');
  });

  it('answers 409 CONFLICT to a second deploy while one runs, and allows one after it ended', async () => {
    const { projectId } = await newProject();
    const release = deployer.hold();
    const calls = deployer.calls.length;
    const first = await call('POST', `/projects/${projectId}/deploy`);
    expect(first.status).toBe(202);
    await deployer.started(calls + 1);
    expect((await call('GET', pathOf(first.body.statusUrl))).body.status).toBe('in_progress');
    const second = await call('POST', `/projects/${projectId}/deploy`);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: expect.stringContaining('already running'), code: 'CONFLICT' });

    deployer.stopHolding();
    release();
    expect((await waitForDeployment(first.body.statusUrl)).status).toBe('succeeded');
    const third = await call('POST', `/projects/${projectId}/deploy`);
    expect(third.status).toBe(202);
    expect((await waitForDeployment(third.body.statusUrl)).status).toBe('succeeded');
    expect((await call('GET', `/projects/${projectId}`)).body.activeDeploymentId).toBe(third.body.deployment.id);
  });

  it('answers 409 NOT_READY without a completed blueprint and 409 CONFLICT on an archived project', async () => {
    const bare = await newProject({ generate: false });
    const notReady = await call('POST', `/projects/${bare.projectId}/deploy`);
    expect(notReady.status).toBe(409);
    expect(notReady.body.code).toBe('NOT_READY');

    const { projectId } = await newProject();
    expect((await call('DELETE', `/projects/${projectId}`)).status).toBe(200);
    const archived = await call('POST', `/projects/${projectId}/deploy`);
    expect(archived.status).toBe(409);
    expect(archived.body).toEqual({ error: expect.stringMatching(/archived/), code: 'CONFLICT' });
    // Still readable.
    expect((await call('GET', `/projects/${projectId}/deployments`)).status).toBe(200);
  });

  it("hides another user's deployments and projects (404)", async () => {
    const { projectId } = await newProject();
    const started = (await call('POST', `/projects/${projectId}/deploy`)).body;
    await waitForDeployment(started.statusUrl);
    const other = await signUpAndLogin(svc);
    for (const [method, path] of [
      ['GET', `/deployments/${started.deployment.id}`],
      ['GET', `/projects/${projectId}/deployments`],
      ['POST', `/projects/${projectId}/deploy`],
    ] as const) {
      const res = await call(method, path, undefined, other);
      expect([method, path, res.status, res.body.code]).toEqual([method, path, 404, 'NOT_FOUND']);
    }
    expect((await call('GET', '/deployments/no-such-deployment')).status).toBe(404);
    expect((await svc.request('GET', `/deployments/${started.deployment.id}`)).status).toBe(401);
  });

  it('ends a failing deployment failed with an error line (no stack), releases the lock and allows the next deploy', async () => {
    const { projectId } = await newProject();
    deployer.failWith = new Error('the project table could not be created\n    at provision (project-host.ts:10:5)');
    const started = (await call('POST', `/projects/${projectId}/deploy`)).body;
    const failed = await waitForDeployment(started.statusUrl);
    expect(failed).toMatchObject({ status: 'failed', apiBaseUrl: null });
    expect(failed.logs.at(-1)).toMatchObject({ level: 'error', message: 'Deployment failed: the project table could not be created' });
    expect(JSON.stringify(failed.logs)).not.toMatch(/project-host\.ts|\n\s+at /);
    expect((await call('GET', `/projects/${projectId}`)).body).toMatchObject({ activeDeploymentId: null, apiBaseUrl: null });

    deployer.failWith = null;
    const next = await call('POST', `/projects/${projectId}/deploy`);
    expect(next.status).toBe(202);
    expect((await waitForDeployment(next.body.statusUrl)).status).toBe('succeeded');
  });

  it('refuses bad bodies: unknown fields, a bad blueprintId, malformed JSON, another content type', async () => {
    const { projectId } = await newProject({ generate: false });
    const path = `/projects/${projectId}/deploy`;
    const unknown = await call('POST', path, { blueprintId: 'x', force: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('VALIDATION_ERROR');
    expect(unknown.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body', message: expect.stringContaining('force') })]));
    for (const blueprintId of [42, '', 'a/b', '../x', 'x'.repeat(65), null]) {
      const res = await call('POST', path, { blueprintId });
      expect([blueprintId, res.status, res.body.code]).toEqual([blueprintId, 400, 'VALIDATION_ERROR']);
      expect(res.body.details[0].path).toBe('body.blueprintId');
    }
    for (const body of [[], 'text', 7]) expect((await call('POST', path, body)).status).toBe(400);
    expect((await svc.request('POST', path, { token: user.accessToken, rawBody: '{"blueprintId":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await svc.request('POST', path, { token: user.accessToken, rawBody: 'blueprintId=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
    // An empty JSON object is the same as no body: the latest completed blueprint (none here).
    expect((await call('POST', path, {})).body.code).toBe('NOT_READY');
  });

  it('lists deployments newest first in cursor pages (limit default 20, max 100)', async () => {
    const { projectId } = await newProject();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const started = (await call('POST', `/projects/${projectId}/deploy`)).body;
      await waitForDeployment(started.statusUrl);
      ids.push(started.deployment.id);
    }
    const all = DeploymentList.parse((await call('GET', `/projects/${projectId}/deployments`)).body);
    expect(all.items.map((d) => d.id)).toEqual([...ids].reverse());
    expect(all.nextCursor).toBeNull();
    expect(all.items[0]).toMatchObject({ projectId, status: 'succeeded', kind: 'deploy', apiBaseUrl: `${svc.url}/apis/${projectId}` });

    const first = DeploymentList.parse((await call('GET', `/projects/${projectId}/deployments?limit=2`)).body);
    expect(first.items.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = DeploymentList.parse((await call('GET', `/projects/${projectId}/deployments?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`)).body);
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });

    for (const query of ['limit=101', 'limit=0', 'limit=x', 'cursor=forged.cursor', 'sort=asc']) {
      expect([query, (await call('GET', `/projects/${projectId}/deployments?${query}`)).status]).toEqual([query, 400]);
    }
    const empty = await newProject({ generate: false });
    expect((await call('GET', `/projects/${empty.projectId}/deployments`)).body).toEqual({ items: [], nextCursor: null });
    // A cursor of one project's list is refused on another's.
    expect((await call('GET', `/projects/${empty.projectId}/deployments?cursor=${encodeURIComponent(first.nextCursor!)}`)).status).toBe(400);
  });

  it('resumes an unfinished deployment when a runner restarts, converging to one success', async () => {
    const { projectId } = await newProject();
    const releaseStale = deployer.hold();
    const calls = deployer.calls.length;
    const started = (await call('POST', `/projects/${projectId}/deploy`)).body;
    await deployer.started(calls + 1);
    // A new runner over the same table, as after a restart of the process, resumes it.
    deployer.stopHolding();
    const restarted = new LocalDeploymentRunner(deploymentRunServices);
    expect(await restarted.resumePending()).toBeGreaterThanOrEqual(1);
    await restarted.idle();
    const resumed = await waitForDeployment(started.statusUrl);
    expect(resumed.status).toBe('succeeded');
    expect(resumed.logs.map((l) => l.message)).toContain('Resuming the deployment after a restart');
    expect(deployer.calls.slice(calls).map((c) => c.deploymentId)).toEqual([started.deployment.id, started.deployment.id]);

    // The first run finishing late changes nothing.
    releaseStale();
    await new Promise((r) => setTimeout(r, 100));
    const final = Deployment.parse((await call('GET', pathOf(started.statusUrl))).body);
    expect(final.status).toBe('succeeded');
    expect(final.logs.filter((l) => l.message === 'Deployment succeeded')).toHaveLength(1);
  });

  it("documents the routes in the control plane's OpenAPI", async () => {
    const doc = (await svc.request('GET', '/openapi.json')).body;
    expect(doc.paths['/projects/{projectId}/deploy'].post.operationId).toBe('deployProject');
    expect(doc.paths['/projects/{projectId}/deploy'].post.requestBody.required).toBe(false);
    expect(doc.paths['/deployments/{deploymentId}'].get.operationId).toBe('getDeployment');
    expect(doc.paths['/projects/{projectId}/deployments'].get.operationId).toBe('listDeployments');
    expect(doc.components.schemas.Deployment.properties.status.enum).toEqual(['pending', 'in_progress', 'succeeded', 'failed', 'destroyed']);
  });
});

describe('deployments without a deployer, under the default rate limits', () => {
  let svc: TestService;
  let user: User;

  beforeAll(async () => {
    // Deployments unnamed: the contract's default of 5 a minute per user. The clock starts at
    // the beginning of a minute, so the requests below share one window.
    const clock = new ManualClock(Math.ceil(Date.now() / 60_000) * 60_000 + 1000);
    svc = await startTestService({ clock, rateLimits: 'auth=10000,project=10000,generation=10000', deployer: null });
    user = await signUpAndLogin(svc);
  });
  afterAll(() => svc.stop());

  it('answers 503 DEPLOYER_UNAVAILABLE (the reads still work), counted in the deployment category: 5 a minute, then 429', async () => {
    const projectId = (await svc.request('POST', '/projects', { token: user.accessToken, body: { name: 'Blog', description: 'A blog. Posts have a title.' } })).body.id as string;
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await svc.request('POST', `/projects/${projectId}/deploy`, { token: user.accessToken });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: expect.stringMatching(/no deployer/), code: 'DEPLOYER_UNAVAILABLE' });
      expect(res.headers.get('x-ratelimit-limit')).toBe('5');
      remaining.push(res.headers.get('x-ratelimit-remaining') ?? '');
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const limited = await svc.request('POST', `/projects/${projectId}/deploy`, { token: user.accessToken });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // Reads are project operations, not deployments: not limited by it, and they work.
    const list = await svc.request('GET', `/projects/${projectId}/deployments`, { token: user.accessToken });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-ratelimit-limit')).toBe('10000');
    expect(list.body).toEqual({ items: [], nextCursor: null });
    expect((await svc.request('GET', '/deployments/none', { token: user.accessToken })).status).toBe(404);
    // Another user has their own allowance.
    const other = await signUpAndLogin(svc);
    expect((await svc.request('POST', `/projects/${projectId}/deploy`, { token: other.accessToken })).headers.get('x-ratelimit-remaining')).toBe('4');
  });
});
