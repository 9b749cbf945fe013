/**
 * `npm run bench` (after workflow-latency.ts): event handlers and scheduled jobs of a deployed
 * project on the local service, end to end over HTTP and DynamoDB Local:
 *   - write-to-handler: from a record's create answered to the handler's update visible on it
 *     (the table's stream, the reader, the dispatcher, the handler, its write), one at a time;
 *   - events handled per second: 300 creates with 16 in flight, from the first write to the last
 *     handler's update seen;
 *   - schedule drift after a restart: the project's background is stopped, an occurrence falls
 *     due while it is down, and the time from its start to the missed occurrence's run (it runs
 *     once, at once); then the next occurrence's run against its scheduled time (the timer).
 * Polls every 5 ms. Writes bench-results/events.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildBlueprintFromMarkdown } from '../../lambdas/core/blueprint/build-blueprint';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { startLocalService } from '../../local/local-service';
import { deployIr, joinProject, type ProjectApiClient } from '../support/project-api';
import type { TestService } from '../support/local-service';

const ROOT = join(__dirname, '..', '..');
const SAMPLES = Number(process.env.BENCH_EVENT_SAMPLES ?? 20);
const BURST = 300;
const IN_FLIGHT = 16;

const SPEC = `# Bench

## Overview

Notes, and a log the schedule writes.

## Tenancy

- Mode: single-tenant

## Entities

### Note

| Field | Type | Required | Default | Allowed values | Notes |
|---|---|---|---|---|---|
| text | string | yes | | | |
| seen | boolean | no | false | | |

### Tick

| Field | Type | Required | Default | Allowed values | Notes |
|---|---|---|---|---|---|
| label | string | no | | | |

## Relations

None.

## Roles

| Role | Note | Tick |
|---|---|---|
| admin | crud | crud |

- Administrative role: admin
- Default role: admin

## Access

None.

## Workflows

None.
`;

function benchBlueprint(): BlueprintIR {
  const built = buildBlueprintFromMarkdown(SPEC, { projectId: 'bench', specVersion: 1 });
  if (!built.ok) throw new Error(JSON.stringify(built.errors));
  return {
    ...built.ir,
    events: [{ name: 'mark_seen', on: { entity: 'Note', event: 'created' }, actions: [{ type: 'update', set: [{ field: 'seen', value: true }] }] }],
    schedules: [{ name: 'tick', expression: 'rate(1 minute)', timezone: 'UTC', actions: [{ type: 'create', entity: 'Tick', values: [{ field: 'label', value: 'tick' }] }] }],
  };
}

const quantile = (sorted: number[], q: number): number => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples: sorted.length, p50Ms: quantile(sorted, 0.5), p90Ms: quantile(sorted, 0.9), maxMs: quantile(sorted, 1) };
};

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('the bench waited too long');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bgs-bench-events-'));
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  const service = await startLocalService({ dataDir, port: 0, rateLimits: 'auth=1000000,project=1000000,generation=1000000,deployment=1000000' });
  try {
    const host = { ...service, dataDir } as unknown as TestService;
    const api: ProjectApiClient = await deployIr(host, benchBlueprint());
    const admin = await joinProject(host, api);
    const token = admin.accessToken;
    const seen = async (id: string) => ((await api.request('GET', `/v1/notes/${id}`, { token })).body.seen === true ? true : undefined);

    const writeToHandler: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const created = await api.request('POST', '/v1/notes', { token, body: { text: `note ${i}` } });
      const written = performance.now();
      await until(() => seen(created.body.id as string));
      writeToHandler.push(performance.now() - written);
    }

    const ids: string[] = [];
    const burstStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < BURST) {
          next += 1;
          const res = await api.request('POST', '/v1/notes', { token, body: { text: `burst ${next}` } });
          if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
          ids.push(res.body.id as string);
        }
      }),
    );
    for (const id of ids) await until(() => seen(id));
    const handledPerSecond = Math.round(BURST / ((performance.now() - burstStart) / 1000));

    // A restart that missed an occurrence: stop the background, let the minute pass, mount again.
    const ticks = async () => (await api.request('GET', '/v1/ticks?limit=100', { token })).body.items as Array<{ created_at: string }>;
    await host.projects.stopWorkflows();
    const before = (await ticks()).length;
    const missed = Math.ceil(Date.now() / 60_000) * 60_000;
    await new Promise((resolve) => setTimeout(resolve, missed - Date.now() + 200));
    const restarted = performance.now();
    await host.projects.restore();
    await until(async () => ((await ticks()).length > before ? true : undefined));
    const catchUpMs = Math.round(performance.now() - restarted);
    // The next occurrence, on time: its record's created_at against the minute it was due.
    const due = Math.ceil(Date.now() / 60_000) * 60_000;
    const onTime = await until(async () => (await ticks()).find((t) => Date.parse(t.created_at) >= due));
    const driftMs = Date.parse(onTime.created_at) - due;

    const results = {
      machine: { node: process.version, cpus: cpus().length },
      at: new Date().toISOString(),
      writeToHandler: stats(writeToHandler),
      handledPerSecond: { events: BURST, inFlight: IN_FLIGHT, perSecond: handledPerSecond },
      schedule: { missedOccurrenceRunsAfterRestartMs: catchUpMs, nextOccurrenceDriftMs: driftMs },
    };
    console.log('\nEvent handlers and scheduled jobs on the local service (HTTP, DynamoDB Local)');
    console.table({ 'write -> handler': results.writeToHandler });
    console.log(`events handled per second: ${handledPerSecond}/s (${BURST} creates, ${IN_FLIGHT} in flight)`);
    console.log(`a missed occurrence runs ${catchUpMs} ms after the restart; the next one ${driftMs} ms after its time`);
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results', 'events.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log('written: bench-results/events.json');
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
