/**
 * `npm run bench` (after durable-engine.ts): workflows of a deployed project on the local service,
 * end to end over HTTP (example 03's report entity, a workflow of our own: a change starts it, it
 * waits for a signal, then a task runs):
 *   - change-to-instance: from a record's create answered to its instance listed on the record
 *     (the table's stream, the reader, the trigger, the start), one record at a time, so the
 *     reader's idle backoff (200 ms doubling to 2 s) is part of what a sparse writer sees;
 *   - signal-to-next-step: from the signal answered to the task after the wait completed;
 *   - instances started per second through `POST /workflows/{name}/start`, 16 in flight.
 * Polls every 5 ms. Writes bench-results/workflow-latency.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import type { IrWorkflow } from '../../lambdas/core/blueprint/ir-workflows';
import { startLocalService } from '../../local/local-service';
import { goldenIr } from '../support/golden-ir';
import { deployIr, joinProject, type ProjectApiClient } from '../support/project-api';
import type { TestService } from '../support/local-service';

const ROOT = join(__dirname, '..', '..');
const SAMPLES = Number(process.env.BENCH_WORKFLOW_SAMPLES ?? 20);
const STARTS = 200;
const IN_FLIGHT = 16;

const workflow: IrWorkflow = {
  name: 'bench_flow',
  trigger: { entity: 'ExpenseReport', event: 'created' },
  steps: [
    { kind: 'waitForEvent', name: 'decide', events: ['approved'], timeoutSeconds: 86_400 },
    { kind: 'task', name: 'mark', retries: 0, backoffSeconds: 1, action: { type: 'update', set: [{ field: 'status', value: 'approved' }] } },
  ],
};

const quantile = (sorted: number[], q: number): number => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples: sorted.length, p50Ms: quantile(sorted, 0.5), p90Ms: quantile(sorted, 0.9), maxMs: quantile(sorted, 1) };
};

async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bgs-bench-workflows-'));
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  const service = await startLocalService({ dataDir, port: 0, rateLimits: 'auth=1000000,project=1000000,generation=1000000,deployment=1000000' });
  try {
    const host = { ...service, dataDir } as unknown as TestService;
    const ir = { ...goldenIr('03-expense-approvals'), workflows: [workflow] } as BlueprintIR;
    const api: ProjectApiClient = await deployIr(host, ir);
    const admin = await joinProject(host, api, { orgName: 'Bench' });
    const token = admin.accessToken;

    const changeToInstance: number[] = [];
    const signalToNextStep: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const created = await api.request('POST', '/v1/expense-reports', { token, body: { amount: 10 + i, currency: 'EUR', category: 'meals', description: `Lunch ${i}` } });
      const written = performance.now();
      const id = created.body.id as string;
      const workflowId = await until(async () => {
        const list = await api.request('GET', `/v1/expense-reports/${id}/workflows`, { token });
        const item = (list.body.items as { workflow_id: string; status: string }[])[0];
        return item ? item.workflow_id : undefined;
      });
      changeToInstance.push(performance.now() - written);
      // The signal goes to the waiting step (or its inbox, if it is not waiting yet): measured from its answer.
      await until(async () => ((await api.request('GET', `/admin/workflows/${workflowId}`, { token })).body.status === 'waiting' ? true : undefined));
      await api.request('POST', `/workflows/${workflowId}/signal`, { token, body: { event: 'approved' } });
      const signalled = performance.now();
      await until(async () => {
        const read = await api.request('GET', `/admin/workflows/${workflowId}`, { token });
        return (read.body.completed_steps as { name: string }[]).some((s) => s.name === 'mark') ? true : undefined;
      });
      signalToNextStep.push(performance.now() - signalled);
    }

    const startedAt = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < STARTS) {
          next += 1;
          const res = await api.request('POST', '/workflows/bench_flow/start', { token, body: { input: { n: next } } });
          if (res.status !== 202) throw new Error(`start answered ${res.status}: ${res.text}`);
        }
      }),
    );
    const startsPerSecond = Math.round(STARTS / ((performance.now() - startedAt) / 1000));

    const results = {
      machine: { node: process.version, cpus: cpus().length },
      at: new Date().toISOString(),
      changeToInstance: stats(changeToInstance),
      signalToNextStep: stats(signalToNextStep),
      startsThroughTheApi: { starts: STARTS, inFlight: IN_FLIGHT, perSecond: startsPerSecond },
    };
    console.log('\nWorkflows end to end on the local service (HTTP, DynamoDB Local, the local engine)');
    console.table({ 'change -> instance': results.changeToInstance, 'signal -> next step': results.signalToNextStep });
    console.log(`instances started through POST /workflows/{name}/start: ${startsPerSecond}/s (${IN_FLIGHT} in flight)`);
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results', 'workflow-latency.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log('written: bench-results/workflow-latency.json');
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
