/**
 * The cold-start proxy of every Lambda bundle, as `cdk synth` builds them (one esbuild run,
 * lib/shared/lambda-bundling.ts): size against its budget (lib/shared/bundle-budgets.ts) and the
 * module load time in a fresh Node process (median of 5). Issue 22's goal for a route that uses
 * only DynamoDB: at most 500 KB and 40 ms. Run alone with `npx tsx test/bench/bundles.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE_FILE, bundleLambdas, bundleName, lambdaEntries } from '../../lib/shared/lambda-bundling';
import { BUNDLE_BUDGETS, bundleBudgetKib } from '../../lib/shared/bundle-budgets';

export interface BundleRow {
  readonly bundle: string;
  readonly kib: number;
  readonly budgetKib: number;
  /** Median module load time in a fresh Node, ms. */
  readonly loadMs: number;
  /** Only the DynamoDB-only base (no budget of its own). */
  readonly dynamoDbOnly: boolean;
}

export interface BundleBench {
  /** One esbuild run for every entry, ms. */
  readonly bundleAllMs: number;
  readonly rows: BundleRow[];
}

const LOAD_RUNS = 5;

function loadMs(file: string): number {
  const times: number[] = [];
  for (let i = 0; i < LOAD_RUNS; i++) {
    // A failed evaluation (a missing configuration) still measures the load: modules parse and link first.
    const script = `const t=process.hrtime.bigint();import(${JSON.stringify(pathToFileURL(file).href)}).catch(()=>0).then(()=>console.log(Number(process.hrtime.bigint()-t)/1e6))`;
    times.push(Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1' } }).trim()));
  }
  times.sort((a, b) => a - b);
  return Math.round((times[Math.floor(LOAD_RUNS / 2)] as number) * 10) / 10;
}

export function bundleBench(): BundleBench {
  const outDir = mkdtempSync(join(tmpdir(), 'bgs-bench-bundles-'));
  try {
    const started = Date.now();
    bundleLambdas(outDir);
    const bundleAllMs = Date.now() - started;
    const rows = lambdaEntries().map((entry) => {
      const name = bundleName(entry);
      const file = join(outDir, name, BUNDLE_FILE);
      return { bundle: name, kib: Math.round(statSync(file).size / 102.4) / 10, budgetKib: bundleBudgetKib(name), loadMs: loadMs(file), dynamoDbOnly: !(name in BUNDLE_BUDGETS) };
    });
    return { bundleAllMs, rows };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export function printBundleBench(bench: BundleBench): void {
  console.log(`\nLambda bundles (one esbuild run for all: ${bench.bundleAllMs} ms); cold-start proxy: size and module load in a fresh Node`);
  console.table(Object.fromEntries(bench.rows.map((r) => [r.bundle, { KiB: r.kib, budgetKiB: r.budgetKib, loadMs: r.loadMs, dynamoDbOnly: r.dynamoDbOnly }])));
  const dynamo = bench.rows.filter((r) => r.dynamoDbOnly);
  if (dynamo.length > 0) {
    const max = (pick: (r: BundleRow) => number) => Math.max(...dynamo.map(pick));
    console.log(`DynamoDB-only routes: at most ${max((r) => r.kib)} KiB and ${max((r) => r.loadMs)} ms (goal: 500 KB, 40 ms)`);
  }
}

if (require.main === module) printBundleBench(bundleBench());
