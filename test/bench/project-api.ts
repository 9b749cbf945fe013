/**
 * A generated project API on the local service: the task tracker (01-task-tracker, multi-tenant)
 * deployed through the local project host, its admin calling it through the local gateway.
 *
 * - Load: `GET /v1/tasks` (a page of 20) and `POST /v1/tasks` at the bench's concurrency, next
 *   to a bare node:http server answering the same JSON from memory (the ceiling) and DynamoDB
 *   Local's own GetItem rate (measured by run.ts). POST runs twice: each client creating in its
 *   own project, and all clients in one project (every create also counts the reference on its
 *   project item, so creates under one parent contend for one item).
 * - DynamoDB requests per API call, counted with `countRequests` on the project's own DynamoDB
 *   client, which the composition root hands out through `onDynamoClient` (the runtime's
 *   requests, and the local identity's, which stand for Cognito's). Each call is counted alone,
 *   after its setup has finished, with no load running. The counter sits in the SDK's
 *   `initialize` step: it counts the requests the code made, not network retries.
 *
 * The project API has no rate limiting, so nothing here needs raising.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { LocalService } from '../../local/local-service';
import { countRequests } from '../../lambdas/adapters/project-data/request-counter';
import { goldenIr } from '../support/golden-ir';
import { callApi, type ApiResponse, type TestService } from '../support/local-service';
import { deployIr, joinProject, type ProjectApiClient, type ProjectUser } from '../support/project-api';
import { CONNECTIONS, DURATION_S, load, ratio, type LoadResult } from './load';

const EXAMPLE = '01-task-tracker';
/** Measured this many times each; the median is reported (the count is expected not to vary). */
const COUNT_RUNS = 3;

export interface RequestCount {
  /** DynamoDB requests of one API call (median of the runs). */
  requests: number;
  /** The same per command, from the last run: `GetItem: 1`. */
  byCommand: Record<string, number>;
  /** Every run's total (they should agree). */
  runs: number[];
}

export interface ProjectApiBench {
  machine: { node: string; cpus: number };
  at: string;
  connections: number;
  durationSeconds: number;
  project: string;
  load: {
    listTasks20: LoadResult;
    bareNodeHttpListJson: LoadResult;
    createTaskOwnProjectPerClient: LoadResult;
    createTaskOneSharedProject: LoadResult;
    bareNodeHttpCreateJson: LoadResult;
    dynamoDbLocalGetItemPerSecond: number;
  };
  ratios: {
    listToBareHttp: number;
    createToBareHttp: number;
    listToDynamoGetItem: number;
    createToDynamoGetItem: number;
  };
  dynamoRequestsPerCall: Record<string, RequestCount>;
  countingMethod: string;
}

