/**
 * Offline spec author figures: time to write a spec for each example and for a synthetic
 * 50- and a 200-entity description, chat-edit latency, and structural recall on the examples (the
 * measure of ../shared/tools/author_eval.py, ported in test/support/structural-recall.ts).
 *
 * The author remembers the readings of texts it has seen (tagging, definitions, relations, field
 * lists), so reading the same description again is faster than reading it the first time, which
 * is what a user waits for. `firstMs` is that first reading: in a fresh process whose author has
 * first read every description of the corpus's development part (a warm Lambda that served other
 * projects), each example is read once; the median of FIRST_READING_PROCESSES processes.
 * `againMs` is the median of reading it again in the same process. The cold row is the first
 * description a fresh process reads (the corpus's first development description), when every
 * pattern of the author is new to V8: what a cold Lambda costs.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { authorSpec, editSpec } from '../../lambdas/core/spec/offline-author';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { corpusDescriptions } from '../support/author-descriptions';
import { allExampleIds, loadExamples } from '../support/example-fixtures';
import { scoreSpec } from '../support/structural-recall';

const FIRST_READING_PROCESSES = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function time(fn: () => void, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return Math.round(median(samples) * 100) / 100;
}

/** A description with `n` entities (two-word names), each with typed fields and a parent. */
export function syntheticDescription(n: number): string {
  const first = ['north', 'south', 'east', 'west', 'inner', 'outer', 'upper', 'lower', 'front', 'rear', 'main', 'spare', 'field', 'depot', 'river', 'harbor', 'city', 'rural', 'night', 'day'];
  const second = ['gadget', 'sprocket', 'lever', 'valve', 'socket', 'panel', 'beacon', 'hinge', 'spindle', 'bracket', 'gasket'];
  const nouns = Array.from({ length: n }, (_, i) => `${first[i % first.length]} ${second[Math.floor(i / first.length) % second.length]}`);
  const sentences = nouns.map((noun, i) => {
    const parent = i > 0 ? ` Each ${noun} belongs to a ${nouns[i - 1]}.` : '';
    return `${noun[0]!.toUpperCase()}${noun.slice(1)}s have a name, a description, a status (draft, live or retired), an amount and a due date.${parent}`;
  });
  return `A system with many parts. ${sentences.join(' ')} Admins can do everything; members can read everything.`;
}

type Timed = Record<string, number>;

/** Each example's and each synthetic description's first reading, in this (fresh) process. */
/** The name of the cold reading: the first description a fresh process reads (a Lambda's cold start). */
const COLD = 'cold: first description in a fresh process';

function firstReadings(): Timed {
  const development = corpusDescriptions().filter((c) => c.part === 'development');
  const timed: Timed = {};
  const [cold] = development;
  timed[COLD] = time(() => authorSpec({ name: cold!.name, description: cold!.description }), 1);
  for (const d of development) authorSpec({ name: d.name, description: d.description });
  for (const example of loadExamples(allExampleIds())) timed[example.name] = time(() => authorSpec({ name: example.name, description: example.description }), 1);
  timed['synthetic 50 entities'] = time(() => authorSpec({ name: 'Fifty', description: syntheticDescription(50) }), 1);
  // Issue 23's bound: a 200-entity description in under a second.
  timed['synthetic 200 entities'] = time(() => authorSpec({ name: 'Two hundred', description: syntheticDescription(200) }), 1);
  return timed;
}

function firstReadingsInFreshProcesses(): Timed {
  const runs: Timed[] = [];
  for (let i = 0; i < FIRST_READING_PROCESSES; i++) {
    // (With the V8 flag `npm start` gives the service: regular expressions compiled from their first use.)
    const child = spawnSync(process.execPath, ['--no-regexp-tier-up', join(__dirname, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs'), __filename, '--first-readings'], {
      encoding: 'utf8',
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
    });
    const line = child.stdout.trim().split('\n').pop() ?? '';
    if (child.status !== 0 || !line.startsWith('{')) throw new Error(`first readings failed: ${child.stderr}`);
    runs.push(JSON.parse(line) as Timed);
  }
  return Object.fromEntries(Object.keys(runs[0]!).map((name) => [name, median(runs.map((r) => r[name]!))]));
}

export function authorBench() {
  const first = firstReadingsInFreshProcesses();
  const examples = loadExamples(allExampleIds());
  const rows: Record<string, { firstMs: number; againMs: number; recall: string }> = {};
  let found = 0;
  let want = 0;
  for (const example of examples) {
    const againMs = time(() => authorSpec({ name: example.name, description: example.description }), 20);
    const result = scoreSpec(renderSpec(authorSpec({ name: example.name, description: example.description })), example.expected);
    found += result.found;
    want += result.want;
    rows[example.name] = { firstMs: first[example.name]!, againMs, recall: `${Math.round((result.found / result.want) * 100)}% (${result.found}/${result.want})` };
  }
  const fifty = syntheticDescription(50);
  rows['synthetic 50 entities'] = { firstMs: first['synthetic 50 entities']!, againMs: time(() => authorSpec({ name: 'Fifty', description: fifty }), 5), recall: '-' };
  const twoHundred = syntheticDescription(200);
  rows['synthetic 200 entities'] = { firstMs: first['synthetic 200 entities']!, againMs: time(() => authorSpec({ name: 'Two hundred', description: twoHundred }), 3), recall: '-' };
  rows[COLD] = { firstMs: first[COLD]!, againMs: Number.NaN, recall: '-' };
  const typical = examples.map((e) => first[e.name]!);
  const base = authorSpec({ name: 'Tasks', description: examples[0]!.description });
  const editMs = time(() => editSpec(base, 'Add a tags field to tasks, a list of strings.'), 50);
  const render50Ms = time(() => renderSpec(authorSpec({ name: 'Fifty', description: fifty })), 5);
  return {
    rows,
    /** The median and the slowest first reading of an example description. */
    typicalFirstMs: { median: median(typical), max: Math.max(...typical) },
    /** The first description a fresh process reads, when every pattern is new to it (a cold Lambda). */
    coldFirstMs: first[COLD]!,
    chatEditMedianMs: editMs,
    author50AndRenderMs: render50Ms,
    recall: { found, want, percent: Math.round((found / want) * 1000) / 10 },
  };
}

if (process.argv[2] === '--first-readings') console.log(JSON.stringify(firstReadings()));
