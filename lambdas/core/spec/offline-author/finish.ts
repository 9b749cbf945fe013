/**
 * The last pass before a SpecDocument leaves the author: names made valid and unique, owner
 * fields checked, rights and access rules limited to existing record types, workflows with valid
 * steps, and the whole checked against the zod model (a failure there is a bug of the author).
 */
import { checkSpec } from '../check-spec';
import { SpecDocument, type SpecEntity, type SpecWorkflow } from '../spec-model';
import { isServerFieldName, SNAKE_NAME, USER_ENTITY } from '../../vocabulary';
import { refTarget } from './relations';
import { snakeCase } from '../../text/case';

export function finishSpec(doc: SpecDocument): SpecDocument {
  const names = new Set(doc.entities.map((e) => e.name));
  for (const e of doc.entities) cleanEntity(e, names);
  const seenRoles = new Set<string>();
  doc.roles = doc.roles.filter((r) => SNAKE_NAME.test(r.name) && !seenRoles.has(r.name) && seenRoles.add(r.name));
  for (const r of doc.roles) {
    for (const entity of Object.keys(r.rights)) {
      const rights = r.rights[entity]!;
      if (!names.has(entity) || Object.keys(rights).length === 0) delete r.rights[entity];
    }
  }
  if (!doc.roles.some((r) => r.name === doc.adminRole)) doc.adminRole = doc.roles[0]?.name ?? 'admin';
  if (!doc.roles.some((r) => r.name === doc.defaultRole)) doc.defaultRole = doc.adminRole;
  const seenAccess = new Set<string>();
  // An `authenticated` row restates the default; it is kept when the text said so explicitly.
  doc.access = doc.access.filter(
    (a) => !(a.level === 'owner' && a.operation === 'create') && names.has(a.entity) && !seenAccess.has(`${a.entity}.${a.operation}`) && seenAccess.add(`${a.entity}.${a.operation}`),
  );
  const wfNames = new Set<string>();
  doc.workflows = doc.workflows.filter((w) => cleanWorkflow(w, doc.entities) && !wfNames.has(w.name) && wfNames.add(w.name));
  if (doc.tenancy === 'single') singleTenantWording(doc);
  repair(doc);
  return SpecDocument.parse(doc);
}

/** A single-tenant spec never says "multi-tenant" or "org_id" (the format's rule), not even in free text. */
export function singleTenantWording(doc: SpecDocument): void {
  const fix = (text: string | undefined) =>
    text
      ?.replace(/\b(?:not|never|no longer)\s+(?:an?\s+)?multi-tenant\b/gi, 'single-tenant')
      .replace(/\bmulti-tenant\b/gi, 'single-tenant')
      .replace(/\borg_id\b/gi, 'organization');
  doc.overview = fix(doc.overview) ?? '';
  for (const e of doc.entities) if (e.description !== undefined) e.description = fix(e.description);
  for (const r of doc.roles) if (r.description !== undefined) r.description = fix(r.description);
  for (const w of [...doc.workflows, ...(doc.events ?? []), ...(doc.schedules ?? [])]) if (w.description !== undefined) w.description = fix(w.description);
  // Names and values too (a role or a value the description happened to call org_id).
  const fixed = JSON.parse(JSON.stringify(doc).replace(/org_id/gi, 'organization_id').replace(/multi-tenant/gi, 'single-tenant')) as SpecDocument;
  Object.assign(doc, fixed, { tenancy: 'single' });
}

/**
 * The last safety net: whatever the consistency check still finds is dropped (a field's
 * default or bounds, then the field; an access rule; a workflow, a handler, a job), so the author always returns
 * a spec that renders to Markdown the parser accepts.
 */
