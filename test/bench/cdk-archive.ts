/**
 * The exported CDK app (GET /projects/{projectId}/artifacts/cdk): how long building its kit takes
 * (the service's bundling of the project functions, the source closure, package files; once per
 * process locally, at `cdk synth` on AWS), its size, how long a request's archive takes (kit in
 * memory: blueprint added, zipped) and how big the zip is, per golden blueprint; and `npx cdk synth`
 * of the unzipped app over the service's node_modules. Run alone with `npx tsx test/bench/cdk-archive.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTree } from '../../lambdas/adapters/cdk-app-kit/directory-kit';
import { cdkAppArchive } from '../../lambdas/control-plane/cdk-archive/cdk-app-archive';
import { buildRepositoryKit } from '../../lib/project/export/build-kit';
import { REPO_ROOT } from '../../lib/shared/lambda-bundling';
import { goldenIr } from '../support/golden-ir';
import { unzipInto } from '../support/cdk-app-check';

const GOLDEN = ['01-task-tracker', '03-expense-approvals', '05-inventory'] as const;
const RUNS = 5;

export interface CdkArchiveBench {
  /** Building the kit once (bundling the project functions included), ms. */
  readonly kitBuildMs: number;
  readonly kitFiles: number;
  readonly kitSources: number;
  readonly kitKiB: number;
  readonly rows: { readonly blueprint: string; readonly archiveKiB: number; readonly medianBuildMs: number }[];
  /** `npx cdk synth` of the unzipped app (the first blueprint), seconds. */
  readonly exportedSynthSeconds: number;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kib = (bytes: number): number => Math.round(bytes / 102.4) / 10;

export function cdkArchiveBench(): CdkArchiveBench {
  const parent = mkdtempSync(join(tmpdir(), 'bgs-bench-cdk-kit-'));
  const bundles = mkdtempSync(join(tmpdir(), 'bgs-bench-cdk-bundles-'));
  const work = mkdtempSync(join(tmpdir(), 'bgs-bench-cdk-app-'));
  try {
    const started = performance.now();
    const { dir, summary } = buildRepositoryKit(parent, bundles);
    const kitBuildMs = Math.round(performance.now() - started);
    const kit = readTree(dir);
    const rows = GOLDEN.map((name) => {
      const ir = goldenIr(name);
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        size = cdkAppArchive({ kit, ir, projectId: 'p-bench' }).length;
        times.push(performance.now() - t);
      }
      return { blueprint: name, archiveKiB: kib(size), medianBuildMs: Math.round(median(times) * 10) / 10 };
    });
    const app = unzipInto(cdkAppArchive({ kit, ir: goldenIr(GOLDEN[0]), projectId: 'p-bench' }), work);
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(app, 'node_modules'), 'dir');
    const t = performance.now();
    execFileSync('npx', ['cdk', 'synth', '--no-notices', '--quiet'], {
      cwd: app,
      stdio: 'ignore',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), AWS_REGION: 'us-east-1', AWS_EC2_METADATA_DISABLED: 'true', CDK_DISABLE_CLI_TELEMETRY: 'true' },
    });
    const exportedSynthSeconds = Math.round((performance.now() - t) / 100) / 10;
    const kitBytes = [...kit.values()].reduce((sum, bytes) => sum + bytes.length, 0);
    return { kitBuildMs, kitFiles: kit.size, kitSources: summary.sources.length, kitKiB: kib(kitBytes), rows, exportedSynthSeconds };
  } finally {
    for (const dir of [parent, bundles, work]) rmSync(dir, { recursive: true, force: true });
  }
}

export function printCdkArchiveBench(bench: CdkArchiveBench): void {
  console.log(
    `\nExported CDK app: kit built in ${bench.kitBuildMs} ms (${bench.kitFiles} files, ${bench.kitSources} copied sources, ${bench.kitKiB} KiB); ` +
      `npx cdk synth of the unzipped app: ${bench.exportedSynthSeconds} s`,
  );
  console.table(Object.fromEntries(bench.rows.map((r) => [r.blueprint, { archiveKiB: r.archiveKiB, medianBuildMs: r.medianBuildMs }])));
}

if (require.main === module) printCdkArchiveBench(cdkArchiveBench());
