/**
 * `npx tsx templates/write-spec-format.ts`: writes templates/spec-format.md (the spec format
 * guide as a document) from the code that defines the format, lambdas/core/spec/format-guide.ts.
 * test/unit/spec-render.test.ts fails until the file matches the code.
 *
 * A script of its own, not part of `npm run fixtures:refresh`: the template is a published
 * document (the reference for people writing specs), not a test fixture, so refreshing test
 * goldens must never rewrite it as a side effect; changing it is a deliberate edit of the
 * format, run on its own and reviewed as such. Not by hand: every line is derived from the
 * parser's constants and EXAMPLE_SPEC, which a hand copy would drift from.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { specFormatTemplate } from '../lambdas/core/spec/format-guide';

writeFileSync(join(__dirname, 'spec-format.md'), specFormatTemplate());
console.log('wrote templates/spec-format.md; review it with git diff');
