/**
 * How every BGS Lambda is bundled: one definition for the CDK constructs and the bench's
 * cold-start measurement, so the figures describe what is deployed.
 *
 * - ESM with the packages' `module` builds first: esbuild can tree-shake ES modules, not
 *   CommonJS. With `import * as z from 'zod'` this drops most of zod (its locales alone were
 *   258 KB) and unused SDK code: the runtime bundle went from 1.47 MB to 0.82 MB and its module
 *   load in a fresh Node from about 280 ms to 85 ms.
 * - The AWS SDK v3 is bundled, not taken from the runtime: the functions run the exact SDK
 *   versions package-lock.json pins and the local mode and the tests exercise, and an SDK
 *   update on the runtime cannot change behaviour.
 * - A `require` for the CommonJS dependencies that still call it, as ESM has none.
 */
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

export const ESM_REQUIRE_BANNER = "import{createRequire as __bgsCreateRequire}from'module';const require=__bgsCreateRequire(import.meta.url);";
export const LAMBDA_MAIN_FIELDS = ['module', 'main'];

export const LAMBDA_BUNDLING: BundlingOptions = {
  minify: true,
  format: OutputFormat.ESM,
  mainFields: LAMBDA_MAIN_FIELDS,
  banner: ESM_REQUIRE_BANNER,
  externalModules: [],
  // Stack traces through source maps, which need only the mappings, not a second copy of the sources.
  sourceMap: true,
  sourcesContent: false,
};
