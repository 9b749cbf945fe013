/**
 * Offline spec author figures: time to write a spec for each example and for a synthetic
 * 50- and a 200-entity description, chat-edit latency, and structural recall on the examples (the
 * measure of ../shared/tools/author_eval.py, ported in test/support/structural-recall.ts).
 */
import { performance } from 'node:perf_hooks';
import { authorSpec, editSpec } from '../../lambdas/core/spec/offline-author';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { loadExamples } from '../support/example-fixtures';
import { scoreSpec } from '../support/structural-recall';

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

export function authorBench() {
  const examples = loadExamples();
  const rows: Record<string, { medianMs: number; recall: string }> = {};
  let found = 0;
  let want = 0;
  for (const example of examples) {
    const ms = time(() => authorSpec({ name: example.name, description: example.description }), 20);
    const result = scoreSpec(renderSpec(authorSpec({ name: example.name, description: example.description })), example.expected);
    found += result.found;
    want += result.want;
    rows[example.name] = { medianMs: ms, recall: `${Math.round((result.found / result.want) * 100)}% (${result.found}/${result.want})` };
  }
  const fifty = syntheticDescription(50);
  rows['synthetic 50 entities'] = { medianMs: time(() => authorSpec({ name: 'Fifty', description: fifty }), 5), recall: '-' };
  // Issue 23's bound: a 200-entity description in under a second.
  const twoHundred = syntheticDescription(200);
  rows['synthetic 200 entities'] = { medianMs: time(() => authorSpec({ name: 'Two hundred', description: twoHundred }), 3), recall: '-' };
  const base = authorSpec({ name: 'Tasks', description: examples[0]!.description });
  const editMs = time(() => editSpec(base, 'Add a tags field to tasks, a list of strings.'), 50);
  const render50Ms = time(() => renderSpec(authorSpec({ name: 'Fifty', description: fifty })), 5);
  return { rows, chatEditMedianMs: editMs, author50AndRenderMs: render50Ms, recall: { found, want, percent: Math.round((found / want) * 1000) / 10 } };
}
