/**
 * validateBlueprint: one bad IR per error code (each a small edit of the help desk example's IR,
 * which is valid), with the JSON path and code it must report; the warnings; and that nothing,
 * not even a value that is not an IR at all, makes it throw.
 */
import { buildBlueprint, buildBlueprintFromMarkdown } from '../../lambdas/core/blueprint/build-blueprint';
import { DEPLOY_LIMITS } from '../../lambdas/core/blueprint/deploy-limits';
import { projectRoutes } from '../../lambdas/core/blueprint/project-routes';
import { authorSpec } from '../../lambdas/core/spec/offline-author';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { syntheticDescription } from '../bench/author';
import type { BlueprintIR, IrEntity, IrField } from '../../lambdas/core/blueprint/ir';
import { collectionName } from '../../lambdas/core/blueprint/naming';
import { validateBlueprint, type Issue } from '../../lambdas/core/blueprint/validate-blueprint';
import { VALIDATION_ERROR_CODES } from '../../lambdas/core/blueprint/issues';
import { EXAMPLE_SPEC } from '../../lambdas/core/spec/spec-example';

const BASE: BlueprintIR = buildBlueprint(EXAMPLE_SPEC, { projectId: 'p1', specVersion: 1 });
const DAY = 86400;

// Indexes into BASE (multi-tenant, so five server-owned fields lead each entity).
const TEAM = 0;
const TICKET = 1;
const COMMENT = 2;
const ARTICLE = 3;

const entity = (ir: BlueprintIR, e: number): IrEntity => ir.entities[e] as IrEntity;
const field = (ir: BlueprintIR, e: number, name: string): IrField => {
  const found = entity(ir, e).fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};

/** A plain entity like Team (name field, owner index), with the administrative role's rights. */
function addEntity(ir: BlueprintIR, name: string, collection = collectionName(name)): void {
  const copy = structuredClone(entity(ir, TEAM));
  ir.entities.push({ ...copy, name, collection, description: undefined } as IrEntity);
  delete (ir.entities[ir.entities.length - 1] as { description?: string }).description;
  ir.roles[0]!.rights[name] = { create: 'all', read: 'all', update: 'all', delete: 'all' };
  ir.roles[1]!.rights[name] = { read: 'all' };
}

function textFields(count: number, max: number): IrField[] {
  return Array.from({ length: count }, (_, i) => ({ name: `notes_${i}`, type: 'text' as const, required: false, max }));
}

function mutated(edit: (ir: BlueprintIR) => void): BlueprintIR {
  const ir = structuredClone(BASE);
  edit(ir);
  return ir;
}

/** The IR node a JSON path names (`$.entities[1].fields[3].type`), or undefined. */
function resolve(root: unknown, path: string): { found: boolean; value: unknown } {
  const tokens = [...path.slice(1).matchAll(/\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : (m[1] ?? JSON.parse(`"${m[3]}"`))) as string | number);
  let node: unknown = root;
  for (const token of tokens) {
    if (node === null || typeof node !== 'object' || !(token in (node as object))) return { found: false, value: undefined };
    node = (node as Record<string | number, unknown>)[token];
  }
  return { found: true, value: node };
}
const parentOf = (path: string): string => path.replace(/(\.[A-Za-z_$][A-Za-z0-9_$]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])$/, '');

interface Case {
  code: string;
  path: string;
  edit: (ir: BlueprintIR) => void;
  /** The report holds exactly this one error (default); false when the edit rightly breaks other rules too. */
  only?: boolean;
}

