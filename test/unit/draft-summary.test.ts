/**
 * Issue 23 item 4, in words: the assistant's first message on create (describeDraft) and the
 * offline chat reply (editSpec) say what was understood and quote what was not.
 */
import { OfflineAuthor } from '../../lambdas/adapters/spec-author/offline-author';
import { describeDraft, EXAMPLE_DESCRIPTION, EXAMPLE_FIRST_EDIT } from '../../lambdas/core/spec/draft-summary';
import { authorSpec, editSpec } from '../../lambdas/core/spec/offline-author';
import { EDIT_HELP } from '../../lambdas/core/spec/offline-author/edits';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { EXAMPLE_SPEC } from '../../lambdas/core/spec/spec-example';
import type { SpecDocument } from '../../lambdas/core/spec/spec-model';

const NOTHING = 'Something nice for my team, fast and simple.';
const emptyDraft = (): SpecDocument => authorSpec({ name: 'Team thing', description: NOTHING });

describe('describeDraft', () => {
  it('states the record types with their field counts, the roles, the tenancy and the workflows', () => {
    const text = describeDraft(EXAMPLE_SPEC);
    const entities = EXAMPLE_SPEC.entities.map((e) => `${e.name} (${e.fields.length} field${e.fields.length === 1 ? '' : 's'})`).join(', ');
    expect(text).toContain(`- record types: ${entities}`);
    for (const role of EXAMPLE_SPEC.roles) expect(text).toContain(role.name);
    expect(text).toContain(`${EXAMPLE_SPEC.adminRole} (administrator`);
    expect(text).toMatch(/- tenancy: multi-tenant/);
    for (const workflow of EXAMPLE_SPEC.workflows) expect(text).toContain(workflow.name);
    expect(text).not.toMatch(/could not place|did not recognise/);
    expect(text.split('\n').length).toBeLessThanOrEqual(8);
  });

  it('says "none" for no workflows and single-tenant for one shared space', () => {
    const text = describeDraft({ ...EXAMPLE_SPEC, tenancy: 'single', workflows: [] });
    expect(text).toMatch(/- workflows: none/);
    expect(text).toMatch(/- tenancy: single-tenant/);
  });

  it('asks its own questions apart, unquoted ("Who should receive ...?"), after the phrases it could not place', () => {
    const question = "Who should receive 'remind everyone'? (the step remind_everyone sends it to no one yet: name a role, the record's owner or a person field)";
    const text = describeDraft({ ...EXAMPLE_SPEC, openQuestions: ['fast and simple', question] });
    expect(text).toContain('- "fast and simple"');
    expect(text).toMatch(/And I need an answer to this question[^\n]*:\n- Who should receive 'remind everyone'\?/);
    const alone = describeDraft({ ...EXAMPLE_SPEC, openQuestions: [question] });
    expect(alone).not.toMatch(/could not place/);
    expect(alone).toMatch(/^I need an answer to this question/m);
    // The spec writes it unquoted too, and reads it back as it was.
    const markdown = renderSpec({ ...EXAMPLE_SPEC, openQuestions: [question] });
    expect(markdown).toContain(`\n- ${question}\n`);
    const parsed = parseSpec(markdown);
    expect(parsed.ok && parsed.spec.openQuestions).toEqual([question]);
  });

  it('lists every open question, quoted, and asks to rephrase it in the chat', () => {
    const one = describeDraft({ ...EXAMPLE_SPEC, openQuestions: ['fast and simple'] });
    expect(one).toMatch(/could not place this phrase/);
    expect(one).toContain('- "fast and simple"');
    expect(one).toMatch(/rephrase it in the chat/);
    const two = describeDraft({ ...EXAMPLE_SPEC, openQuestions: ['fast and simple', 'the blue thing'] });
    expect(two).toMatch(/could not place these phrases/);
    expect(two).toContain('- "fast and simple"\n- "the blue thing"');
    expect(two).toMatch(/rephrase them in the chat/);
    expect(two).toContain('Open questions');
  });

  it('says clearly that no kind of record was recognised, with examples it understands', () => {
    const text = describeDraft(emptyDraft());
    expect(text).toMatch(/did not recognise any kind of record/);
    expect(text).toMatch(/no record types yet/);
    expect(text).toContain(EXAMPLE_FIRST_EDIT);
    expect(text).toContain(EXAMPLE_DESCRIPTION);
    expect(text).not.toMatch(/record types:|\bItem\b/);
    // With open questions too, both are said.
    const both = describeDraft({ ...emptyDraft(), openQuestions: ['fast and simple'] });
    expect(both).toMatch(/did not recognise[\s\S]*could not place this phrase/);
  });

  it('offers examples the offline author does understand', () => {
    expect(authorSpec({ name: 'Tasks', description: EXAMPLE_DESCRIPTION }).entities.map((e) => e.name)).toEqual(['Task']);
    const edited = editSpec(emptyDraft(), EXAMPLE_FIRST_EDIT);
    expect(edited.understood).toBe(true);
    expect(edited.spec.entities.map((e) => [e.name, e.fields.map((f) => [f.name, f.type])])).toEqual([['Task', [['title', 'string'], ['due_date', 'date']]]]);
  });

  it('is what the offline author returns with its draft', async () => {
    const author = new OfflineAuthor();
    const draft = await author.draft({ projectName: 'Team thing', description: NOTHING });
    const parsed = parseSpec(draft.content);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.spec.entities).toEqual([]);
      expect(draft.assistantMessage).toBe(describeDraft(parsed.spec));
    }
  });
});

