/**
 * The strict F1 scorer (test/support/structural-f1.ts): a spec that states exactly the expected
 * structure scores 1; each kind of mistake lowers its own dimension and no other; and nothing
 * outside the parsed spec (prose, notes, extra sections, role lists written as text) can raise
 * the score.
 */
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { readRights, readTrigger, writeRights } from '../../lambdas/core/spec/spec-cells';
import type { SpecDocument, SpecEntity, SpecField, WorkflowStep } from '../../lambdas/core/spec/spec-model';
import type { Operation } from '../../lambdas/core/vocabulary';
import { authorDescriptions } from '../bench/author-f1';
import { loadExamples } from '../support/example-fixtures';
import type { ExpectedSpec } from '../support/expected-spec';
import { DIMENSIONS, describeF1, scoreSpecF1, type F1Score } from '../support/structural-f1';

/** A small task board that uses every dimension: limits, lists, files, scoped rights, access, two workflows. */
const EXPECTED: ExpectedSpec = {
  entities: {
    Project: { fields: { name: { type: 'string', required: true, unique: true } } },
    Task: {
      fields: {
        title: { type: 'string', required: true, min: 3, max: 120 },
        priority: { type: 'enum', values: ['low', 'medium', 'high'], required: true },
        status: { type: 'enum', values: ['todo', 'doing', 'done'], required: true },
        due_date: { type: 'date' },
        project_id: { type: 'ref(Project)', required: true },
        tags: { type: 'list(string)', required: false },
        attachment_key: { type: 'file', contentTypes: ['application/pdf', 'image/*'], maxBytes: 10485760 },
      },
    },
  },
  roles: {
    admin: { Project: 'crud', Task: 'crud' },
    member: { Project: 'r', Task: 'crud' },
    viewer: { Project: 'r', Task: 'r:own' },
    guest: { Task: 'c,r:own' },
  },
  access: { 'Project.read': 'public', 'Task.delete': 'owner' },
  multiTenant: true,
  workflows: [
    {
      name: 'due_reminder',
      trigger: 'Task created',
      steps: [
        { kind: 'waitForEvent', events: ['started', 'cancelled'], timeout: 'PT48H' },
        { kind: 'waitUntil', at: 'due_date - P1D' },
        { kind: 'task', name: 'remind', retries: 3 },
        { kind: 'wait', duration: 'P7D' },
      ],
    },
    { name: 'done_survey', trigger: 'Task done', steps: [{ kind: 'task', name: 'send_survey' }] },
  ],
};

/**
 * The spec of EXPECTED, written by hand. It says some things differently (P2D for PT48H, a
 * status field for "Task done", list and read for read) and adds an assignee, which is free.
 */
const SPEC = `# Task board

## Overview

Teams track tasks in projects.

## Tenancy

- Mode: multi-tenant (each organization's data is isolated by org_id)

## Entities

### Project

| Field | Type | Required | Default | Allowed values | Notes |
|---|---|---|---|---|---|
| name | string | yes | | | unique |

### Task

| Field | Type | Required | Default | Allowed values | Notes |
|---|---|---|---|---|---|
| title | string | yes | | 3..120 | |
| priority | enum | yes | medium | low, medium, high | |
| status | enum | yes | todo | todo, doing, done | |
| due_date | date | no | | | |
| project_id | ref(Project) | yes | | | |
| assignee_id | ref(User) | no | | | |
| tags | list(string) | no | | | |
| attachment_key | file | no | | application/pdf, image/* | max 10 MB |

## Relations

| Entity | Field | References | On delete |
|---|---|---|---|
| Task | project_id | Project | cascade |

## Roles

| Role | Project | Task |
|---|---|---|
| admin | crud | crud |
| member | r | crud |
| viewer | r | r:own |
| guest | - | c, r:own |

- Administrative role: admin
- Default role: member

## Access

| Entity | Operation | Level |
|---|---|---|
| Project | list | public |
| Project | read | public |
| Task | delete | owner |

## Workflows

### due_reminder

- Trigger: Task created

| Step | Kind | Details |
|---|---|---|
| await_start | waitForEvent | events: started, cancelled; timeout: P2D |
| before_due | waitUntil | due_date - P1D |
| remind | task | retries: 3 |
| cool_down | wait | P7D |

### done_survey

- Trigger: Task status = done

| Step | Kind | Details |
|---|---|---|
| send_survey | task | |
`;