const ERROR_CASES: [string, Case][] = [
  ['a ref to an unknown entity', { code: 'UNKNOWN_REF_TARGET', path: '$.entities[1].fields[10].ref.entity', edit: (ir) => (field(ir, TICKET, 'team_id').ref!.entity = 'Squad') }],
  [
    'a list of refs to an unknown entity',
    {
      code: 'UNKNOWN_REF_TARGET',
      path: '$.entities[0].fields[8].ref.entity',
      edit: (ir) => entity(ir, TEAM).fields.push({ name: 'squad_ids', type: 'list', items: { type: 'ref', ref: { entity: 'Squad' } }, ref: { entity: 'Squad', onDelete: 'restrict' }, required: false }),
    },
  ],
  ['two entities of one name', { code: 'DUPLICATE_NAME', path: '$.entities[4].name', edit: (ir) => ir.entities.push(structuredClone(entity(ir, TEAM))) }],
  [
    'two collections that collide after pluralization',
    {
      code: 'DUPLICATE_NAME',
      path: '$.entities[5].collection',
      edit: (ir) => {
        addEntity(ir, 'Person');
        addEntity(ir, 'People');
      },
    },
  ],
  ['two fields of one name', { code: 'DUPLICATE_NAME', path: '$.entities[0].fields[8].name', edit: (ir) => entity(ir, TEAM).fields.push({ name: 'email', type: 'email', required: false, format: 'email' }) }],
  ['two roles of one name', { code: 'DUPLICATE_NAME', path: '$.roles[3].name', edit: (ir) => ir.roles.push(structuredClone(ir.roles[1]!)) }],
  ['two workflows of one name', { code: 'DUPLICATE_NAME', path: '$.workflows[2].name', edit: (ir) => ir.workflows.push(structuredClone(ir.workflows[0]!)) }],
  ['two steps of one name', { code: 'DUPLICATE_NAME', path: '$.workflows[0].steps[1].name', edit: (ir) => (ir.workflows[0]!.steps[1]!.name = 'await_answer') }],
  ['an enum value listed twice', { code: 'DUPLICATE_NAME', path: '$.entities[1].fields[7].enum[2]', edit: (ir) => (field(ir, TICKET, 'priority').enum = ['low', 'normal', 'low']) }],
  ['an event listed twice', { code: 'DUPLICATE_NAME', path: '$.workflows[0].steps[0].events[1]', edit: (ir) => ((ir.workflows[0]!.steps[0] as { events: string[] }).events = ['answered', 'answered']) }],
  ['an entity named Organization', { code: 'RESERVED_NAME', path: '$.entities[4].name', edit: (ir) => addEntity(ir, 'Organization') }],
  ['an entity named User', { code: 'RESERVED_NAME', path: '$.entities[4].name', edit: (ir) => addEntity(ir, 'User') }],
  ['an entity named Invitation', { code: 'RESERVED_NAME', path: '$.entities[4].name', edit: (ir) => addEntity(ir, 'Invitation') }],
  ['an entity named Attachment', { code: 'RESERVED_NAME', path: '$.entities[4].name', edit: (ir) => addEntity(ir, 'Attachment') }],
  ['an entity named Auth', { code: 'RESERVED_NAME', path: '$.entities[4].name', edit: (ir) => addEntity(ir, 'Auth') }],
  ['an entity named Workflow', { code: 'RESERVED_NAME', path: '$.entities[4].name', edit: (ir) => addEntity(ir, 'Workflow') }],
  ['an entity named Admin', { code: 'RESERVED_NAME', path: '$.entities[4].name', edit: (ir) => addEntity(ir, 'Admin') }],
  ['a collection named like a service route', { code: 'RESERVED_NAME', path: '$.entities[4].collection', edit: (ir) => addEntity(ir, 'Crew', 'well-known') }],
  [
    'a filterable field named like a list parameter',
    {
      code: 'RESERVED_NAME',
      path: '$.entities[0].fields[8].name',
      edit: (ir) => {
        entity(ir, TEAM).fields.push({ name: 'cursor', type: 'boolean', required: false, indexed: true });
        entity(ir, TEAM).indexes.push({ name: 'GSI3', field: 'cursor', purpose: 'filter' });
      },
    },
  ],
  ['a declared field named like a server field, of another type', { code: 'SERVER_FIELD_CONFLICT', path: '$.entities[0].fields[8].type', edit: (ir) => entity(ir, TEAM).fields.push({ name: 'created_at', type: 'string', required: false }) }],
  ['a server field of the wrong type', { code: 'SERVER_FIELD_CONFLICT', path: '$.entities[0].fields[0].type', edit: (ir) => (entity(ir, TEAM).fields[0]!.type = 'integer') }],
  ['a server field not flagged', { code: 'SERVER_FIELD_CONFLICT', path: '$.entities[0].fields[3].serverOwned', edit: (ir) => delete entity(ir, TEAM).fields[3]!.serverOwned }],
  ['a spec field flagged server-owned', { code: 'SERVER_FIELD_CONFLICT', path: '$.entities[0].fields[5].serverOwned', edit: (ir) => (field(ir, TEAM, 'name').serverOwned = true) }],
  ['a server field missing', { code: 'SERVER_FIELD_MISSING', path: '$.entities[0].fields', edit: (ir) => entity(ir, TEAM).fields.splice(4, 1) }],
  ['an enum without values', { code: 'ENUM_WITHOUT_VALUES', path: '$.entities[1].fields[7].enum', edit: (ir) => (field(ir, TICKET, 'priority').enum = []) }],
  ['an enum whose values are absent', { code: 'ENUM_WITHOUT_VALUES', path: '$.entities[3].fields[8].enum', edit: (ir) => delete field(ir, ARTICLE, 'language').enum }],
  [
    'a list of enums without values',
    { code: 'ENUM_WITHOUT_VALUES', path: '$.entities[0].fields[8].items.enum', edit: (ir) => entity(ir, TEAM).fields.push({ name: 'skills', type: 'list', items: { type: 'enum' }, required: false }) },
  ],
  [
    'an owner-level endpoint on an entity without a user owner',
    {
      code: 'OWNER_LEVEL_WITHOUT_OWNER',
      path: '$.entities[0].operations.delete.level',
      only: false,
      edit: (ir) => {
        entity(ir, TEAM).ownerField = 'name';
        entity(ir, TEAM).operations.delete.level = 'owner';
      },
    },
  ],
  ['an owner field that is not a user reference', { code: 'OWNER_FIELD_INVALID', path: '$.entities[1].ownerField', only: false, edit: (ir) => (entity(ir, TICKET).ownerField = 'subject') }],
  ['an own-only right on an entity without a user owner', { code: 'OWN_RIGHT_WITHOUT_OWNER', path: '$.roles[2].rights.Ticket.read', only: false, edit: (ir) => (entity(ir, TICKET).ownerField = 'subject') }],
  ['an owner-level create', { code: 'INVALID_LEVEL', path: '$.entities[0].operations.create.level', edit: (ir) => (entity(ir, TEAM).operations.create.level = 'owner') }],
  ['a multi-tenant project without the org_id claim', { code: 'TENANCY_INCONSISTENT', path: '$.tenancy', edit: (ir) => (ir.tenancy.claim = null) }],
  ['a single-tenant project with a tenant entity', { code: 'TENANCY_INCONSISTENT', path: '$.tenancy', edit: (ir) => (ir.tenancy = { mode: 'single', tenantEntity: 'Organization', claim: null }), only: false }],
  ['an entity not tenant-scoped in a multi-tenant project', { code: 'TENANCY_INCONSISTENT', path: '$.entities[2].tenantScoped', edit: (ir) => (entity(ir, COMMENT).tenantScoped = false) }],
  ['a multi-tenant entity without org_id', { code: 'TENANCY_INCONSISTENT', path: '$.entities[0].fields', edit: (ir) => entity(ir, TEAM).fields.splice(1, 1) }],
  [
    'org_id in a single-tenant project',
    {
      code: 'TENANCY_INCONSISTENT',
      path: '$.entities[0].fields[5]',
      edit: (ir) => {
        const single = buildBlueprint({ ...structuredClone(EXAMPLE_SPEC), tenancy: 'single' }, { projectId: 'p1', specVersion: 1 });
        Object.assign(ir, single);
        entity(ir, TEAM).fields.splice(5, 0, { name: 'org_id', type: 'string', required: false });
      },
    },
  ],
  [
    'more than five indexes',
    {
      code: 'TOO_MANY_INDEXES',
      path: '$.entities[1].indexes',
      edit: (ir) => {
        entity(ir, TICKET).indexes.push({ name: 'GSI6', field: 'reference', purpose: 'unique' });
        field(ir, TICKET, 'reference').indexed = true;
      },
    },
  ],
  ['a GSI the table does not have', { code: 'TOO_MANY_INDEXES', path: '$.entities[0].indexes[1].name', edit: (ir) => (entity(ir, TEAM).indexes[1]!.name = 'GSI9') }],
  ['two indexes on one GSI', { code: 'DUPLICATE_NAME', path: '$.entities[0].indexes[1].name', edit: (ir) => (entity(ir, TEAM).indexes[1]!.name = 'GSI1') }],
  ['an index on an unknown field', { code: 'INVALID_INDEX', path: '$.entities[0].indexes[1].field', only: false, edit: (ir) => (entity(ir, TEAM).indexes[1]!.field = 'nickname') }],
  [
    'an index on a text field',
    {
      code: 'INVALID_INDEX',
      path: '$.entities[3].indexes[3].field',
      edit: (ir) => {
        entity(ir, ARTICLE).indexes.push({ name: 'GSI4', field: 'body', purpose: 'filter' });
        field(ir, ARTICLE, 'body').indexed = true;
      },
    },
  ],
  ['a field marked indexed without an index', { code: 'INVALID_INDEX', path: '$.entities[0].fields[6].indexed', edit: (ir) => (field(ir, TEAM, 'email').indexed = true) }],
  [
    'a reference to an entity without an index',
    {
      code: 'INDEX_MISSING',
      path: '$.entities[2].fields[5]',
      edit: (ir) => {
        entity(ir, COMMENT).indexes = entity(ir, COMMENT).indexes.filter((i) => i.field !== 'ticket_id');
        delete field(ir, COMMENT, 'ticket_id').indexed;
      },
    },
  ],
  ['a wait above one year', { code: 'WORKFLOW_TIMEOUT_TOO_LONG', path: '$.workflows[1].steps[0].seconds', edit: (ir) => ((ir.workflows[1]!.steps[0] as { seconds: number }).seconds = 400 * DAY) }],
  ['an event timeout above one year', { code: 'WORKFLOW_TIMEOUT_TOO_LONG', path: '$.workflows[0].steps[0].timeoutSeconds', edit: (ir) => ((ir.workflows[0]!.steps[0] as { timeoutSeconds: number }).timeoutSeconds = 367 * DAY) }],
  ['retries whose delays add up above one year', { code: 'WORKFLOW_TIMEOUT_TOO_LONG', path: '$.workflows[0].steps[1].retries', edit: (ir) => ((ir.workflows[0]!.steps[1] as { retries: number }).retries = 20) }],
  [
    'steps that add up above one year',
    {
      code: 'WORKFLOW_TIMEOUT_TOO_LONG',
      path: '$.workflows[1].steps',
      edit: (ir) => {
        (ir.workflows[1]!.steps[0] as { seconds: number }).seconds = 200 * DAY;
        (ir.workflows[1]!.steps[2] as { timeoutSeconds: number }).timeoutSeconds = 200 * DAY;
      },
    },
  ],
  ['a triggering record above 256 KB', { code: 'WORKFLOW_PAYLOAD_TOO_LARGE', path: '$.workflows[0].trigger', only: false, edit: (ir) => entity(ir, TICKET).fields.push(...textFields(20, 5000)) }],
  ['a branch to a step the workflow does not have', { code: 'WORKFLOW_UNKNOWN_TARGET', path: '$.workflows[0].steps[1].next', edit: (ir) => (ir.workflows[0]!.steps[1]!.next = { step: 'ghost' }) }],
  ['a task that leads back to itself', { code: 'WORKFLOW_LOOP_WITHOUT_WAIT', path: '$.workflows[0].steps', edit: (ir) => (ir.workflows[0]!.steps[1]!.next = { step: 'notify_manager' }) }],
  [
    'a waited-for record whose field does not point at the triggering record',
    {
      code: 'WAIT_FOR_RECORD_INVALID',
      path: '$.workflows[0].steps[0].change.field',
      edit: (ir) => (ir.workflows[0]!.steps[0] = { kind: 'waitForRecord', name: 'await_answer', timeoutSeconds: 3600, change: { kind: 'created', entity: 'Comment', field: 'body' } }),
    },
  ],
  [
    'an update of a field the record does not have',
    { code: 'TASK_ACTION_INVALID', path: '$.workflows[0].steps[1].action.set[0]', edit: (ir) => Object.assign(ir.workflows[0]!.steps[1]!, { action: { type: 'update', set: [{ field: 'nickname', value: 'x' }] } }) },
  ],
  [
    'a scheduled job whose date never comes (31 February)',
    { code: 'SCHEDULE_INVALID', path: '$.schedules[0].expression', edit: (ir) => (ir.schedules = [{ name: 'close_stale', expression: 'cron(0 0 31 2 ? *)', timezone: 'UTC', actions: [{ type: 'call', endpoint: 'cleanup' }] }]) },
  ],
  [
    'a scheduled job filtering its records on a field without an index',
    {
      code: 'RECORD_QUERY_INVALID',
      path: '$.schedules[0].records.where[0].field',
      edit: (ir) => (ir.schedules = [{ name: 'close_stale', expression: 'rate(1 day)', timezone: 'UTC', records: { entity: 'Ticket', where: [{ field: 'title', value: 'x' }] }, actions: [{ type: 'update', set: [{ field: 'status', value: 'closed' }] }] }]),
    },
  ],
  ['rights on an unknown entity', { code: 'ROLE_UNKNOWN_ENTITY', path: '$.roles[1].rights.Ghost', edit: (ir) => (ir.roles[1]!.rights.Ghost = { read: 'all' }) }],
  ['an administrative role that is not a role', { code: 'ADMIN_ROLE_MISSING', path: '$.adminRole', only: false, edit: (ir) => (ir.adminRole = 'boss') }],
  ['an administrative role not marked admin', { code: 'ADMIN_ROLE_MISSING', path: '$.roles[0].admin', edit: (ir) => (ir.roles[0]!.admin = false) }],
  ['a second role marked admin', { code: 'ADMIN_ROLE_CONFLICT', path: '$.roles[1].admin', only: false, edit: (ir) => (ir.roles[1]!.admin = true) }],
  ['an administrative role lacking a right', { code: 'ADMIN_RIGHTS_INCOMPLETE', path: '$.roles[0].rights.Team', edit: (ir) => (ir.roles[0]!.rights.Team = { read: 'all' }) }],
  ['a default role that is not a role', { code: 'DEFAULT_ROLE_MISSING', path: '$.defaultRole', edit: (ir) => (ir.defaultRole = 'guest') }],
  [
    'a file field without content types or size',
    {
      code: 'FILE_FIELD_WITHOUT_LIMITS',
      path: '$.entities[1].fields[16].file',
      edit: (ir) => {
        field(ir, TICKET, 'screenshot_key').file = { contentTypes: [], maxBytes: 0 };
        ir.files[0] = { ...ir.files[0]!, contentTypes: [], maxBytes: 0 };
      },
    },
  ],
  [
    'a file field above 5 GB',
    {
      code: 'FILE_LIMIT_TOO_LARGE',
      path: '$.entities[1].fields[16].file.maxBytes',
      edit: (ir) => {
        field(ir, TICKET, 'screenshot_key').file!.maxBytes = 6 * 1024 ** 3;
        ir.files[0]!.maxBytes = 6 * 1024 ** 3;
      },
    },
  ],
  [
    'a malformed content type',
    {
      code: 'INVALID_CONTENT_TYPE',
      path: '$.entities[1].fields[16].file.contentTypes[1]',
      edit: (ir) => {
        field(ir, TICKET, 'screenshot_key').file!.contentTypes[1] = 'jpeg';
        ir.files[0]!.contentTypes[1] = 'jpeg';
      },
    },
  ],
  ['a file field missing from files', { code: 'FILES_INCONSISTENT', path: '$.files', edit: (ir) => ir.files.pop() }],
  ['files listing a field that is not a file', { code: 'FILES_INCONSISTENT', path: '$.files[2]', edit: (ir) => ir.files.push({ entity: 'Team', field: 'name', contentTypes: ['image/*'], maxBytes: 1 }) }],
  ['an empty range', { code: 'INVALID_RANGE', path: '$.entities[1].fields[5].min', edit: (ir) => (field(ir, TICKET, 'subject').min = 200) }],
  ['a range on a boolean', { code: 'INVALID_RANGE', path: '$.entities[2].fields[7].max', edit: (ir) => (field(ir, COMMENT, 'internal').max = 3) }],
  ['a negative length', { code: 'INVALID_RANGE', path: '$.entities[1].fields[13].max', edit: (ir) => (field(ir, TICKET, 'tags').max = -1) }],
  ['an enum default outside its values', { code: 'INVALID_DEFAULT', path: '$.entities[1].fields[7].default', edit: (ir) => (field(ir, TICKET, 'priority').default = 'huge') }],
  ['a number default outside its range', { code: 'INVALID_DEFAULT', path: '$.entities[0].fields[7].default', edit: (ir) => (field(ir, TEAM, 'max_open_tickets').default = -5) }],
  ['a default on a reference', { code: 'INVALID_DEFAULT', path: '$.entities[1].fields[12].default', edit: (ir) => (field(ir, TICKET, 'assignee_id').default = 'u1') }],
  ['a malformed date default', { code: 'INVALID_DEFAULT', path: '$.entities[1].fields[14].default', edit: (ir) => (field(ir, TICKET, 'due_at').default = 'tomorrow') }],
  ['a required field with a default', { code: 'REQUIRED_WITH_DEFAULT', path: '$.entities[1].fields[7].required', edit: (ir) => (field(ir, TICKET, 'priority').required = true) }],
  ['a unique boolean', { code: 'UNIQUE_NOT_SUPPORTED', path: '$.entities[2].fields[7].unique', edit: (ir) => (field(ir, COMMENT, 'internal').unique = true) }],
  ['set_null on a required reference', { code: 'INVALID_ON_DELETE', path: '$.entities[1].fields[10].ref.onDelete', edit: (ir) => (field(ir, TICKET, 'team_id').ref!.onDelete = 'set_null') }],
  ['a list without items', { code: 'TYPE_SHAPE_INVALID', path: '$.entities[1].fields[13].items', edit: (ir) => delete field(ir, TICKET, 'tags').items }],
  ['a reference without a target', { code: 'TYPE_SHAPE_INVALID', path: '$.entities[1].fields[12].ref', edit: (ir) => delete field(ir, TICKET, 'assignee_id').ref }],
  ['enum values on a string', { code: 'TYPE_SHAPE_INVALID', path: '$.entities[0].fields[5].enum', edit: (ir) => (field(ir, TEAM, 'name').enum = ['a']) }],
  ['upload rules on a text', { code: 'TYPE_SHAPE_INVALID', path: '$.entities[2].fields[6].file', edit: (ir) => (field(ir, COMMENT, 'body').file = { contentTypes: ['text/plain'], maxBytes: 10 }) }],
  ['a trigger on an unknown entity', { code: 'TRIGGER_UNKNOWN_ENTITY', path: '$.workflows[0].trigger.entity', edit: (ir) => ((ir.workflows[0]!.trigger as { entity: string }).entity = 'Ghost') }],
  ['a trigger on an unknown field', { code: 'TRIGGER_UNKNOWN_FIELD', path: '$.workflows[1].trigger.field', edit: (ir) => ((ir.workflows[1]!.trigger as { field: string }).field = 'mood') }],
  ['a trigger value the enum does not have', { code: 'TRIGGER_INVALID_VALUE', path: '$.workflows[1].trigger.value', edit: (ir) => ((ir.workflows[1]!.trigger as { value: string }).value = 'archived') }],
  ['a field trigger on creation', { code: 'TRIGGER_INVALID', path: '$.workflows[1].trigger.event', edit: (ir) => ((ir.workflows[1]!.trigger as { event: string }).event = 'created') }],
  ['a field trigger without a value', { code: 'TRIGGER_INVALID', path: '$.workflows[1].trigger', edit: (ir) => delete (ir.workflows[1]!.trigger as { value?: string }).value }],
  ['waitUntil on a field that is not a date', { code: 'WAIT_UNTIL_INVALID_FIELD', path: '$.workflows[0].steps[2].field', edit: (ir) => ((ir.workflows[0]!.steps[2] as { field: string }).field = 'subject') }],
  ['waitUntil in a manual workflow', { code: 'WAIT_UNTIL_INVALID_FIELD', path: '$.workflows[0].steps[2].field', edit: (ir) => (ir.workflows[0]!.trigger = { manual: true }) }],
  ['waitForEvent without events', { code: 'WAIT_FOR_EVENT_WITHOUT_EVENTS', path: '$.workflows[0].steps[0].events', edit: (ir) => ((ir.workflows[0]!.steps[0] as { events: string[] }).events = []) }],
  ['a workflow without steps', { code: 'WORKFLOW_WITHOUT_STEPS', path: '$.workflows[1].steps', edit: (ir) => (ir.workflows[1]!.steps = []) }],
  ['a CORS origin with a path', { code: 'INVALID_CORS_ORIGIN', path: '$.cors.allowedOrigins[1]', edit: (ir) => (ir.cors.allowedOrigins = ['https://app.example.com', 'https://app.example.com/admin']) }],
  ['a field name that is not snake_case', { code: 'INVALID_NAME', path: '$.entities[0].fields[6].name', edit: (ir) => (field(ir, TEAM, 'email').name = 'Email') }],
  ['a role name that is not snake_case', { code: 'INVALID_NAME', path: '$.roles[1].name', edit: (ir) => (ir.roles[1]!.name = 'Agent') }],
  ['an entity name that is not PascalCase', { code: 'INVALID_NAME', path: '$.entities[4].name', edit: (ir) => addEntity(ir, 'crew_team', 'crews') }],
];

