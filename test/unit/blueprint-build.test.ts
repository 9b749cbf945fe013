/**
 * The blueprint builder: golden IRs of the examples, built from the spec goldens
 * (test/fixtures/spec/authored/*.md, example.md; so an author change moves no test here), the contract's rules (collections, the
 * required rule, levels, owner field, tenancy, server-owned fields, indexes, files, workflows),
 * determinism, and a property test over the seeded random spec generator.
 */
import { buildBlueprint, buildBlueprintFromMarkdown, type BuildContext } from '../../lambdas/core/blueprint/build-blueprint';
import { durationSeconds } from '../../lambdas/core/blueprint/durations';
import { BlueprintIR, incomingRefs, IR_VERSION, type IrEntity, type IrField } from '../../lambdas/core/blueprint/ir';
import { collectionName, kebabCase } from '../../lambdas/core/blueprint/naming';
import { validateBlueprint } from '../../lambdas/core/blueprint/validate-blueprint';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { EXAMPLE_SPEC } from '../../lambdas/core/spec/spec-example';
import type { SpecDocument, SpecEntity, SpecField } from '../../lambdas/core/spec/spec-model';
import { blueprintIrs, exampleIrs, irSources } from '../fixtures/producers/blueprint-ir';
import { assertGoldenCurrent, readRepositoryFile } from '../fixtures/producers/golden-producer';
import { authoredSpecPath } from '../fixtures/producers/offline-author';
import { loadExamples } from '../support/example-fixtures';
import { goldenIrPath } from '../support/golden-ir';
import { randomSpec } from '../support/random-spec';

const CONTEXT: BuildContext = { projectId: 'proj-1', specVersion: 3 };

const build = (spec: SpecDocument, context: BuildContext = CONTEXT): BlueprintIR => buildBlueprint(spec, context);
const entityOf = (ir: BlueprintIR, name: string): IrEntity => {
  const entity = ir.entities.find((e) => e.name === name);
  if (!entity) throw new Error(`no entity ${name}`);
  return entity;
};
const fieldOf = (entity: IrEntity, name: string): IrField => {
  const field = entity.fields.find((f) => f.name === name);
  if (!field) throw new Error(`no field ${entity.name}.${name}`);
  return field;
};
const spec = (patch: (s: SpecDocument) => void): SpecDocument => {
  const copy = structuredClone(EXAMPLE_SPEC);
  patch(copy);
  return copy;
};
const entitySpec = (name: string, fields: SpecField[]): SpecEntity => ({ name, fields });

/** Each example's authored spec golden (the builder's input; the offline author is not run here). */
const authoredSpec = (exampleId: string): SpecDocument => {
  const parsed = parseSpec(readRepositoryFile(authoredSpecPath(exampleId)));
  if (!parsed.ok) throw new Error(`${authoredSpecPath(exampleId)}: ${parsed.errors.map((e) => `line ${e.line}: ${e.message}`).join('; ')}`);
  return parsed.spec;
};

const EXAMPLES = exampleIrs();

describe('golden IR files (built from the spec goldens)', () => {
  const produced = blueprintIrs.produce(readRepositoryFile);

  it('has one golden file per example, and one for the spec format example', () => {
    expect(Object.keys(produced).sort()).toEqual([...loadExamples().map((e) => goldenIrPath(e.id)), goldenIrPath('example')].sort());
    expect(irSources().map((s) => goldenIrPath(s.name)).sort()).toEqual(Object.keys(produced).sort());
  });

  it.each(Object.keys(produced).map((path) => [path] as const))('%s is current', (path) => {
    assertGoldenCurrent(blueprintIrs, path, produced[path]!);
  });

  it.each(Object.keys(produced).map((path) => [path] as const))('%s is a zod-valid IR that validates without errors', (path) => {
    const ir = JSON.parse(produced[path] as string) as unknown;
    const parsed = BlueprintIR.safeParse(ir);
    expect(parsed.success).toBe(true);
    expect(validateBlueprint(ir as BlueprintIR).errors).toEqual([]);
  });
});

