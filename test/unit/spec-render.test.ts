import { checkSpec } from '../../lambdas/core/spec/check-spec';
import { GENERATED_MARKER, SPEC_FORMAT_GUIDE, SPEC_FORMAT_WRITE_COMMAND, specFormatTemplate } from '../../lambdas/core/spec/format-guide';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { EXAMPLE_SPEC } from '../../lambdas/core/spec/spec-example';
import { SpecDocument, type SpecField } from '../../lambdas/core/spec/spec-model';
import { assertGoldenCurrent, readRepositoryFile } from '../fixtures/producers/golden-producer';
import { EXAMPLE_SPEC_PATH, exampleSpecs } from '../fixtures/producers/spec-format';
import { randomSpec } from '../support/random-spec';

const TEMPLATE_PATH = 'templates/spec-format.md';

function parsed(markdown: string): SpecDocument {
  const result = parseSpec(markdown);
  if (!result.ok) throw new Error(result.errors.map((e) => `line ${e.line}: ${e.message}`).join('\n'));
  return result.spec;
}

/** The example with one field replaced (by name), to test how a single field renders. */
function withField(field: SpecField): SpecDocument {
  const spec = structuredClone(EXAMPLE_SPEC);
  const team = spec.entities[0] as SpecDocument['entities'][number];
  team.fields = [...team.fields.filter((f) => f.name !== field.name), field];
  return spec;
}

const fieldRow = (spec: SpecDocument, name: string): string => renderSpec(spec).split('\n').find((line) => line.startsWith(`| ${name} |`)) ?? '';

describe('golden files', () => {
  it.each(Object.entries(exampleSpecs.produce(readRepositoryFile)))('%s is current', (path, expected) => {
    assertGoldenCurrent(exampleSpecs, path, expected);
  });

  it('the example spec is renderSpec(EXAMPLE_SPEC), and the format guide embeds it', () => {
    const example = readRepositoryFile(EXAMPLE_SPEC_PATH);
    expect(example).toBe(renderSpec(EXAMPLE_SPEC));
    expect(SPEC_FORMAT_GUIDE).toContain(`\`\`\`markdown\n${example}\`\`\``);
  });
});

// Not a fixture (npm run fixtures:refresh leaves it alone): the published guide, written by its own script.
describe(TEMPLATE_PATH, () => {
  it('is the format guide of lambdas/core/spec/format-guide.ts (specFormatTemplate())', () => {
    const template = readRepositoryFile(TEMPLATE_PATH);
    if (template !== specFormatTemplate()) {
      throw new Error(
        `${TEMPLATE_PATH} differs from specFormatTemplate() in lambdas/core/spec/format-guide.ts, the code that defines the format. ` +
          `Rewrite it with \`${SPEC_FORMAT_WRITE_COMMAND}\` and review the diff (do not edit it by hand; npm run fixtures:refresh does not write it).`,
      );
    }
    expect(template.split('\n')[0]).toBe(GENERATED_MARKER);
    expect(template).toContain(SPEC_FORMAT_GUIDE);
  });
});

