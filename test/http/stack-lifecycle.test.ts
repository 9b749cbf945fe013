/**
 * The local lifecycle of a project's stack over HTTP (CONTRACT "DELETE /projects/{id}/stack",
 * issue 24 "Destroy"): deploy, destroy (its API answers 404 NOT_DEPLOYED, the project's pointers
 * are cleared), deploy again and find the kept data; destroy with deleteData and find nothing;
 * archive refused while deployed; every refusal with its code.
 */
import { join } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { existsSync } from 'node:fs';
import { describeAndDeploy } from '../support/deploy-flow';
import { callApi, signUpAndLogin, startTestService, type TestService } from '../support/local-service';
import { clientFor, joinProject, login, type ProjectApiClient } from '../support/project-api';

const description = 'A notes app. A note has a title and a body. Members can create, read, update and delete notes.';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

async function finished(token: string, deploymentId: string) {
  await service.idle();
  const res = await service.request('GET', `/deployments/${deploymentId}`, { token });
  expect(res.status).toBe(200);
  return res.body as { status: string; kind: string; logs: { level: string; message: string }[]; deleteData?: boolean };
}

async function destroy(token: string, projectId: string, body?: Record<string, unknown>) {
  return service.request('DELETE', `/projects/${projectId}/stack`, { token, ...(body ? { body } : {}) });
}

async function deployAgain(token: string, projectId: string) {
  const res = await service.request('POST', `/projects/${projectId}/deploy`, { token, body: {} });
  expect(res.status).toBe(202);
  const deployment = await finished(token, res.body.deployment.id as string);
  expect(deployment.status).toBe('succeeded');
  return deployment;
}

const api = (projectId: string): ProjectApiClient => clientFor(service, projectId, `${service.url}/apis/${projectId}`);

it('destroys keeping the data: the API answers NOT_DEPLOYED, a later deploy serves the same records and accounts', async () => {
  const owner = await signUpAndLogin(service);
  const token = owner.accessToken;
  const deployed = await describeAndDeploy(service.url, token, 'Keep', description);
  const projectApi = api(deployed.projectId);
  const member = await joinProject(service, projectApi);
  const note = await projectApi.request('POST', '/v1/notes', { token: member.accessToken, body: { title: 'Kept', body: 'across a destroy' } });
  expect(note.status).toBe(201);

  // Archiving a deployed project is refused: its API would keep answering.
  const archive = await service.request('DELETE', `/projects/${deployed.projectId}`, { token });
  expect([archive.status, archive.body.code]).toEqual([409, 'CONFLICT']);
  expect(archive.body.error).toMatch(/destroy its stack first/);

  const started = await destroy(token, deployed.projectId);
  expect(started.status).toBe(202);
  expect(started.body.deployment).toMatchObject({ kind: 'destroy', projectId: deployed.projectId, blueprintId: deployed.blueprintId });
  expect(started.body.statusUrl).toBe(`${service.url}/deployments/${started.body.deployment.id}`);
  const ended = await finished(token, started.body.deployment.id as string);
  expect(ended.status).toBe('destroyed');
  const messages = ended.logs.map((line) => line.message);
  expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/answers 404 NOT_DEPLOYED/), expect.stringMatching(/^Kept the table .* deleteData: true$/), 'Stack destroyed']));

  const project = await service.request('GET', `/projects/${deployed.projectId}`, { token });
  expect(project.body).toMatchObject({ activeDeploymentId: null, apiBaseUrl: null });
  const gone = await projectApi.request('GET', '/v1/notes', { token: member.accessToken });
  expect([gone.status, gone.body.code]).toEqual([404, 'NOT_DEPLOYED']);
  expect(gone.body.error).toMatch(/deploy the project/);

  // Nothing deployed: a second destroy and a rollback have nothing to act on.
  const again = await destroy(token, deployed.projectId);
  expect([again.status, again.body.code]).toEqual([409, 'CONFLICT']);
  expect(again.body.error).toMatch(/not deployed/);

  await deployAgain(token, deployed.projectId);
  const relogged = await login(projectApi, { email: member.email, password: member.password }, member.userId);
  const list = await projectApi.request('GET', '/v1/notes', { token: relogged.accessToken });
  expect(list.status).toBe(200);
  expect(list.body.items.map((n: { id: string }) => n.id)).toEqual([note.body.id]);

  // The deployment list shows the destroy between the two deploys.
  const history = await service.request('GET', `/projects/${deployed.projectId}/deployments`, { token });
  expect(history.body.items.map((d: { kind: string; status: string }) => `${d.kind}:${d.status}`)).toEqual(['deploy:succeeded', 'destroy:destroyed', 'deploy:succeeded']);
});

