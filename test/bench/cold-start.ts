/**
 * What source maps cost a cold start (issue 28 item 6): the module load of a few bundles in a
 * fresh Node process (median of RUNS), three ways:
 *   none   the bundle without the lazy installer, no flag: no mapping at all (the floor);
 *   eager  the same bundle with NODE_OPTIONS=--enable-source-maps (what the functions had): Node
 *          reads and parses the map while the bundle loads;
 *   lazy   the bundle as lib/shared/lambda-bundling.ts now makes it (lambdas/shared/lazy-source-maps.ts
 *          injected), no flag: the map is read on the first formatted stack, whose one-time cost
 *          `firstStackMs` is measured by formatting a frame of the bundle right after the load.
 * The bundles: the smallest route, a model route, the project runtime and the synthesis function
 * (the largest map). Prints a table and writes bench-results/cold-start.json; `npm run bench` runs it.
 * Figures are this machine's Node (the functions run nodejs22.x): compare the columns, not the numbers.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { BUNDLE_FILE, bundleName, LAMBDA_ESBUILD_OPTIONS, PROJECT_SYNTH_ENTRY, REPO_ROOT } from '../../lib/shared/lambda-bundling';
import { bundleProjectSynth, SYNTH_ESBUILD_OPTIONS } from '../../lib/shared/synth-bundling';

const RUNS = 9;
const ENTRIES = ['lambdas/control-plane/handlers/health.lambda.ts', 'lambdas/control-plane/handlers/chat-spec.lambda.ts', 'lambdas/project-runtime/runtime.lambda.ts'];
const SYNTH = bundleName(PROJECT_SYNTH_ENTRY);

export interface ColdStartRow {
  readonly bundle: string;
  readonly bundleKiB: number;
  readonly mapKiB: number;
  /** Median module load, wall ms. */
  readonly noneMs: number;
  readonly eagerMs: number;
  readonly lazyMs: number;
  /** The same loads in CPU ms (user + system): less sensitive to other work on the machine. */
  readonly noneCpuMs: number;
  readonly eagerCpuMs: number;
  readonly lazyCpuMs: number;
  /** What eager adds to every cold start, measured alone: reading and JSON-parsing the map, ms. */
  readonly mapParseMs: number;
  /** Lazy: the one-time cost of the first formatted stack with a frame of the bundle (the map read and parsed), ms. */
  readonly firstStackMs: number;
}

export interface ColdStartBench {
  readonly node: string;
  readonly runs: number;
  readonly rows: ColdStartRow[];
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] as number) * 10) / 10;
};

/** A position of the bundle that its map maps (1-based), from the middle of the bundle on: where a frame could be. */
function mappedPosition(file: string): { line: number; column: number } {
  const map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload);
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = Math.floor(lines.length / 2); i < lines.length; i++) {
    const column = Math.min((lines[i] as string).length, 1000);
    if ('originalSource' in map.findEntry(i, column - 1)) return { line: i + 1, column };
  }
  throw new Error(`no mapped position in ${file}`);
}

/** One sample in a fresh Node: the module load (wall and CPU ms), then with `firstStack` one formatted frame of the bundle. */
function sample(file: string, flags: readonly string[], firstStack: boolean): { load: number; cpu: number; first: number } {
  const url = pathToFileURL(file).href;
  const { line, column } = firstStack ? mappedPosition(file) : { line: 0, column: 0 };
  const at = `${url}:${line}:${column}`;
  // A failed evaluation (no configuration here) still measures the load: modules parse and link first.
  const script =
    `const c=process.cpuUsage();const t=process.hrtime.bigint();import(${JSON.stringify(url)}).catch(()=>0).then(()=>{const load=Number(process.hrtime.bigint()-t)/1e6;const u=process.cpuUsage(c);const cpu=(u.user+u.system)/1e3;let first=0;` +
    (firstStack
      ? `const f=Error.prepareStackTrace;const site={getFileName:()=>${JSON.stringify(url)},getLineNumber:()=>${line},getColumnNumber:()=>${column},toString:()=>${JSON.stringify(at)}};` +
        `const t2=process.hrtime.bigint();const text=f(new Error('x'),[site]);first=Number(process.hrtime.bigint()-t2)/1e6;if(text.includes(${JSON.stringify(at)}))throw new Error('frame not mapped: '+text);`
      : '') +
    `console.log(JSON.stringify({load,cpu,first}))})`;
  const out = execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1' } });
  return JSON.parse(out.trim().split('\n').pop() as string) as { load: number; cpu: number; first: number };
}

