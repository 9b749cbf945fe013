/**
 * Structural recall of the offline author on the example descriptions, measured the way
 * ../shared/tools/author_eval.py measures a spec (its scorer, ported to TypeScript in
 * test/support/structural-recall.ts), on the canonical Markdown that renderSpec writes.
 * `npm test` fails below 95% overall.
 */
import { checkSpec } from '../../lambdas/core/spec/check-spec';
import { authorSpec } from '../../lambdas/core/spec/offline-author';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { loadExamples } from '../support/example-fixtures';
import {
  countWorkflows, detectMulti, entityNames, fieldVariants, lineTokens, perfectSpec, recallRatio, scoreSpec, sizeForms, specLines, sumRecall, typeOk,
} from '../support/structural-recall';

const examples = loadExamples();
const pct = (r: number) => `${(r * 100).toFixed(1)}%`;

describe('the structural recall scorer (a port of author_eval.py score(doc, exp, "spec"))', () => {
  it.each(examples.map((e) => [e.id, e] as const))('%s: a perfect spec scores >= 97%, as a list or as a matrix', (_id, ex) => {
    expect(recallRatio(scoreSpec(perfectSpec(ex.expected), ex.expected))).toBeGreaterThanOrEqual(0.97);
    expect(recallRatio(scoreSpec(perfectSpec(ex.expected, true), ex.expected))).toBeGreaterThanOrEqual(0.97);
  });

  it.each(examples.map((e) => [e.id, e] as const))('%s: a spec that repeats the description scores <= 25%', (_id, ex) => {
    const doc = `# Overview\n\n${ex.description}\n\n> ${ex.description}`;
    expect(recallRatio(scoreSpec(doc, ex.expected))).toBeLessThanOrEqual(0.25);
  });

  it('reads only headings, table cells (with their column names), list items and code spans', () => {
    const lines = specLines('# Title\n\nprose `code` more\n\n| Field | Type |\n|---|---|\n| due_date | date |\n\n- Owner: x\n> quote');
    expect(lines.map((l) => l.kind)).toEqual(['h', 'code', 'row', 'row', 'li']);
    const row = lines[3]!;
    expect([...lineTokens(row)]).toEqual(expect.arrayContaining(['duedate', 'date', 'type']));
  });

  it('keeps the python helpers: variants, names, types, sizes, tenancy, workflows', () => {
    expect([...fieldVariants('project_id')].sort()).toEqual(['hasprojectid', 'isprojectid', 'project', 'projectid', 'projectkey'].sort());
    expect(entityNames('Category')).toEqual(new Set(['category', 'categorys', 'categoryes', 'categories']));
    expect(typeOk('ref(Task)', new Set(['task']), { type: 'ref(Task)' })).toBe(true);
    expect(typeOk('enum', new Set(['enum']), { type: 'enum', values: ['Low', 'High'] })).toBe(false);
    expect(typeOk('datetime', new Set(['timestamp']), { type: 'datetime' })).toBe(true);
    expect(sizeForms(10485760)).toEqual(new Set(['10485760', '10mb', '10mib', '10000000', '10240000']));
    expect(detectMulti('## Tenancy\n\n- Mode: multi-tenant (each organization is isolated by org_id)')).toBe(true);
    expect(detectMulti('## Tenancy\n\n- Mode: single-tenant')).toBe(false);
    expect(detectMulti('- not multi-tenant')).toBe(false);
    expect(countWorkflows('## Workflows\n\nNone.\n')).toBe(0);
    expect(countWorkflows('## Workflows\n\n### a\n\n| Step | Kind |\n|---|---|\n| x | wait |\n\n### b\n')).toBe(2);
    expect(countWorkflows('## Workflows\n\n| Step | Kind |\n|---|---|\n| x | wait |\n')).toBe(1);
  });
});

describe('offline author recall on the examples (renderSpec(authorSpec(...)))', () => {
  const results = examples.map((ex) => {
    const spec = authorSpec({ name: ex.name, description: ex.description });
    const markdown = renderSpec(spec);
    return { ex, spec, markdown, recall: scoreSpec(markdown, ex.expected) };
  });

  afterAll(() => {
    const lines = results.map((r) => `  ${r.ex.id}: ${r.recall.found}/${r.recall.want} (${pct(recallRatio(r.recall))})${r.recall.misses.length ? `  missing: ${r.recall.misses.join(', ')}` : ''}`);
    const total = sumRecall(results.map((r) => r.recall));
    console.log(`offline author recall\n${lines.join('\n')}\n  overall: ${total.found}/${total.want} (${pct(recallRatio(total))})`);
  });

  it.each(results.map((r) => [r.ex.id, r] as const))('%s: writes a spec that parses back to itself and passes the consistency check', (_id, r) => {
    expect(checkSpec(r.spec)).toEqual([]);
    const parsed = parseSpec(r.markdown);
    if (!parsed.ok) throw new Error(`the authored spec does not parse: ${JSON.stringify(parsed.errors)}`);
    expect(parsed.spec).toEqual(r.spec);
    expect(r.spec.title).toBe(r.ex.name);
    expect(r.spec.overview).toBe(r.ex.description.trim());
  });

  it.each(results.map((r) => [r.ex.id, r] as const))('%s: captures at least 90% of the expected structure', (_id, r) => {
    const ratio = recallRatio(r.recall);
    expect(ratio >= 0.9 ? 'ok' : `recall ${pct(ratio)}; missing: ${r.recall.misses.join(', ')}`).toBe('ok');
  });

  it('captures at least 95% of the expected structure over all examples', () => {
    const total = sumRecall(results.map((r) => r.recall));
    const ratio = recallRatio(total);
    expect(ratio >= 0.95 ? 'ok' : `overall recall ${pct(ratio)} (${total.found}/${total.want}); missing: ${total.misses.join(', ')}`).toBe('ok');
  });

  it('is deterministic', () => {
    for (const r of results) expect(renderSpec(authorSpec({ name: r.ex.name, description: r.ex.description }))).toBe(r.markdown);
  });
});
