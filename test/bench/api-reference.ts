/**
 * The interactive API reference (GET /projects/{projectId}/artifacts/docs): how long a request's
 * OpenAPI render and page render take and how big the page is, for each example's golden
 * blueprint and a 50-entity one written by the offline author; and the static files a browser
 * loads once (cached for good). Run alone with `npx tsx test/bench/api-reference.ts`.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { renderApiReferencePage } from '../../lambdas/core/api-reference/api-reference-page';
import { API_REFERENCE_ASSET_LIST } from '../../lambdas/core/api-reference/api-reference-assets';
import { renderOpenApi } from '../../lambdas/core/blueprint/render/openapi';
import { exampleSdkInputs } from '../fixtures/producers/sdks';
import { syntheticInput } from './sdk-archive';

const ROOT = join(__dirname, '..', '..');
const RUNS = 7;

export interface ApiReferenceRow {
  readonly blueprint: string;
  readonly operations: number;
  readonly pageKiB: number;
  /** OpenAPI render and page render of one request, median of RUNS, ms. */
  readonly medianMs: number;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kib = (bytes: number): number => Math.round(bytes / 102.4) / 10;

export function apiReferenceBench(): { pages: ApiReferenceRow[]; staticKiB: number } {
  const inputs = [...exampleSdkInputs(), { id: '50 entities', input: syntheticInput(50) }];
  const pages = inputs.map(({ id, input }) => {
    const times: number[] = [];
    let html = '';
    let operations = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const openApi = renderOpenApi({ ir: input.ir, serverUrl: input.serverUrl });
      html = renderApiReferencePage({ openApi, staticBaseUrl: 'http://127.0.0.1:3000/_static', blueprintId: input.blueprintId, specVersion: input.ir.specVersion }).html;
      times.push(performance.now() - t);
      operations = Object.values(openApi.paths).reduce((sum, methods) => sum + Object.keys(methods as object).length, 0);
    }
    return { blueprint: id, operations, pageKiB: kib(Buffer.byteLength(html)), medianMs: Math.round(median(times) * 10) / 10 };
  });
  const staticKiB = kib(API_REFERENCE_ASSET_LIST.reduce((sum, asset) => sum + statSync(join(ROOT, asset.source)).size, 0));
  return { pages, staticKiB };
}

export function printApiReferenceBench(result: ReturnType<typeof apiReferenceBench>): void {
  console.table(result.pages.map((r) => ({ blueprint: r.blueprint, operations: r.operations, 'page KiB': r.pageKiB, 'median ms (OpenAPI + page)': r.medianMs })));
  console.log(`API reference static files (loaded once, cached for good): ${result.staticKiB} KiB uncompressed`);
}

if (require.main === module) printApiReferenceBench(apiReferenceBench());
