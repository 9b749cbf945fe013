/**
 * Chat edits go through the author's pipeline (issue 23, item 8): informal writing is made
 * plain, and a message may use any layout a description may (bullets, "Entity: a, b" lines,
 * tables, user stories). Renames, "make Z required" and "remove the W role" keep working.
 */
import { authorSpec, editSpec } from '../../../lambdas/core/spec/offline-author';
import type { SpecDocument } from '../../../lambdas/core/spec/spec-model';

const base = (): SpecDocument =>
  authorSpec({
    name: 'Tasks',
    description: 'Projects have a name. Tasks belong to a project and have a title and a due date. Admins can do everything; members can create, read and update tasks; viewers can only read.',
  });
const field = (spec: SpecDocument, entity: string, name: string) => spec.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === name);

describe('chat edits through the pipeline', () => {
  it('reads informal writing (abbreviations, "n", typos)', () => {
    const out = editSpec(base(), 'tasks need a budget n a deadlin');
    expect(out.understood).toBe(true);
    expect(field(out.spec, 'Task', 'budget')?.type).toBe('number');
    expect(field(out.spec, 'Task', 'deadline')?.type).toBe('date');
  });

  it('adds a record type written as a bullet list with sub-bullets', () => {
    const out = editSpec(base(), '- Comments\n  - body\n  - posted at (date and time)');
    expect(out.understood).toBe(true);
    expect(field(out.spec, 'Comment', 'body')).toBeDefined();
    expect(field(out.spec, 'Comment', 'posted_at')?.type).toBe('datetime');
  });

  it('adds fields to an existing record type from an "Entity: a, b" line', () => {
    const out = editSpec(base(), 'Tasks: estimate in hours, priority (low, medium or high)');
    expect(field(out.spec, 'Task', 'estimate_hours')).toBeDefined();
    expect(field(out.spec, 'Task', 'priority')).toMatchObject({ type: 'enum', values: ['low', 'medium', 'high'] });
  });

  it('adds a record type written as a field table', () => {
    const out = editSpec(base(), 'Labels\n\n| Field | Type | Rules |\n|---|---|---|\n| name | string | unique |\n| colour | red / green / blue | |');
    expect(field(out.spec, 'Label', 'name')).toMatchObject({ unique: true });
    expect(field(out.spec, 'Label', 'colour')).toMatchObject({ type: 'enum', values: ['red', 'green', 'blue'] });
  });

  it('reads a user story as a right', () => {
    const out = editSpec(base(), 'As a viewer, I want to update tasks.');
    expect(out.spec.roles.find((r) => r.name === 'viewer')?.rights.Task).toMatchObject({ read: 'all', update: 'all' });
  });

  it('renames, makes a field required and removes a role', () => {
    let spec = editSpec(base(), 'Rename Project to Board.').spec;
    expect(spec.entities.map((e) => e.name)).toContain('Board');
    expect(field(spec, 'Task', 'board_id')).toBeDefined();
    spec = editSpec(spec, 'rename title to headline').spec;
    expect(field(spec, 'Task', 'headline')).toBeDefined();
    spec = editSpec(spec, 'Make the due date required').spec;
    expect(field(spec, 'Task', 'due_date')?.required).toBe(true);
    spec = editSpec(spec, 'Remove the viewer role').spec;
    expect(spec.roles.map((r) => r.name)).not.toContain('viewer');
  });
  it('keeps the words of a new name written in PascalCase ("Rename Project to WorkStream")', () => {
    const out = editSpec(base(), 'Rename Project to WorkStream.');
    expect(out.spec.entities.map((e) => e.name)).toContain('WorkStream');
    expect(field(out.spec, 'Task', 'work_stream_id')).toBeDefined();
  });
  it("follows the README's walk-through: a one-line description, then a list field by chat", () => {
    const spec = authorSpec({ name: 'Task tracker', description: 'Teams with projects and tasks; admins, members, viewers.' });
    expect(spec.entities.map((e) => e.name)).toEqual(['Team', 'Project', 'Task']);
    expect(spec.roles.map((r) => r.name)).toEqual(['admin', 'member', 'viewer']);
    // Roles named without rights are asked about, not given rights nobody stated.
    expect(spec.openQuestions).toEqual(['What may member, viewer do? (named, with no rights yet)']);
    const out = editSpec(spec, 'Add a tags field to tasks, a list of strings.');
    expect(out.summary).toBe('Added tags (list(string)) to Task.');
    expect(field(out.spec, 'Task', 'tags')?.type).toBe('list(string)');
  });

  it('reads an edit said after why, before a colon', () => {
    const out = editSpec(base(), 'Some tasks take a while to estimate, so we want a guess: add estimated hours (a whole number, optional) to tasks.');
    expect(out.understood).toBe(true);
    expect(field(out.spec, 'Task', 'estimated_hours')?.type).toBe('integer');
  });

  it('reads "Tasks: add a colour" as a field added to the record type the label names', () => {
    const out = editSpec(base(), 'Tasks: add a colour.');
    expect(out.understood).toBe(true);
    expect(field(out.spec, 'Task', 'colour')).toBeDefined();
  });

  it('reads "Add an estimate to tasks, a decimal, and a blocked flag" as both fields, the first with its type', () => {
    const out = editSpec(base(), 'Add an estimate to tasks, a decimal, and a blocked flag.');
    expect(out.summary).toBe('Added estimate (number) and blocked (boolean) to Task.');
    expect(field(out.spec, 'Task', 'estimate')?.type).toBe('number');
    expect(field(out.spec, 'Task', 'blocked')?.type).toBe('boolean');
  });

  it('keeps values said with "and" in the type ("Add a size to tasks, one of small, medium and large")', () => {
    const out = editSpec(base(), 'Add a size to tasks, one of small, medium and large.');
    expect(field(out.spec, 'Task', 'size')?.values).toEqual(['small', 'medium', 'large']);
  });
});
