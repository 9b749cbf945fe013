/**
 * The offline author's strict F1 (test/support/structural-f1.ts): its spec of every example
 * description that has an expected structure (test/fixtures/examples) and, when the folder
 * exists, of every description of the author corpus (test/fixtures/author-corpus: manifest.json
 * lists `{ id, part, style, domain }`, each `<part>/<id>.md` with its `<id>.expected.json`),
 * rendered as Markdown and scored through the parser. Prints F1 per example, per part and
 * writing style, per dimension and overall; the held-out part in totals only. Alone: `npx tsx
 * test/bench/author-f1.ts` (`--verbose` adds each development description's misses and extras).
 */
import { authorSpec } from '../../lambdas/core/spec/offline-author';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { CORPUS_DIR, authorDescriptions } from '../support/author-descriptions';
import { DIMENSIONS, combineScores, describeF1, scoreSpecF1, type Counts, type Dimension, type F1Score, type Ratios } from '../support/structural-f1';

export { CORPUS_DIR, authorDescriptions } from '../support/author-descriptions';

type Figures = Counts & Ratios;

export interface AuthorF1Row extends Figures {
  part: string;
  style: string;
  parsed: boolean;
}

export interface AuthorF1Bench {
  /** Each description of the examples and the development part; the held-out part only in totals. */
  descriptions: Record<string, AuthorF1Row>;
  byPart: Record<string, Figures>;
  byStyle: Record<string, Figures>;
  /** Per part and writing style (`development/chatty-paragraph`, `held-out/chatty-paragraph`). */
  byPartStyle: Record<string, Figures>;
  byDimension: Record<Dimension, Figures>;
  overall: Figures;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
const rounded = (f: Figures): Figures => ({ found: f.found, expected: f.expected, extra: f.extra, precision: round(f.precision), recall: round(f.recall), f1: round(f.f1) });

function groupBy(scored: Array<{ key: string; score: F1Score }>): Record<string, Figures> {
  const groups = new Map<string, F1Score[]>();
  for (const { key, score } of scored) groups.set(key, [...(groups.get(key) ?? []), score]);
  return Object.fromEntries([...groups].map(([key, scores]) => [key, rounded(combineScores(scores).overall)]));
}

/**
 * Scores the offline author on every description; `onScore` sees each score (for --verbose),
 * except a held-out description's: the held-out part is reported in totals only, so that no one
 * tunes the author on what it gets wrong there.
 */
export function authorF1Bench(onScore?: (id: string, score: F1Score) => void): AuthorF1Bench {
  const scored = authorDescriptions().map((d) => {
    const score = scoreSpecF1(renderSpec(authorSpec({ name: d.name, description: d.description })), d.expected);
    if (d.part !== 'held-out') onScore?.(d.id, score);
    return { ...d, score };
  });
  const combined = combineScores(scored.map((s) => s.score));
  return {
    descriptions: Object.fromEntries(scored.filter((s) => s.part !== 'held-out').map((s) => [s.id, { part: s.part, style: s.style ?? '-', parsed: s.score.parsed, ...rounded(s.score.overall) }])),
    byPartStyle: groupBy(scored.filter((s) => s.style !== undefined).map((s) => ({ key: `${s.part}/${s.style}`, score: s.score }))),
    byPart: groupBy(scored.map((s) => ({ key: s.part, score: s.score }))),
    byStyle: groupBy(scored.filter((s) => s.style !== undefined).map((s) => ({ key: s.style as string, score: s.score }))),
    byDimension: Object.fromEntries(DIMENSIONS.map((d) => [d, rounded(combined.dimensions[d])])) as Record<Dimension, Figures>,
    overall: rounded(combined.overall),
  };
}

export function printAuthorF1Bench(bench: AuthorF1Bench): void {
  console.log('\nOffline spec author: strict F1 of its spec against the expected structure (facts, precision and recall)');
  console.table(bench.descriptions);
  console.log('per part');
  console.table(bench.byPart);
  if (Object.keys(bench.byStyle).length > 0) {
    console.log('per writing style (corpus)');
    console.table(bench.byStyle);
    console.log('per part and writing style');
    console.table(bench.byPartStyle);
  } else {
    console.log(`(no author corpus at ${CORPUS_DIR}: examples only)`);
  }
  console.log('per dimension');
  console.table(bench.byDimension);
  const o = bench.overall;
  console.log(`author F1: ${o.f1} (precision ${o.precision}, recall ${o.recall}; ${o.found} of ${o.expected} facts, ${o.extra} extra)`);
}

if (require.main === module) {
  const verbose = process.argv.includes('--verbose');
  printAuthorF1Bench(authorF1Bench(verbose ? (id, score) => console.log(`${id}: ${describeF1(score)}\n`) : undefined));
}
