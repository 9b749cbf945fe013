/**
 * Chat edits of the offline author: the seven edits of 06-chat-edits.md applied in sequence to
 * the task tracker's authored spec, each changing exactly what it describes (compared field by
 * field, right by right), the generic edits, and messages it does not understand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSpec } from '../../lambdas/core/spec/check-spec';
import { authorSpec, editSpec } from '../../lambdas/core/spec/offline-author';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import type { EntityRights, SpecDocument } from '../../lambdas/core/spec/spec-model';
import { loadChatEdits, loadExamples } from '../support/example-fixtures';

const rightsText = (r: EntityRights | undefined): string =>
  !r || Object.keys(r).length === 0
    ? '-'
    : (['create', 'read', 'update', 'delete'] as const)
        .filter((k) => r[k])
        .map((k) => `${k[0]}${r[k] === 'own' ? ':own' : ''}`)
        .join('');

/** Every difference between two specs, one line each: what an edit changed. */
function diffSpecs(a: SpecDocument, b: SpecDocument): string[] {
  const out: string[] = [];
  for (const key of ['title', 'overview', 'tenancy', 'adminRole', 'defaultRole'] as const) if (a[key] !== b[key]) out.push(`${key}: ${a[key]} -> ${b[key]}`);
  const names = [...new Set([...a.entities, ...b.entities].map((e) => e.name))];
  for (const name of names) {
    const ea = a.entities.find((e) => e.name === name);
    const eb = b.entities.find((e) => e.name === name);
    if (!ea) out.push(`+entity ${name}`);
    else if (!eb) out.push(`-entity ${name}`);
    if (!ea || !eb) continue;
    if (ea.ownerField !== eb.ownerField) out.push(`${name} owner: ${ea.ownerField} -> ${eb.ownerField}`);
    if (ea.description !== eb.description) out.push(`${name} description`);
    for (const f of eb.fields) {
      const before = ea.fields.find((x) => x.name === f.name);
      if (!before) out.push(`+${name}.${f.name} ${f.type}`);
      else if (JSON.stringify(before) !== JSON.stringify(f)) out.push(`~${name}.${f.name}`);
    }
    for (const f of ea.fields) if (!eb.fields.some((x) => x.name === f.name)) out.push(`-${name}.${f.name}`);
    if (ea.fields.map((f) => f.name).filter((n) => eb.fields.some((x) => x.name === n)).join() !== eb.fields.map((f) => f.name).filter((n) => ea.fields.some((x) => x.name === n)).join()) out.push(`${name} field order`);
  }
  const roles = [...new Set([...a.roles, ...b.roles].map((r) => r.name))];
  for (const role of roles) {
    const ra = a.roles.find((r) => r.name === role);
    const rb = b.roles.find((r) => r.name === role);
    if (!ra) out.push(`+role ${role}`);
    else if (!rb) out.push(`-role ${role}`);
    for (const e of names) {
      const x = rightsText(ra?.rights[e]);
      const y = rightsText(rb?.rights[e]);
      if (x !== y) out.push(`${role} on ${e}: ${x} -> ${y}`);
    }
  }
  const access = (d: SpecDocument) => new Set(d.access.map((r) => `${r.entity} ${r.operation} ${r.level}`));
  for (const r of access(b)) if (!access(a).has(r)) out.push(`+access ${r}`);
  for (const r of access(a)) if (!access(b).has(r)) out.push(`-access ${r}`);
  for (const w of b.workflows) if (!a.workflows.some((x) => x.name === w.name)) out.push(`+workflow ${w.name}`);
  for (const w of a.workflows) {
    const after = b.workflows.find((x) => x.name === w.name);
    if (!after) out.push(`-workflow ${w.name}`);
    else if (JSON.stringify(after) !== JSON.stringify(w)) out.push(`~workflow ${w.name}`);
  }
  return out;
}

const tracker = loadExamples().find((e) => e.id === '01-task-tracker')!;
const authored = () => authorSpec({ name: tracker.name, description: tracker.description });