describe('the example IR', () => {
  it('is valid, with only advice', () => {
    const report = validateBlueprint(BASE);
    expect(report).toEqual({ valid: true, errors: [], warnings: [expect.objectContaining({ code: 'ENTITY_WITHOUT_TITLE', path: '$.entities[2].fields' }) as Issue] });
  });

  it('the single-tenant variant is valid too', () => {
    const single = buildBlueprint({ ...structuredClone(EXAMPLE_SPEC), tenancy: 'single' }, { projectId: 'p1', specVersion: 1 });
    expect(validateBlueprint(single).errors).toEqual([]);
  });
});

describe('errors: one bad IR per code', () => {
  it.each(ERROR_CASES)('%s', (_label, { code, path, edit, only = true }) => {
    const ir = mutated(edit);
    const report = validateBlueprint(ir);
    expect(report.valid).toBe(false);
    expect(report.errors).toContainEqual({ path, code, message: expect.any(String) as unknown });
    if (only) expect(report.errors.map((e) => `${e.code} ${e.path}`)).toEqual([`${code} ${path}`]);
    // The path names the offending node (or, for a missing node, the place it belongs).
    expect(resolve(ir, path).found || resolve(ir, parentOf(path)).found).toBe(true);
    for (const error of report.errors) expect(error.message.length).toBeGreaterThan(10);
  });

  it('covers every error code the validator has (VALIDATION_ERROR_CODES), except SCHEMA_INVALID and VALIDATION_CRASHED', () => {
    const covered = new Set(ERROR_CASES.map(([, c]) => c.code));
    const documented = VALIDATION_ERROR_CODES.filter((code) => code !== 'SCHEMA_INVALID' && code !== 'VALIDATION_CRASHED');
    expect(documented.filter((code) => !covered.has(code))).toEqual([]);
  });

  it('does not change the IR it judges', () => {
    const ir = mutated((x) => (x.defaultRole = 'guest'));
    const before = JSON.stringify(ir);
    validateBlueprint(ir);
    expect(JSON.stringify(ir)).toBe(before);
  });
});

