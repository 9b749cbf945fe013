/**
 * Stack traces through a bundle's source map, read only when a stack is first formatted
 * (lambdas/shared/lazy-source-maps.ts, injected into every bundle by lib/shared/lambda-bundling.ts):
 * a bundle's frames point into the TypeScript sources, the map is read once and only for a stack
 * with a frame of the bundle, and nothing about it can lose a stack. The cold-start figures are
 * test/bench/cold-start.ts's, not a timed test's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { type CallSiteLike, installLazySourceMaps, lazySourceMapFormatter } from '../../lambdas/shared/lazy-source-maps';
import { LAMBDA_ESBUILD_OPTIONS, LAZY_SOURCE_MAPS, REPO_ROOT } from '../../lib/shared/lambda-bundling';

// Three lines, so a frame's line says which function threw.
const SOURCE = ['export function inner(): never { throw new Error("boom"); }', 'export function outer(): never { return inner(); }', 'export const handler = async () => outer();', ''].join('\n');

let dir: string;
let bundle: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bgs-lazy-maps-'));
  bundle = join(dir, 'index.mjs');
  // As every Lambda bundle is made: minified ESM, a linked map without sources, the installer injected.
  buildSync({ ...LAMBDA_ESBUILD_OPTIONS, absWorkingDir: REPO_ROOT, stdin: { contents: SOURCE, loader: 'ts', resolveDir: REPO_ROOT, sourcefile: 'lambdas/example.lambda.ts' }, outfile: bundle });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the bundle's handler in a fresh Node and returns the stack of what it threw. */
function stackInFreshNode(flags: readonly string[] = []): string {
  const script = `import(${JSON.stringify(pathToFileURL(bundle).href)}).then((m) => m.handler()).catch((e) => console.log(e.stack))`;
  return execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
}

test('every bundle is built with a linked map without sources, and the installer injected', () => {
  expect(LAMBDA_ESBUILD_OPTIONS).toMatchObject({ sourcemap: 'linked', sourcesContent: false, inject: [LAZY_SOURCE_MAPS] });
  const map = JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as { sources: string[]; sourcesContent?: unknown };
  expect(map.sourcesContent).toBeUndefined();
  expect(readFileSync(bundle, 'utf8')).toContain('//# sourceMappingURL=index.mjs.map');
});

test("without any flag, the bundle's frames point into the TypeScript source", () => {
  const stack = stackInFreshNode();
  expect(stack).toMatch(/^Error: boom\n/);
  const frames = stack.split('\n').filter((line) => line.includes('lambdas/example.lambda.ts'));
  // inner threw on line 1, called by outer on line 2, called by the handler on line 3.
  expect(frames.map((line) => /example\.lambda\.ts:(\d+):\d+/.exec(line)?.[1])).toEqual(['1', '2', '3']);
  expect(stack).not.toContain('index.mjs:1:');
});

test('with NODE_OPTIONS=--enable-source-maps (an operator may still set it), Node maps and the installer stands aside', () => {
  const stack = stackInFreshNode(['--enable-source-maps']);
  expect(stack).toMatch(/example\.lambda\.ts:1:\d+/);
});

test('the installer stands aside when something other than Node formats stacks already', () => {
  const before = Error.prepareStackTrace;
  const mine = (error: Error) => `custom: ${error.message}`;
  try {
    Error.prepareStackTrace = mine;
    installLazySourceMaps(bundle);
    expect(Error.prepareStackTrace).toBe(mine);
  } finally {
    Error.prepareStackTrace = before;
  }
});

describe('the formatter', () => {
  const site = (file: string, line: number, column: number): CallSiteLike => ({
    getFileName: () => file,
    getLineNumber: () => line,
    getColumnNumber: () => column,
    toString: () => `fn (${file}:${line}:${column})`,
  });

  test('reads the map on the first stack with a frame of the bundle, and only once', () => {
    let reads = 0;
    const format = lazySourceMapFormatter(bundle, () => {
      reads += 1;
      return readFileSync(`${bundle}.map`, 'utf8');
    });
    expect(reads).toBe(0);
    // A stack without a frame of the bundle leaves the map unread.
    expect(format(new Error('elsewhere'), [site('node:internal/x', 1, 1)])).toBe('Error: elsewhere\n    at fn (node:internal/x:1:1)');
    expect(reads).toBe(0);
    const url = pathToFileURL(bundle).href;
    const code = readFileSync(bundle, 'utf8');
    const column = code.indexOf('boom') + 1;
    const line = code.slice(0, column).split('\n').length;
    const col = column - code.lastIndexOf('\n', column - 1) - 1;
    const text = format(new TypeError('bad'), [site(url, line, col), site(url, line, col)]);
    expect(text).toMatch(/^TypeError: bad\n {4}at fn \(lambdas\/example\.lambda\.ts:1:\d+\)\n {4}at fn \(lambdas\/example\.lambda\.ts:1:\d+\)$/);
    expect(reads).toBe(1);
  });

  test('a missing or broken map leaves the positions as they are, and is not read again', () => {
    let reads = 0;
    const format = lazySourceMapFormatter(bundle, () => {
      reads += 1;
      return '{ not json';
    });
    const url = pathToFileURL(bundle).href;
    expect(format(new Error('x'), [site(url, 1, 10)])).toBe(`Error: x\n    at fn (${url}:1:10)`);
    format(new Error('y'), [site(url, 1, 10)]);
    expect(reads).toBe(1);
  });

  test('an error whose name cannot be read still gets its frames', () => {
    const hostile = Object.defineProperty({}, 'name', {
      get() {
        throw new Error('no');
      },
    });
    const format = lazySourceMapFormatter(bundle, () => '');
    expect(format(hostile, [site('node:x', 1, 1)])).toBe('<error>\n    at fn (node:x:1:1)');
  });
});
