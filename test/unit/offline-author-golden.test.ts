/**
 * Golden files of layer 1: test/fixtures/spec/authored/<example>.md is what the offline author
 * writes for each example description (test/fixtures/examples/<example>.md). A change of the
 * author shows up as a diff of these files only; refresh them with `npm run fixtures:refresh`
 * and review the diff.
 */
import { assertGoldenCurrent, readRepositoryFile } from '../fixtures/producers/golden-producer';
import { authoredSpecPath, authoredSpecs } from '../fixtures/producers/offline-author';
import { loadExamples } from '../support/example-fixtures';

describe('offline author golden files', () => {
  const produced = authoredSpecs.produce(readRepositoryFile);

  it('has one golden file per example', () => {
    expect(Object.keys(produced).sort()).toEqual(loadExamples().map((e) => authoredSpecPath(e.id)));
  });

  it.each(Object.keys(produced).map((p) => [p] as const))('%s is current', (path) => {
    assertGoldenCurrent(authoredSpecs, path, produced[path]!);
  });
});