const DESCRIPTION = `A task board for teams: projects (a unique name) hold tasks with a title of 3 to 120
characters, a priority (low, medium, high), a status (todo, doing, done), a due date, tags and an
attachment (PDF or images, up to 10 MB). Admins do everything, members read projects and manage tasks,
viewers see their own tasks, guests create tasks and see their own. Anyone may read projects; only a
task's owner deletes it. Each organization is separate. Remind the assignee a day before the due date.`;

function parsed(markdown: string): SpecDocument {
  const result = parseSpec(markdown);
  if (!result.ok) throw new Error(result.errors.map((e) => `line ${e.line}: ${e.message}`).join('\n'));
  return result.spec;
}

const BASE = parsed(SPEC);

/** The hand-written spec with one change made to its document, rendered and scored. */
function scoreEdited(edit: (spec: SpecDocument) => void): F1Score {
  const spec = structuredClone(BASE);
  edit(spec);
  return scoreSpecF1(renderSpec(spec), EXPECTED);
}

const task = (spec: SpecDocument) => spec.entities.find((e) => e.name === 'Task') as SpecEntity;
const field = (spec: SpecDocument, name: string) => task(spec).fields.find((f) => f.name === name) as SpecField;
const role = (spec: SpecDocument, name: string) => spec.roles.find((r) => r.name === name) as SpecDocument['roles'][number];
const rights = (text: string) => {
  const read = readRights(text);
  if (!read.ok) throw new Error(read.error);
  return read.value;
};

/** What a score lost, per dimension: only the dimensions that are not perfect. */
function lost(score: F1Score): Record<string, { missing: number; extra: number }> {
  const out: Record<string, { missing: number; extra: number }> = {};
  for (const d of DIMENSIONS) {
    const s = score.dimensions[d];
    if (s.found !== s.expected || s.extra > 0) out[d] = { missing: s.expected - s.found, extra: s.extra };
  }
  return out;
}

describe('a spec that states exactly the expected structure', () => {
  it('scores F1 = 1 in every dimension, the hand-written spec and its canonical rendering alike', () => {
    for (const markdown of [SPEC, renderSpec(BASE)]) {
      const score = scoreSpecF1(markdown, EXPECTED);
      expect({ parsed: score.parsed, lost: lost(score), f1: score.overall.f1 }).toEqual({ parsed: true, lost: {}, f1: 1 });
    }
  });

  it('counts every dimension', () => {
    const score = scoreSpecF1(SPEC, EXPECTED);
    const counts = Object.fromEntries(DIMENSIONS.map((d) => [d, score.dimensions[d].expected]));
    // access: Project.read stands for list and read; steps: 4 kinds + 2 events, timeout, field, offset, retries, duration (+1 kind).
    expect(counts).toEqual({
      entities: 2, fields: 8, types: 8, values: 6, limits: 5, required: 5, unique: 1, relations: 1,
      roles: 4, rights: 17, access: 3, tenancy: 1, workflows: 2, triggers: 2, steps: 12,
    });
  });

  it.each(['01-task-tracker', '02-recipe-blog', '05-inventory'])('%s: its spec built from the expected structure and rendered scores F1 = 1', (id) => {
    const example = loadExamples().find((e) => e.id === id);
    if (!example) throw new Error(`no example ${id}`);
    const score = scoreSpecF1(renderSpec(specFromExpected(example.expected, example.name)), example.expected);
    expect(score.overall.f1 === 1 ? '' : describeF1(score)).toBe('');
  });

  it('every expected structure the format can state scores F1 = 1 when stated exactly', () => {
    const stated = authorDescriptions().flatMap((d) => {
      const markdown = renderSpec(specFromExpected(d.expected, d.id));
      return parseSpec(markdown).ok ? [{ id: d.id, score: scoreSpecF1(markdown, d.expected) }] : [];
    });
    expect(stated.filter((s) => s.score.overall.f1 !== 1).map((s) => `${s.id}: ${describeF1(s.score)}`)).toEqual([]);
    // Some cannot be stated (a waitUntil on another entity's date): most can.
    expect(stated.length).toBeGreaterThanOrEqual(40);
  });

  it('matches names lightly: case, `_` or spaces, and entity names singular or plural', () => {
    const renamed = structuredClone(EXPECTED);
    renamed.entities = { Projects: EXPECTED.entities.Project!, tasks: { fields: { ...EXPECTED.entities.Task!.fields, 'Due Date': { type: 'date' } } } };
    delete renamed.entities.tasks!.fields.due_date;
    renamed.roles = { Admin: EXPECTED.roles!.admin!, MEMBER: EXPECTED.roles!.member!, viewer: { projects: 'r', Tasks: 'r:own' }, guest: EXPECTED.roles!.guest! };
    expect(lost(scoreSpecF1(SPEC, renamed))).toEqual({});
  });
});

