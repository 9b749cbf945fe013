/**
 * `npx tsx templates/write-sdk-runtime.ts`: embeds the exported SDKs' static files
 * (templates/sdk-python/, templates/sdk-typescript/: the client runtimes, the TypeScript
 * tsconfig) into lambdas/core/sdk/runtime-templates.ts, which the generators read.
 *
 * Why a generated module rather than reading the files at request time: the artifact routes run
 * from a single esbuild bundle (lib/shared/lambda-bundling.ts) that has no files beside it, and a
 * module loads the same way under esbuild, tsx and Jest without a loader for .py files. The
 * templates stay real .py / .ts files (so they are read, linted and type-checked as such);
 * test/unit/sdk-runtime-templates.test.ts fails until the module matches them.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sdkRuntimeModule } from './sdk-runtime-module';

writeFileSync(join(__dirname, '..', 'lambdas', 'core', 'sdk', 'runtime-templates.ts'), sdkRuntimeModule());
console.log('wrote lambdas/core/sdk/runtime-templates.ts; review it with git diff');