function repair(doc: SpecDocument): void {
  for (let round = 0; round < 5; round += 1) {
    const issues = checkSpec(doc);
    if (issues.length === 0) return;
    const dropFields = new Map<number, Set<number>>();
    const dropAccess = new Set<number>();
    const dropWorkflows = new Set<number>();
    const dropEvents = new Set<number>();
    const dropSchedules = new Set<number>();
    for (const issue of issues) {
      const p = issue.path.split('.');
      if (p[0] === 'entities' && p[2] === 'fields' && p[3] !== undefined) {
        const e = doc.entities[Number(p[1])];
        const f = e?.fields[Number(p[3])];
        if (!e || !f) continue;
        if (round === 0) {
          delete f.default;
          delete f.min;
          delete f.max;
          delete f.notes;
          delete f.unique;
          if (f.onDelete === 'set_null' && f.required) f.onDelete = 'restrict';
        } else {
          const set = dropFields.get(Number(p[1])) ?? new Set<number>();
          set.add(Number(p[3]));
          dropFields.set(Number(p[1]), set);
        }
      } else if (p[0] === 'entities' && p[2] === 'ownerField') {
        delete doc.entities[Number(p[1])]!.ownerField;
      } else if (p[0] === 'entities' && p[2] === 'description') {
        delete doc.entities[Number(p[1])]!.description;
      } else if (p[0] === 'access' && p[1] !== undefined) {
        dropAccess.add(Number(p[1]));
      } else if (p[0] === 'workflows' && p[1] !== undefined) {
        dropWorkflows.add(Number(p[1]));
      } else if (p[0] === 'events' && p[1] !== undefined) {
        dropEvents.add(Number(p[1]));
      } else if (p[0] === 'schedules' && p[1] !== undefined) {
        dropSchedules.add(Number(p[1]));
      } else if (p[0] === 'overview') {
        doc.overview = doc.overview.replace(/^#+\s*/gm, '').replace(/^\s*\|/gm, '');
      }
    }
    for (const [e, fields] of dropFields) {
      const entity = doc.entities[e]!;
      entity.fields = entity.fields.filter((_, i) => !fields.has(i));
      if (entity.fields.length === 0) entity.fields.push({ name: 'name', type: 'string', required: true });
    }
    doc.access = doc.access.filter((_, i) => !dropAccess.has(i));
    doc.workflows = doc.workflows.filter((_, i) => !dropWorkflows.has(i));
    // A handler or a job that no longer fits the spec (a field it names was removed) goes, and its section with the last one.
    const events = doc.events?.filter((_, i) => !dropEvents.has(i));
    if (events?.length) doc.events = events;
    else delete doc.events;
    const schedules = doc.schedules?.filter((_, i) => !dropSchedules.has(i));
    if (schedules?.length) doc.schedules = schedules;
    else delete doc.schedules;
  }
}

function cleanEntity(e: SpecEntity, names: Set<string>): void {
  const seen = new Set<string>();
  e.fields = e.fields.filter((f) => {
    f.name = snakeCase(f.name);
    if (!f.name || seen.has(f.name) || isServerFieldName(f.name)) return false;
    const target = refTarget(f.type) ?? /^list\(ref\(([A-Za-z0-9]+)\)\)$/.exec(f.type)?.[1];
    if (target && target !== USER_ENTITY && !names.has(target)) return false;
    seen.add(f.name);
    if (f.type !== 'enum' && !f.type.startsWith('list(enum')) {
      delete f.values;
      if (f.type !== 'enum' && typeof f.default === 'string' && f.default === '') delete f.default;
    } else if (!f.values || f.values.length === 0) {
      f.type = 'string';
      delete f.values;
      delete f.default;
    }
    if (f.type !== 'file') delete f.file;
    if (f.type.startsWith('list(') || f.type === 'boolean' || f.type === 'file') delete f.unique;
    if (!refTarget(f.type)) delete f.onDelete;
    if (f.onDelete === 'set_null' && f.required) f.onDelete = 'restrict';
    if (f.min !== undefined && f.max !== undefined && f.min > f.max) delete f.min;
    return true;
  });
  if (e.ownerField && !e.fields.some((f) => f.name === e.ownerField && f.type === `ref(${USER_ENTITY})`)) delete e.ownerField;
}

function cleanWorkflow(w: SpecWorkflow, entities: SpecEntity[]): boolean {
  w.name = snakeCase(w.name) || 'workflow';
  if (w.trigger) {
    const e = entities.find((x) => x.name === w.trigger!.entity);
    if (!e) return false;
    if (w.trigger.field && !e.fields.some((f) => f.name === w.trigger!.field)) {
      delete w.trigger.field;
      delete w.trigger.value;
    }
  }
  const seen = new Set<string>();
  for (const s of w.steps) {
    let name = snakeCase(s.name) || s.kind.toLowerCase();
    for (let n = 2; seen.has(name); n += 1) name = `${snakeCase(s.name)}_${n}`;
    s.name = name;
    seen.add(name);
    if (s.kind === 'waitForEvent') s.events = s.events.map(snakeCase).filter(Boolean);
  }
  w.steps = w.steps.filter((s) => s.kind !== 'waitForEvent' || s.events.length > 0);
  return w.steps.length > 0;
}
