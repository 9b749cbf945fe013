/**
 * Deployments at the use-case and repository level, over DynamoDB Local: the deploy use case,
 * the per-project lock, status transitions, atomic logs, the success transaction (deployment +
 * project pointers), failures, resuming after a restart of the runner, and the list.
 * The deployer is a test double of the port (test/support/test-deployer.ts).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lambdas/adapters/dynamodb/keys';
import { MAX_LOG_LINES, MAX_LOG_MESSAGE_CHARS } from '../../lambdas/adapters/dynamodb/deployment-repository';
import { ManualClock } from '../../lambdas/core/clock';
import { HttpError } from '../../lambdas/core/errors';
import { GENERATION_STEPS } from '../../lambdas/control-plane/generation/steps';
import { runGeneration } from '../../lambdas/control-plane/generation/run-generation';
import { LocalDeploymentRunner } from '../../lambdas/control-plane/deployment/runner';
import { runDeployment } from '../../lambdas/control-plane/deployment/run-deployment';
import type { CONTROL_PLANE_ROUTES } from '../../lambdas/control-plane/routes';
import { Deployment, DeploymentList, DeploymentStarted, Project } from '../../lambdas/control-plane/schemas';
import type { ControlPlaneServices } from '../../lambdas/control-plane/composition/services';
import { buildAllServices } from '../support/control-plane-services';
import { deployProject, getDeployment, listDeployments } from '../../lambdas/control-plane/use-cases/deployments';
import { getProject } from '../../lambdas/control-plane/use-cases/projects';
import type { ProjectDeployer } from '../../lambdas/ports/project-deployer';
import { parseControlPlaneConfig } from '../../lambdas/shared/config';
import { ENV } from '../../lambdas/shared/env';
import type { HttpEvent } from '../../lambdas/shared/http-types';
import type { RouteInput } from '../../lambdas/shared/route-handler';
import { createTestTable, testCredentialsFile, testDynamoEndpoint } from '../support/dynamo';
import { TestDeployer } from '../support/test-deployer';

type Routes = typeof CONTROL_PLANE_ROUTES;

const BASE = 'https://bgs.example.test';
// Addresses in answers come from the configured public address (ENV.PUBLIC_URL = BASE), not these headers.
const event = { headers: { host: 'forged.example', 'x-forwarded-proto': 'http' }, requestContext: { domainName: 'forged.example' } } as unknown as HttpEvent;
const specMarkdown = readFileSync(join(__dirname, '..', 'fixtures', 'spec', 'example.md'), 'utf8');

describe('deployments (use cases and repository)', () => {
  const clock = new ManualClock(Date.parse('2030-01-01T00:00:00.000Z'));
  let tableName: string;
  let doc: DynamoDBDocumentClient;
  let config: ReturnType<typeof parseControlPlaneConfig>;

  beforeAll(async () => {
    ({ tableName, doc } = await createTestTable('deploy'));
    const { tableName: identityTable } = await createTestTable('deploy-id');
    config = parseControlPlaneConfig({
      [ENV.TABLE_NAME]: tableName,
      [ENV.DYNAMODB_ENDPOINT]: testDynamoEndpoint(),
      [ENV.LOCAL_CREDENTIALS_FILE]: testCredentialsFile(),
      [ENV.IDENTITY_MODE]: 'local',
      [ENV.USER_POOL_ID]: 'control-plane',
      [ENV.USER_POOL_CLIENT_ID]: 'client',
      [ENV.TOKEN_ISSUER]: 'urn:test',
      [ENV.JWKS_URL]: 'http://127.0.0.1:9/unused',
      [ENV.PUBLIC_URL]: BASE,
      [ENV.LOCAL_IDENTITY_KEYS_FILE]: join(mkdtempSync(join(tmpdir(), 'bgs-keys-')), 'keys.json'),
      [ENV.LOCAL_IDENTITY_TABLE]: identityTable,
      [ENV.RATE_LIMITS]: '',
    });
  });

  /** One "process": services over the shared table with its own runner (a restart builds another). */
  async function boot(deployer?: ProjectDeployer): Promise<{ services: ControlPlaneServices; runner: LocalDeploymentRunner }> {
    // The runner reads the services it belongs to, built just after it (as the local service does).
    const built: { services?: ControlPlaneServices } = {};
    const runner = new LocalDeploymentRunner(async () => built.services!);
    built.services = await buildAllServices(config, { clock, ...(deployer ? { deployer } : {}) }, { deploymentRunner: () => runner });
    return { services: built.services, runner };
  }

  function input<K extends keyof Routes>(userId: string, fields: { params?: unknown; query?: unknown; body?: unknown }): RouteInput<Routes[K]> {
    return {
      params: fields.params,
      query: fields.query ?? {},
      body: fields.body,
      user: { userId, claims: {} },
      accessToken: 'test',
      now: clock.now(),
      requestId: 'test',
      sourceIp: '127.0.0.1',
      event,
    } as unknown as RouteInput<Routes[K]>;
  }

  const deploy = async (services: ControlPlaneServices, userId: string, projectId: string, body: { blueprintId?: string } = {}) =>
    DeploymentStarted.parse((await deployProject(input<'deployProject'>(userId, { params: { projectId }, body }), services)).body);
  const read = async (services: ControlPlaneServices, userId: string, deploymentId: string) =>
    Deployment.parse((await getDeployment(input<'getDeployment'>(userId, { params: { deploymentId } }), services)).body);
  const readProject = async (services: ControlPlaneServices, userId: string, projectId: string) =>
    Project.parse((await getProject(input<'getProject'>(userId, { params: { projectId } }), services)).body);

  /** A project of `ownerId` with a completed blueprint generated from the example spec (unless told otherwise). */
  async function projectWithBlueprint(services: ControlPlaneServices, ownerId: string, options: { generate?: boolean } = {}) {
    const project = await services.projects.create(ownerId, { name: 'Help desk', description: 'A help desk' }, clock.now(), { content: specMarkdown, lastUserMessage: null });
    if (options.generate === false) return { projectId: project.id, blueprintId: null };
    const blueprint = await services.blueprints.create({ projectId: project.id, ownerId, specVersion: 1, firstStep: GENERATION_STEPS[0]!.label, now: clock.now() });
    await runGeneration(services, blueprint.id);
    expect((await services.blueprints.get(blueprint.id))?.status).toBe('completed');
    return { projectId: project.id, blueprintId: blueprint.id };
  }

  async function expectHttpError(promise: Promise<unknown>, statusCode: number, code: string, message?: RegExp) {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpError);
    expect({ statusCode: (err as HttpError).statusCode, code: (err as HttpError).code }).toEqual({ statusCode, code });
    if (message) expect((err as HttpError).message).toMatch(message);
  }

  const lockOf = async (projectId: string) => (await doc.send(new GetCommand({ TableName: tableName, Key: keys.deploymentLock(projectId), ConsistentRead: true }))).Item;

  it('deploys the latest completed blueprint: pending, then in progress, then succeeded with logs and the project pointed at it', async () => {
    const deployer = new TestDeployer();
    const { services, runner } = await boot(deployer);
    const { projectId, blueprintId } = await projectWithBlueprint(services, 'user-a');

    const started = await deploy(services, 'user-a', projectId);
    expect(started.statusUrl).toBe(`${BASE}/deployments/${started.deployment.id}`);
    expect(started.deployment).toMatchObject({ projectId, blueprintId, status: 'pending', kind: 'deploy', apiBaseUrl: null });
    expect(await lockOf(projectId)).toMatchObject({ deploymentId: started.deployment.id });
    expect(await services.deployments.pending()).toContain(started.deployment.id);

    await runner.idle();
    const done = await read(services, 'user-a', started.deployment.id);
    expect(done).toMatchObject({ status: 'succeeded', apiBaseUrl: `${BASE}/apis/${projectId}` });
    expect(done.logs.map((l) => [l.level, l.message])).toEqual([
      ['info', `Deployment of blueprint ${blueprintId} requested`],
      ['info', `Deploying blueprint ${blueprintId}`],
      ['info', `Provisioning the table, bucket and identity of ${projectId}`],
      ['info', `Runtime mounted at /apis/${projectId}`],
      ['info', 'Deployment succeeded'],
    ]);
    expect(deployer.calls).toHaveLength(1);
    expect(deployer.calls[0]).toMatchObject({ projectId, blueprintId, deploymentId: started.deployment.id });
    expect(deployer.calls[0]!.ir).toMatchObject({ entities: expect.any(Array) });

    // Stored as a path, answered as a full URL from the request's address.
    const stored = await services.projects.get('user-a', projectId);
    expect(stored).toMatchObject({ activeDeploymentId: started.deployment.id, apiBaseUrl: `/apis/${projectId}` });
    expect(await readProject(services, 'user-a', projectId)).toMatchObject({ activeDeploymentId: started.deployment.id, apiBaseUrl: `${BASE}/apis/${projectId}` });
    expect(await lockOf(projectId)).toBeUndefined();
    expect(await services.deployments.pending()).not.toContain(started.deployment.id);

    // Another user sees nothing of it.
    await expectHttpError(read(services, 'user-b', started.deployment.id), 404, 'NOT_FOUND');
    await expectHttpError(listDeployments(input<'listDeployments'>('user-b', { params: { projectId } }), services), 404, 'NOT_FOUND');
  });

  it('deploys a named completed blueprint; refuses other projects\', unfinished and failed ones', async () => {
    const { services, runner } = await boot(new TestDeployer());
    const { projectId, blueprintId } = await projectWithBlueprint(services, 'user-c');
    const other = await projectWithBlueprint(services, 'user-c');
    const foreign = await projectWithBlueprint(services, 'user-d');

    await expectHttpError(deploy(services, 'user-c', projectId, { blueprintId: other.blueprintId! }), 404, 'NOT_FOUND');
    await expectHttpError(deploy(services, 'user-c', projectId, { blueprintId: foreign.blueprintId! }), 404, 'NOT_FOUND');
    await expectHttpError(deploy(services, 'user-c', projectId, { blueprintId: 'no-such-blueprint' }), 404, 'NOT_FOUND');
    const processing = await services.blueprints.create({ projectId, ownerId: 'user-c', specVersion: 1, firstStep: 'x', now: clock.now() });
    await expectHttpError(deploy(services, 'user-c', projectId, { blueprintId: processing.id }), 409, 'NOT_READY', /still being generated/);
    await services.blueprints.finish(processing.id, { status: 'failed', error: 'The spec does not parse', validation: null }, clock.now());
    await expectHttpError(deploy(services, 'user-c', projectId, { blueprintId: processing.id }), 409, 'NOT_READY', /failed/);
    // Nothing was created by the refusals: no lock held.
    expect(await lockOf(projectId)).toBeUndefined();

    const started = await deploy(services, 'user-c', projectId, { blueprintId: blueprintId! });
    expect(started.deployment.blueprintId).toBe(blueprintId);
    await runner.idle();
    expect((await read(services, 'user-c', started.deployment.id)).status).toBe('succeeded');
  });

  it('answers 409 NOT_READY without a completed blueprint, 409 CONFLICT on an archived project, 404 for another user\'s project', async () => {
    const { services } = await boot(new TestDeployer());
    const bare = await projectWithBlueprint(services, 'user-e', { generate: false });
    await expectHttpError(deploy(services, 'user-e', bare.projectId), 409, 'NOT_READY', /No completed blueprint/);

    const { projectId } = await projectWithBlueprint(services, 'user-e');
    await expectHttpError(deploy(services, 'user-f', projectId), 404, 'NOT_FOUND');
    await services.projects.archive('user-e', projectId, clock.now());
    await expectHttpError(deploy(services, 'user-e', projectId), 409, 'CONFLICT', /archived/);
    expect(await lockOf(projectId)).toBeUndefined();
  });

  it('answers 503 DEPLOYER_UNAVAILABLE without a deployer, while the reads still work', async () => {
    const withDeployer = await boot(new TestDeployer());
    const { projectId } = await projectWithBlueprint(withDeployer.services, 'user-g');
    const { services } = await boot(undefined);
    await expectHttpError(deploy(services, 'user-g', projectId), 503, 'DEPLOYER_UNAVAILABLE', /no deployer/);
    const list = DeploymentList.parse((await listDeployments(input<'listDeployments'>('user-g', { params: { projectId } }), services)).body);
    expect(list).toEqual({ items: [], nextCursor: null });
    expect(await readProject(services, 'user-g', projectId)).toMatchObject({ activeDeploymentId: null, apiBaseUrl: null });
  });

  it('lets one deployment of a project run at a time (409 CONFLICT), and the next one once it has ended', async () => {
    const deployer = new TestDeployer();
    const { services, runner } = await boot(deployer);
    const { projectId } = await projectWithBlueprint(services, 'user-h');
    const release = deployer.hold();
    const first = await deploy(services, 'user-h', projectId);
    await deployer.started(1);
    expect((await read(services, 'user-h', first.deployment.id)).status).toBe('in_progress');
    await expectHttpError(deploy(services, 'user-h', projectId), 409, 'CONFLICT', new RegExp(first.deployment.id));

    // Many at once against the repository: exactly one takes the lock.
    const other = await projectWithBlueprint(services, 'user-h');
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, () => services.deployments.create({ projectId: other.projectId, ownerId: 'user-h', blueprintId: other.blueprintId!, kind: 'deploy', now: clock.now() })),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const a of attempts) if (a.status === 'rejected') expect(a.reason).toMatchObject({ statusCode: 409, code: 'CONFLICT' });

    deployer.stopHolding();
    release();
    await runner.idle();
    expect((await read(services, 'user-h', first.deployment.id)).status).toBe('succeeded');
    const second = await deploy(services, 'user-h', projectId);
    await runner.idle();
    expect((await read(services, 'user-h', second.deployment.id)).status).toBe('succeeded');
    expect((await services.projects.get('user-h', projectId))?.activeDeploymentId).toBe(second.deployment.id);
  });

  it('ends a failing deployment failed with the error message (never a stack), releases the lock and allows the next deploy', async () => {
    const deployer = new TestDeployer();
    const { services, runner } = await boot(deployer);
    const { projectId } = await projectWithBlueprint(services, 'user-i');
    deployer.failWith = new Error('bucket quota exceeded\n    at provision (project-host.ts:1:1)');
    const started = await deploy(services, 'user-i', projectId);
    await runner.idle();
    const failed = await read(services, 'user-i', started.deployment.id);
    expect(failed.status).toBe('failed');
    expect(failed.apiBaseUrl).toBeNull();
    const last = failed.logs[failed.logs.length - 1]!;
    expect(last).toMatchObject({ level: 'error', message: 'Deployment failed: bucket quota exceeded' });
    expect(JSON.stringify(failed.logs)).not.toMatch(/ at |\.ts:\d/);
    expect(await lockOf(projectId)).toBeUndefined();
    expect(await services.deployments.pending()).not.toContain(started.deployment.id);
    expect(await services.projects.get('user-i', projectId)).toMatchObject({ activeDeploymentId: null, apiBaseUrl: null });

    deployer.failWith = null;
    const next = await deploy(services, 'user-i', projectId);
    await runner.idle();
    expect((await read(services, 'user-i', next.deployment.id)).status).toBe('succeeded');
    // A finished deployment takes no more lines and no second ending.
    expect(await services.deployments.appendLog(started.deployment.id, 'info', 'late', clock.now())).toBe(false);
    expect(await services.deployments.fail({ id: next.deployment.id, projectId }, 'late', clock.now())).toBe(false);
    expect(await runDeployment(services, next.deployment.id)).toBe('finished');
    expect((await read(services, 'user-i', next.deployment.id)).status).toBe('succeeded');
  });

  it('resumes unfinished deployments after a restart of the runner (in progress and still pending), converging once', async () => {
    const before = new TestDeployer();
    const first = await boot(before);
    const { projectId, blueprintId } = await projectWithBlueprint(first.services, 'user-j');
    const releaseStale = before.hold();
    const started = await deploy(first.services, 'user-j', projectId);
    await before.started(1);
    expect((await read(first.services, 'user-j', started.deployment.id)).status).toBe('in_progress');
    // A deployment stored but never started (the process died between the 202 and the run).
    const second = await projectWithBlueprint(first.services, 'user-j');
    const neverStarted = await first.services.deployments.create({ projectId: second.projectId, ownerId: 'user-j', blueprintId: second.blueprintId!, kind: 'deploy', now: clock.now() });

    // "Restart": new services, a new runner and a new deployer over the same table.
    const after = new TestDeployer();
    const restarted = await boot(after);
    expect(await restarted.runner.resumePending()).toBeGreaterThanOrEqual(2);
    await restarted.runner.idle();
    const resumed = await read(restarted.services, 'user-j', started.deployment.id);
    expect(resumed.status).toBe('succeeded');
    expect(resumed.logs.map((l) => l.message)).toContain('Resuming the deployment after a restart');
    expect(after.calls.map((c) => c.deploymentId)).toEqual(expect.arrayContaining([started.deployment.id, neverStarted.id]));
    expect(after.calls.find((c) => c.deploymentId === started.deployment.id)).toMatchObject({ projectId, blueprintId });
    expect((await read(restarted.services, 'user-j', neverStarted.id)).status).toBe('succeeded');
    expect(await restarted.services.deployments.pending()).not.toEqual(expect.arrayContaining([started.deployment.id]));

    // The stale run (the "dead" process) finishing late changes nothing.
    releaseStale();
    await first.runner.idle();
    const final = await read(restarted.services, 'user-j', started.deployment.id);
    expect(final.status).toBe('succeeded');
    expect(final.logs.filter((l) => l.message === 'Deployment succeeded')).toHaveLength(1);
    expect(await restarted.runner.resumePending()).toBe(0);
  });

  it('appends log lines atomically, each bounded in length, up to a bounded count', async () => {
    const { services } = await boot(new TestDeployer());
    const { projectId, blueprintId } = await projectWithBlueprint(services, 'user-k');
    const record = await services.deployments.create({ projectId, ownerId: 'user-k', blueprintId: blueprintId!, kind: 'deploy', now: clock.now() });
    expect(await services.deployments.markInProgress(record.id, 'go', clock.now())).toBe(true);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => services.deployments.appendLog(record.id, 'info', `line ${i}`, clock.now())));
    expect(results.every(Boolean)).toBe(true);
    const afterBurst = (await services.deployments.get(record.id))!;
    // Concurrent appends lose nothing: requested + go + 40.
    expect(afterBurst.logs).toHaveLength(42);
    expect(new Set(afterBurst.logs.map((l) => l.message)).size).toBe(42);

    expect(await services.deployments.appendLog(record.id, 'warn', 'x'.repeat(MAX_LOG_MESSAGE_CHARS + 500), clock.now())).toBe(true);
    expect((await services.deployments.get(record.id))!.logs.at(-1)!.message.length).toBe(MAX_LOG_MESSAGE_CHARS);
    for (let i = 43; i < MAX_LOG_LINES; i++) await services.deployments.appendLog(record.id, 'info', `filler ${i}`, clock.now());
    expect(await services.deployments.appendLog(record.id, 'info', 'one too many', clock.now())).toBe(false);
    expect((await services.deployments.get(record.id))!.logs).toHaveLength(MAX_LOG_LINES);
    // The final line is written even at the bound.
    expect(await services.deployments.fail(record, 'Deployment failed: test', clock.now())).toBe(true);
    expect((await services.deployments.get(record.id))!.logs.at(-1)).toMatchObject({ level: 'error', message: 'Deployment failed: test' });
  });

  it('lists a project\'s deployments newest first, in cursor pages bound to the project', async () => {
    const { services, runner } = await boot(new TestDeployer());
    const { projectId } = await projectWithBlueprint(services, 'user-l');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      ids.push((await deploy(services, 'user-l', projectId)).deployment.id);
      await runner.idle();
    }
    const list = async (query: Record<string, unknown>, projectIdOf = projectId) =>
      DeploymentList.parse((await listDeployments(input<'listDeployments'>('user-l', { params: { projectId: projectIdOf }, query }), services)).body);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list({ limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(2);
      for (const item of page.items) {
        expect(item).toMatchObject({ projectId, status: 'succeeded', kind: 'deploy', apiBaseUrl: `${BASE}/apis/${projectId}` });
        expect(item).not.toHaveProperty('logs');
        expect(item).not.toHaveProperty('ownerId');
      }
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    expect((await list({})).items).toHaveLength(5);

    // A cursor of this list is refused on another project's list.
    const first = await list({ limit: 2 });
    const other = await projectWithBlueprint(services, 'user-l', { generate: false });
    await expectHttpError(list({ cursor: first.nextCursor }, other.projectId), 400, 'VALIDATION_ERROR');
  });
});