function apply(spec: SpecDocument, message: string) {
  const frozen = JSON.stringify(spec);
  const result = editSpec(spec, message);
  expect(JSON.stringify(spec)).toBe(frozen); // the input is never mutated
  if (result.understood) {
    expect(checkSpec(result.spec)).toEqual([]);
    const parsed = parseSpec(renderSpec(result.spec));
    if (!parsed.ok) throw new Error(`edited spec does not parse: ${JSON.stringify(parsed.errors)}`);
    expect(parsed.spec).toEqual(result.spec);
  }
  return { ...result, diff: diffSpecs(spec, result.spec) };
}

describe('the chat edits of 06-chat-edits.md, in sequence', () => {
  const { baseExample, edits } = loadChatEdits();
  let spec = authored();

  it('apply to the spec of the example the file names', () => {
    expect(baseExample).toBe(tracker.id);
    expect(edits).toHaveLength(7);
    expect(spec.tenancy).toBe('multi');
  });

  it(`1. ${edits[0]!.message}`, () => {
    const r = apply(spec, edits[0]!.message);
    expect(r.understood).toBe(true);
    expect(r.summary).toBe('Added tags (list(string)) to Task.');
    expect(r.diff).toEqual(['+Task.tags list(string)']);
    expect(r.spec.entities[1]!.fields.at(-1)).toEqual({ name: 'tags', type: 'list(string)', required: false });
    spec = r.spec;
  });

  it(`2. ${edits[1]!.message}`, () => {
    const r = apply(spec, edits[1]!.message);
    expect(r.summary).toBe('Added estimate_hours (number) to Task.');
    expect(r.diff).toEqual(['+Task.estimate_hours number']);
    expect(r.spec.entities[1]!.fields.at(-1)).toEqual({ name: 'estimate_hours', type: 'number', required: false });
    spec = r.spec;
  });

  it(`3. ${edits[2]!.message}`, () => {
    const r = apply(spec, edits[2]!.message);
    expect(r.summary).toBe('Removed due_date from Task.');
    expect(r.diff).toEqual(['-Task.due_date']);
    spec = r.spec;
  });

  it(`4. ${edits[3]!.message}`, () => {
    const r = apply(spec, edits[3]!.message);
    expect(r.understood).toBe(true);
    // The new entity, and its column of the roles matrix (rights as on its parent, Task).
    expect(r.diff).toEqual(['+entity Comment', 'admin on Comment: - -> crud', 'member on Comment: - -> cru', 'viewer on Comment: - -> r']);
    const comment = r.spec.entities.find((e) => e.name === 'Comment')!;
    expect(comment.fields).toEqual([
      { name: 'task_id', type: 'ref(Task)', required: true, onDelete: 'cascade' },
      { name: 'body', type: 'text', required: true },
      { name: 'author_id', type: 'ref(User)', required: false, onDelete: 'set_null' },
    ]);
    expect(comment.ownerField).toBe('author_id');
    expect(r.summary).toMatch(/^Added entity Comment with task_id \(ref\(Task\), required\), body \(text, required\) and author_id \(ref\(User\), owner\)\./);
    spec = r.spec;
  });

  it(`5. ${edits[4]!.message}`, () => {
    const r = apply(spec, edits[4]!.message);
    expect(r.diff).toEqual(['viewer on Project: r -> -']);
    expect(r.summary).toMatch(/^viewer can no longer read Project\./);
    spec = r.spec;
  });

  it(`6. ${edits[5]!.message}`, () => {
    const r = apply(spec, edits[5]!.message);
    expect(r.diff).toEqual(['tenancy: multi -> single']);
    expect(r.spec.tenancy).toBe('single');
    const md = renderSpec(r.spec);
    expect(md).not.toMatch(/org_id|multi-tenant/);
    for (const e of r.spec.entities) expect(e.fields.map((f) => f.name)).not.toContain('org_id');
    spec = r.spec;
  });

  it(`7. ${edits[6]!.message}`, () => {
    const r = apply(spec, edits[6]!.message);
    expect(r.diff).toEqual(['+workflow task_archive']);
    expect(r.spec.workflows).toEqual([
      {
        name: 'task_archive',
        description: 'When a task becomes done, wait 30 days and then archive it.',
        trigger: { entity: 'Task', event: 'updated', field: 'status', value: 'done' },
        steps: [
          { kind: 'wait', name: 'wait_30_days', duration: 'P30D' },
          { kind: 'task', name: 'archive' },
        ],
      },
    ]);
    expect(r.summary).toBe('Added workflow task_archive (when Task status = done: wait P30D, then archive).');
    spec = r.spec;
  });
});