describe('warnings', () => {
  it.each<[string, Case]>([
    [
      'an entity only the administrative role can read',
      {
        code: 'ENTITY_UNREADABLE',
        path: '$.entities[2]',
        edit: (ir) => {
          delete ir.roles[1]!.rights.Comment!.read;
          delete ir.roles[2]!.rights.Comment!.read;
        },
      },
    ],
    ['a role with no rights', { code: 'ROLE_WITHOUT_RIGHTS', path: '$.roles[2].rights', edit: (ir) => (ir.roles[2]!.rights = { Team: {}, Ticket: {}, Comment: {}, Article: {} }) }],
    ['a public create', { code: 'PUBLIC_WRITE', path: '$.entities[3].operations.create.level', edit: (ir) => (entity(ir, ARTICLE).operations.create.level = 'public') }],
    ['an entity without a name or title', { code: 'ENTITY_WITHOUT_TITLE', path: '$.entities[2].fields', edit: () => undefined }],
    ['filters left without an index', { code: 'INDEX_SLOTS_FULL', path: '$.entities[1].indexes', edit: (ir) => entity(ir, TICKET).fields.push({ name: 'urgent', type: 'boolean', required: false }) }],
    [
      'an owner field without an index',
      {
        code: 'OWNER_NOT_INDEXED',
        path: '$.entities[0].indexes',
        edit: (ir) => {
          entity(ir, TEAM).indexes.shift();
          delete field(ir, TEAM, 'owner_id').indexed;
        },
      },
    ],
    [
      'a list of references',
      { code: 'LIST_REF_UNCHECKED', path: '$.entities[0].fields[8].ref', edit: (ir) => entity(ir, TEAM).fields.push({ name: 'ticket_ids', type: 'list', items: { type: 'ref', ref: { entity: 'Ticket' } }, ref: { entity: 'Ticket', onDelete: 'restrict' }, required: false }) },
    ],
    ['a record that may not fit a DynamoDB item', { code: 'RECORD_MAY_EXCEED_ITEM_LIMIT', path: '$.entities[0].fields', edit: (ir) => entity(ir, TEAM).fields.push(...textFields(30, 5000)) }],
    ['the administrative role as the default', { code: 'DEFAULT_ROLE_IS_ADMIN', path: '$.defaultRole', edit: (ir) => (ir.defaultRole = 'support_manager') }],
    ['no CORS origin', { code: 'NO_CORS_ORIGINS', path: '$.cors.allowedOrigins', edit: (ir) => (ir.cors.allowedOrigins = []) }],
    [
      'no entity',
      {
        code: 'NO_ENTITIES',
        path: '$.entities',
        edit: (ir) => {
          ir.entities = [];
          ir.files = [];
          ir.workflows = [];
          for (const role of ir.roles) role.rights = {};
        },
      },
    ],
  ])('%s', (_label, { code, path, edit }) => {
    const ir = mutated(edit);
    const report = validateBlueprint(ir);
    expect(report.errors).toEqual([]);
    expect(report.valid).toBe(true);
    expect(report.warnings).toContainEqual({ path, code, message: expect.any(String) as unknown });
    expect(resolve(ir, path).found).toBe(true);
  });
});

