/**
 * Property: any spec the offline author writes (from seeded random descriptions built out of
 * the examples' words, and from random chat edits of them) parses into a schema-valid IR,
 * and validation answers with a report rather than throwing.
 */
import { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { buildBlueprintFromMarkdown } from '../../lambdas/core/blueprint/build-blueprint';
import { validateBlueprint } from '../../lambdas/core/blueprint/validate-blueprint';
import { authorSpec, editSpec } from '../../lambdas/core/spec/offline-author';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { loadExamples } from '../support/example-fixtures';

describe('authored specs -> blueprints', () => {
  it('always build a schema-valid IR', () => {
    const examples = loadExamples();
    const vocab = examples.flatMap((e) => e.description.split(/\s+/)).concat(['(', ')', ',', 'either', 'When', 'wait', 'unique', 'up to 5 MB', 'list of', 'Each company is a separate tenant.']);
    let seed = 424242;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T,>(a: T[]) => a[Math.floor(rand() * a.length)]!;
    const problems: string[] = [];
    const check = (label: string, markdown: string) => {
      const built = buildBlueprintFromMarkdown(markdown, { projectId: 'p1', specVersion: 1 });
      if (!built.ok) return problems.push(`${label}: ${JSON.stringify(built.errors.slice(0, 2))}`);
      const schema = BlueprintIR.safeParse(built.ir);
      if (!schema.success) problems.push(`${label}: ${schema.error.issues[0]?.message}`);
      const report = validateBlueprint(built.ir);
      if (report.errors.some((e) => e.code === 'SCHEMA_INVALID' || e.code === 'VALIDATION_CRASHED')) problems.push(`${label}: ${JSON.stringify(report.errors[0])}`);
      return undefined;
    };
    for (let i = 0; i < 150; i++) {
      const text = Array.from({ length: 8 + Math.floor(rand() * 60) }, () => pick(vocab)).join(' ');
      check(`soup ${i}`, renderSpec(authorSpec({ name: 'Soup', description: text })));
      const base = authorSpec({ name: 'Base', description: pick(examples).description });
      const edited = editSpec(base, Array.from({ length: 3 + Math.floor(rand() * 10) }, () => pick(vocab)).join(' ')).spec;
      check(`edit ${i}`, renderSpec(edited));
    }
    for (const example of examples) check(example.id, renderSpec(authorSpec({ name: example.name, description: example.description })));
    expect(problems).toEqual([]);
  });
});
