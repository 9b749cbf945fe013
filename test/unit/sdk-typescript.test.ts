/**
 * The TypeScript SDK generator (lambdas/core/sdk/typescript/), over every example's golden IR:
 * golden sources, every SDK compiled by the repository's TypeScript with the SDK's own tsconfig
 * (strict, ESM, declarations), one method per operation, the blueprint id and spec version in
 * every source file, no runtime dependency.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { projectRoutes } from '../../lambdas/core/blueprint/project-routes';
import { renderTypescriptSdk } from '../../lambdas/core/sdk/typescript/typescript-sdk';
import { assertGoldenCurrent, readRepositoryFile } from '../fixtures/producers/golden-producer';
import { keywordNamedInput } from '../support/sdk-inputs';
import { exampleSdkInputs, sdkGoldenPath, sdkSources } from '../fixtures/producers/sdks';

const examples = exampleSdkInputs();
// The examples, and one whose field names are keywords of the languages.
const inputs = [...examples, { id: 'keywords', input: keywordNamedInput() }];
const rendered = inputs.map((e) => ({ ...e, files: renderTypescriptSdk(e.input) }));

describe('TypeScript SDK golden sources (rendered from the golden IRs)', () => {
  const produced = sdkSources.produce(readRepositoryFile);
  it.each(examples.map((e) => [sdkGoldenPath(e.id, 'typescript')] as const))('%s is current', (path) => {
    assertGoldenCurrent(sdkSources, path, produced[path]!);
  });
});

describe('the TypeScript SDK of every example', () => {
  it('compiles under its own tsconfig (strict, NodeNext ESM, declarations) with no error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bgs-sdk-typescript-'));
    try {
      const roots: string[] = [];
      let options: ts.CompilerOptions | undefined;
      for (const { id, files } of rendered) {
        for (const [path, content] of files) {
          mkdirSync(dirname(join(dir, id, path)), { recursive: true });
          writeFileSync(join(dir, id, path), content);
        }
        const config = ts.getParsedCommandLineOfConfigFile(join(dir, id, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(String(d.messageText)); } })!;
        expect(config.options.strict).toBe(true);
        expect(config.options.declaration).toBe(true);
        options = config.options;
        roots.push(...config.fileNames);
      }
      // One program for every example (each SDK's modules import only each other): one type-check run.
      const program = ts.createProgram(roots, { ...options!, noEmit: true, rootDir: dir, outDir: undefined });
      const errors = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      expect(errors).toEqual([]);
      expect(roots).toHaveLength(rendered.length * 4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is an ESM package with declarations and no runtime dependency', () => {
    for (const { input, files } of rendered) {
      const manifest = JSON.parse(files.get('package.json')!) as Record<string, unknown>;
      expect(manifest.type).toBe('module');
      expect(manifest.types).toBe('./dist/index.d.ts');
      expect(manifest.dependencies).toBeUndefined();
      expect(manifest.bgs).toEqual(expect.objectContaining({ blueprintId: input.blueprintId }));
    }
  });

  it('has one client method per operation of the project API, named after its operationId', () => {
    for (const { input, files } of rendered) {
      const client = files.get('src/client.ts')!;
      for (const route of projectRoutes(input.ir)) expect(client).toMatch(new RegExp(`\\n  (async )?${route.operationId}\\(`));
    }
  });

  it('names the blueprint id and spec version in every source file', () => {
    for (const { input, files } of rendered) {
      for (const [path, content] of files) if (path.startsWith('src/')) expect(content).toContain(`from blueprint ${input.blueprintId}, spec version ${input.ir.specVersion}.`);
      expect(files.get('src/client.ts')).toContain(`export const BLUEPRINT_ID = "${input.blueprintId}";`);
    }
  });

  it('renders the same files for the same input', () => {
    const { input } = examples[0]!;
    expect([...renderTypescriptSdk(input)]).toEqual([...renderTypescriptSdk(input)]);
  });
});