describe('determinism', () => {
  it('the same spec and context give byte-identical JSON', () => {
    expect(JSON.stringify(build(EXAMPLE_SPEC))).toBe(JSON.stringify(build(structuredClone(EXAMPLE_SPEC))));
    for (const example of loadExamples()) {
      const authored = authoredSpec(example.id);
      expect(JSON.stringify(build(authored))).toBe(JSON.stringify(build(structuredClone(authored))));
    }
  });

  it('an IR equals its JSON round trip (no undefined keys)', () => {
    const ir = build(EXAMPLE_SPEC);
    expect(JSON.parse(JSON.stringify(ir))).toStrictEqual(ir);
  });

  it('does not change the spec it reads', () => {
    const copy = structuredClone(EXAMPLE_SPEC);
    build(copy);
    expect(copy).toEqual(EXAMPLE_SPEC);
  });

  it('building from the Markdown equals building from the document', () => {
    for (const example of loadExamples()) {
      const authored = authoredSpec(example.id);
      const fromMarkdown = buildBlueprintFromMarkdown(renderSpec(authored), CONTEXT);
      expect(fromMarkdown).toEqual({ ok: true, ir: build(authored) });
    }
  });
});

describe('document', () => {
  const ir = build(EXAMPLE_SPEC, { projectId: 'p-9', specVersion: 7, corsOrigins: ['https://app.example.com', 'https://app.example.com', 'http://localhost:5173'] });

  it('records the version, the project, auth settings and limits of the contract', () => {
    expect(ir.irVersion).toBe(IR_VERSION);
    expect(ir.specVersion).toBe(7);
    expect(ir.project).toEqual({ id: 'p-9', name: 'Help desk', summary: expect.stringMatching(/^A help desk for software companies\. .* without an account\.$/) as unknown });
    expect(ir.auth.tokenLifetimes).toEqual({ accessSeconds: 3600, idSeconds: 3600, refreshSeconds: 2592000 });
    expect(ir.auth.lockout).toEqual({ threshold: 5, baseSeconds: 1, maxSeconds: 900 });
    expect(ir.limits.maxPageSize).toBe(100);
    expect(ir.users).toEqual({ collection: 'users', entity: 'User' });
  });

  it('CORS: the given origins without duplicates; any origin by default', () => {
    expect(ir.cors.allowedOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(build(EXAMPLE_SPEC).cors.allowedOrigins).toEqual(['*']);
    expect(build(EXAMPLE_SPEC, { ...CONTEXT, corsOrigins: [] }).cors.allowedOrigins).toEqual(['*']);
  });
});

describe('collections', () => {
  it.each([
    ['Task', 'tasks'],
    ['ExpenseReport', 'expense-reports'],
    ['StockMovement', 'stock-movements'],
    ['Category', 'categories'],
    ['Person', 'people'],
    ['Box', 'boxes'],
    ['HTTPLog', 'http-logs'],
    ['Item2', 'item2s'],
  ])('%s -> /v1/%s', (name, collection) => {
    expect(collectionName(name)).toBe(collection);
  });

  it('kebab-cases PascalCase names', () => {
    expect(kebabCase('ExpenseReport')).toBe('expense-report');
    expect(kebabCase('LineItem')).toBe('line-item');
  });

  it('the examples get tasks, expense-reports and stock-movements', () => {
    const collections = Object.values(EXAMPLES).flatMap((ir) => ir.entities.map((e) => e.collection));
    expect(collections).toEqual(expect.arrayContaining(['tasks', 'projects', 'expense-reports', 'stock-movements', 'products', 'warehouses']));
  });
});

describe('fields and the required rule', () => {
  const ticket = entityOf(build(EXAMPLE_SPEC), 'Ticket');

  it('required on create = the spec says required and there is no default', () => {
    expect(fieldOf(ticket, 'subject').required).toBe(true);
    expect(fieldOf(ticket, 'team_id').required).toBe(true);
    expect(fieldOf(ticket, 'description').required).toBe(false);
    // Required in the spec, but with a default: not required on create.
    expect(fieldOf(ticket, 'priority')).toMatchObject({ required: false, default: 'normal' });
    expect(fieldOf(entityOf(build(EXAMPLE_SPEC), 'Article'), 'published')).toMatchObject({ required: false, default: false });
  });

  it('an enum without a default gets its first value', () => {
    const ir = build(spec((s) => s.entities[1]!.fields.find((f) => f.name === 'status')!.default = undefined));
    expect(fieldOf(entityOf(ir, 'Ticket'), 'status')).toMatchObject({ type: 'enum', enum: ['open', 'pending', 'resolved', 'closed'], default: 'open', required: false });
  });

  it('maps types, formats, refs, lists, files, ranges, unique and notes', () => {
    expect(fieldOf(ticket, 'requester_id')).toEqual({ name: 'requester_id', type: 'ref', ref: { entity: 'User', onDelete: 'restrict' }, required: true, indexed: true });
    expect(fieldOf(ticket, 'assignee_id').ref).toEqual({ entity: 'User', onDelete: 'set_null' });
    expect(fieldOf(ticket, 'tags')).toEqual({ name: 'tags', type: 'list', items: { type: 'string' }, required: false, max: 10 });
    expect(fieldOf(ticket, 'due_at')).toMatchObject({ type: 'datetime', format: 'date-time' });
    expect(fieldOf(ticket, 'reference')).toMatchObject({ unique: true, notes: 'shown to the customer, e.g. HD-1042' });
    expect(fieldOf(ticket, 'screenshot_key')).toMatchObject({ type: 'file', file: { contentTypes: ['image/png', 'image/jpeg', 'application/pdf'], maxBytes: 10485760 } });
    expect(fieldOf(ticket, 'subject')).toMatchObject({ min: 3, max: 120 });
    expect(fieldOf(entityOf(build(EXAMPLE_SPEC), 'Team'), 'email').format).toBe('email');
    expect(fieldOf(entityOf(build(EXAMPLE_SPEC), 'Comment'), 'ticket_id').ref).toEqual({ entity: 'Ticket', onDelete: 'cascade' });
  });

  it('lists of enums and of references', () => {
    const ir = build(
      spec((s) => {
        s.entities[0]!.fields.push({ name: 'skills', type: 'list(enum)', required: false, values: ['billing', 'tech'] });
        s.entities[0]!.fields.push({ name: 'linked_ids', type: 'list(ref(Ticket))', required: false, onDelete: 'set_null' });
        s.entities[0]!.fields.push({ name: 'sites', type: 'list(url)', required: false });
      }),
    );
    const team = entityOf(ir, 'Team');
    expect(fieldOf(team, 'skills')).toEqual({ name: 'skills', type: 'list', items: { type: 'enum', enum: ['billing', 'tech'] }, required: false });
    expect(fieldOf(team, 'linked_ids')).toEqual({ name: 'linked_ids', type: 'list', items: { type: 'ref', ref: { entity: 'Ticket' } }, ref: { entity: 'Ticket', onDelete: 'set_null' }, required: false });
    expect(fieldOf(team, 'sites').items).toEqual({ type: 'url', format: 'uri' });
    expect(incomingRefs(ir, 'Ticket')).toEqual([
      { entity: 'Team', field: 'linked_ids', onDelete: 'set_null', list: true },
      { entity: 'Comment', field: 'ticket_id', onDelete: 'cascade', list: false },
    ]);
  });

  it('server-owned fields lead every entity, flagged and never required', () => {
    const multi = build(EXAMPLE_SPEC);
    for (const entity of multi.entities) {
      expect(entity.fields.slice(0, 5).map((f) => f.name)).toEqual(['id', 'org_id', 'owner_id', 'created_at', 'updated_at']);
      expect(entity.fields.slice(0, 5).every((f) => f.serverOwned === true && !f.required)).toBe(true);
      expect(entity.fields.slice(5).some((f) => f.serverOwned)).toBe(false);
    }
    expect(fieldOf(multi.entities[0]!, 'owner_id').ref).toEqual({ entity: 'User', onDelete: 'restrict' });
    expect(fieldOf(multi.entities[0]!, 'created_at').format).toBe('date-time');
  });
});

describe('tenancy', () => {
  it('multi-tenant: every entity tenant-scoped with org_id; the Organization entity and org_id claim', () => {
    const ir = EXAMPLES['01-task-tracker']!;
    expect(ir.tenancy).toEqual({ mode: 'multi', tenantEntity: 'Organization', claim: 'org_id' });
    expect(ir.entities.every((e) => e.tenantScoped && e.fields.some((f) => f.name === 'org_id'))).toBe(true);
  });

  it('single-tenant: no org_id anywhere', () => {
    const ir = EXAMPLES['02-recipe-blog']!;
    expect(ir.tenancy).toEqual({ mode: 'single', tenantEntity: null, claim: null });
    expect(ir.entities.every((e) => !e.tenantScoped && e.fields.every((f) => f.name !== 'org_id'))).toBe(true);
    expect(JSON.stringify(ir)).not.toContain('org_id');
    const fromExample = build(spec((s) => (s.tenancy = 'single')));
    expect(fromExample.entities.flatMap((e) => e.fields.map((f) => f.name))).not.toContain('org_id');
  });
});

describe('owner field and endpoint levels', () => {
  it('owner_id unless the spec names another ref(User) field', () => {
    const ir = build(EXAMPLE_SPEC);
    expect(entityOf(ir, 'Ticket').ownerField).toBe('requester_id');
    expect(entityOf(ir, 'Team').ownerField).toBe('owner_id');
    expect(entityOf(EXAMPLES['05-inventory']!, 'StockMovement').ownerField).toBe(EXAMPLES['05-inventory']!.entities[2]!.ownerField);
    expect(EXAMPLES['01-task-tracker']!.entities.map((e) => e.ownerField)).toEqual(['owner_id', 'owner_id']);
  });

  it('every endpoint is authenticated unless the spec says otherwise', () => {
    const ir = build(EXAMPLE_SPEC);
    expect(entityOf(ir, 'Article').operations).toEqual({ list: { level: 'public' }, read: { level: 'public' }, create: { level: 'authenticated' }, update: { level: 'authenticated' }, delete: { level: 'authenticated' } });
    expect(entityOf(ir, 'Ticket').operations.delete.level).toBe('admin');
    expect(entityOf(ir, 'Comment').operations.update.level).toBe('owner');
    expect(entityOf(ir, 'Team').operations).toEqual({ list: { level: 'authenticated' }, read: { level: 'authenticated' }, create: { level: 'authenticated' }, update: { level: 'authenticated' }, delete: { level: 'authenticated' } });
  });

  it("the task tracker's Task delete is owner-level when the spec says so", () => {
    const authored = authoredSpec('01-task-tracker');
    authored.access = [...authored.access.filter((r) => !(r.entity === 'Task' && r.operation === 'delete')), { entity: 'Task', operation: 'delete', level: 'owner' }];
    const ir = build(authored);
    const task = entityOf(ir, 'Task');
    expect(task.operations.delete.level).toBe('owner');
    expect(task.operations.update.level).toBe('authenticated');
    expect(validateBlueprint(ir).errors).toEqual([]);
  });
});

describe('roles', () => {
  const ir = build(EXAMPLE_SPEC);

  it('lists every entity for every role, in entity order; the administrative role has every right', () => {
    expect(ir.roles.map((r) => [r.name, r.admin])).toEqual([['support_manager', true], ['agent', false], ['customer', false]]);
    for (const role of ir.roles) expect(Object.keys(role.rights)).toEqual(['Team', 'Ticket', 'Comment', 'Article']);
    expect(ir.roles[2]!.rights).toEqual({ Team: {}, Ticket: { create: 'all', read: 'own', update: 'own' }, Comment: { create: 'all', read: 'own' }, Article: { read: 'all' } });
    expect(ir.adminRole).toBe('support_manager');
    expect(ir.defaultRole).toBe('customer');
  });

  it('the administrative role gets every right even where its row lacks one', () => {
    const built = build(spec((s) => (s.roles[0]!.rights.Team = { read: 'all' })));
    expect(built.roles[0]!.rights.Team).toEqual({ create: 'all', read: 'all', update: 'all', delete: 'all' });
  });

  it('keeps rights on unknown entities, for the validator to report', () => {
    const built = build(spec((s) => (s.roles[1]!.rights.Ghost = { read: 'all' })));
    expect(Object.keys(built.roles[1]!.rights)).toEqual(['Team', 'Ticket', 'Comment', 'Article', 'Ghost']);
    expect(validateBlueprint(built).errors).toEqual([expect.objectContaining({ code: 'ROLE_UNKNOWN_ENTITY', path: '$.roles[1].rights.Ghost' })]);
  });
});

describe('indexes', () => {
  it('owner first, then enums, refs, booleans, unique fields; marked on the fields', () => {
    const ir = build(EXAMPLE_SPEC);
    expect(entityOf(ir, 'Ticket').indexes).toEqual([
      { name: 'GSI1', field: 'requester_id', purpose: 'owner' },
      { name: 'GSI2', field: 'priority', purpose: 'filter' },
      { name: 'GSI3', field: 'status', purpose: 'filter' },
      { name: 'GSI4', field: 'team_id', purpose: 'ref' },
      { name: 'GSI5', field: 'assignee_id', purpose: 'ref' },
    ]);
    expect(entityOf(ir, 'Team').indexes).toEqual([
      { name: 'GSI1', field: 'owner_id', purpose: 'owner' },
      { name: 'GSI2', field: 'name', purpose: 'unique' },
    ]);
    const ticket = entityOf(ir, 'Ticket');
    expect(ticket.fields.filter((f) => f.indexed).map((f) => f.name).sort()).toEqual(['assignee_id', 'priority', 'requester_id', 'status', 'team_id']);
    // Slots are full: the unique `reference` is not a filter.
    expect(fieldOf(ticket, 'reference').indexed).toBeUndefined();
  });

  it('at most five, with references to entities kept before optional filters', () => {
    const enums = Array.from({ length: 7 }, (_, i): SpecField => ({ name: `state_${i}`, type: 'enum', required: false, values: ['a', 'b'] }));
    const ir = build(
      spec((s) => {
        s.entities.push(entitySpec('Widget', [{ name: 'team_id', type: 'ref(Team)', required: false }, ...enums, { name: 'name', type: 'string', required: true }]));
        for (const role of s.roles) if (role.name === 'support_manager') role.rights.Widget = { create: 'all', read: 'all', update: 'all', delete: 'all' };
      }),
    );
    const widget = entityOf(ir, 'Widget');
    expect(widget.indexes.map((i) => `${i.name}:${i.field}`)).toEqual(['GSI1:owner_id', 'GSI2:state_0', 'GSI3:state_1', 'GSI4:state_2', 'GSI5:team_id']);
    const report = validateBlueprint(ir);
    expect(report.errors).toEqual([]);
    expect(report.warnings).toContainEqual(expect.objectContaining({ code: 'INDEX_SLOTS_FULL', path: `$.entities[4].indexes` }));
  });

  it('more references than slots: built anyway, and reported as TOO_MANY_INDEXES', () => {
    const refs = Array.from({ length: 5 }, (_, i): SpecField => ({ name: `team_${i}_id`, type: 'ref(Team)', required: false }));
    const ir = build(spec((s) => s.entities.push(entitySpec('Widget', [{ name: 'name', type: 'string', required: true }, ...refs]))));
    expect(entityOf(ir, 'Widget').indexes).toHaveLength(6);
    expect(validateBlueprint(ir).errors).toContainEqual(expect.objectContaining({ code: 'TOO_MANY_INDEXES', path: '$.entities[4].indexes' }));
  });
});

describe('files and workflows', () => {
  const ir = build(EXAMPLE_SPEC);

  it('collects every file field', () => {
    expect(ir.files).toEqual([
      { entity: 'Ticket', field: 'screenshot_key', contentTypes: ['image/png', 'image/jpeg', 'application/pdf'], maxBytes: 10485760 },
      { entity: 'Comment', field: 'attachment_key', contentTypes: ['image/*', 'text/plain'], maxBytes: 524288 },
    ]);
  });

  it('converts triggers and steps, durations in seconds', () => {
    expect(ir.workflows).toEqual([
      {
        name: 'first_response',
        description: 'Escalate a new ticket nobody answers within four hours, and remind the assignee before it is due.',
        trigger: { entity: 'Ticket', event: 'created' },
        steps: [
          { kind: 'waitForEvent', name: 'await_answer', events: ['answered', 'resolved'], timeoutSeconds: 14400, onTimeout: 'escalated' },
          { kind: 'task', name: 'notify_manager', retries: 3, backoffSeconds: 60 },
          { kind: 'waitUntil', name: 'before_due', field: 'due_at', offsetSeconds: -3600 },
          { kind: 'task', name: 'remind_assignee', retries: 0, backoffSeconds: 1 },
        ],
      },
      {
        name: 'satisfaction_survey',
        trigger: { entity: 'Ticket', event: 'updated', field: 'status', value: 'resolved' },
        steps: [
          { kind: 'wait', name: 'cool_down', seconds: 86400 },
          { kind: 'task', name: 'send_survey', retries: 2, backoffSeconds: 1 },
          { kind: 'waitForEvent', name: 'await_rating', events: ['rated'], timeoutSeconds: 604800 },
          { kind: 'task', name: 'close_ticket', retries: 0, backoffSeconds: 1 },
        ],
      },
    ]);
  });

  it('a workflow without a trigger is manual', () => {
    const built = build(spec((s) => (s.workflows[1]!.trigger = undefined)));
    expect(built.workflows[1]!.trigger).toEqual({ manual: true });
  });

  it.each([
    ['P1Y', 365 * 86400],
    ['P1M', 30 * 86400],
    ['P2W', 14 * 86400],
    ['PT30M', 1800],
    ['P1Y2M3DT4H5M6S', 365 * 86400 + 60 * 86400 + 3 * 86400 + 4 * 3600 + 5 * 60 + 6],
    ['-PT1H', -3600],
    ['+P1D', 86400],
    ['-PT0S', 0],
  ])('%s is %i seconds', (text, seconds) => {
    expect(durationSeconds(text)).toBe(seconds);
  });

  it.each(['', 'P', 'PT', '7D', 'P1.5D', 'PT1H2D'])('%j is not a duration', (text) => {
    expect(durationSeconds(text)).toBeUndefined();
  });
});

describe('buildBlueprintFromMarkdown', () => {
  it('a bad spec gives SPEC_PARSE_ERROR issues with their lines, never an exception', () => {
    const markdown = renderSpec(EXAMPLE_SPEC).replace('| priority | enum |', '| priority | colour |');
    const result = buildBlueprintFromMarkdown(markdown, CONTEXT);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.length).toBeGreaterThan(0);
    for (const error of result.errors) {
      expect(error.code).toBe('SPEC_PARSE_ERROR');
      expect(error.path).toMatch(/^spec\.line \d+$/);
    }
    const line = renderSpec(EXAMPLE_SPEC).split('\n').findIndex((l) => l.startsWith('| priority |')) + 1;
    expect(result.errors[0]).toEqual({ path: `spec.line ${line}`, code: 'SPEC_PARSE_ERROR', message: expect.stringContaining('colour') as unknown });
  });

  it.each([['empty', ''], ['prose', 'Build me a todo app with users.'], ['only a title', '# Todo\n'], ['binary', '\u0000\u0001#\n|||\n']])('%s -> ok: false', (_label, markdown) => {
    const result = buildBlueprintFromMarkdown(markdown, CONTEXT);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.every((e) => e.code === 'SPEC_PARSE_ERROR')).toBe(true);
  });

  it('an invalid context is a failed build with a report, not an exception', () => {
    const result = buildBlueprintFromMarkdown(renderSpec(EXAMPLE_SPEC), { projectId: '', specVersion: 0 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => [e.path, e.code])).toEqual([['$.specVersion', 'BUILD_FAILED'], ['$.project.id', 'BUILD_FAILED']]);
  });
});