describe('each mistake lowers its own dimension, and only it', () => {
  it.each<[string, (spec: SpecDocument) => void, ReturnType<typeof lost>]>([
    ['a missing field (its type goes with it)', (s) => void (task(s).fields = task(s).fields.filter((f) => f.name !== 'tags')), { fields: { missing: 1, extra: 0 }, types: { missing: 1, extra: 0 } }],
    ['a wrong type', (s) => void (field(s, 'due_date').type = 'datetime'), { types: { missing: 1, extra: 1 } }],
    ['a wrong list item type', (s) => void (field(s, 'tags').type = 'list(text)'), { types: { missing: 1, extra: 1 } }],
    ['a wrong enum value', (s) => void (field(s, 'priority').values = ['low', 'medium', 'urgent']), { values: { missing: 1, extra: 1 } }],
    ['a missing required', (s) => void (field(s, 'title').required = false), { required: { missing: 1, extra: 0 } }],
    ['a required where the expected says optional', (s) => void (field(s, 'tags').required = true), { required: { missing: 0, extra: 1 } }],
    ['a required where the expected does not say (free)', (s) => void (field(s, 'due_date').required = true), {}],
    ['a missing unique', (s) => void delete s.entities[0]!.fields[0]!.unique, { unique: { missing: 1, extra: 0 } }],
    ['a wrong length limit', (s) => void (field(s, 'title').max = 200), { limits: { missing: 1, extra: 1 } }],
    ['a wrong content type', (s) => void (field(s, 'attachment_key').file = { contentTypes: ['application/pdf', 'image/png'], maxBytes: 10485760 }), { limits: { missing: 1, extra: 1 } }],
    ['rights "r" where "crud" is expected (one letter of four)', (s) => void (role(s, 'member').rights.Task = rights('r')), { rights: { missing: 3, extra: 0 } }],
    ['rights "crud" where "r:own" is expected', (s) => void (role(s, 'viewer').rights.Task = rights('crud')), { rights: { missing: 1, extra: 4 } }],
    ['rights "r" where "r:own" is expected (the scope)', (s) => void (role(s, 'viewer').rights.Task = rights('r')), { rights: { missing: 1, extra: 1 } }],
    ['a wrong access level', (s) => void (s.access = s.access.map((a) => (a.entity === 'Task' ? { ...a, level: 'admin' as const } : a))), { access: { missing: 1, extra: 1 } }],
    ['public read without public list', (s) => void (s.access = s.access.filter((a) => a.operation !== 'list')), { access: { missing: 1, extra: 1 } }],
    ['a wrong tenancy', (s) => void ((s.tenancy = 'single'), (s.overview = 'Teams track tasks in projects.')), { tenancy: { missing: 1, extra: 1 } }],
    ['a wrong trigger', (s) => void (s.workflows[0]!.trigger = { entity: 'Task', event: 'updated' }), { triggers: { missing: 1, extra: 1 } }],
    ['a missing workflow step (its parameters go with it)', (s) => void s.workflows[0]!.steps.splice(2, 1), { steps: { missing: 2, extra: 0 } }],
    ['an extra workflow step (the others stay aligned)', (s) => void s.workflows[0]!.steps.unshift({ kind: 'task', name: 'notify' }), { steps: { missing: 0, extra: 1 } }],
    ['a wrong timeout', (s) => void ((s.workflows[0]!.steps[0] as Extract<WorkflowStep, { kind: 'waitForEvent' }>).timeout = 'P3D'), { steps: { missing: 1, extra: 1 } }],
    ['a missing workflow (its trigger and steps go with it)', (s) => void s.workflows.pop(), { workflows: { missing: 1, extra: 0 }, triggers: { missing: 1, extra: 0 }, steps: { missing: 1, extra: 0 } }],
  ])('%s', (_label, edit, expected) => {
    expect(lost(scoreEdited(edit))).toEqual(expected);
  });

  it('pairs workflows by likeness, not by order: a missing first workflow leaves the second paired with its own', () => {
    const score = scoreEdited((s) => void s.workflows.shift());
    for (const d of ['workflows', 'triggers', 'steps'] as const) {
      expect(score.dimensions[d].extra).toBe(0);
      expect(score.dimensions[d].misses.every((m) => m.includes(EXPECTED.workflows![0]!.name))).toBe(true);
    }
    expect(score.dimensions.workflows.misses).toHaveLength(1);
  });

  it('an extra entity lowers precision only: the entity, its fields, and the rights on it', () => {
    const score = scoreEdited((s) => {
      s.entities.push({ name: 'Tag', fields: [{ name: 'label', type: 'string', required: false }] });
      role(s, 'admin').rights.Tag = rights('crud');
    });
    expect(lost(score)).toEqual({ entities: { missing: 0, extra: 1 }, fields: { missing: 0, extra: 1 }, types: { missing: 0, extra: 1 }, rights: { missing: 0, extra: 4 } });
    expect(score.overall.recall).toBe(1);
    expect(score.overall.precision).toBeLessThan(1);
    expect(score.dimensions.entities.extras).toEqual(['entity Tag']);
  });

  it('the administrative role the format demands is free only when the expected structure has none', () => {
    const noAdmin = structuredClone(EXPECTED);
    delete noAdmin.roles!.admin;
    expect(lost(scoreSpecF1(SPEC, noAdmin))).toEqual({});
    const otherAdmin = structuredClone(EXPECTED);
    otherAdmin.roles = { owner: EXPECTED.roles!.admin!, ...noAdmin.roles };
    expect(lost(scoreSpecF1(SPEC, otherAdmin))).toEqual({ roles: { missing: 1, extra: 1 }, rights: { missing: 8, extra: 8 } });
  });

  it('reports misses and extras as readable facts', () => {
    const score = scoreEdited((s) => void (role(s, 'viewer').rights.Task = rights('crud')));
    expect(score.dimensions.rights.misses).toEqual(['right viewer Task r:own']);
    expect(score.dimensions.rights.extras).toEqual(['right viewer Task c', 'right viewer Task r', 'right viewer Task u', 'right viewer Task d']);
    expect(describeF1(score)).toContain('rights: 16/17, 4 extra');
  });
});

