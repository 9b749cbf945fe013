/**
 * The synthesis function (lambdas/control-plane/deployment/project-synth.lambda.ts, bundled by
 * lib/shared/synth-bundling.ts): its bundle's size and build time, and how long synthesizing a
 * project template takes inside it, cold (a fresh Node process: what a Lambda cold start pays,
 * module load included) and warm (the second synthesis in the same process), for synthetic
 * blueprints of 10 and 50 entities, with the template's size and the process's peak memory.
 * Run alone with `npx tsx test/bench/project-synth.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBlueprintFromMarkdown } from '../../lambdas/core/blueprint/build-blueprint';
import { authorSpec } from '../../lambdas/core/spec/offline-author';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { PROJECT_CODE_NAMES } from '../../lib/project/project-code';
import { bundleProjectSynth } from '../../lib/shared/synth-bundling';
import { syntheticDescription } from './author';

const SIZES = [10, 50] as const;

export interface ProjectSynthBench {
  readonly bundleKiB: number;
  readonly bundleBuildMs: number;
  readonly rows: { readonly entities: number; readonly resources: number; readonly templateKiB: number; readonly coldMs: number; readonly warmMs: number; readonly maxRssMB: number }[];
}

function irOf(entities: number): unknown {
  const built = buildBlueprintFromMarkdown(renderSpec(authorSpec({ name: `synthetic-${entities}`, description: syntheticDescription(entities) })), { projectId: 'bench', specVersion: 1 });
  if (!built.ok) throw new Error(`synthetic blueprint of ${entities} entities: ${JSON.stringify(built.errors.slice(0, 3))}`);
  return built.ir;
}

export function projectSynthBench(): ProjectSynthBench {
  const work = mkdtempSync(join(tmpdir(), 'bgs-bench-synth-'));
  try {
    const started = performance.now();
    const bundle = bundleProjectSynth(join(work, 'bundle'));
    const bundleBuildMs = Math.round(performance.now() - started);
    const runner = join(work, 'run.mjs');
    // In a fresh process: the module load, a cold synthesis, then a warm one; reports the times and the template.
    writeFileSync(
      runner,
      `const t0 = performance.now();\nconst { handler } = await import(${JSON.stringify(join(bundle.dir, 'index.mjs'))});\nimport { readFileSync } from 'node:fs';\n` +
        `const request = JSON.parse(readFileSync(process.argv[2], 'utf8'));\nconst first = await handler(request);\nconst cold = performance.now() - t0;\n` +
        `const t1 = performance.now();\nawait handler({ ...request, deploymentId: 'd2' });\nconst warm = performance.now() - t1;\n` +
        `process.stdout.write(JSON.stringify({ cold, warm, resources: Object.keys(first.template.Resources).length, bytes: JSON.stringify(first.template).length, rss: process.resourceUsage().maxRSS }));\n`,
    );
    const rows = SIZES.map((entities) => {
      const requestFile = join(work, `request-${entities}.json`);
      writeFileSync(
        requestFile,
        JSON.stringify({
          ir: irOf(entities),
          projectId: 'p-bench',
          deploymentId: 'd1',
          blueprintId: 'b1',
          deployedAt: '2026-11-26T00:00:00.000Z',
          region: 'eu-west-1',
          codeBucket: 'bgs-code',
          codeKeys: Object.fromEntries(PROJECT_CODE_NAMES.map((n) => [n, `code/${n}.zip`])),
        }),
      );
      const out = JSON.parse(execFileSync(process.execPath, [runner, requestFile], { cwd: work, env: { PATH: process.env.PATH ?? '', CDK_VALIDATION: 'false' }, maxBuffer: 64 * 1024 * 1024 }).toString()) as {
        cold: number;
        warm: number;
        resources: number;
        bytes: number;
        rss: number;
      };
      return { entities, resources: out.resources, templateKiB: Math.round(out.bytes / 102.4) / 10, coldMs: Math.round(out.cold), warmMs: Math.round(out.warm), maxRssMB: Math.round(out.rss / 1024) };
    });
    return { bundleKiB: Math.round(bundle.bytes / 1024), bundleBuildMs, rows };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function printProjectSynthBench(result: ProjectSynthBench): void {
  console.log(`\nSynthesis function: bundle ${result.bundleKiB} KiB (built in ${result.bundleBuildMs} ms); in a fresh Node process, CDK_VALIDATION=false`);
  console.table(result.rows.map((r) => ({ entities: r.entities, resources: r.resources, 'template KiB': r.templateKiB, 'cold ms (load + synth)': r.coldMs, 'warm ms': r.warmMs, 'max RSS MB': r.maxRssMB })));
}

if (require.main === module) printProjectSynthBench(projectSynthBench());