describe('EXAMPLE_SPEC', () => {
  it('is a valid document that survives a round trip', () => {
    expect(SpecDocument.safeParse(EXAMPLE_SPEC).success).toBe(true);
    expect(checkSpec(EXAMPLE_SPEC)).toEqual([]);
    const markdown = renderSpec(EXAMPLE_SPEC);
    expect(parsed(markdown)).toEqual(EXAMPLE_SPEC);
    expect(renderSpec(parsed(markdown))).toBe(markdown);
  });

  it('uses every feature of the format', () => {
    const fields = EXAMPLE_SPEC.entities.flatMap((e) => e.fields);
    const steps = EXAMPLE_SPEC.workflows.flatMap((w) => w.steps);
    expect(EXAMPLE_SPEC.tenancy).toBe('multi');
    expect(fields.some((f) => f.type === 'enum' && f.default !== undefined)).toBe(true);
    expect(fields.some((f) => f.type === 'ref(User)')).toBe(true);
    expect(fields.some((f) => /^ref\((?!User)/.test(f.type))).toBe(true);
    expect(fields.some((f) => f.type === 'list(string)')).toBe(true);
    expect(fields.some((f) => f.type === 'file' && f.file && f.file.contentTypes.length > 0)).toBe(true);
    expect(fields.some((f) => f.unique)).toBe(true);
    expect(fields.some((f) => f.min !== undefined && f.max !== undefined)).toBe(true);
    expect(new Set(fields.map((f) => f.onDelete).filter(Boolean))).toEqual(new Set(['restrict', 'cascade', 'set_null']));
    expect(EXAMPLE_SPEC.entities.some((e) => e.ownerField)).toBe(true);
    expect(EXAMPLE_SPEC.roles.some((r) => Object.values(r.rights).some((rights) => Object.values(rights).includes('own')))).toBe(true);
    expect(new Set(EXAMPLE_SPEC.access.map((a) => a.level))).toEqual(new Set(['public', 'owner', 'admin']));
    expect(new Set(steps.map((s) => s.kind))).toEqual(new Set(['wait', 'waitUntil', 'waitForEvent', 'task']));
    expect(EXAMPLE_SPEC.workflows.map((w) => (w.trigger?.field ? 'field' : w.trigger?.event))).toEqual(['created', 'field']);
  });
});

describe('renderSpec', () => {
  it('writes the sections in order and ends with exactly one newline', () => {
    const markdown = renderSpec(EXAMPLE_SPEC);
    const sections = markdown.split('\n').filter((line) => line.startsWith('## '));
    expect(sections).toEqual(['## Overview', '## Tenancy', '## Entities', '## Relations', '## Roles', '## Access', '## Workflows']);
    expect(markdown.startsWith('# Help desk\n\n## Overview\n\n')).toBe(true);
    expect(markdown.endsWith('|\n')).toBe(true);
    expect(markdown.endsWith('\n\n')).toBe(false);
  });

  it('writes None. for empty Relations, Access and Workflows', () => {
    const spec = structuredClone(EXAMPLE_SPEC);
    spec.access = [];
    spec.workflows = [];
    for (const entity of spec.entities) for (const field of entity.fields) delete field.onDelete;
    const markdown = renderSpec(spec);
    expect(markdown).toContain('## Relations\n\nNone.\n\n## Roles');
    expect(markdown).toContain('## Access\n\nNone.\n\n## Workflows');
    expect(markdown.endsWith('## Workflows\n\nNone.\n')).toBe(true);
    expect(parsed(markdown)).toEqual(spec);
  });

  it('never mentions org_id or multi-tenant in a single-tenant spec', () => {
    const spec = { ...structuredClone(EXAMPLE_SPEC), tenancy: 'single' as const, overview: 'A help desk for one company.' };
    const markdown = renderSpec(spec);
    expect(markdown).toContain('- Mode: single-tenant\n');
    expect(markdown.toLowerCase()).not.toContain('org_id');
    expect(markdown.toLowerCase()).not.toContain('multi-tenant');
    expect(parsed(markdown)).toEqual(spec);
  });

  it('writes an empty overview as nothing between the headings', () => {
    const markdown = renderSpec({ ...EXAMPLE_SPEC, overview: '' });
    expect(markdown).toContain('## Overview\n\n## Tenancy');
    expect(parsed(markdown).overview).toBe('');
  });

  it('writes sizes in the largest whole binary unit', () => {
    const file = (maxBytes: number): SpecField => ({ name: 'logo_key', type: 'file', required: false, file: { contentTypes: ['image/png'], maxBytes } });
    expect(fieldRow(withField(file(10 * 1024 * 1024)), 'logo_key')).toBe('| logo_key | file | no | | image/png | max 10 MB |');
    expect(fieldRow(withField(file(1024 * 1024 * 1024)), 'logo_key')).toBe('| logo_key | file | no | | image/png | max 1024 MB |');
    expect(fieldRow(withField(file(1536 * 1024)), 'logo_key')).toBe('| logo_key | file | no | | image/png | max 1536 KB |');
    expect(fieldRow(withField(file(1000)), 'logo_key')).toBe('| logo_key | file | no | | image/png | max 1000 bytes |');
  });

  it('writes ranges as min..max with open ends', () => {
    const int = (bounds: Partial<SpecField>): SpecField => ({ name: 'score', type: 'integer', required: true, ...bounds });
    expect(fieldRow(withField(int({ min: 1, max: 5 })), 'score')).toBe('| score | integer | yes | | 1..5 | |');
    expect(fieldRow(withField(int({ min: 0 })), 'score')).toBe('| score | integer | yes | | 0.. | |');
    expect(fieldRow(withField(int({ max: 100 })), 'score')).toBe('| score | integer | yes | | ..100 | |');
    expect(fieldRow(withField({ name: 'ratio', type: 'number', required: false, default: 0.5, min: -1.25, max: 1e21 }), 'ratio')).toBe('| ratio | number | no | 0.5 | -1.25..1e+21 | |');
  });

  it('escapes pipes in cells and keeps backslashes', () => {
    const spec = withField({ name: 'motto', type: 'enum', required: false, values: ['a|b', 'c\\d', 'e\\|f'], default: 'a|b', notes: 'x | y' });
    expect(fieldRow(spec, 'motto')).toBe('| motto | enum | no | a\\|b | a\\|b, c\\d, e\\\\|f | x \\| y |');
    expect(parsed(renderSpec(spec))).toEqual(spec);
  });

  it('writes flags before free notes, and defaults of every kind', () => {
    expect(fieldRow(withField({ name: 'code', type: 'string', required: true, unique: true, default: 'X-1', notes: 'printed, upper case' }), 'code')).toBe('| code | string | yes | X-1 | | unique, printed, upper case |');
    expect(fieldRow(withField({ name: 'active', type: 'boolean', required: true, default: true }), 'active')).toBe('| active | boolean | yes | true | | |');
    expect(fieldRow(withField({ name: 'starts_on', type: 'date', required: false, default: '2025-01-31' }), 'starts_on')).toBe('| starts_on | date | no | 2025-01-31 | | |');
  });
});

describe('round trip on random documents (seeded, so a failure names its seed)', () => {
  const SEEDS = Array.from({ length: 400 }, (_, i) => i + 1);

  it('the generator makes valid documents', () => {
    for (const seed of SEEDS) {
      const doc = randomSpec(seed);
      const zod = SpecDocument.safeParse(doc);
      if (!zod.success) throw new Error(`seed ${seed}: ${JSON.stringify(zod.error.issues)}`);
      const issues = checkSpec(doc);
      if (issues.length > 0) throw new Error(`seed ${seed}: ${JSON.stringify(issues)}`);
    }
  });

  it('parse(render(doc)) equals doc, and rendering again gives the same text', () => {
    for (const seed of SEEDS) {
      const doc = randomSpec(seed);
      const markdown = renderSpec(doc);
      const result = parseSpec(markdown);
      if (!result.ok) throw new Error(`seed ${seed}:\n${result.errors.map((e) => `line ${e.line}: ${e.message}`).join('\n')}\n\n${markdown}`);
      try {
        expect(result.spec).toEqual(doc);
        expect(renderSpec(result.spec)).toBe(markdown);
      } catch (err) {
        throw new Error(`seed ${seed}: ${(err as Error).message}`);
      }
    }
  });

  it('covers the format broadly', () => {
    const docs = SEEDS.map(randomSpec);
    const fields = docs.flatMap((d) => d.entities.flatMap((e) => e.fields));
    const types = new Set(fields.map((f) => f.type.replace(/\(.*\)/, '(...)')));
    expect(types).toEqual(new Set(['string', 'text', 'integer', 'number', 'boolean', 'date', 'datetime', 'email', 'url', 'enum', 'file', 'ref(...)', 'list(...)']));
    const steps = new Set(docs.flatMap((d) => d.workflows.flatMap((w) => w.steps.map((s) => s.kind))));
    expect(steps).toEqual(new Set(['wait', 'waitUntil', 'waitForEvent', 'task']));
    expect(docs.some((d) => d.tenancy === 'single') && docs.some((d) => d.tenancy === 'multi')).toBe(true);
    expect(fields.some((f) => f.notes?.includes('|'))).toBe(true);
    expect(docs.some((d) => d.workflows.some((w) => w.trigger?.field))).toBe(true);
    expect(docs.some((d) => d.roles.some((r) => r.description))).toBe(true);
  });
});