describe('it cannot be gamed', () => {
  /** The spec with no rights but the administrator's: what the one-line lists below pretend to add. */
  const withoutRights = (s: SpecDocument) => {
    for (const r of s.roles) if (r.name !== 'admin') r.rights = {};
  };

  it('a spec that does not parse scores 0, with its parse errors', () => {
    for (const text of [DESCRIPTION, SPEC.replace('| tags | list(string) |', '| tags | array of strings |')]) {
      const score = scoreSpecF1(text, EXPECTED);
      expect(score.parsed).toBe(false);
      expect(score.errors.length).toBeGreaterThan(0);
      expect(score.overall).toMatchObject({ found: 0, extra: 0, f1: 0 });
    }
  });

  it('listing every role and entity on one line, in prose or a role description, adds nothing', () => {
    const stripped = scoreEdited(withoutRights);
    const listed = scoreEdited((s) => {
      withoutRights(s);
      s.overview = `Roles: admin, member, viewer, guest; entities: Project, Task; every role: crud on Project and Task.\n\n${DESCRIPTION}`;
      for (const r of s.roles) r.description = 'crud on Project, Task (admin, member, viewer, guest)';
    });
    expect(listed.overall).toEqual(stripped.overall);
    // Only the administrator's 8 rights of 17 are in the table.
    expect(listed.dimensions.rights.recall).toBe(8 / 17);
  });

  it('granting every role every right costs precision', () => {
    const all = scoreEdited((s) => {
      for (const r of s.roles) r.rights = { Project: rights('crud'), Task: rights('crud') };
    });
    expect(all.dimensions.rights.precision).toBeLessThan(0.7);
    expect(all.overall.f1).toBeLessThan(1);
  });

  it('repeating the description in the overview and the descriptions adds nothing', () => {
    const without = scoreEdited((s) => void task(s).fields.splice(1, 2));
    const repeated = scoreEdited((s) => {
      task(s).fields.splice(1, 2);
      s.overview = `${DESCRIPTION}\n\n${DESCRIPTION}`;
      for (const e of s.entities) e.description = DESCRIPTION.replace(/\n/g, ' ');
      for (const w of s.workflows) w.description = DESCRIPTION.replace(/\n/g, ' ');
    });
    expect(repeated.overall).toEqual(without.overall);
    // A minimal spec around the description finds almost nothing.
    const bare = `# Task board\n\n## Overview\n\n${DESCRIPTION}\n\n## Tenancy\n\n- Mode: single-tenant\n\n## Entities\n\n### Thing\n\n| Field | Type | Required | Default | Allowed values | Notes |\n|---|---|---|---|---|---|\n| name | string | no | | | |\n\n## Relations\n\nNone.\n\n## Roles\n\n| Role | Thing |\n|---|---|\n| admin | crud |\n\n- Administrative role: admin\n- Default role: admin\n\n## Access\n\nNone.\n\n## Workflows\n\nNone.\n`;
    const score = scoreSpecF1(bare, EXPECTED);
    expect(score.parsed).toBe(true);
    expect(score.overall.f1).toBeLessThan(0.1);
  });

  it('notes and an "Open questions" section do not count what the tables lack', () => {
    const edit = (s: SpecDocument) => {
      field(s, 'priority').type = 'string';
      delete field(s, 'priority').values;
      delete field(s, 'priority').default;
      field(s, 'title').required = false;
    };
    const without = scoreEdited(edit);
    const noted = scoreEdited((s) => {
      edit(s);
      field(s, 'priority').notes = 'enum: low, medium, high; required';
      field(s, 'title').notes = 'required, must be given';
    });
    expect(noted.overall).toEqual(without.overall);
    const spec = structuredClone(BASE);
    edit(spec);
    const questions = `${renderSpec(spec)}\n## Open questions\n\n- Task.priority: enum (low, medium, high), required\n- Task.title: required\n`;
    expect(scoreSpecF1(questions, EXPECTED).overall.f1).toBeLessThanOrEqual(without.overall.f1);
  });
});

