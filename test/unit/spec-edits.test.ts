/**
 * Structured spec edits (core/spec/edits): what a model answers to a chat message instead of the
 * whole spec. Each edit applied to real specs (the example goldens and the events fixture),
 * renames followed through every reference, removals through what cannot outlive them, every
 * wrong edit reported at once with nothing changed, and the guide the model reads checked
 * against the schema. Metamorphic: renaming any entity, field, role or workflow and back gives
 * the spec it started from, byte for byte.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applySpecEdits, describeSpecPath } from '../../lambdas/core/spec/edits/apply-edits';
import { EDIT_LANGUAGE_GUIDE, EXAMPLE_EDIT_REPLY } from '../../lambdas/core/spec/edits/edit-guide';
import { SpecEdit, SpecEditReply } from '../../lambdas/core/spec/edits/spec-edit';
import { parseSpecOrThrow } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import type { SpecDocument } from '../../lambdas/core/spec/spec-model';

const SPEC_DIR = join(__dirname, '..', 'fixtures', 'spec');
const read = (path: string): SpecDocument => parseSpecOrThrow(readFileSync(join(SPEC_DIR, path), 'utf8'));
const EXAMPLES = ['01-task-tracker', '02-recipe-blog', '03-expense-approvals', '04-clinic-appointments', '05-inventory'].map((id) => [id, read(`authored/${id}.md`)] as const);
const DEALS = read('events.md');

function applied(doc: SpecDocument, edits: unknown[]): SpecDocument {
  const result = applySpecEdits(doc, edits.map((edit) => SpecEdit.parse(edit)));
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.spec;
}

function problems(doc: SpecDocument, edits: unknown[]): readonly string[] {
  const before = renderSpec(doc);
  const result = applySpecEdits(doc, edits.map((edit) => SpecEdit.parse(edit)));
  expect(renderSpec(doc)).toBe(before);
  if (result.ok) throw new Error('the edits applied');
  return result.problems;
}

describe('the guide a model reads', () => {
  it('its example is a valid reply that applies to a spec with tasks', () => {
    expect(SpecEditReply.parse(EXAMPLE_EDIT_REPLY)).toEqual(EXAMPLE_EDIT_REPLY);
    const result = applySpecEdits(EXAMPLES[0]![1], EXAMPLE_EDIT_REPLY.edits);
    expect(result.ok && result.spec.entities[1]!.fields.map((f) => f.name)).toContain('estimate_hours');
  });

  it('names every edit of the schema', () => {
    for (const option of SpecEdit.options) expect(EDIT_LANGUAGE_GUIDE).toContain(`- ${option.shape.op.value} {`);
  });
});

describe('applying edits', () => {
  it('no edit gives the spec back unchanged', () => {
    for (const [, doc] of EXAMPLES) {
      const result = applySpecEdits(doc, []);
      expect(result.ok && result.content).toBe(renderSpec(doc));
    }
  });

  it('adds, rewrites, renames and removes fields in place', () => {
    const [, doc] = EXAMPLES[0]!;
    const first = doc.entities[1]!;
    const [a, b] = first.fields;
    const out = applied(doc, [
      { op: 'add_field', entity: first.name, field: { name: 'urgency', type: 'enum', required: true, values: ['low', 'high'], default: 'low' }, after: a!.name },
      { op: 'replace_field', entity: first.name, field: { ...b!, required: !b!.required } },
      { op: 'rename_field', entity: first.name, field: a!.name, to: 'headline' },
    ]);
    const fields = out.entities[1]!.fields;
    expect(fields.map((f) => f.name).slice(0, 3)).toEqual(['headline', 'urgency', b!.name]);
    expect(fields[2]!.required).toBe(!b!.required);
    const removed = applied(out, [{ op: 'remove_field', entity: first.name, field: 'urgency' }]);
    expect(removed.entities[1]!.fields.some((f) => f.name === 'urgency')).toBe(false);
  });

  it('renaming an entity follows its references, rights, access rules, handlers and jobs', () => {
    const out = applied(DEALS, [{ op: 'rename_entity', entity: 'Deal', to: 'Opportunity' }]);
    const text = renderSpec(out);
    expect(text).not.toMatch(/\bDeal\b(?! won| desk|s? )/);
    expect(out.roles.every((role) => 'Opportunity' in role.rights && !('Deal' in role.rights))).toBe(true);
    expect(Object.keys(out.roles[0]!.rights)).toEqual(['Account', 'Opportunity']);
    expect(out.events?.[0]?.on.entity).toBe('Opportunity');
    expect(out.schedules?.map((job) => job.records?.entity)).toEqual(['Opportunity', 'Opportunity']);
    const account = applied(DEALS, [{ op: 'rename_entity', entity: 'Account', to: 'Customer' }]);
    expect(account.entities[1]!.fields.find((f) => f.name === 'account_id')?.type).toBe('ref(Customer)');
  });

  it('renaming a field follows triggers, record queries and the actions run on its records', () => {
    const out = applied(DEALS, [{ op: 'rename_field', entity: 'Deal', field: 'stage', to: 'phase' }]);
    expect(out.events?.[0]?.on.field).toBe('phase');
    expect(out.schedules?.[0]?.records?.where?.[0]?.field).toBe('phase');
    expect(out.schedules?.[0]?.actions[0]).toEqual({ type: 'update', set: [{ field: 'phase', value: 'lost' }] });
    // A field of the same name on another entity is another field.
    const other = applied(DEALS, [{ op: 'rename_field', entity: 'Account', field: 'name', to: 'company_name' }]);
    expect(other.entities[1]!.fields.map((f) => f.name)).toContain('title');
  });

  it('removing an entity takes the fields referring to it, its rights and what runs on its records', () => {
    const result = applySpecEdits(DEALS, [{ op: 'remove_entity', entity: 'Deal' }]);
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(result.spec.entities.map((e) => e.name)).toEqual(['Account']);
    expect(result.spec.events).toBeUndefined();
    expect(result.spec.schedules).toBeUndefined();
    expect(result.removed).toEqual(['event handler notify_owner_on_win', 'scheduled job close_stale_deals', 'scheduled job weekly_deal_summary']);
    const accounts = applySpecEdits(DEALS, [{ op: 'remove_entity', entity: 'Account' }]);
    expect(accounts.ok && accounts.removed).toEqual(['field Deal.account_id']);
  });

  it('roles: add with rights in the entities order, rename through admin, default and recipients, remove', () => {
    const out = applied(DEALS, [
      { op: 'add_role', role: { name: 'viewer', rights: {} } },
      { op: 'set_rights', role: 'viewer', entity: 'Deal', rights: { read: 'all' } },
      { op: 'set_rights', role: 'viewer', entity: 'Account', rights: { read: 'all' } },
      { op: 'rename_role', role: 'admin', to: 'manager' },
    ]);
    expect(out.roles.find((r) => r.name === 'viewer')?.rights).toEqual({ Account: { read: 'all' }, Deal: { read: 'all' } });
    expect(out.adminRole).toBe('manager');
    expect(out.schedules?.[1]?.actions[0]).toMatchObject({ type: 'notify', to: { role: 'manager' } });
    const none = applied(out, [{ op: 'set_rights', role: 'viewer', entity: 'Deal', rights: {} }]);
    expect(none.roles.find((r) => r.name === 'viewer')?.rights).toEqual({ Account: { read: 'all' } });
  });

  it('access rules, workflows and their steps, handlers, jobs, rate limits and open questions', () => {
    const out = applied(DEALS, [
      { op: 'set_access', entity: 'Account', operation: 'list', level: 'public' },
      { op: 'put_workflow', workflow: { name: 'follow_up', trigger: { entity: 'Deal', event: 'created' }, steps: [{ kind: 'wait', name: 'pause', duration: 'P3D' }] } },
      { op: 'put_step', workflow: 'follow_up', step: { kind: 'task', name: 'remind', action: { type: 'notify', to: { owner: true }, subject: 'Follow up' } } },
      { op: 'put_step', workflow: 'follow_up', step: { kind: 'wait', name: 'first', duration: 'PT1H' }, after: 'pause' },
      { op: 'remove_event_handler', handler: 'notify_owner_on_win' },
      { op: 'remove_scheduled_job', job: 'weekly_deal_summary' },
      { op: 'set_rate_limit', limit: 'login', windows: [{ requests: 5, windowSeconds: 60 }] },
      { op: 'add_open_question', text: 'Should lost deals be archived?' },
    ]);
    expect(out.access).toEqual([{ entity: 'Account', operation: 'list', level: 'public' }]);
    expect(out.workflows[0]!.steps.map((s) => s.name)).toEqual(['pause', 'first', 'remind']);
    expect(out.events).toBeUndefined();
    expect(out.schedules?.map((j) => j.name)).toEqual(['close_stale_deals']);
    expect(out.rateLimits).toEqual([{ limit: 'login', requests: 5, windowSeconds: 60 }]);
    const back = applied(out, [
      { op: 'remove_access', entity: 'Account', operation: 'list' },
      { op: 'remove_step', workflow: 'follow_up', step: 'first' },
      { op: 'set_rate_limit', limit: 'login', windows: [] },
      { op: 'remove_open_question', text: 'should lost deals be archived? ' },
      { op: 'remove_workflow', workflow: 'follow_up' },
    ]);
    expect(back.access).toEqual([]);
    expect(back.workflows).toEqual([]);
    expect(back.rateLimits).toBeUndefined();
    expect(back.openQuestions).toBeUndefined();
  });
});

describe('edits that cannot apply', () => {
  it('every wrong edit is named at once, and nothing changes', () => {
    expect(
      problems(DEALS, [
        { op: 'add_field', entity: 'Shelf', field: { name: 'x', type: 'string', required: true } },
        { op: 'rename_field', entity: 'Deal', field: 'titel', to: 'name' },
        { op: 'add_entity', entity: { name: 'Account', fields: [] } },
        { op: 'rename_entity', entity: 'Deal', to: 'User' },
      ]),
    ).toEqual([
      'edit 1 (add_field): there is no entity Shelf (entities: Account, Deal)',
      'edit 2 (rename_field): Deal has no field titel (fields: title, amount, stage, account_id)',
      'edit 3 (add_entity): there is already an entity Account',
      'edit 4 (rename_entity): User is the built-in entity of every spec; refer to it with ref(User)',
    ]);
  });

  it('a spec the edits leave inconsistent is refused with what the checker says, by name', () => {
    const found = problems(DEALS, [{ op: 'remove_role', role: 'admin' }]);
    expect(found.join('\n')).toMatch(/admin/);
    const wrongType = problems(DEALS, [{ op: 'replace_field', entity: 'Deal', field: { name: 'account_id', type: 'ref(Shelf)', required: true } }]);
    expect(wrongType.join('\n')).toMatch(/entity Deal, field account_id: .*Shelf/);
  });

  it('paths are told by the names a model can find in the spec', () => {
    expect(describeSpecPath(DEALS, 'entities.1.fields.2')).toBe('entity Deal, field stage');
    expect(describeSpecPath(DEALS, 'schedules.0')).toBe('scheduled job close_stale_deals');
  });
});

describe('renaming and back gives the spec it started from', () => {
  it.each([...EXAMPLES, ['events', DEALS] as const])('%s', (_id, doc) => {
    const original = renderSpec(doc);
    const roundTrips: Array<[unknown, unknown]> = [];
    for (const entity of doc.entities) {
      roundTrips.push([{ op: 'rename_entity', entity: entity.name, to: `${entity.name}Renamed` }, { op: 'rename_entity', entity: `${entity.name}Renamed`, to: entity.name }]);
      for (const field of entity.fields) {
        roundTrips.push([{ op: 'rename_field', entity: entity.name, field: field.name, to: `${field.name}_renamed` }, { op: 'rename_field', entity: entity.name, field: `${field.name}_renamed`, to: field.name }]);
      }
    }
    for (const role of doc.roles) roundTrips.push([{ op: 'rename_role', role: role.name, to: `${role.name}_renamed` }, { op: 'rename_role', role: `${role.name}_renamed`, to: role.name }]);
    for (const workflow of doc.workflows) roundTrips.push([{ op: 'rename_workflow', workflow: workflow.name, to: `${workflow.name}_renamed` }, { op: 'rename_workflow', workflow: `${workflow.name}_renamed`, to: workflow.name }]);
    expect(roundTrips.length).toBeGreaterThan(5);
    for (const [there, back] of roundTrips) {
      const renamed = applied(doc, [there]);
      expect(renderSpec(renamed)).not.toBe(original);
      expect(renderSpec(applied(renamed, [back]))).toBe(original);
    }
  });
});
