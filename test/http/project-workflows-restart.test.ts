/**
 * Workflows survive a crash: kill -9 of the service's whole process group while an instance
 * sleeps, and another waits for a signal; a new service on the same data directory catches up
 * on the wait that fell due while it was down, no completed step runs again, and the waiting
 * instance takes its signal. Real time here (a separate process has its own clock): the wait is
 * four seconds.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callApi, newAccount } from '../support/local-service';
import { clientFor, latestCode, newProjectAccount } from '../support/project-api';
import { startServiceProcess, waitFor } from '../support/service-process';
import { until } from '../support/until';

/** A second process starts and catches up in real time: give it longer than a request. */
const slowly = <T>(what: string, probe: () => Promise<T | undefined>): Promise<T> => until(what, probe, 30_000, 200);

const SPEC = `# Orders

## Overview

An order desk whose orders are announced to a fulfilment service.

## Tenancy

- Mode: multi-tenant (each organization's data is isolated by org_id)

## Entities

### Order

| Field | Type | Required | Default | Allowed values | Notes |
|---|---|---|---|---|---|
| reference | string | yes | | | |

## Relations

None.

## Roles

| Role | Order |
|---|---|
| clerk | crud |

- Administrative role: clerk
- Default role: clerk

## Access

None.

## Workflows

### fulfil

- Trigger: Order created

| Step | Kind | Details |
|---|---|---|
| announce | task | action: call fulfilment |
| nap | wait | PT4S |
| confirm | task | action: call fulfilment |
| await_ok | waitForEvent | events: ok; timeout: P1D |
| close | task | action: call fulfilment |
`;

describe('workflows across a crash', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bgs-workflow-restart-'));
  const calls: { step: string; delivery: string }[] = [];
  let receiver: Server;
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        calls.push({ step: (JSON.parse(body) as { step: string }).step, delivery: String(req.headers['x-bgs-delivery']) });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  let stopFirst: () => Promise<void> = async () => undefined;
  afterAll(async () => {
    await stopFirst();
    receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes sleeping and waiting instances after kill -9, running no completed step twice', async () => {
    const owner = newAccount('wf-restart-owner');
    const first = await startServiceProcess(dataDir);
    stopFirst = async () => {
      if (first.groupPids().length === 0) return;
      process.kill(-first.child.pid!, 'SIGKILL');
      await waitFor(() => first.groupPids().length === 0);
    };
    await callApi(first.url, 'POST', '/auth/signup', { body: owner });
    const ownerToken = (await callApi(first.url, 'POST', '/auth/login', { body: owner })).body.accessToken as string;
    const project = await callApi(first.url, 'POST', '/projects', { token: ownerToken, body: { name: 'Orders', description: 'An order desk. Orders have a reference.' } });
    const projectId = project.body.id as string;
    expect((await callApi(first.url, 'POST', `/projects/${projectId}/spec/apply`, { token: ownerToken, body: { content: SPEC } })).status).toBe(201);
    const endpoint = await callApi(first.url, 'PUT', `/projects/${projectId}/endpoints/fulfilment`, { token: ownerToken, body: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/orders` } });
    expect(endpoint.status).toBe(200);
    const generation = await callApi(first.url, 'POST', `/projects/${projectId}/spec/generate-blueprint`, { token: ownerToken });
    expect(generation.status).toBe(202);
    await slowly('the blueprint', async () => {
      const status = await callApi(first.url, 'GET', `/blueprints/${generation.body.blueprint.id as string}/status`, { token: ownerToken });
      return status.body.status === 'completed' ? true : undefined;
    });
    const deploy = await callApi(first.url, 'POST', `/projects/${projectId}/deploy`, { token: ownerToken, body: {} });
    const deployed = await slowly('the deployment', async () => {
      const status = await callApi(first.url, 'GET', `/deployments/${deploy.body.deployment.id as string}`, { token: ownerToken });
      return status.body.status === 'succeeded' ? (status.body.apiBaseUrl as string) : undefined;
    });

    const api = clientFor({ url: first.url } as never, projectId, deployed);
    const clerk = newProjectAccount('clerk');
    expect((await api.request('POST', '/auth/signup', { body: { ...clerk, orgName: 'Shop' } })).status).toBe(201);
    const code = await latestCode({ url: first.url } as never, projectId, clerk.email);
    expect((await api.request('POST', '/auth/confirm', { body: { email: clerk.email, code } })).status).toBe(200);
    const token = (await api.request('POST', '/auth/login', { body: clerk })).body.accessToken as string;

    // One instance gets as far as its signal wait; the next one is asleep when the service dies.
    const waiting = await api.request('POST', '/v1/orders', { token, body: { reference: 'A-1' } });
    expect(waiting.status).toBe(201);
    const waitingId = await slowly('the first instance to wait for its signal', async () => {
      const list = await api.request('GET', `/v1/orders/${waiting.body.id as string}/workflows`, { token });
      const item = (list.body.items as { workflow_id: string; current_step: string }[])[0];
      return item?.current_step === 'await_ok' ? item.workflow_id : undefined;
    });
    const sleeping = await api.request('POST', '/v1/orders', { token, body: { reference: 'B-2' } });
    const sleepingId = await slowly('the second instance to sleep', async () => {
      const list = await api.request('GET', `/v1/orders/${sleeping.body.id as string}/workflows`, { token });
      const item = (list.body.items as { workflow_id: string; current_step: string }[])[0];
      return item?.current_step === 'nap' ? item.workflow_id : undefined;
    });
    expect(calls.map((c) => c.step)).toEqual(['announce', 'confirm', 'announce']);

    process.kill(-first.child.pid!, 'SIGKILL');
    await waitFor(() => first.groupPids().length === 0);
    // Long enough that the nap falls due while nothing runs.
    await new Promise((resolve) => setTimeout(resolve, 4_500));

    const second = await startServiceProcess(dataDir);
    try {
      const again = clientFor({ url: second.url } as never, projectId, `${second.url}/apis/${projectId}`);
      const read = (id: string) => again.request('GET', `/admin/workflows/${id}`, { token });
      const caughtUp = await slowly('the sleeping instance to catch up', async () => {
        const body = (await read(sleepingId)).body;
        return body.current_step === 'await_ok' && body.status === 'waiting' ? body : undefined;
      });
      expect(caughtUp.completed_steps.map((s: { name: string }) => s.name)).toEqual(['announce', 'nap', 'confirm']);
      const signal = await again.request('POST', `/workflows/${waitingId}/signal`, { token, body: { event: 'ok' } });
      expect(signal.status).toBe(202);
      const done = await slowly('the waiting instance to finish', async () => {
        const body = (await read(waitingId)).body;
        return body.status === 'succeeded' ? body : undefined;
      });
      expect(done.completed_steps.map((s: { name: string }) => s.name)).toEqual(['announce', 'nap', 'confirm', 'await_ok', 'close']);
      // Every step called once: announce and confirm of the first, announce of the second before
      // the crash; the second's confirm and the first's close after it. One delivery id per step.
      expect(calls.map((c) => c.step).sort()).toEqual(['announce', 'announce', 'close', 'confirm', 'confirm']);
      expect(new Set(calls.map((c) => c.delivery)).size).toBe(calls.length);
    } finally {
      process.kill(-second.child.pid!, 'SIGKILL');
      await waitFor(() => second.groupPids().length === 0);
    }
  }, 180_000);
});
