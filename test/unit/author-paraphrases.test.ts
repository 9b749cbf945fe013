/**
 * The same backend written in five styles (prose, colon list, table, bullets, user stories)
 * gives the same structure (issue 23, item 7): test/fixtures/author-paraphrases holds four
 * backends, each with one expected structure, written before this test and never edited to fit
 * the author. Every style must give the expected record types, roles, tenancy and number of
 * workflows exactly, and its strict F1 against the whole expected structure must stay above a
 * floor (what the author reaches now; raise it as the author improves, never lower it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { authorSpec } from '../../lambdas/core/spec/offline-author';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import type { SpecDocument } from '../../lambdas/core/spec/spec-model';
import type { ExpectedSpec } from '../support/expected-spec';
import { scoreSpecF1 } from '../support/structural-f1';

const DIR = join(__dirname, '..', 'fixtures', 'author-paraphrases');
const STYLES = ['prose', 'colon-list', 'table', 'bullets', 'stories'] as const;
/** Each style's F1 against the expected structure: the lowest measured when set was 0.77. */
const F1_FLOOR = 0.75;

const sets = readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** What must be the same whatever the style. */
function shape(spec: SpecDocument) {
  return {
    entities: spec.entities.map((e) => e.name).sort(),
    roles: spec.roles.map((r) => r.name).filter((r) => r !== 'admin').sort(),
    tenancy: spec.tenancy,
    // A "when X, do Y" that waits for nothing is an event handler; the expected structures, written before handlers, count it as a workflow.
    workflows: spec.workflows.length + (spec.events ?? []).length,
  };
}

function expectedShape(expected: ExpectedSpec) {
  return {
    entities: Object.keys(expected.entities).sort(),
    roles: Object.keys(expected.roles ?? {}).filter((r) => r !== 'admin').sort(),
    tenancy: expected.multiTenant ? 'multi' : 'single',
    workflows: (expected.workflows ?? []).length,
  };
}

describe('paraphrases give the same structure', () => {
  it('has four backends in five styles', () => {
    expect(sets.length).toBeGreaterThanOrEqual(4);
    for (const set of sets) expect(readdirSync(join(DIR, set)).sort()).toEqual(['expected.json', ...STYLES.map((s) => `${s}.md`)].sort());
  });

  describe.each(sets)('%s', (set) => {
    const expected = JSON.parse(readFileSync(join(DIR, set, 'expected.json'), 'utf8')) as ExpectedSpec;
    it.each(STYLES)('%s', (style) => {
      const spec = authorSpec({ name: set, description: readFileSync(join(DIR, set, `${style}.md`), 'utf8') });
      expect(shape(spec)).toEqual(expectedShape(expected));
      expect(scoreSpecF1(renderSpec(spec), expected).overall.f1).toBeGreaterThanOrEqual(F1_FLOOR);
    });
  });
});
