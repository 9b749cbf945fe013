/**
 * The descriptions the offline author is measured on, each with its expected structure: the
 * examples of test/fixtures/examples that have one (01-05 and 07-12), then the author corpus
 * (test/fixtures/author-corpus: manifest.json lists `{ id, part, style, domain }`, each
 * `<part>/<id>.md` with its `<id>.expected.json`). Used by the F1 bench and the F1 gate test.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allExampleIds, loadExamples } from './example-fixtures';
import type { ExpectedSpec } from './expected-spec';

export const CORPUS_DIR = join(__dirname, '..', 'fixtures', 'author-corpus');
/** The part of the examples of test/fixtures/examples (the corpus has development and held-out). */
export const EXAMPLES_PART = 'examples';

export interface Description {
  id: string;
  /** The project name the author is given. */
  name: string;
  description: string;
  expected: ExpectedSpec;
  part: string;
  /** The corpus's writing style; undefined for the examples. */
  style?: string;
}

interface CorpusEntry {
  id: string;
  part: string;
  style: string;
  domain?: string;
}

export function corpusDescriptions(): Description[] {
  const manifestPath = join(CORPUS_DIR, 'manifest.json');
  if (!existsSync(manifestPath)) return [];
  const entries = JSON.parse(readFileSync(manifestPath, 'utf8')) as CorpusEntry[];
  return entries.map((entry) => {
    const base = join(CORPUS_DIR, entry.part, entry.id);
    return {
      id: entry.id,
      name: entry.id,
      description: readFileSync(`${base}.md`, 'utf8'),
      expected: JSON.parse(readFileSync(`${base}.expected.json`, 'utf8')) as ExpectedSpec,
      part: entry.part,
      style: entry.style,
    };
  });
}

/** Every example with an expected structure (01-05 and the newer 07-12), then the corpus. */
export function authorDescriptions(): Description[] {
  const examples = loadExamples(allExampleIds()).map((e): Description => ({ id: e.id, name: e.name, description: e.description, expected: e.expected, part: EXAMPLES_PART }));
  return [...examples, ...corpusDescriptions()];
}