/** `projectClients`: each mounted project's DynamoDB client, by project id (LocalServiceOptions.projectSetup's onDynamoClient). */
export async function projectApiBench(service: LocalService, dataDir: string, dynamoGetItemPerSecond: number, projectClients: ReadonlyMap<string, DynamoDBClient>): Promise<ProjectApiBench> {
  const host: TestService = { ...service, dataDir, request: (method, path, options) => callApi(service.url, method, path, options) };
  const api = await deployIr(host, goldenIr(EXAMPLE));
  const admin = await joinProject(host, api, { orgName: 'Bench Org' });
  const projects: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) projects.push((await expectStatus(api.request('POST', '/v1/projects', { token: admin.accessToken, body: { name: `Project ${i}` } }), 201)).body.id as string);
  const taskBody = (projectId: string) => ({ title: 'Bench task', description: 'A task of the bench', priority: 'medium', project_id: projectId });
  for (let i = 0; i < 20; i++) await expectStatus(api.request('POST', '/v1/tasks', { token: admin.accessToken, body: taskBody(projects[0]!) }), 201);

  const client = projectClients.get(api.projectId);
  if (!client) throw new Error(`no DynamoDB client was reported for project ${api.projectId}`);
  const dynamoRequestsPerCall = await countPerCall(client, api, admin, projects[0]!, taskBody(projects[0]!));

  const list = await expectStatus(api.request('GET', '/v1/tasks', { token: admin.accessToken }), 200);
  if ((list.body.items as unknown[]).length !== 20) throw new Error(`expected a page of 20 tasks, got ${list.text.slice(0, 200)}`);
  const created = (await expectStatus(api.request('POST', '/v1/tasks', { token: admin.accessToken, body: taskBody(projects[0]!) }), 201)).text;

  const auth = { authorization: `Bearer ${admin.accessToken}` };
  const json = { 'content-type': 'application/json' };
  const listTasks20 = await load(`${api.baseUrl}/v1/tasks`, auth);
  const createTaskOwnProjectPerClient = await load(`${api.baseUrl}/v1/tasks`, { ...auth, ...json }, { method: 'POST', bodyOf: (i) => JSON.stringify(taskBody(projects[i % projects.length]!)) });
  const createTaskOneSharedProject = await load(`${api.baseUrl}/v1/tasks`, { ...auth, ...json }, { method: 'POST', body: JSON.stringify(taskBody(projects[0]!)) });

  const listCeiling = await bareServer(200, list.text);
  const bareNodeHttpListJson = await load(listCeiling.url);
  listCeiling.server.close();
  const createCeiling = await bareServer(201, created);
  const bareNodeHttpCreateJson = await load(createCeiling.url, json, { method: 'POST', body: JSON.stringify(taskBody(projects[0]!)) });
  createCeiling.server.close();

  return {
    machine: { node: process.version, cpus: cpus().length },
    at: new Date().toISOString(),
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    project: `${EXAMPLE} (multi-tenant), one organization, called by its admin through the local gateway`,
    load: { listTasks20, bareNodeHttpListJson, createTaskOwnProjectPerClient, createTaskOneSharedProject, bareNodeHttpCreateJson, dynamoDbLocalGetItemPerSecond: dynamoGetItemPerSecond },
    ratios: {
      listToBareHttp: ratio(listTasks20.requestsPerSecond, bareNodeHttpListJson.requestsPerSecond),
      createToBareHttp: ratio(createTaskOwnProjectPerClient.requestsPerSecond, bareNodeHttpCreateJson.requestsPerSecond),
      listToDynamoGetItem: ratio(listTasks20.requestsPerSecond, dynamoGetItemPerSecond),
      createToDynamoGetItem: ratio(createTaskOwnProjectPerClient.requestsPerSecond, dynamoGetItemPerSecond),
    },
    dynamoRequestsPerCall,
    countingMethod:
      "countRequests on the project's own DynamoDB client (its runtime and its local identity), one API call at a time with nothing else running; requests the code made, SDK retries not counted",
  };
}

/**
 * DynamoDB requests of one call of each operation on a task of `projectId`. Each run sets up
 * what the call needs first (uncounted), then counts the call alone.
 */
