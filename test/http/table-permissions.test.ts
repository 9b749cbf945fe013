/**
 * IAM that cannot drift (issue 22 item 5). DynamoDB Local has no IAM, so locally each route's
 * DynamoDB client carries a guard that refuses what the route's policy would refuse on AWS
 * (table-action-guard.ts; the policy and the guard both come from routes.ts `routeTableActions`,
 * and PROJECT_RUNTIME_TABLE_ACTIONS for a generated API's runtime). Every HTTP test therefore
 * fails on an undeclared call. This test also records, through the composition roots'
 * `onDynamoClient`, the calls each route and each project's runtime really make over a walk
 * through every control-plane route and a generated API, and shows they are all declared and
 * that the guard refuses an undeclared one.
 */
import { API_REFERENCE_ASSETS } from '../../lambdas/core/api-reference/api-reference-assets';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CONTROL_PLANE_ROUTE_LIST, routeTableActions } from '../../lambdas/control-plane/routes';
import { PROJECT_RUNTIME_TABLE_ACTIONS } from '../../lambdas/project-runtime/runtime-permissions';
import { requiredTableActions } from '../../lambdas/adapters/dynamodb/table-action-guard';
import { buildServices } from '../../lambdas/control-plane/composition/root';
import { projects as projectStore } from '../../lambdas/control-plane/composition/stores';
import { parseControlPlaneConfig } from '../../lambdas/shared/config';
import { callApi, newAccount, startTestService, type TestService } from '../support/local-service';
import { deployIr, invite, joinProject } from '../support/project-api';
import { goldenIr } from '../support/golden-ir';

/** principal -> table -> actions it used. */
const used = new Map<string, Map<string, Set<string>>>();

function record(client: DynamoDBClient, principal: string): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      for (const { tableName, action } of requiredTableActions(context.commandName ?? '', args.input as Record<string, unknown>)) {
        const tables = used.get(principal) ?? new Map<string, Set<string>>();
        used.set(principal, tables);
        const actions = tables.get(tableName) ?? new Set<string>();
        tables.set(tableName, actions);
        actions.add(action);
      }
      return next(args);
    },
    { step: 'initialize', name: `recordTableActions-${principal}` },
  );
}

let service: TestService;
beforeAll(async () => {
  service = await startTestService({
    autoConfirm: false,
    onDynamoClient: record,
    projectSetup: (projectId) => ({ onDynamoClient: (client) => record(client, `project ${projectId}`) }),
  });
});
afterAll(() => service.stop());