describe('generic chat edits', () => {
  const cases: Array<[string, string[], RegExp] | [string, string[]]> = [
    ['Rename title to headline.', ['+Task.headline string', '-Task.title'], /^Renamed Task\.title to headline\.$/],
    ['Rename the Project entity to Board.', ['+entity Board', '-entity Project', '+Task.board_id ref(Board)', '-Task.project_id', '+access Board delete admin', '-access Project delete admin', 'admin on Board: - -> crud', 'admin on Project: crud -> -', 'member on Board: - -> r', 'member on Project: r -> -', 'viewer on Board: - -> r', 'viewer on Project: r -> -']],
    ['Make the description required.', ['~Task.description'], /^Made Task\.description required\.$/],
    ['Make the priority optional.', ['~Task.priority'], /^Made Task\.priority optional\.$/],
    ['The title must be unique.', ['~Task.title'], /^Made Task\.title unique\.$/],
    ['Add urgent to priority.', ['~Task.priority'], /now low, medium, high, urgent/],
    ['Status can also be blocked or cancelled.', ['~Task.status'], /blocked and cancelled/],
    ['Anyone can read tasks without logging in.', ['+access Task list public', '+access Task read public']],
    ['Make projects public.', ['+access Project list public', '+access Project read public']],
    ['Projects should be readable without login.', ['+access Project list public', '+access Project read public']],
    // Owner level on update and delete; creators who could not delete may now delete their own.
    ['Only the owner of a task may edit or delete it.', ['+access Task update owner', 'member on Task: cru -> crud:own']],
    ['Only admins can delete tasks.', ['-access Task delete owner', '+access Task delete admin']],
    ['Members can delete tasks.', ['member on Task: cru -> crud']],
    ['Members and viewers can delete tasks.', ['member on Task: cru -> crud', 'viewer on Task: r -> rd']],
    ['Viewers cannot read tasks.', ['viewer on Task: r -> -']],
    ['Add an auditor role that can read everything.', ['+role auditor', 'auditor on Project: - -> r', 'auditor on Task: - -> r']],
    ['Make member the default role.', ['defaultRole: viewer -> member']],
    ['Remove the viewer role.', ['defaultRole: viewer -> member', '-role viewer', 'viewer on Project: r -> -', 'viewer on Task: r -> -']],
    ['Rename the viewer role to observer.', ['defaultRole: viewer -> observer', '+role observer', '-role viewer', 'observer on Project: - -> r', 'observer on Task: - -> r', 'viewer on Project: r -> -', 'viewer on Task: r -> -']],
    ['Add a due time to projects.', ['+Project.due_time datetime']],
    ['Projects should have a budget in dollars and an optional website.', ['+Project.budget_dollars number', '+Project.website url']],
    ['Make the estimate an integer.', []],
    ['Remove the assignee from tasks.', ['-Task.assignee_id']],
    ['Remove the Project entity.', ['-entity Project', '-Task.project_id', '-access Project delete admin', 'admin on Project: crud -> -', 'member on Project: r -> -', 'viewer on Project: r -> -']],
    ['Add a Label entity with a name and a colour (red, green or blue).', ['+entity Label', 'admin on Label: - -> crud']],
    ['Make it multi-tenant.', []],
    ['Send a reminder 2 days before each task\'s due date.', ['+workflow task_reminder']],
  ];

  it.each(cases.map((c) => [c[0], { diff: c[1], summary: c[2] }] as const))('%s', (message, { diff, summary }) => {
    const r = apply(authored(), message);
    if (diff.length === 0) {
      expect(r.understood).toBe(false);
      expect(r.diff).toEqual([]);
      return;
    }
    expect(r.understood).toBe(true);
    expect(r.diff.sort()).toEqual([...diff].sort());
    if (summary) expect(r.summary).toMatch(summary);
  });

  it('changes a type', () => {
    const withEstimate = apply(authored(), 'Tasks should also have an estimate in hours.').spec;
    const r = apply(withEstimate, 'Make the estimate an integer.');
    expect(r.diff).toEqual(['~Task.estimate_hours']);
    expect(r.spec.entities[1]!.fields.find((f) => f.name === 'estimate_hours')!.type).toBe('integer');
  });

  it('applies several sentences of one message, in order', () => {
    const r = apply(authored(), 'Add a due time to projects. Then make it required.  Remove the assignee.');
    expect(r.understood).toBe(true);
    expect(r.diff).toEqual(['+Project.due_time datetime', '-Task.assignee_id']);
  });

  it('adds a containment between existing entities', () => {
    const r = apply(authored(), 'Add a Sprint entity with a name. Tasks belong to a sprint.');
    expect(r.diff.sort()).toEqual(['+entity Sprint', '+Task.sprint_id ref(Sprint)', 'admin on Sprint: - -> crud'].sort());
    expect(r.spec.entities[1]!.fields.find((f) => f.name === 'sprint_id')).toEqual({ name: 'sprint_id', type: 'ref(Sprint)', required: true, onDelete: 'cascade' });
    expect(apply(r.spec, 'Each sprint has many tasks.').understood).toBe(false);
  });

  it('makes a single-tenant spec multi-tenant again', () => {
    const single = apply(authored(), 'Make it single-tenant.').spec;
    const r = apply(single, 'Each organization should be isolated.');
    expect(r.diff).toEqual(['tenancy: single -> multi']);
  });
});