async function countPerCall(client: DynamoDBClient, api: ProjectApiClient, admin: ProjectUser, projectId: string, body: Record<string, unknown>): Promise<Record<string, RequestCount>> {
  const token = admin.accessToken;
  const newTask = async () => (await expectStatus(api.request('POST', '/v1/tasks', { token, body }), 201)).body.id as string;
  const uploaded = async (): Promise<{ id: string; fileKey: string }> => {
    const id = await newTask();
    const grant = await expectStatus(api.request('POST', `/v1/tasks/${id}/attachments/upload-url`, { token, body: { filename: 'bench.pdf', contentType: 'application/pdf' } }), 200);
    const put = await fetch(grant.body.uploadUrl as string, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: Buffer.from('%PDF-1.4 bench') });
    if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
    return { id, fileKey: grant.body.fileKey as string };
  };
  const attach = (id: string, fileKey: string) => api.request('PATCH', `/v1/tasks/${id}`, { token, body: { attachment_key: fileKey } });
  // Each operation: its setup (uncounted) and the one call that is counted, with its success status.
  const operations: Record<string, { setup: () => Promise<string>; call: (arg: string) => Promise<ApiResponse>; status: number }> = {
    'list (GET /v1/tasks, 20 items)': { setup: async () => '', call: () => api.request('GET', '/v1/tasks', { token }), status: 200 },
    'read (GET /v1/tasks/{id})': { setup: newTask, call: (id) => api.request('GET', `/v1/tasks/${id}`, { token }), status: 200 },
    'create (POST /v1/tasks, with project_id)': { setup: async () => '', call: () => api.request('POST', '/v1/tasks', { token, body }), status: 201 },
    'update (PATCH /v1/tasks/{id} {status})': { setup: newTask, call: (id) => api.request('PATCH', `/v1/tasks/${id}`, { token, body: { status: 'active' } }), status: 200 },
    'replace (PUT /v1/tasks/{id})': { setup: newTask, call: (id) => api.request('PUT', `/v1/tasks/${id}`, { token, body: { title: 'Replaced', project_id: projectId } }), status: 200 },
    'delete (DELETE /v1/tasks/{id})': { setup: newTask, call: (id) => api.request('DELETE', `/v1/tasks/${id}`, { token }), status: 204 },
    'upload-url (POST .../attachments/upload-url)': {
      setup: newTask,
      call: (id) => api.request('POST', `/v1/tasks/${id}/attachments/upload-url`, { token, body: { filename: 'bench.pdf', contentType: 'application/pdf' } }),
      status: 200,
    },
    // Attaching checks the upload and moves it to its final key (the grant read and its claim beside the PATCH's own).
    'attach (PATCH /v1/tasks/{id} {attachment_key})': {
      setup: async () => {
        const { id, fileKey } = await uploaded();
        return `${id} ${fileKey}`;
      },
      call: (arg) => attach(arg.split(' ')[0]!, arg.split(' ')[1]!),
      status: 200,
    },
    // Only an attached key downloads.
    'download-url (GET .../attachments/{fileKey}/download-url)': {
      setup: async () => {
        const { id, fileKey } = await uploaded();
        await expectStatus(attach(id, fileKey), 200);
        return `${id}/attachments/${fileKey}`;
      },
      call: (path) => api.request('GET', `/v1/tasks/${path}/download-url`, { token }),
      status: 200,
    },
    'login (POST /auth/login)': { setup: async () => '', call: () => api.request('POST', '/auth/login', { body: { email: admin.email, password: admin.password } }), status: 200 },
  };

  const counter = countRequests(client);
  const out: Record<string, RequestCount> = {};
  try {
    for (const [name, operation] of Object.entries(operations)) {
      const runs: number[] = [];
      let byCommand: Record<string, number> = {};
      for (let run = 0; run < COUNT_RUNS; run++) {
        const arg = await operation.setup();
        counter.reset();
        await expectStatus(operation.call(arg), operation.status);
        runs.push(counter.total());
        byCommand = Object.fromEntries(Object.entries(counter.byCommand()).map(([command, n]) => [command.replace(/Command$/, ''), n]));
      }
      out[name] = { requests: [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0, byCommand, runs };
    }
  } finally {
    counter.stop();
  }
  return out;
}

export function printProjectApiBench(bench: ProjectApiBench): void {
  const { load: l, dynamoRequestsPerCall: counts } = bench;
  const perCall = (prefix: string) => Object.entries(counts).find(([name]) => name.startsWith(prefix))?.[1].requests ?? '-';
  console.log(`\nGenerated project API (${EXAMPLE}) through the local gateway vs. the ceilings`);
  console.table({
    'GET /v1/tasks (20 items)': { ...l.listTasks20, dynamoPerCall: perCall('list') },
    'bare node:http, same list JSON': { ...l.bareNodeHttpListJson, dynamoPerCall: '-' },
    'POST /v1/tasks (a project per client)': { ...l.createTaskOwnProjectPerClient, dynamoPerCall: perCall('create') },
    'POST /v1/tasks (all in one project)': { ...l.createTaskOneSharedProject, dynamoPerCall: perCall('create') },
    'bare node:http, same created JSON': { ...l.bareNodeHttpCreateJson, dynamoPerCall: '-' },
    'DynamoDB Local GetItem (20 in flight)': { requestsPerSecond: l.dynamoDbLocalGetItemPerSecond, p50Ms: '-', p99Ms: '-', non2xx: '-', dynamoPerCall: 1 },
  });
  console.log('ratios', bench.ratios);
  console.log('\nDynamoDB requests per project API call (counted on the local DynamoDB client, one call at a time)');
  console.table(
    Object.fromEntries(
      Object.entries(counts).map(([name, count]) => [
        name,
        { requests: count.requests, commands: Object.entries(count.byCommand).map(([command, n]) => `${command} ${n}`).join(', '), runs: count.runs.join('/') },
      ]),
    ),
  );
}

async function expectStatus(call: Promise<ApiResponse>, status: number): Promise<ApiResponse> {
  const res = await call;
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

/** A node:http server answering every request with `status` and `body` from memory (the request body is read and dropped). */
async function bareServer(status: number, body: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(status, { 'content-type': 'application/json' }).end(body));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/tasks` };
}
