/**
 * How every BGS Lambda is bundled: ONE esbuild run for all entry points (`lambdas/**\/*.lambda.ts`),
 * with one set of options shared by the CDK constructs (BgsFunction), the bench's cold-start table
 * and the bundle-size test, so the figures describe what is deployed.
 *
 * - ESM with the packages' `module` builds first: esbuild can tree-shake ES modules, not
 *   CommonJS. With `import * as z from 'zod'` this drops most of zod (its locales alone were
 *   258 KB) and unused SDK code.
 * - Each control-plane route imports only the adapters of the ports it names (its providers,
 *   lambdas/control-plane/composition/), so a route that never calls the model does not carry
 *   the Bedrock client.
 * - The AWS SDK v3 is bundled, not taken from the runtime: the functions run the exact SDK
 *   versions package-lock.json pins and the local mode and the tests exercise, and an SDK
 *   update on the runtime cannot change behaviour.
 * - A `require` for the CommonJS dependencies that still call it, as ESM has none.
 * - One run instead of one per function (as NodejsFunction does): `cdk synth` of the control
 *   plane bundled 40 functions one esbuild process at a time.
 */
import { mkdtempSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildSync, type BuildOptions } from 'esbuild';

export const ESM_REQUIRE_BANNER = "import{createRequire as __bgsCreateRequire}from'module';const require=__bgsCreateRequire(import.meta.url);";
export const LAMBDA_MAIN_FIELDS = ['module', 'main'];

/** The module injected into every bundle that maps its stack traces lazily (lambdas/shared/lazy-source-maps.ts). */
export const LAZY_SOURCE_MAPS = join(__dirname, '..', '..', 'lambdas', 'shared', 'lazy-source-maps-install.ts');

/** The esbuild options of every Lambda bundle (nodejs22.x). */
export const LAMBDA_ESBUILD_OPTIONS: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  mainFields: LAMBDA_MAIN_FIELDS,
  banner: { js: ESM_REQUIRE_BANNER },
  minify: true,
  // Stack traces through source maps, which need only the mappings: a map beside each bundle, read
  // only when a stack is first formatted (LAZY_SOURCE_MAPS below), not at every cold start as
  // NODE_OPTIONS=--enable-source-maps would (test/bench/cold-start.ts). Linked, so an operator may
  // still set that option on a function: the installer then leaves the mapping to Node.
  sourcemap: 'linked',
  sourcesContent: false,
  inject: [LAZY_SOURCE_MAPS],
  outExtension: { '.js': '.mjs' },
  // Lambda gives credentials in the environment only: the SDK's whole default chain is not needed (lambda-credentials.ts).
  alias: { '@aws-sdk/credential-provider-node': join(__dirname, 'lambda-credentials.ts') },
  logLevel: 'silent',
};

/** The file name of each bundle inside its directory (the handler is `index.handler`). */
export const BUNDLE_FILE = 'index.mjs';

/** The repository root. */
export const REPO_ROOT = join(__dirname, '..', '..');

/**
 * The synthesis function (the CDK inside a Lambda) is bundled apart, with its own options and
 * data files (synth-bundling.ts): in the shared run it would pull all of aws-cdk-lib into it.
 */
export const PROJECT_SYNTH_ENTRY = 'lambdas/control-plane/deployment/project-synth.lambda.ts';

/** Every Lambda entry point of the shared run: the `*.lambda.ts` files under lambdas/ (relative to the repository root), but the synthesis function. */
export function lambdaEntries(root: string = REPO_ROOT): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.lambda.ts') && relative(root, path) !== PROJECT_SYNTH_ENTRY) found.push(relative(root, path));
    }
  };
  walk(join(root, 'lambdas'));
  return found.sort();
}

/** The bundle's name of an entry: `lambdas/control-plane/handlers/health.lambda.ts` -> `control-plane/handlers/health`. */
export const bundleName = (entry: string): string => entry.replace(/^lambdas\//, '').replace(/\.lambda\.ts$/, '');

/** Bundles every entry in one esbuild run into `outDir/<bundleName>/index.mjs`; returns the esbuild metafile. */
export function bundleLambdas(outDir: string, entries: readonly string[] = lambdaEntries()): NonNullable<ReturnType<typeof buildSync>['metafile']> {
  const result = buildSync({
    ...LAMBDA_ESBUILD_OPTIONS,
    absWorkingDir: REPO_ROOT,
    entryPoints: entries.map((entry) => ({ in: entry, out: `${bundleName(entry)}/index` })),
    outdir: outDir,
    metafile: true,
  });
  return result.metafile!;
}

let processBundles: string | undefined;

/**
 * The directory holding an entry's bundle, for `Code.fromAsset`: every entry is bundled once per
 * process, on first use, in one esbuild run.
 */
export function lambdaBundleDir(entry: string): string {
  if (!processBundles) {
    const outDir = mkdtempSync(join(tmpdir(), 'bgs-lambda-bundles-'));
    bundleLambdas(outDir);
    processBundles = outDir;
  }
  return join(processBundles, bundleName(entry));
}

let placeholder: string | undefined;

/**
 * What stands for the code when a synthesis skips bundling (`aws:cdk:bundling-stacks`: the
 * tests, the deployment preview): the same for every function, so templates still compare.
 */
export function placeholderBundleDir(): string {
  if (!placeholder) {
    const dir = join(mkdtempSync(join(tmpdir(), 'bgs-lambda-placeholder-')), 'code');
    mkdirSync(dir);
    writeFileSync(join(dir, BUNDLE_FILE), '// bundling skipped for this synthesis\n');
    placeholder = dir;
  }
  return placeholder;
}
