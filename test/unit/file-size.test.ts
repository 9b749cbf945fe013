/**
 * Files that do one thing (issue 22): no source file is over 500 lines unless it says, at its
 * top, why it is long on purpose ("Long on purpose:" in its first comment).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const FOLDERS = ['bin', 'lib', 'lambdas', 'local', 'templates'];
const MAX_LINES = 500;
const REASON = 'Long on purpose:';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

it(`no source file is over ${MAX_LINES} lines without its reason at its top`, () => {
  const files = FOLDERS.flatMap((folder) => sources(join(ROOT, folder)));
  expect(files.length).toBeGreaterThan(100);
  const unexplained = files
    .map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }))
    .filter(({ text }) => text.split('\n').length > MAX_LINES)
    .filter(({ text }) => !text.slice(0, text.indexOf('*/') + 2).includes(REASON))
    .map(({ file, text }) => `${file}: ${text.split('\n').length} lines`);
  expect(unexplained).toEqual([]);
});
