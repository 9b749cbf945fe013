/**
 * The synthesis function's bundle (issue 24 "Synthesis without Docker"): the project stack's CDK
 * app in one ESM file that runs in a Lambda with no node_modules. Bundled apart from the other
 * Lambdas (lambda-bundling.ts), with their options plus what the CDK needs:
 * - `aws-cdk-lib` resolves to `aws-cdk-lib/core`: the root index re-exports every service module
 *   (a 41 MB bundle, 0.9 s to import); the constructs import the modules they use by path anyway.
 * - aws-cdk-lib's data files the constructs read while synthesizing (the custom-resource
 *   handler folder AwsCustomResource points its provider at) are copied beside the bundle, where
 *   the bundled code looks for them (`__dirname` is the bundle's folder).
 * The synthesis is checked against the in-process one by test/cdk/project-synth-bundle.test.ts.
 */
import { cpSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildSync, type BuildOptions } from 'esbuild';
import { BUNDLE_FILE, ESM_REQUIRE_BANNER, LAMBDA_ESBUILD_OPTIONS, PROJECT_SYNTH_ENTRY, REPO_ROOT } from './lambda-bundling';

export { PROJECT_SYNTH_ENTRY };

/** aws-cdk-lib finds its data files from `__dirname` and `__filename`, which ESM has not: the bundle's own. */
const ESM_DIRNAME_BANNER =
  "import{fileURLToPath as __bgsFileURLToPath}from'url';import{dirname as __bgsDirname}from'path';const __filename=__bgsFileURLToPath(import.meta.url);const __dirname=__bgsDirname(__filename);";

/**
 * aws-cdk-lib's folders the bundled constructs read from disk: where each is in the package, and
 * where the bundled code looks for it (the construct's path, resolved from the bundle's folder).
 */
export const SYNTH_DATA_DIRS = [{ from: 'custom-resource-handlers/dist/custom-resources/aws-custom-resource-handler', to: 'aws-custom-resource-handler' }] as const;

export interface SynthBundle {
  readonly dir: string;
  /** Size of index.mjs. */
  readonly bytes: number;
}

/** The synthesis function's esbuild options but its output file (the lazy source maps included, as in every bundle). */
export const SYNTH_ESBUILD_OPTIONS: BuildOptions = {
  ...LAMBDA_ESBUILD_OPTIONS,
  absWorkingDir: REPO_ROOT,
  entryPoints: [PROJECT_SYNTH_ENTRY],
  banner: { js: `${ESM_REQUIRE_BANNER}${ESM_DIRNAME_BANNER}` },
  // A `paths` entry for the bare name only: `aws-cdk-lib/aws-lambda` and the like stay as they are.
  tsconfigRaw: JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { 'aws-cdk-lib': ['node_modules/aws-cdk-lib/core/index.js'] } } }),
};

/** Bundles the synthesis function into `outDir` (created), with its data files. */
export function bundleProjectSynth(outDir: string = mkdtempSync(join(tmpdir(), 'bgs-project-synth-'))): SynthBundle {
  mkdirSync(outDir, { recursive: true });
  buildSync({ ...SYNTH_ESBUILD_OPTIONS, outfile: join(outDir, BUNDLE_FILE) });
  const cdkRoot = dirname(require.resolve('aws-cdk-lib/package.json', { paths: [REPO_ROOT] }));
  for (const dir of SYNTH_DATA_DIRS) cpSync(join(cdkRoot, dir.from), join(outDir, dir.to), { recursive: true });
  return { dir: outDir, bytes: statSync(join(outDir, BUNDLE_FILE)).size };
}

let processBundle: SynthBundle | undefined;

/** The synthesis function's bundle folder for `Code.fromAsset`: bundled once per process, on first use. */
export function projectSynthBundleDir(): string {
  processBundle ??= bundleProjectSynth();
  return processBundle.dir;
}
