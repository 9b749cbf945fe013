/**
 * Issue 23 item 4, in the format: the optional `## Open questions` section (the phrases an author
 * could not place) and the draft that names no entity yet. Both render, parse back to the same
 * document, and change nothing the blueprint is built from.
 */
import { buildBlueprint } from '../../lambdas/core/blueprint/build-blueprint';
import { checkSpec, describesNoEntities } from '../../lambdas/core/spec/check-spec';
import { authorSpec } from '../../lambdas/core/spec/offline-author';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { EXAMPLE_SPEC } from '../../lambdas/core/spec/spec-example';
import { OPEN_QUESTIONS_INTRO, OPEN_QUESTIONS_SECTION } from '../../lambdas/core/spec/spec-layout';
import type { SpecDocument } from '../../lambdas/core/spec/spec-model';

const QUESTIONS = ['fast and simple', 'it should feel like "home"', 'ppl can do the thing w/ stuff'];
const WITH_QUESTIONS: SpecDocument = { ...structuredClone(EXAMPLE_SPEC), openQuestions: QUESTIONS };

function parsed(markdown: string): SpecDocument {
  const result = parseSpec(markdown);
  if (!result.ok) throw new Error(result.errors.map((e) => `line ${e.line}: ${e.message}`).join('\n'));
  return result.spec;
}

/** An entity-less draft as the offline author writes it for a description with no record type. */
const DRAFT: SpecDocument = {
  title: 'Team thing',
  overview: 'Something nice for my team, fast and simple.',
  tenancy: 'single',
  entities: [],
  roles: [{ name: 'admin', rights: {} }],
  adminRole: 'admin',
  defaultRole: 'admin',
  access: [],
  workflows: [],
  openQuestions: ['Something nice for my team, fast and simple'],
};

describe('## Open questions', () => {
  it('is written last, after an introduction line, one quoted bullet per phrase', () => {
    const markdown = renderSpec(WITH_QUESTIONS);
    const tail = `## ${OPEN_QUESTIONS_SECTION}\n\n${OPEN_QUESTIONS_INTRO}\n\n${QUESTIONS.map((q) => `- "${q}"`).join('\n')}\n`;
    expect(markdown.endsWith(tail)).toBe(true);
    expect(markdown.startsWith(renderSpec(EXAMPLE_SPEC).trimEnd())).toBe(true);
  });

  it('survives a parse -> render round trip, also after the optional Rate limits section', () => {
    expect(parsed(renderSpec(WITH_QUESTIONS))).toEqual(WITH_QUESTIONS);
    const both: SpecDocument = { ...WITH_QUESTIONS, rateLimits: [{ limit: 'signup', requests: 20, windowSeconds: 60 }] };
    const markdown = renderSpec(both);
    expect(markdown.indexOf('## Rate limits')).toBeLessThan(markdown.indexOf(`## ${OPEN_QUESTIONS_SECTION}`));
    expect(parsed(markdown)).toEqual(both);
    expect(renderSpec(parsed(markdown))).toBe(markdown);
  });

  it('is absent when there is no phrase (absent or empty list), and an old spec without it still parses unchanged', () => {
    const markdown = renderSpec(EXAMPLE_SPEC);
    expect(renderSpec({ ...EXAMPLE_SPEC, openQuestions: [] })).toBe(markdown);
    expect(markdown).not.toContain(OPEN_QUESTIONS_SECTION);
    const old = parsed(markdown);
    expect(old).not.toHaveProperty('openQuestions');
    expect(old).toEqual(EXAMPLE_SPEC);
  });

  it('writes a phrase that spanned lines on one line', () => {
    const markdown = renderSpec({ ...EXAMPLE_SPEC, openQuestions: ['first line\n  and   the second', '   '] });
    expect(markdown.endsWith('- "first line and the second"\n')).toBe(true);
    expect(parsed(markdown).openQuestions).toEqual(['first line and the second']);
  });

  it('never makes a spec fail, whatever it holds, and contributes nothing structural', () => {
    const junk = [
      'Some prose the user wrote by hand.',
      '| Field | Type | Required | Default | Allowed values | Notes |',
      '|---|---|---|---|---|---|',
      '| secret | strng | maybe | | | |',
      '### Sneaky',
      '- Mode: multi-tenant',
      '- Administrative role: nobody',
      '- "a kept phrase"',
      '* an unquoted phrase',
      '-',
      '- ""',
    ].join('\n');
    const markdown = `${renderSpec(EXAMPLE_SPEC)}\n## ${OPEN_QUESTIONS_SECTION}\n\n${junk}\n`;
    const spec = parsed(markdown);
    expect(spec.openQuestions).toEqual(['Mode: multi-tenant', 'Administrative role: nobody', 'a kept phrase', 'an unquoted phrase']);
    const { openQuestions, ...structure } = spec;
    expect(openQuestions).toBeDefined();
    expect(structure).toEqual(EXAMPLE_SPEC);
    // A section holding no bullet is no open question at all.
    expect(parsed(`${renderSpec(EXAMPLE_SPEC)}\n## ${OPEN_QUESTIONS_SECTION}\n\nNothing here.\n`)).toEqual(EXAMPLE_SPEC);
  });

  it("quotes the user's words, which the single-tenant wording rule does not judge", () => {
    const single: SpecDocument = { ...DRAFT, openQuestions: ['each org_id is multi-tenant'] };
    expect(checkSpec(single)).toEqual([]);
    expect(parsed(renderSpec(single))).toEqual(single);
  });

  it('is ignored by the blueprint builder', () => {
    const context = { projectId: 'p1', specVersion: 3 };
    expect(buildBlueprint(WITH_QUESTIONS, context)).toEqual(buildBlueprint(EXAMPLE_SPEC, context));
  });

  it('keeps its place: a section after it is out of order', () => {
    const markdown = renderSpec(WITH_QUESTIONS).replace(`## ${OPEN_QUESTIONS_SECTION}`, `## Rate limits\n\n| Limit | Requests | Window |\n|---|---|---|\n| signup | 20 | minute |\n\n## ${OPEN_QUESTIONS_SECTION}`);
    expect(parseSpec(markdown).ok).toBe(true);
    const swapped = `${renderSpec(WITH_QUESTIONS)}\n## Rate limits\n\n| Limit | Requests | Window |\n|---|---|---|\n| signup | 20 | minute |\n`;
    const result = parseSpec(swapped);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.message).toMatch(/'## Rate limits' is out of order/);
  });
});