describe('property: random valid specs', () => {
  const SEEDS = Array.from({ length: 150 }, (_, i) => i + 1);
  const LIMIT_CODES = ['WORKFLOW_TIMEOUT_TOO_LONG', 'WORKFLOW_PAYLOAD_TOO_LARGE', 'TOO_MANY_INDEXES'];

  it.each(SEEDS.map((seed) => [seed] as const))('seed %i builds into a zod-valid IR that validation judges without throwing', (seed) => {
    const document = randomSpec(seed);
    const ir = build(document, { projectId: `seed-${seed}`, specVersion: seed });
    const parsed = BlueprintIR.safeParse(ir);
    if (!parsed.success) throw new Error(`seed ${seed}: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
    expect(JSON.stringify(build(structuredClone(document), { projectId: `seed-${seed}`, specVersion: seed }))).toBe(JSON.stringify(ir));
    const report = validateBlueprint(ir);
    expect(report.valid).toBe(report.errors.length === 0);
    // A spec the checker accepts breaks no rule of the IR; only the limits of the platform can fail it.
    expect(report.errors.filter((e) => !LIMIT_CODES.includes(e.code))).toEqual([]);
    for (const issue of [...report.errors, ...report.warnings]) {
      expect(issue.path).toMatch(/^\$/);
      expect(issue.code).toMatch(/^[A-Z][A-Z0-9_]*$/);
    }
    // What the contract guarantees of every built IR, whatever the spec.
    for (const entity of ir.entities) {
      expect(entity.tenantScoped).toBe(document.tenancy === 'multi');
      expect(entity.fields.some((f) => f.name === 'org_id')).toBe(document.tenancy === 'multi');
      for (const field of entity.fields) if (field.default !== undefined) expect(field.required).toBe(false);
      for (const field of entity.fields) if (field.type === 'enum') expect(field.default).toBeDefined();
    }
    // The Markdown round trip builds the same IR.
    expect(buildBlueprintFromMarkdown(renderSpec(document), { projectId: `seed-${seed}`, specVersion: seed })).toEqual({ ok: true, ir });
  });
});
