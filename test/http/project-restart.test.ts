/**
 * Deployed projects survive a crash: kill -9 of the service's whole process group, then a new
 * one on the same data directory serves every deployed API again (its users, tokens, records
 * and files), at the address the new server answers on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeAndDeploy } from '../support/deploy-flow';
import { callApi, newAccount } from '../support/local-service';
import { clientFor, latestCode, newProjectAccount } from '../support/project-api';
import { startServiceProcess, waitFor } from '../support/service-process';

const DESCRIPTION = 'A task tracker for teams. Each organization has projects, and projects contain tasks. A task has a title and a status (pending, active or done). Tasks can carry a file attachment (PDF, up to 10 MB). Every organization\'s data must be isolated from the others.';

describe('deployed projects across a crash', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bgs-project-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves every deployed project again after kill -9 of the process group', async () => {
    const owner = newAccount('restart-owner');
    const first = await startServiceProcess(dataDir);
    await callApi(first.url, 'POST', '/auth/signup', { body: owner });
    const ownerToken = (await callApi(first.url, 'POST', '/auth/login', { body: owner })).body.accessToken as string;
    const deployed = await describeAndDeploy(first.url, ownerToken, 'Tracker', DESCRIPTION);
    const other = await describeAndDeploy(first.url, ownerToken, 'Second tracker', DESCRIPTION);

    // Through the first process: a user, a project record, a file.
    const api = clientFor({ url: first.url } as never, deployed.projectId, deployed.apiBaseUrl);
    const user = newProjectAccount('survivor');
    const signup = await api.request('POST', '/auth/signup', { body: { ...user, orgName: 'Survivors' } });
    expect(signup.status).toBe(201);
    const code = await latestCode({ url: first.url } as never, deployed.projectId, user.email);
    expect((await api.request('POST', '/auth/confirm', { body: { email: user.email, code } })).status).toBe(200);
    const tokens = (await api.request('POST', '/auth/login', { body: user })).body as { accessToken: string };
    const project = await api.request('POST', '/v1/projects', { token: tokens.accessToken, body: { name: 'Keep me' } });
    expect(project.status).toBe(201);
    const task = await api.request('POST', '/v1/tasks', { token: tokens.accessToken, body: { title: 'Persist', project_id: project.body.id } });
    const grant = await api.request('POST', `/v1/tasks/${task.body.id}/attachments/upload-url`, { token: tokens.accessToken, body: { filename: 'a.pdf', contentType: 'application/pdf' } });
    expect((await fetch(grant.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4 kept' })).status).toBe(200);
    expect((await api.request('PATCH', `/v1/tasks/${task.body.id}`, { token: tokens.accessToken, body: { attachment_key: grant.body.fileKey } })).status).toBe(200);
    // Read back before the kill (DynamoDB Local makes a transaction durable just after answering it).
    expect((await api.request('GET', `/v1/tasks/${task.body.id}`, { token: tokens.accessToken })).status).toBe(200);

    process.kill(-first.child.pid!, 'SIGKILL');
    await waitFor(() => first.groupPids().length === 0);

    const second = await startServiceProcess(dataDir);
    try {
      const projects = await callApi(second.url, 'GET', '/projects', { token: ownerToken });
      const byId = new Map((projects.body.items as { id: string; apiBaseUrl: string }[]).map((p) => [p.id, p.apiBaseUrl]));
      // Both projects answer, at an address built from the new server's base.
      for (const id of [deployed.projectId, other.projectId]) expect(byId.get(id)).toBe(`${second.url}/apis/${id}`);
      const again = clientFor({ url: second.url } as never, deployed.projectId, byId.get(deployed.projectId)!);
      // The old token still verifies (the project's keys are on disk); the data is there.
      const read = await again.request('GET', `/v1/tasks/${task.body.id}`, { token: tokens.accessToken });
      expect([read.status, read.body.title, read.body.attachment_key]).toEqual([200, 'Persist', grant.body.fileKey]);
      expect((await again.request('POST', '/auth/login', { body: user })).status).toBe(200);
      const download = await again.request('GET', `/v1/tasks/${task.body.id}/attachments/${grant.body.fileKey}/download-url`, { token: tokens.accessToken });
      expect(download.status).toBe(200);
      expect(await (await fetch(download.body.downloadUrl)).text()).toBe('%PDF-1.4 kept');
      const second2 = clientFor({ url: second.url } as never, other.projectId, byId.get(other.projectId)!);
      expect((await second2.request('GET', '/v1/tasks')).status).toBe(401);
    } finally {
      process.kill(-second.child.pid!, 'SIGTERM');
      await waitFor(() => second.groupPids().length === 0, 20_000);
    }
  });
});
