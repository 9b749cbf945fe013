/**
 * The exported SDKs (GET /projects/{projectId}/artifacts/sdk/python and .../sdk/typescript): how
 * long a request's generation and zip take and how big the archive is, for each example's golden
 * blueprint and a 50-entity one written by the offline author. Run alone with
 * `npx tsx test/bench/sdk-archive.ts`.
 */
import { deterministicZip } from '../../lambdas/control-plane/cdk-archive/cdk-app-archive';
import { buildBlueprintFromMarkdown } from '../../lambdas/core/blueprint/build-blueprint';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { pythonSdkFolder, renderPythonSdk } from '../../lambdas/core/sdk/python/python-sdk';
import type { SdkInput } from '../../lambdas/core/sdk/sdk-api';
import { renderTypescriptSdk, typescriptSdkFolder } from '../../lambdas/core/sdk/typescript/typescript-sdk';
import { authorSpec } from '../../lambdas/core/spec/offline-author';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { exampleSdkInputs } from '../fixtures/producers/sdks';
import { syntheticDescription } from './author';

const RUNS = 7;
const LANGUAGES = { python: { render: renderPythonSdk, folder: pythonSdkFolder }, typescript: { render: renderTypescriptSdk, folder: typescriptSdkFolder } } as const;

export interface SdkArchiveRow {
  readonly blueprint: string;
  readonly language: keyof typeof LANGUAGES;
  readonly files: number;
  readonly sourceKiB: number;
  readonly archiveKiB: number;
  /** Generation and zip of one request, median of RUNS, ms. */
  readonly medianMs: number;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kib = (bytes: number): number => Math.round(bytes / 102.4) / 10;

export function syntheticInput(entities: number): SdkInput {
  const built = buildBlueprintFromMarkdown(renderSpec(authorSpec({ name: `synthetic-${entities}`, description: syntheticDescription(entities) })), { projectId: 'bench', specVersion: 1 });
  if (!built.ok) throw new Error(`synthetic blueprint of ${entities} entities: ${JSON.stringify(built.errors.slice(0, 3))}`);
  return { ir: built.ir as BlueprintIR, blueprintId: 'b-bench', projectId: 'bench', serverUrl: 'http://127.0.0.1:3000/apis/bench' };
}

export function sdkArchiveBench(): SdkArchiveRow[] {
  const inputs = [...exampleSdkInputs(), { id: `${50} entities`, input: syntheticInput(50) }];
  return inputs.flatMap(({ id, input }) =>
    (Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[]).map((language) => {
      const { render, folder } = LANGUAGES[language];
      const times: number[] = [];
      let files = new Map<string, string>();
      let size = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        files = render(input);
        size = deterministicZip(folder(input.projectId), files).length;
        times.push(performance.now() - t);
      }
      const source = [...files.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
      return { blueprint: id, language, files: files.size, sourceKiB: kib(source), archiveKiB: kib(size), medianMs: Math.round(median(times) * 10) / 10 };
    }),
  );
}

export function printSdkArchiveBench(rows: readonly SdkArchiveRow[]): void {
  console.table(rows.map((r) => ({ blueprint: r.blueprint, language: r.language, files: r.files, 'sources KiB': r.sourceKiB, 'zip KiB': r.archiveKiB, 'median ms (render + zip)': r.medianMs })));
}

if (require.main === module) printSdkArchiveBench(sdkArchiveBench());