describe('the offline chat reply', () => {
  const author = new OfflineAuthor();
  const taskSpec = () => authorSpec({ name: 'Tasks', description: EXAMPLE_DESCRIPTION });

  it('states what changed and quotes the sentence it could not place, asking to rephrase it', () => {
    const result = editSpec(taskSpec(), 'Add a notes field to tasks. Blorp the wibble frobs quickly.');
    expect(result.understood).toBe(true);
    expect(result.summary).toMatch(/notes/);
    expect(result.summary).toMatch(/could not place this sentence[^\n]*rephrase it:\n- "Blorp the wibble frobs quickly"/);
    expect(result.spec.entities[0]!.fields.map((f) => f.name)).toContain('notes');
  });

  it('quotes every sentence it could not place, in order', () => {
    const result = editSpec(taskSpec(), 'Zorp the florb. Add a notes field to tasks. Quux the blibble.');
    expect(result.summary).toMatch(/could not place these sentences[^\n]*rephrase them:\n- "Zorp the florb"\n- "Quux the blibble"/);
  });

  it('keeps EDIT_HELP for a message with nothing understood (the message itself is what was not placed)', () => {
    const result = editSpec(taskSpec(), 'Blorp the wibble frobs quickly.');
    expect(result.understood).toBe(false);
    expect(result.summary).toBe(EDIT_HELP);
  });

  it('on a draft with no entity yet, points at adding one', () => {
    const result = editSpec(emptyDraft(), 'Blorp the wibble.');
    expect(result.understood).toBe(false);
    expect(result.summary.startsWith(EDIT_HELP)).toBe(true);
    expect(result.summary).toContain(EXAMPLE_FIRST_EDIT);
  });

  it('keeps the open questions through edits, and clears them when asked', () => {
    const spec = { ...taskSpec(), openQuestions: ['fast and simple'] };
    const edited = editSpec(spec, 'Add a notes field to tasks.');
    expect(edited.spec.openQuestions).toEqual(['fast and simple']);
    const cleared = editSpec(spec, 'Clear the open questions.');
    expect(cleared.understood).toBe(true);
    expect(cleared.spec).not.toHaveProperty('openQuestions');
    expect(cleared.summary).toBe('Cleared the open question.');
    expect(renderSpec(cleared.spec)).not.toContain('Open questions');
    expect(editSpec(taskSpec(), 'Clear the open questions.').summary).toMatch(/no open questions/);
  });

  it('edits a stored entity-less draft through the adapter (it parses: no server fault)', async () => {
    const draft = await author.draft({ projectName: 'Team thing', description: NOTHING });
    const edit = await author.edit({ projectName: 'Team thing', currentSpec: draft.content, message: EXAMPLE_FIRST_EDIT, history: [] });
    const parsed = parseSpec(edit.content);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.spec.entities.map((e) => e.name)).toEqual(['Task']);
    expect(edit.assistantMessage).toMatch(/Task/);
  });
});