describe('messages the offline author does not understand', () => {
  it.each(['What is the weather like today?', 'blah', '', 'Please make it better.', 'Remove the spaceship.'])('%j leaves the spec unchanged and says what it understands', (message) => {
    const spec = authored();
    const r = apply(spec, message);
    expect(r.understood).toBe(false);
    expect(r.spec).toEqual(spec);
    expect(r.summary).toMatch(/I understand edits such as/);
    expect(r.summary).toMatch(/Add a delivery date to orders/);
    expect(r.summary).toMatch(/Make it multi-tenant/);
  });

  it('explains an edit it understood but cannot do', () => {
    const r = apply(authored(), 'Admins should not see projects.');
    expect(r.understood).toBe(false);
    expect(r.summary).toMatch(/administrative role and keeps every right/);
  });
});

describe('renames and removals reach event handlers and scheduled jobs', () => {
  const deals = (): SpecDocument => {
    const parsed = parseSpec(readFileSync(join(__dirname, '..', 'fixtures', 'spec', 'events.md'), 'utf8'));
    if (!parsed.ok) throw new Error('events fixture does not parse');
    return parsed.spec;
  };

  it('renaming an entity renames what runs on its records, and the spec stays valid', () => {
    const r = editSpec(deals(), 'Rename Deal to Opportunity');
    expect(r.understood).toBe(true);
    expect(r.spec.events?.[0]?.on.entity).toBe('Opportunity');
    expect(r.spec.schedules?.map((job) => job.records?.entity)).toEqual(['Opportunity', 'Opportunity']);
    expect(parseSpec(renderSpec(r.spec)).ok).toBe(true);
  });

  it('renaming a field renames it in triggers, record queries and actions', () => {
    const r = editSpec(deals(), 'Rename the stage of deals to phase');
    expect(r.spec.events?.[0]?.on.field).toBe('phase');
    expect(r.spec.schedules?.[0]?.records?.where?.[0]?.field).toBe('phase');
    expect(r.spec.schedules?.[0]?.actions[0]).toEqual({ type: 'update', set: [{ field: 'phase', value: 'lost' }] });
    expect(parseSpec(renderSpec(r.spec)).ok).toBe(true);
  });

  it('removing an entity removes the handlers and jobs on its records, and says so', () => {
    const r = editSpec(deals(), 'Remove the Deal entity');
    expect(r.spec.events).toBeUndefined();
    expect(r.spec.schedules).toBeUndefined();
    expect(r.summary).toMatch(/event handler notify_owner_on_win removed/);
    expect(parseSpec(renderSpec(r.spec)).ok).toBe(true);
  });
});