describe('what is not an error', () => {
  it("DynamoDB's reserved words as entity and field names (expressions use placeholders)", () => {
    const ir = mutated((x) => {
      addEntity(x, 'Order');
      for (const name of ['size', 'timestamp', 'year', 'comment', 'data', 'status_code']) entity(x, 4).fields.push({ name, type: 'string', required: false });
    });
    expect(validateBlueprint(ir).errors).toEqual([]);
  });

  it('a year-long wait: P1Y is 365 days, and a workflow may wait 366 days in all', () => {
    const ir = mutated((x) => {
      (x.workflows[1]!.steps[0] as { seconds: number }).seconds = 365 * DAY;
      // send_survey's two retries may wait 1 + 2 s.
      (x.workflows[1]!.steps[2] as { timeoutSeconds: number }).timeoutSeconds = DAY - 3;
    });
    expect(validateBlueprint(ir).errors).toEqual([]);
    (ir.workflows[1]!.steps[2] as { timeoutSeconds: number }).timeoutSeconds = DAY - 2;
    expect(validateBlueprint(ir).errors.map((e) => `${e.code} ${e.path}`)).toEqual(['WORKFLOW_TIMEOUT_TOO_LONG $.workflows[1].steps']);
  });

  it('a record near the payload limit but under it', () => {
    const ir = mutated((x) => entity(x, TICKET).fields.push(...textFields(10, 5000)));
    expect(validateBlueprint(ir).errors).toEqual([]);
  });
});

