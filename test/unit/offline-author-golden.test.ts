/**
 * Golden files: test/fixtures/spec/authored/<example>.md is what the offline author writes for
 * each example description (renderSpec(authorSpec(...))). A change of the author shows up as a
 * diff of these files; refresh them with `npm run fixtures:refresh` and review the diff.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUTHORED_DIR, produce } from '../fixtures/producers/offline-author';
import { loadExamples } from '../support/example-fixtures';

const ROOT = join(__dirname, '..', '..');

describe('offline author golden files', () => {
  const produced = produce();

  it('has one golden file per example', () => {
    expect(Object.keys(produced).sort()).toEqual(loadExamples().map((e) => `${AUTHORED_DIR}/${e.id}.md`));
  });

  it.each(Object.keys(produced).map((p) => [p] as const))('%s is current', (path) => {
    const file = join(ROOT, path);
    const hint = `${path} is stale or missing: run \`npm run fixtures:refresh\` and review the diff`;
    if (!existsSync(file)) throw new Error(hint);
    const golden = readFileSync(file, 'utf8');
    if (golden !== produced[path]) throw new Error(`${hint}\n--- golden\n${golden}\n--- now\n${produced[path]}`);
  });
});
