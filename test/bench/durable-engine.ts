/**
 * `npm run bench` (after run.ts): the local durable engine over DynamoDB Local (in memory, its
 * own process, so the figures below are the Node process's alone):
 *   - executions started per second: each start runs its handler to its first suspension (a step,
 *     then a 7-day wait), 32 starts in flight;
 *   - resident memory with 10,000 executions waiting (goal: under 200 MB above idle): the waits
 *     live in the table, the engine holds one wake-up time;
 *   - callback-to-next-step latency: from sendCallbackSuccess to the body of the step after the
 *     callback starting (p50, p99), one callback at a time.
 * BENCH_DURABLE_WAITING sets the number of waiting executions. Writes bench-results/durable-engine.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DurableExecutionHandler } from '@aws/durable-execution-sdk-js';
import { localDynamoClient, startDynamoDbLocal } from '../../local/dynamodb-local';
import { loadOrCreateLocalCredentials, localCredentialsFile } from '../../lambdas/adapters/local-credentials';
import { ensureProjectTable } from '../../lambdas/adapters/project-data/project-table';
import { LocalDurableEngine } from '../../lambdas/adapters/durable/local/local-durable-engine';

const ROOT = join(__dirname, '..', '..');
const WAITING = Number(process.env.BENCH_DURABLE_WAITING ?? 10_000);
const IN_FLIGHT = 32;
const LATENCY_SAMPLES = 50;
const MB = 1024 * 1024;

/** Waits: a step, then 7 days. Signals: a step, a callback, the step timed. */
interface BenchInput {
  readonly kind: 'wait' | 'signal';
}

function benchWorkflow(callbackIds: Map<string, string>, nextStepAt: Map<string, number>): DurableExecutionHandler<BenchInput & { id: string }, string> {
  return async (event, ctx) => {
    await ctx.step('first', async () => event.id);
    if (event.kind === 'wait') {
      await ctx.wait('later', { days: 7 });
      return 'waited';
    }
    await ctx.waitForCallback('signal', async (callbackId) => {
      callbackIds.set(event.id, callbackId);
    });
    await ctx.step('after-signal', async () => {
      nextStepAt.set(event.id, performance.now());
      return 'ok';
    });
    return 'signalled';
  };
}

const rssMb = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  return Math.round((process.memoryUsage().rss / MB) * 10) / 10;
};

const percentile = (sorted: readonly number[], p: number): number => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;

/** Runs `count` tasks, `inFlight` at a time. */
async function pool(count: number, inFlight: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bgs-bench-durable-'));
  const credentials = loadOrCreateLocalCredentials(localCredentialsFile(dir)).dynamodb;
  const db = await startDynamoDbLocal({ credentials });
  const client = localDynamoClient(db.endpoint, credentials);
  try {
    const tableName = 'bench-durable';
    await ensureProjectTable(client, tableName);
    const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
    const callbackIds = new Map<string, string>();
    const nextStepAt = new Map<string, number>();
    const engine = new LocalDurableEngine({ doc, tableName, handler: benchWorkflow(callbackIds, nextStepAt) });
    await engine.open();

    // Warm up (module loading, connections), then idle.
    await engine.start('warm-up', { id: 'warm-up', kind: 'wait' });
    await engine.settled();
    const idleMb = rssMb();

    const startedAt = performance.now();
    await pool(WAITING, IN_FLIGHT, async (i) => {
      await engine.start(`wait-${i}`, { id: `wait-${i}`, kind: 'wait' });
      await engine.settled(`wait-${i}`);
    });
    await engine.settled();
    const startSeconds = (performance.now() - startedAt) / 1000;
    const waitingMb = rssMb();
    const waiting = (await engine.describe(`wait-${WAITING - 1}`)).operations.find((op) => op.name === 'later')?.status;

    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const id = `signal-${i}`;
      await engine.start(id, { id, kind: 'signal' });
      await engine.settled();
      const sentAt = performance.now();
      await engine.sendCallbackSuccess(callbackIds.get(id)!, 'go');
      await engine.settled();
      latencies.push(nextStepAt.get(id)! - sentAt);
    }
    latencies.sort((a, b) => a - b);
    await engine.close();

    const results = {
      machine: { node: process.version, cpus: cpus().length },
      at: new Date().toISOString(),
      startsInFlight: IN_FLIGHT,
      executionsStartedPerSecond: Math.round((WAITING / startSeconds) * 10) / 10,
      waitingExecutions: WAITING,
      lastOneWaiting: waiting === 'STARTED',
      rssIdleMb: idleMb,
      rssWithWaitingMb: waitingMb,
      rssAboveIdleMb: Math.round((waitingMb - idleMb) * 10) / 10,
      rssGoalAboveIdleMb: 200,
      callbackToNextStepMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), samples: LATENCY_SAMPLES },
    };
    console.log('\nLocal durable engine (DynamoDB Local in memory; Node process figures)');
    console.table({
      'executions started per second': { value: results.executionsStartedPerSecond },
      [`RSS above idle with ${WAITING} waiting (MB)`]: { value: results.rssAboveIdleMb },
      'callback -> next step p50 (ms)': { value: results.callbackToNextStepMs.p50 },
      'callback -> next step p99 (ms)': { value: results.callbackToNextStepMs.p99 },
    });
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results', 'durable-engine.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log('written: bench-results/durable-engine.json');
  } finally {
    client.destroy();
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
