/**
 * The example descriptions of test/fixtures/examples: each `NN-name.md` with its
 * `NN-name.expected.json` (what a correct spec must capture), and the chat edits of
 * 06-chat-edits.md. Shared by the offline author's tests, its golden files and the bench.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ExpectedSpec } from './structural-recall';

export const EXAMPLES_DIR = join(__dirname, '..', 'fixtures', 'examples');

export interface Example {
  /** `01-task-tracker` */
  id: string;
  /** A project name for the example: `Task tracker`. */
  name: string;
  description: string;
  expected: ExpectedSpec;
}

/**
 * The examples the current offline author, its goldens and the bench cover (06 is the chat edits);
 * 07-12 are the new examples the rebuilt author (issue 23) must meet.
 */
export const COVERED_EXAMPLE_IDS = ['01-task-tracker', '02-recipe-blog', '03-expense-approvals', '04-clinic-appointments', '05-inventory'] as const;

/** Every example with an expected file, by id (`01-task-tracker`), sorted. */
export function allExampleIds(): string[] {
  return readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.expected.json'))
    .map((f) => f.replace(/\.expected\.json$/, ''))
    .sort();
}

export function loadExamples(ids: readonly string[] = COVERED_EXAMPLE_IDS): Example[] {
  return [...ids]
    .sort()
    .map((id) => {
      const words = id.replace(/^\d+-/, '').split('-');
      return {
        id,
        name: [words[0]![0]!.toUpperCase() + words[0]!.slice(1), ...words.slice(1)].join(' '),
        description: readFileSync(join(EXAMPLES_DIR, `${id}.md`), 'utf8'),
        expected: JSON.parse(readFileSync(join(EXAMPLES_DIR, `${id}.expected.json`), 'utf8')) as ExpectedSpec,
      };
    });
}

export interface ChatEdit {
  message: string;
  /** What the edit must change, as 06-chat-edits.md says it. */
  expectation: string;
}

/** The numbered edits of 06-chat-edits.md: `1. "message" -> expectation`. */
export function loadChatEdits(): { baseExample: string; edits: ChatEdit[] } {
  const text = readFileSync(join(EXAMPLES_DIR, '06-chat-edits.md'), 'utf8');
  const base = /spec of (\d+-[a-z-]+)/.exec(text)?.[1] ?? '01-task-tracker';
  const edits: ChatEdit[] = [];
  for (const m of text.matchAll(/^\d+\.\s+"([^"]+)"\s*->\s*([\s\S]*?)(?=^\d+\.\s|^Each reply|(?![\s\S]))/gm)) {
    edits.push({ message: m[1]!, expectation: m[2]!.replace(/\s+/g, ' ').trim() });
  }
  return { baseExample: base, edits };
}
