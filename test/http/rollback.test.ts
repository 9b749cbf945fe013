/**
 * `POST /projects/{id}/rollback` (CONTRACT "Control plane"): a deployment of kind `rollback`
 * that deploys an earlier succeeded deployment's blueprint again; by default the one before
 * the active one; none -> 409. The project's API then serves the older blueprint.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callApi, signUpAndLogin, startTestService, type TestService } from '../support/local-service';

const description = readFileSync(join(__dirname, '..', 'fixtures', 'examples', '01-task-tracker.md'), 'utf8').split('\n## ')[0]!;

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 400; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out');
}

it('rolls back to the deployment before the active one, and the API serves the older blueprint', async () => {
  const owner = await signUpAndLogin(service);
  const token = owner.accessToken;
  const call = (method: string, path: string, body?: unknown) => service.request(method, path, { token, ...(body === undefined ? {} : { body }) });
  const projectId = (await call('POST', '/projects', { name: 'Rollback', description })).body.id as string;
  const generate = async (path: string, body?: unknown) => {
    const started = await call('POST', path, body);
    const id = started.body.blueprint.id as string;
    await until(() => call('GET', `/blueprints/${id}/status`), (r) => r.body.status !== 'processing');
    return id;
  };
  const deploy = async (path: string, body?: unknown) => {
    const res = await call('POST', path, body);
    expect(res.status).toBe(202);
    const done = await until(() => call('GET', `/deployments/${res.body.deployment.id}`), (r) => ['succeeded', 'failed'].includes(r.body.status));
    expect(done.body.status).toBe('succeeded');
    return done.body as { id: string; kind: string; blueprintId: string; logs: { message: string }[] };
  };

  const first = await generate(`/projects/${projectId}/spec/generate-blueprint`);
  const v1 = await deploy(`/projects/${projectId}/deploy`);
  const none = await call('POST', `/projects/${projectId}/rollback`);
  expect([none.status, none.body.code]).toEqual([409, 'CONFLICT']);

  const second = await generate(`/projects/${projectId}/blueprints`, { prompt: 'Add a Comment entity: a comment belongs to a task and has a body and an author.' });
  await deploy(`/projects/${projectId}/deploy`);
  const api = `${service.url}/apis/${projectId}`;
  expect((await callApi(api, 'GET', '/v1/comments')).status).toBe(401);

  const rollback = await deploy(`/projects/${projectId}/rollback`);
  expect(rollback).toMatchObject({ kind: 'rollback', blueprintId: first });
  expect(rollback.logs.map((l) => l.message).join('\n')).toMatch(/Rolling back/);
  expect((await call('GET', `/projects/${projectId}`)).body.activeDeploymentId).toBe(rollback.id);
  // The older blueprint has no comments: the route is gone.
  expect((await callApi(api, 'GET', '/v1/comments')).status).toBe(404);
  expect(second).not.toBe(first);

  // Named targets: this project's succeeded deployments only, not the active one.
  expect((await call('POST', `/projects/${projectId}/rollback`, { deploymentId: 'nope' })).status).toBe(404);
  expect((await call('POST', `/projects/${projectId}/rollback`, { deploymentId: rollback.id })).status).toBe(409);
  const named = await deploy(`/projects/${projectId}/rollback`, { deploymentId: v1.id });
  expect(named.blueprintId).toBe(first);
  expect((await call('POST', `/projects/${projectId}/rollback`, { target: 'x' })).status).toBe(400);
  const stranger = await signUpAndLogin(service);
  expect((await service.request('POST', `/projects/${projectId}/rollback`, { token: stranger.accessToken })).status).toBe(404);
});
