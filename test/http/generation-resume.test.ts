/**
 * A generation interrupted by kill -9 of the service's process group resumes after a restart
 * from its last finished step: every step ends up done exactly once, progress never goes back.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callApi, newAccount } from '../support/local-service';
import { startServiceProcess, waitFor } from '../support/service-process';

describe('generation after a crash', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bgs-resume-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('resumes where it stopped', async () => {
    const account = newAccount('resume');
    // Slow steps, so the kill lands between two of them.
    const first = await startServiceProcess(dataDir, { BGS_GENERATION_STEP_DELAY_MS: '1500', POWERTOOLS_LOG_LEVEL: 'INFO' });
    await callApi(first.url, 'POST', '/auth/signup', { body: account });
    const token = (await callApi(first.url, 'POST', '/auth/login', { body: account })).body.accessToken as string;
    const description = readFileSync(join(__dirname, '..', 'fixtures', 'examples', '05-inventory.md'), 'utf8');
    const projectId = (await callApi(first.url, 'POST', '/projects', { token, body: { name: 'Inventory', description } })).body.id as string;
    const started = await callApi(first.url, 'POST', `/projects/${projectId}/spec/generate-blueprint`, { token });
    expect(started.status).toBe(202);
    const statusUrl = started.body.statusUrl as string;

    let before = { progress: 0, status: 'processing' };
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      before = (await callApi(first.url, 'GET', statusUrl, { token })).body;
      if (before.progress >= 20) break; // parse is done, resolve has not finished
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(before).toMatchObject({ status: 'processing' });
    expect(before.progress).toBeGreaterThanOrEqual(20);
    expect(before.progress).toBeLessThan(100);
    process.kill(-first.child.pid!, 'SIGKILL');
    await waitFor(() => first.groupPids().length === 0);

    const second = await startServiceProcess(dataDir, { POWERTOOLS_LOG_LEVEL: 'INFO' });
    try {
      let after = { progress: 0, status: 'processing' };
      const end = Date.now() + 30_000;
      while (Date.now() < end) {
        after = (await callApi(second.url, 'GET', statusUrl, { token })).body;
        expect(after.progress).toBeGreaterThanOrEqual(before.progress);
        if (after.status !== 'processing') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(after).toMatchObject({ status: 'completed', progress: 100 });
      const blueprint = (await callApi(second.url, 'GET', `/blueprints/${started.body.blueprint.id}`, { token })).body;
      expect(blueprint.stepsDone ?? undefined).toBeUndefined(); // internal bookkeeping is not exposed
      expect(blueprint.ir.entities.map((e: { name: string }) => e.name).sort()).toEqual(['Product', 'StockMovement', 'Warehouse']);
      expect((await callApi(second.url, 'GET', `/projects/${projectId}`, { token })).body.latestBlueprintId).toBe(started.body.blueprint.id);
      // Each step was recorded done exactly once over both runs.
      const log = first.output() + second.output();
      for (const step of ['parse', 'resolve', 'validate', 'render', 'save']) {
        const done = log.split('\n').filter((line) => line.includes('"generation step done"') && line.includes(`"step":"${step}"`));
        expect([step, done.length]).toEqual([step, 1]);
      }
      expect(first.output()).toMatch(/"generation step done".*"step":"parse"/);
    } finally {
      process.kill(-second.child.pid!, 'SIGTERM');
      await waitFor(() => second.groupPids().length === 0, 20_000);
    }
  });
});
