/**
 * Metamorphic tests of the offline author: each example with its entities and distinctive
 * fields renamed consistently (Task -> Ticket-like swaps drawn from a word list, plural and
 * head-noun forms too) and its sentences reordered (seeded, deterministic; a workflow and the
 * sentences continuing it stay together). The author must find the renamed structure: it
 * generalizes from English, it does not recognize the examples.
 */
import { authorSpec } from '../../lambdas/core/spec/offline-author';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { loadExamples } from '../support/example-fixtures';
import { renameExample } from '../support/metamorphic';
import { recallRatio, scoreSpec, sumRecall, type Recall } from '../support/structural-recall';

const SEEDS = [1, 2, 3, 4, 5, 6];
const examples = loadExamples();
const cases = examples.flatMap((ex) => SEEDS.map((seed) => ({ ex, seed, variant: renameExample(ex, seed) })));
const pct = (r: number) => `${(r * 100).toFixed(1)}%`;

describe('offline author, metamorphic variants (renamed entities and fields, reordered sentences)', () => {
  const recalls = new Map<string, Recall[]>();

  afterAll(() => {
    const lines = [...recalls].map(([id, rs]) => {
      const total = sumRecall(rs);
      return `  ${id}: ${total.found}/${total.want} (${pct(recallRatio(total))}) over ${rs.length} variants`;
    });
    console.log(`offline author recall on metamorphic variants\n${lines.join('\n')}`);
  });

  it('really renames and reorders', () => {
    for (const { ex, variant } of cases) {
      for (const [from, to] of Object.entries(variant.mapping)) {
        expect(from).not.toBe(to);
        const words = from.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
        expect(variant.description.toLowerCase()).not.toMatch(new RegExp(`\\b${words}s?\\b`));
      }
      expect(variant.description.replace(/\s+/g, ' ')).not.toBe(ex.description.replace(/\s+/g, ' ').trim());
    }
  });

  it.each(cases.map((c) => [c.ex.id, c.seed, c] as const))('%s (seed %d): finds >= 90% of the renamed structure', (id, _seed, c) => {
    const spec = authorSpec({ name: c.ex.name, description: c.variant.description });
    const markdown = renderSpec(spec);
    expect(parseSpec(markdown).ok).toBe(true);
    const recall = scoreSpec(markdown, c.variant.expected);
    recalls.set(id, [...(recalls.get(id) ?? []), recall]);
    const ratio = recallRatio(recall);
    const report = `recall ${pct(ratio)} with ${JSON.stringify(c.variant.mapping)}; missing: ${recall.misses.join(', ')}\n${c.variant.description}`;
    expect(ratio >= 0.9 ? 'ok' : report).toBe('ok');
  });
});