it('destroys with deleteData: table, bucket and identity pool are removed; a later deploy starts empty; then the project can be archived', async () => {
  const owner = await signUpAndLogin(service);
  const token = owner.accessToken;
  const deployed = await describeAndDeploy(service.url, token, 'Wipe', description);
  const projectApi = api(deployed.projectId);
  const member = await joinProject(service, projectApi);
  expect((await projectApi.request('POST', '/v1/notes', { token: member.accessToken, body: { title: 'Gone soon' } })).status).toBe(201);
  const keys = join(service.dataDir, 'identity', 'projects', `${deployed.projectId}.json`);
  expect(existsSync(keys)).toBe(true);

  const started = await destroy(token, deployed.projectId, { deleteData: true });
  expect(started.status).toBe(202);
  expect(started.body.deployment.deleteData).toBe(true);
  const ended = await finished(token, started.body.deployment.id as string);
  expect(ended.status).toBe('destroyed');
  const messages = ended.logs.map((line) => line.message);
  expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/^Deleted the table /), expect.stringMatching(/^Deleted the bucket /), expect.stringMatching(/^Deleted the identity pool .* and its signing keys$/)]));
  expect(existsSync(keys)).toBe(false);
  const { TableNames = [] } = await service.dynamoClient.send(new ListTablesCommand({}));
  expect(TableNames).not.toContain(service.projects.tableNameOf(deployed.projectId));

  await deployAgain(token, deployed.projectId);
  const relogin = await projectApi.request('POST', '/auth/login', { body: { email: member.email, password: member.password } });
  expect(relogin.status).toBe(401);
  const fresh = await joinProject(service, projectApi);
  const list = await projectApi.request('GET', '/v1/notes', { token: fresh.accessToken });
  expect(list.body.items).toEqual([]);

  const destroyed = await destroy(token, deployed.projectId);
  await finished(token, destroyed.body.deployment.id as string);
  const archived = await service.request('DELETE', `/projects/${deployed.projectId}`, { token });
  expect([archived.status, archived.body.status]).toEqual([200, 'archived']);
  // Archived and not deployed: nothing to destroy.
  expect((await destroy(token, deployed.projectId)).status).toBe(409);
});

it('refuses bad requests: another user, unknown fields, wrong types, no token, a running deployment', async () => {
  const owner = await signUpAndLogin(service);
  const stranger = await signUpAndLogin(service);
  const deployed = await describeAndDeploy(service.url, owner.accessToken, 'Guarded', description);
  const notYours = await destroy(stranger.accessToken, deployed.projectId);
  expect([notYours.status, notYours.body.code]).toEqual([404, 'NOT_FOUND']);
  const unknown = await destroy(owner.accessToken, deployed.projectId, { force: true });
  expect([unknown.status, unknown.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  const wrongType = await destroy(owner.accessToken, deployed.projectId, { deleteData: 'yes' });
  expect([wrongType.status, wrongType.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  expect((await callApi(service.url, 'DELETE', `/projects/${deployed.projectId}/stack`)).status).toBe(401);

  const project = await service.request('POST', '/projects', { token: owner.accessToken, body: { name: 'Never deployed', description } });
  const never = await destroy(owner.accessToken, project.body.id as string);
  expect([never.status, never.body.code]).toEqual([409, 'CONFLICT']);

  // A deploy and a destroy of one project never run together.
  const deploying = await service.request('POST', `/projects/${deployed.projectId}/deploy`, { token: owner.accessToken, body: {} });
  expect(deploying.status).toBe(202);
  const racing = await destroy(owner.accessToken, deployed.projectId);
  // Either the deploy still holds the project's lock (409), or it had already ended and the destroy starts.
  expect([202, 409]).toContain(racing.status);
  await service.idle();
});