async function poll(path: string, token: string, done: (body: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (let i = 0; i < 400; i++) {
    const res = await service.request('GET', path, { token });
    if (done(res.body)) return res.body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out polling ${path}`);
}

const mailCode = async (email: string) => {
  const mail = await callApi(service.url, 'GET', `/_local/mail?to=${encodeURIComponent(email)}`);
  // Newest first.
  return (mail.body.items as { code: string }[]).find((m) => m.code !== '')!.code;
};

it('every control-plane route, over a whole walk-through, calls only what its IAM policy declares', async () => {
  /** Every call of the walk must succeed (2xx): a refused table action would be a 500. */
  const call = async (method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
    const res = await service.request(method, path, options);
    if (res.status < 200 || res.status > 299) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res;
  };
  await call('GET', '/health', {});
  await call('GET', '/openapi.json', {});
  const account = newAccount('iam');
  await call('POST', '/auth/signup', { body: account });
  await call('POST', '/auth/confirm', { body: { email: account.email, code: await mailCode(account.email) } });
  const { refreshToken } = (await call('POST', '/auth/login', { body: account })).body as { refreshToken: string };
  await call('POST', '/auth/refresh', { body: { refreshToken } });
  await call('POST', '/auth/forgot-password', { body: { email: account.email } });
  await call('POST', '/auth/reset-password', { body: { email: account.email, code: await mailCode(account.email), newPassword: 'Another-Horse-9' } });
  const token = ((await call('POST', '/auth/login', { body: { email: account.email, password: 'Another-Horse-9' } })).body as { accessToken: string }).accessToken;
  await call('GET', '/auth/me', { token });

  const project = (await call('POST', '/projects', { token, body: { name: 'IAM walk', description: 'A task tracker: tasks have a title and a status (open or done). Members can create tasks.' } })).body as { id: string };
  const p = `/projects/${project.id}`;
  await call('GET', '/projects', { token });
  await call('GET', p, { token });
  await call('PATCH', p, { token, body: { name: 'IAM walk 2' } });
  await call('PUT', `${p}/endpoints/billing`, { token, body: { url: 'https://hooks.example.com/bgs', secret: 'whsec_0123456789abcdef' } });
  await call('PUT', `${p}/endpoints/billing`, { token, body: { url: 'https://hooks.example.com/v2', secret: 'whsec_fedcba9876543210' } });
  await call('GET', `${p}/endpoints`, { token });
  await call('DELETE', `${p}/endpoints/billing`, { token });
  const spec = ((await call('GET', `${p}/spec`, { token })).body as { spec: { content: string } }).spec;
  await call('POST', `${p}/spec/chat`, { token, body: { message: 'Add a due date to tasks' } });
  await call('POST', `${p}/spec/apply`, { token, body: { content: spec.content } });
  await call('GET', `${p}/spec/chat/history`, { token });
  await call('POST', `${p}/spec/chat/message`, { token, body: { role: 'user', content: 'a note' } });
  await call('GET', `${p}/spec/versions`, { token });
  await call('GET', `${p}/spec/versions/1`, { token });
  const generated = (await call('POST', `${p}/spec/generate-blueprint`, { token })).body as { blueprint: { id: string } };
  await call('GET', `${p}/spec/generation-status/${generated.blueprint.id}`, { token });
  await poll(`/blueprints/${generated.blueprint.id}/status`, token, (b) => b.status !== 'processing');
  const prompted = (await call('POST', `${p}/blueprints`, { token, body: { prompt: 'Add a priority to tasks (low, medium or high)' } })).body as { blueprint: { id: string } };
  const blueprintId = prompted.blueprint.id;
  await poll(`/blueprints/${blueprintId}/status`, token, (b) => b.status !== 'processing');
  await call('GET', `/blueprints/${blueprintId}`, { token });
  await call('POST', `/blueprints/${blueprintId}/validate`, { token });
  await call('GET', `/blueprints/${blueprintId}/validation-report`, { token });
  await call('GET', `${p}/artifacts/openapi`, { token });
  await call('GET', `${p}/artifacts/openapi.yaml`, { token });
  await call('GET', `${p}/artifacts/design-doc`, { token });
  await call('GET', `${p}/artifacts/cdk`, { token });
  await call('POST', `${p}/validate`, { token, body: {} });
  const first = (await call('POST', `${p}/deploy`, { token, body: { blueprintId: generated.blueprint.id } })).body as { deployment: { id: string } };
  await poll(`/deployments/${first.deployment.id}`, token, (b) => b.status === 'succeeded' || b.status === 'failed');
  const second = (await call('POST', `${p}/deploy`, { token, body: {} })).body as { deployment: { id: string } };
  await poll(`/deployments/${second.deployment.id}`, token, (b) => b.status === 'succeeded' || b.status === 'failed');
  const rollback = (await call('POST', `${p}/rollback`, { token, body: {} })).body as { deployment: { id: string } };
  await poll(`/deployments/${rollback.deployment.id}`, token, (b) => b.status === 'succeeded' || b.status === 'failed');
  // The SDKs read the active deployment's blueprint.
  await call('GET', `${p}/artifacts/sdk/python`, { token });
  await call('GET', `${p}/artifacts/sdk/typescript`, { token });
  // The API reference reads the same; its signed link opens it without a token; its files need no table.
  await call('GET', `${p}/artifacts/docs`, { token });
  const link = (await call('GET', `${p}/artifacts/docs-link`, { token })).body as { url: string };
  await call('GET', new URL(link.url).pathname + new URL(link.url).search, {});
  await call('GET', `/_static/${API_REFERENCE_ASSETS.script.name}`, {});
  await call('GET', `${p}/deployments`, { token });
  await call('GET', '/usage/me', { token });
  await call('GET', '/usage/recent', { token });
  // A deployed project is archived once its stack is destroyed.
  const destroyed = (await call('DELETE', `${p}/stack`, { token, body: {} })).body as { deployment: { id: string } };
  await poll(`/deployments/${destroyed.deployment.id}`, token, (b) => b.status === 'destroyed' || b.status === 'failed');
  await call('DELETE', p, { token });
  await service.idle();

  // Every route was walked (its services were built), and none used an action it does not declare.
  const controlPlaneTable = service.tables.controlPlane;
  const undeclared: string[] = [];
  for (const route of CONTROL_PLANE_ROUTE_LIST) {
    const principal = `route ${route.id}`;
    expect([principal, used.has(principal) || route.dynamo.length === 0]).toEqual([principal, true]);
    const declared = routeTableActions(route);
    for (const action of used.get(principal)?.get(controlPlaneTable) ?? []) if (!declared.includes(action)) undeclared.push(`${principal}: ${action}`);
  }
  expect(undeclared).toEqual([]);
});

it("a generated API's runtime calls only what its IAM policy declares", async () => {
  const api = await deployIr(service, goldenIr('01-task-tracker'));
  const admin = await joinProject(service, api, { orgName: 'Acme' });
  const member = await invite(service, api, admin, 'member');
  const host = await api.request('POST', '/v1/projects', { token: admin.accessToken, body: { name: 'Host' } });
  const task = await api.request('POST', '/v1/tasks', { token: member.accessToken, body: { title: 'A task', project_id: host.body.id } });
  expect(task.status).toBe(201);
  await api.request('GET', `/v1/tasks?project_id=${host.body.id as string}`, { token: member.accessToken });
  await api.request('PATCH', `/v1/tasks/${task.body.id as string}`, { token: member.accessToken, body: { title: 'Renamed' } });
  await api.request('GET', '/v1/users', { token: admin.accessToken });
  await api.request('DELETE', `/v1/projects/${host.body.id as string}`, { token: admin.accessToken });
  const runtime = used.get(`project ${api.projectId}`)?.get(service.projects.tableNameOf(api.projectId));
  expect(runtime?.size).toBeGreaterThan(0);
  expect([...runtime!].filter((action) => !PROJECT_RUNTIME_TABLE_ACTIONS.includes(action))).toEqual([]);
});

it('the guard refuses what a principal does not declare, as IAM would', async () => {
  const config = parseControlPlaneConfig();
  const readOnly = await buildServices(config, {}, { name: 'a read-only test principal', tableActions: ['GetItem'] }, { projects: projectStore });
  await expect(readOnly.projects.get('someone', '00000000-0000-4000-8000-000000000000')).resolves.toBeNull();
  await expect(
    readOnly.projects.create('someone', { name: 'x', description: 'y' }, new Date(), { content: '# x', lastUserMessage: null }, '00000000-0000-4000-8000-000000000001'),
  ).rejects.toMatchObject({ name: 'AccessDeniedException', message: expect.stringMatching(/a read-only test principal is not authorized to perform: dynamodb:(PutItem|ConditionCheckItem)/) });
});