describe('never throws', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string', 'blueprint'],
    ['an array', []],
    ['an empty object', {}],
    ['another IR version', { ...structuredClone(BASE), irVersion: 2 }],
    ['an unknown key', { ...structuredClone(BASE), extra: true }],
    ['entities that are not a list', { ...structuredClone(BASE), entities: { Team: {} } }],
    ['a field of an unknown type', mutated((x) => ((field(x, TEAM, 'name') as { type: string }).type = 'money'))],
  ])('%s -> SCHEMA_INVALID', (_label, value) => {
    const report = validateBlueprint(value as BlueprintIR);
    expect(report.valid).toBe(false);
    expect(report.errors.length).toBeGreaterThan(0);
    expect(report.errors.every((e) => e.code === 'SCHEMA_INVALID' && e.path.startsWith('$'))).toBe(true);
  });

  it('points schema errors at the node', () => {
    const report = validateBlueprint(mutated((x) => ((field(x, TEAM, 'name') as { type: string }).type = 'money')));
    expect(report.errors.map((e) => e.path)).toEqual(['$.entities[0].fields[5].type']);
  });
});

describe('AWS limits of the deployed project (warnings: the blueprint still runs locally)', () => {
  const irWith = (entities: number) => {
    const built = buildBlueprintFromMarkdown(renderSpec(authorSpec({ name: 'Big', description: syntheticDescription(entities) })), { projectId: 'big', specVersion: 1 });
    if (!built.ok) throw new Error(JSON.stringify(built.errors.slice(0, 2)));
    return built.ir;
  };
  const codes = (entities: number) => validateBlueprint(irWith(entities)).warnings.map((w) => w.code).filter((c) => c.startsWith('TOO_MANY'));

  it('says nothing for an ordinary project', () => {
    expect(codes(10)).toEqual([]);
  });
  it('warns past API Gateway\'s 300 routes per HTTP API', () => {
    const ir = irWith(60);
    const routes = projectRoutes(ir).length + 1;
    expect(routes).toBeGreaterThan(DEPLOY_LIMITS.routesPerHttpApi);
    const report = validateBlueprint(ir);
    expect(report.valid).toBe(true);
    expect(report.warnings.filter((w) => w.code.startsWith('TOO_MANY'))).toEqual([{ path: '$.entities', code: 'TOO_MANY_ROUTES', message: expect.stringContaining(`${routes} routes`) }]);
  });
  it("warns past CloudFormation's 500 resources per stack", () => {
    expect(codes(90)).toEqual(['TOO_MANY_RESOURCES']);
  });
});