/** What --enable-source-maps adds to a load, measured alone in a fresh Node: the map read and JSON-parsed (Node also scans the bundle's line lengths). */
function mapParseMs(file: string): number {
  const script = `const fs=require('node:fs');const t=process.hrtime.bigint();JSON.parse(fs.readFileSync(${JSON.stringify(`${file}.map`)},'utf8'));console.log(Number(process.hrtime.bigint()-t)/1e6)`;
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } }).trim());
}

/** The three ways, interleaved run by run so the machine's drift falls on all of them alike. */
function row(bundle: string, plainFile: string, lazyFile: string): ColdStartRow {
  const kib = (file: string) => Math.round(statSync(file).size / 102.4) / 10;
  const runs = { none: [] as { load: number; cpu: number }[], eager: [] as { load: number; cpu: number }[], lazy: [] as { load: number; cpu: number; first: number }[], parse: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    runs.none.push(sample(plainFile, [], false));
    runs.eager.push(sample(plainFile, ['--enable-source-maps'], false));
    runs.lazy.push(sample(lazyFile, [], true));
    runs.parse.push(mapParseMs(lazyFile));
  }
  const wall = (list: { load: number }[]) => median(list.map((r) => r.load));
  const cpu = (list: { cpu: number }[]) => median(list.map((r) => r.cpu));
  return {
    bundle,
    bundleKiB: kib(lazyFile),
    mapKiB: kib(`${lazyFile}.map`),
    noneMs: wall(runs.none),
    eagerMs: wall(runs.eager),
    lazyMs: wall(runs.lazy),
    noneCpuMs: cpu(runs.none),
    eagerCpuMs: cpu(runs.eager),
    lazyCpuMs: cpu(runs.lazy),
    mapParseMs: median(runs.parse),
    firstStackMs: median(runs.lazy.map((r) => r.first)),
  };
}

export function coldStartBench(): ColdStartBench {
  const work = mkdtempSync(join(tmpdir(), 'bgs-bench-cold-start-'));
  try {
    const build = (dir: string, inject: string[]) =>
      buildSync({ ...LAMBDA_ESBUILD_OPTIONS, inject, absWorkingDir: REPO_ROOT, entryPoints: ENTRIES.map((entry) => ({ in: entry, out: `${bundleName(entry)}/index` })), outdir: join(work, dir) });
    build('plain', []);
    build('lazy', [...(LAMBDA_ESBUILD_OPTIONS.inject ?? [])]);
    const rows = ENTRIES.map((entry) => row(bundleName(entry), join(work, 'plain', bundleName(entry), BUNDLE_FILE), join(work, 'lazy', bundleName(entry), BUNDLE_FILE)));
    // The synthesis function, bundled apart (synth-bundling.ts); its plain twin without the installer.
    const lazySynth = bundleProjectSynth(join(work, 'lazy-synth'));
    const plainSynth = join(work, 'plain-synth');
    mkdirSync(plainSynth, { recursive: true });
    buildSync({ ...SYNTH_ESBUILD_OPTIONS, inject: [], outfile: join(plainSynth, BUNDLE_FILE) });
    rows.push(row(SYNTH, join(plainSynth, BUNDLE_FILE), join(lazySynth.dir, BUNDLE_FILE)));
    return { node: process.version, runs: RUNS, rows };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function printColdStartBench(bench: ColdStartBench): void {
  console.log(`\nSource maps and cold start (module load in a fresh Node ${bench.node}, median of ${bench.runs} interleaved runs, wall ms / CPU ms)`);
  console.table(
    Object.fromEntries(
      bench.rows.map((r) => [
        r.bundle,
        { KiB: r.bundleKiB, mapKiB: r.mapKiB, none: `${r.noneMs} / ${r.noneCpuMs}`, eager: `${r.eagerMs} / ${r.eagerCpuMs}`, lazy: `${r.lazyMs} / ${r.lazyCpuMs}`, mapParse: r.mapParseMs, lazyFirstStack: r.firstStackMs },
      ]),
    ),
  );
  console.log(
    'none: no maps; eager: NODE_OPTIONS=--enable-source-maps (before): every cold start reads and parses the map (mapParse, measured alone); lazy (now): nothing at load, ' +
      'the map read and decoded on the first formatted stack with a frame of the bundle (lazyFirstStack, once per execution environment; eager decodes then too)',
  );
}

if (require.main === module) {
  const bench = coldStartBench();
  printColdStartBench(bench);
  mkdirSync(join(REPO_ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(REPO_ROOT, 'bench-results', 'cold-start.json'), `${JSON.stringify(bench, null, 2)}\n`);
  console.log('written: bench-results/cold-start.json');
}
