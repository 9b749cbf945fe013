/**
 * The SDK generators read the static files of templates/sdk-python/ and templates/sdk-typescript/
 * from lambdas/core/sdk/runtime-templates.ts (embedded so the Lambda bundle carries them):
 * it must match the files (`npx tsx templates/write-sdk-runtime.ts` rewrites it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sdkRuntimeModule } from '../../templates/sdk-runtime-module';

it('lambdas/core/sdk/runtime-templates.ts matches templates/sdk-*/ (else run `npx tsx templates/write-sdk-runtime.ts`)', () => {
  expect(readFileSync(join(__dirname, '..', '..', 'lambdas', 'core', 'sdk', 'runtime-templates.ts'), 'utf8')).toBe(sdkRuntimeModule());
});
