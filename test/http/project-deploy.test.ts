/**
 * From a description to a live API through the control plane, as a new user would do it:
 * create the project, generate the blueprint, deploy, then use the generated API at the
 * project's `apiBaseUrl`; the project, the deployment and the artifacts all name that address.
 */
import { goldenIr } from '../support/golden-ir';
import { describeAndDeploy } from '../support/deploy-flow';
import { callApi, signUpAndLogin, startTestService, type TestService } from '../support/local-service';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { clientFor, deployIr, joinProject } from '../support/project-api';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const description = readFileSync(join(__dirname, '..', 'fixtures', 'examples', '01-task-tracker.md'), 'utf8').split('\n## ')[0]!;

it('deploys the task tracker and serves its API at apiBaseUrl', async () => {
  const owner = await signUpAndLogin(service);
  const deployed = await describeAndDeploy(service.url, owner.accessToken, 'Task tracker', description);
  expect(deployed.apiBaseUrl).toBe(`${service.url}/apis/${deployed.projectId}`);

  const project = await service.request('GET', `/projects/${deployed.projectId}`, { token: owner.accessToken });
  expect(project.body).toMatchObject({ activeDeploymentId: deployed.deploymentId, apiBaseUrl: deployed.apiBaseUrl, latestBlueprintId: deployed.blueprintId });
  const deployment = await service.request('GET', `/deployments/${deployed.deploymentId}`, { token: owner.accessToken });
  expect(deployment.body).toMatchObject({ status: 'succeeded', kind: 'deploy', apiBaseUrl: deployed.apiBaseUrl });
  expect(deployment.body.logs.map((l: { message: string }) => l.message).join('\n')).toMatch(/table[\s\S]*bucket[\s\S]*identity[\s\S]*Serving/);
  const openapi = await service.request('GET', `/projects/${deployed.projectId}/artifacts/openapi`, { token: owner.accessToken });
  expect(openapi.body.servers[0].url).toBe(deployed.apiBaseUrl);

  const api = clientFor(service, deployed.projectId, deployed.apiBaseUrl);
  const admin = await joinProject(service, api, { orgName: 'Acme' });
  const created = await api.request('POST', '/v1/projects', { token: admin.accessToken, body: { name: 'Launch' } });
  expect(created.status).toBe(201);
  const listed = await api.request('GET', '/v1/projects', { token: admin.accessToken });
  expect(listed.body).toEqual({ items: [created.body], next_cursor: null });
  // The control plane's own tokens are not the project's.
  expect((await api.request('GET', '/v1/projects', { token: owner.accessToken })).status).toBe(401);

  // The served routes are the golden blueprint's routes: the same spec gives the same IR.
  const ir = goldenIr('01-task-tracker');
  expect(ir.entities.map((e) => e.collection)).toEqual(['projects', 'tasks']);
  expect((await callApi(deployed.apiBaseUrl, 'GET', '/v1/tasks', { token: admin.accessToken })).status).toBe(200);
});

it('keeps serving the other projects when one cannot be restored, and says why', async () => {
  const ir = goldenIr('02-recipe-blog');
  const healthy = await deployIr(service, ir);
  const lost = await deployIr(service, ir);
  await service.dynamoClient.send(new DeleteTableCommand({ TableName: service.projects.tableNameOf(lost.projectId) }));
  await service.projects.restore();
  const broken = await lost.request('POST', '/auth/login', { body: { email: 'a@example.org', password: 'Whatever-1' } });
  expect(broken.status).toBe(503);
  expect(broken.body).toEqual({ code: 'SERVICE_UNAVAILABLE', error: expect.stringMatching(/could not be started.*deploy the project again/) });
  expect((await healthy.request('POST', '/auth/login', { body: { email: 'a@example.org', password: 'Whatever-1' } })).status).toBe(401);
});