describe('the expected structure', () => {
  it('is read strictly: an unknown type, rights letter, access level or step kind throws', () => {
    const broken: Array<(e: ExpectedSpec) => void> = [
      (e) => void (e.entities.Task!.fields.title!.type = 'varchar'),
      (e) => void (e.roles!.member!.Task = 'crudx'),
      (e) => void (e.access!['Task.delete'] = 'owners'),
      (e) => void (e.workflows![0]!.steps[0]!.kind = 'sleep'),
    ];
    for (const edit of broken) {
      const expected = structuredClone(EXPECTED);
      edit(expected);
      expect(() => scoreSpecF1(SPEC, expected)).toThrow(/expected structure/);
    }
  });

  it.each(authorDescriptions().map((d) => [`${d.part}/${d.id}`, d] as const))('%s is readable by the scorer', (_id, d) => {
    expect(scoreSpecF1('', d.expected).overall.expected).toBeGreaterThan(0);
  });
});

/**
 * The spec document that states an expected structure exactly, for the examples whose roles
 * include an administrative one (a role with crud on every entity, which a spec must have).
 */
function specFromExpected(exp: ExpectedSpec, title: string): SpecDocument {
  const entities: SpecEntity[] = Object.entries(exp.entities).map(([name, e]) => ({
    name,
    fields: Object.entries(e.fields).map(([fieldName, f]): SpecField => ({
      name: fieldName,
      type: f.type,
      required: f.required === true,
      ...(f.type.includes('enum') && { values: f.values ?? ['open'] }),
      ...(f.unique && { unique: true }),
      ...(f.min !== undefined && { min: f.min }),
      ...(f.max !== undefined && { max: f.max }),
      ...(f.type === 'file' && { file: { contentTypes: f.contentTypes ?? ['application/pdf'], maxBytes: f.maxBytes ?? 1048576 } }),
    })),
  }));
  const roles = Object.entries(exp.roles ?? {}).map(([name, byEntity]) => ({
    name,
    rights: Object.fromEntries(Object.entries(byEntity).map(([entity, text]) => [entity, rights(text)])),
  }));
  // The format's administrative role: the expected one, or one it does not name (which costs nothing).
  let admin = roles.find((r) => entities.every((e) => writeRights(r.rights[e.name] ?? {}) === 'crud'));
  if (!admin) {
    admin = { name: 'administrator', rights: Object.fromEntries(entities.map((e) => [e.name, rights('crud')])) };
    roles.push(admin);
  }
  const access = Object.entries(exp.access ?? {}).flatMap(([key, level]) => {
    const [entity = '', operation = ''] = key.split('.');
    const listed = `${entity}.list` in (exp.access ?? {});
    return (operation === 'read' && !listed ? ['list', 'read'] : [operation]).map((op) => ({ entity, operation: op as Operation, level: level as SpecDocument['access'][number]['level'] }));
  });
  const workflows = (exp.workflows ?? []).map((w) => {
    const read = readTrigger(w.trigger ?? 'manual');
    const [entity = '', value = ''] = (w.trigger ?? '').split(' ');
    const stateField = entities.find((e) => e.name === entity)?.fields.find((f) => f.values?.includes(value))?.name;
    const trigger = read.ok ? read.value : { entity, event: 'updated' as const, field: stateField, value };
    return { name: w.name, ...(trigger && { trigger }), steps: w.steps.map((s, k) => stepFromExpected(s, k)) };
  });
  return { title, overview: '', tenancy: exp.multiTenant ? 'multi' : 'single', entities, roles, adminRole: admin.name, defaultRole: roles.at(-1)!.name, access, workflows };
}

function stepFromExpected(step: Record<string, unknown>, k: number): WorkflowStep {
  const name = typeof step.name === 'string' ? step.name : `step_${k + 1}`;
  switch (step.kind) {
    case 'wait':
      return { kind: 'wait', name, duration: String(step.duration) };
    case 'waitUntil': {
      const [field = '', sign, duration] = String(step.at ?? step.until).split(' ');
      return { kind: 'waitUntil', name, field: field.replace(/^.*\./, ''), ...(sign && duration && { offset: `${sign}${duration}` }) };
    }
    case 'waitForEvent':
      return { kind: 'waitForEvent', name, events: step.events as string[], timeout: String(step.timeout) };
    default:
      return { kind: 'task', name, ...(typeof step.retries === 'number' && { retries: step.retries }) };
  }
}
