/**
 * Blueprint generation and artifact rendering, for the examples and for synthetic specs of
 * 10, 50 and 200 entities: time per stage and peak memory (max RSS of a fresh process per
 * case, so one case cannot inflate another), and how cost grows with size.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildBlueprintFromMarkdown } from '../../lambdas/core/blueprint/build-blueprint';
import { renderDesignDoc } from '../../lambdas/core/blueprint/render/design-doc';
import { renderOpenApi, renderOpenApiYaml } from '../../lambdas/core/blueprint/render/openapi';
import { validateBlueprint } from '../../lambdas/core/blueprint/validate-blueprint';
import { authorSpec } from '../../lambdas/core/spec/offline-author';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { loadExamples } from '../support/example-fixtures';
import { syntheticDescription } from './author';

interface CaseResult {
  entities: number;
  specMs: number;
  blueprintMs: number;
  validateMs: number;
  artifactsMs: number;
  totalMs: number;
  irKB: number;
  openapiKB: number;
  maxRssMB: number;
}

function describe(label: string): string {
  const synthetic = /^synthetic-(\d+)$/.exec(label);
  if (synthetic) return syntheticDescription(Number(synthetic[1]));
  return loadExamples().find((e) => e.id === label)!.description;
}

function runCase(label: string): CaseResult {
  const description = describe(label);
  const t0 = performance.now();
  const markdown = renderSpec(authorSpec({ name: label, description }));
  const t1 = performance.now();
  const built = buildBlueprintFromMarkdown(markdown, { projectId: 'bench', specVersion: 1 });
  if (!built.ok) throw new Error(`${label}: ${JSON.stringify(built.errors.slice(0, 3))}`);
  const t2 = performance.now();
  validateBlueprint(built.ir);
  const t3 = performance.now();
  const openapi = renderOpenApi({ ir: built.ir, serverUrl: 'http://127.0.0.1:3000/apis/bench' });
  renderOpenApiYaml(openapi);
  renderDesignDoc({ ir: built.ir, specMarkdown: markdown, apiBaseUrl: 'http://127.0.0.1:3000/apis/bench', deployed: false });
  const t4 = performance.now();
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    entities: built.ir.entities.length,
    specMs: round(t1 - t0),
    blueprintMs: round(t2 - t1),
    validateMs: round(t3 - t2),
    artifactsMs: round(t4 - t3),
    totalMs: round(t4 - t0),
    irKB: Math.round(JSON.stringify(built.ir).length / 102.4) / 10,
    openapiKB: Math.round(JSON.stringify(openapi).length / 102.4) / 10,
    maxRssMB: Math.round(process.resourceUsage().maxRSS / 102.4) / 10,
  };
}

export function blueprintBench(): { cases: Record<string, CaseResult>; msPerEntity: Record<string, number> } {
  const labels = [...loadExamples().map((e) => e.id), 'synthetic-10', 'synthetic-50', 'synthetic-200'];
  const cases: Record<string, CaseResult> = {};
  for (const label of labels) {
    const child = spawnSync(process.execPath, [join(__dirname, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs'), __filename, '--case', label], {
      encoding: 'utf8',
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
    });
    const line = child.stdout.trim().split('\n').pop() ?? '';
    if (child.status !== 0 || !line.startsWith('{')) throw new Error(`bench case ${label} failed: ${child.stderr}`);
    cases[label] = JSON.parse(line) as CaseResult;
  }
  // Linear growth keeps this figure flat from 10 to 200 entities.
  const msPerEntity = Object.fromEntries(
    ['synthetic-10', 'synthetic-50', 'synthetic-200'].map((l) => [l, Math.round((cases[l]!.totalMs / cases[l]!.entities) * 100) / 100]),
  );
  return { cases, msPerEntity };
}

if (process.argv[2] === '--case') {
  // Warm the code once (JIT), then measure: a cold first run mostly measures module loading.
  runCase(process.argv[3]!);
  console.log(JSON.stringify(runCase(process.argv[3]!)));
}