describe('a draft with no entity', () => {
  it('renders Entities as None. and a roles table with only its Role column, and parses back to itself', () => {
    const markdown = renderSpec(DRAFT);
    expect(markdown).toContain('## Entities\n\nNone.\n\n## Relations');
    expect(markdown).toContain('## Roles\n\n| Role |\n|---|\n| admin |\n');
    expect(checkSpec(DRAFT)).toEqual([]);
    expect(parsed(markdown)).toEqual(DRAFT);
    expect(describesNoEntities(DRAFT)).toBe(true);
    expect(describesNoEntities(EXAMPLE_SPEC)).toBe(false);
  });

  it('parses with an empty Entities section too', () => {
    const markdown = renderSpec(DRAFT).replace('## Entities\n\nNone.\n', '## Entities\n');
    expect(parsed(markdown)).toEqual(DRAFT);
  });

  it('still reports what is wrong around it: rights on an entity it lacks, None. mixed with an entity', () => {
    const rights = parseSpec(renderSpec(DRAFT).replace('| Role |\n|---|\n| admin |', '| Role | Task |\n|---|---|\n| admin | crud |'));
    expect(rights.ok).toBe(false);
    if (!rights.ok) expect(rights.errors.map((e) => e.message).join('\n')).toMatch(/Roles: the columns must be Role and then every entity/);
    const mixed = parseSpec(renderSpec(EXAMPLE_SPEC).replace('## Entities\n', '## Entities\n\nNone.\n'));
    expect(mixed.ok).toBe(false);
    if (!mixed.ok) expect(mixed.errors.map((e) => e.message).join('\n')).toMatch(/unexpected text 'None\.'/);
  });

  it('is what the offline author writes for a description with no recognisable record type: no placeholder entity', () => {
    const spec = authorSpec({ name: 'Team thing', description: 'Something nice for my team, fast and simple.' });
    expect(spec.entities).toEqual([]);
    expect(JSON.stringify(spec)).not.toMatch(/"Item"/);
    expect(parsed(renderSpec(spec))).toEqual(spec);
  });
});
