/**
 * Applies structured edits (spec-edit.ts) to a spec, in order, all or nothing: the result is a
 * spec that passes every check the Markdown parser makes, or the list of what is wrong, each
 * naming the edit or the part of the spec at fault (what a repair request shows the model).
 * Pure: the document given is never changed.
 */
import { USER_ENTITY } from '../../vocabulary';
import { checkSpec } from '../check-spec';
import { parseSpec } from '../parse-spec';
import { renderSpec } from '../render-spec';
import { SpecDocument, type SpecEntity, type SpecRole, type SpecWorkflow } from '../spec-model';
import { nonEmpty, removeEntityEverywhere, renameEntityEverywhere, renameFieldEverywhere, renameRoleEverywhere, renameWorkflowEverywhere } from './references';
import type { SpecEdit } from './spec-edit';

export type ApplyEditsResult =
  | { readonly ok: true; readonly spec: SpecDocument; readonly content: string; readonly removed: readonly string[] }
  | { readonly ok: false; readonly problems: readonly string[] };

/** Why one edit cannot be applied (caught per edit, so every wrong edit is reported at once). */
class EditRefused extends Error {}

function refuse(message: string): never {
  throw new EditRefused(message);
}

function entityOf(doc: SpecDocument, name: string): SpecEntity {
  return doc.entities.find((entity) => entity.name === name) ?? refuse(`there is no entity ${name} (entities: ${doc.entities.map((e) => e.name).join(', ') || 'none'})`);
}

function roleOf(doc: SpecDocument, name: string): SpecRole {
  return doc.roles.find((role) => role.name === name) ?? refuse(`there is no role ${name} (roles: ${doc.roles.map((r) => r.name).join(', ') || 'none'})`);
}

function workflowOf(doc: SpecDocument, name: string): SpecWorkflow {
  return doc.workflows.find((workflow) => workflow.name === name) ?? refuse(`there is no workflow ${name}`);
}

function fieldIndex(entity: SpecEntity, name: string): number {
  const index = entity.fields.findIndex((field) => field.name === name);
  return index >= 0 ? index : refuse(`${entity.name} has no field ${name} (fields: ${entity.fields.map((f) => f.name).join(', ') || 'none'})`);
}

function newEntityName(doc: SpecDocument, name: string): void {
  if (name === USER_ENTITY) refuse(`${USER_ENTITY} is the built-in entity of every spec; refer to it with ref(${USER_ENTITY})`);
  if (doc.entities.some((entity) => entity.name === name)) refuse(`there is already an entity ${name}`);
}

/** Replaces the item named like `item` in place, or appends it. */
function put<T extends { name: string }>(items: T[], item: T): void {
  const index = items.findIndex((existing) => existing.name === item.name);
  if (index >= 0) items[index] = item;
  else items.push(item);
}

function removeNamed<T extends { name: string }>(items: readonly T[] | undefined, name: string, what: string): T[] | undefined {
  if (!items?.some((item) => item.name === name)) refuse(`there is no ${what} ${name}`);
  return nonEmpty(items.filter((item) => item.name !== name));
}

/** Inserts after the named item (which must exist), or at the end. */
function insertAfter<T extends { name: string }>(items: T[], item: T, after: string | undefined, what: string): void {
  if (after === undefined) {
    items.push(item);
    return;
  }
  const index = items.findIndex((existing) => existing.name === after);
  if (index < 0) refuse(`there is no ${what} ${after} to insert after`);
  items.splice(index + 1, 0, item);
}

/** Applies one edit to `doc` in place; returns the names of what it removed along the way. */
function applyOne(doc: SpecDocument, edit: SpecEdit): string[] {
  switch (edit.op) {
    case 'set_overview':
      doc.overview = edit.text.trim();
      return [];
    case 'set_tenancy':
      doc.tenancy = edit.mode;
      return [];
    case 'add_entity':
      newEntityName(doc, edit.entity.name);
      doc.entities.push(structuredClone(edit.entity));
      return [];
    case 'remove_entity':
      entityOf(doc, edit.entity);
      return removeEntityEverywhere(doc, edit.entity);
    case 'rename_entity':
      entityOf(doc, edit.entity);
      newEntityName(doc, edit.to);
      renameEntityEverywhere(doc, edit.entity, edit.to);
      return [];
    case 'describe_entity': {
      const entity = entityOf(doc, edit.entity);
      if (edit.description.trim() === '') delete entity.description;
      else entity.description = edit.description.trim();
      return [];
    }
    case 'set_owner_field': {
      const entity = entityOf(doc, edit.entity);
      if (edit.field === null) delete entity.ownerField;
      else {
        fieldIndex(entity, edit.field);
        entity.ownerField = edit.field;
      }
      return [];
    }
    case 'add_field': {
      const entity = entityOf(doc, edit.entity);
      if (entity.fields.some((field) => field.name === edit.field.name)) refuse(`${entity.name} already has a field ${edit.field.name} (use replace_field to change it)`);
      insertAfter(entity.fields, structuredClone(edit.field), edit.after, `field of ${entity.name}`);
      return [];
    }
    case 'replace_field': {
      const entity = entityOf(doc, edit.entity);
      entity.fields[fieldIndex(entity, edit.field.name)] = structuredClone(edit.field);
      return [];
    }
    case 'rename_field': {
      const entity = entityOf(doc, edit.entity);
      fieldIndex(entity, edit.field);
      if (entity.fields.some((field) => field.name === edit.to)) refuse(`${entity.name} already has a field ${edit.to}`);
      renameFieldEverywhere(doc, entity, edit.field, edit.to);
      return [];
    }
    case 'remove_field': {
      const entity = entityOf(doc, edit.entity);
      entity.fields.splice(fieldIndex(entity, edit.field), 1);
      if (entity.ownerField === edit.field) delete entity.ownerField;
      return [];
    }
    case 'add_role':
      if (doc.roles.some((role) => role.name === edit.role.name)) refuse(`there is already a role ${edit.role.name}`);
      doc.roles.push(structuredClone(edit.role));
      return [];
    case 'remove_role':
      doc.roles = removeNamed(doc.roles, edit.role, 'role') ?? [];
      return [];
    case 'rename_role':
      roleOf(doc, edit.role);
      if (doc.roles.some((role) => role.name === edit.to)) refuse(`there is already a role ${edit.to}`);
      renameRoleEverywhere(doc, edit.role, edit.to);
      return [];
    case 'describe_role': {
      const role = roleOf(doc, edit.role);
      if (edit.description.trim() === '') delete role.description;
      else role.description = edit.description.trim();
      return [];
    }
    case 'set_rights': {
      const role = roleOf(doc, edit.role);
      entityOf(doc, edit.entity);
      const rights = { ...role.rights, [edit.entity]: edit.rights };
      // In the entities' order, as the Roles table lists them; no right at all is no entry.
      role.rights = Object.fromEntries(doc.entities.filter((e) => rights[e.name] && Object.keys(rights[e.name]!).length > 0).map((e) => [e.name, rights[e.name]!]));
      return [];
    }
    case 'set_admin_role':
      doc.adminRole = roleOf(doc, edit.role).name;
      return [];
    case 'set_default_role':
      doc.defaultRole = roleOf(doc, edit.role).name;
      return [];
    case 'set_access': {
      entityOf(doc, edit.entity);
      const rule = doc.access.find((r) => r.entity === edit.entity && r.operation === edit.operation);
      if (rule) rule.level = edit.level;
      else doc.access.push({ entity: edit.entity, operation: edit.operation, level: edit.level });
      return [];
    }
    case 'remove_access': {
      const kept = doc.access.filter((r) => !(r.entity === edit.entity && r.operation === edit.operation));
      if (kept.length === doc.access.length) refuse(`there is no access rule for ${edit.operation} of ${edit.entity}`);
      doc.access = kept;
      return [];
    }
    case 'put_workflow':
      put(doc.workflows, structuredClone(edit.workflow));
      return [];
    case 'remove_workflow':
      doc.workflows = removeNamed(doc.workflows, edit.workflow, 'workflow') ?? [];
      return [];
    case 'rename_workflow':
      workflowOf(doc, edit.workflow);
      if (doc.workflows.some((workflow) => workflow.name === edit.to)) refuse(`there is already a workflow ${edit.to}`);
      renameWorkflowEverywhere(doc, edit.workflow, edit.to);
      return [];
    case 'put_step': {
      const workflow = workflowOf(doc, edit.workflow);
      const step = structuredClone(edit.step);
      const index = workflow.steps.findIndex((existing) => existing.name === step.name);
      if (index >= 0 && edit.after === undefined) workflow.steps[index] = step;
      else {
        if (index >= 0) workflow.steps.splice(index, 1);
        insertAfter(workflow.steps, step, edit.after, `step of ${workflow.name}`);
      }
      return [];
    }
    case 'remove_step': {
      const workflow = workflowOf(doc, edit.workflow);
      workflow.steps = removeNamed(workflow.steps, edit.step, `step of ${workflow.name}`) ?? [];
      return [];
    }
    case 'put_event_handler':
      doc.events ??= [];
      put(doc.events, structuredClone(edit.handler));
      return [];
    case 'remove_event_handler':
      doc.events = removeNamed(doc.events, edit.handler, 'event handler');
      return [];
    case 'put_scheduled_job':
      doc.schedules ??= [];
      put(doc.schedules, structuredClone(edit.job));
      return [];
    case 'remove_scheduled_job':
      doc.schedules = removeNamed(doc.schedules, edit.job, 'scheduled job');
      return [];
    case 'set_rate_limit': {
      const rows = doc.rateLimits ?? [];
      const at = rows.findIndex((row) => row.limit === edit.limit);
      const kept = rows.filter((row) => row.limit !== edit.limit);
      kept.splice(at >= 0 ? at : kept.length, 0, ...edit.windows.map((window) => ({ limit: edit.limit, ...window })));
      doc.rateLimits = nonEmpty(kept);
      return [];
    }
    case 'add_open_question':
      doc.openQuestions = [...(doc.openQuestions ?? []), edit.text.trim()];
      return [];
    case 'remove_open_question': {
      const wanted = edit.text.trim().toLowerCase();
      const kept = (doc.openQuestions ?? []).filter((question) => question.trim().toLowerCase() !== wanted);
      if (kept.length === (doc.openQuestions ?? []).length) refuse(`there is no open question "${edit.text}"`);
      doc.openQuestions = nonEmpty(kept);
      return [];
    }
  }
}

/** `entities.2.fields.1` -> `entity Task, field due_date`: what a model can find in the spec it was shown. */
export function describeSpecPath(doc: SpecDocument, path: string): string {
  const parts = path.split('.');
  const named: string[] = [];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let node: any = doc;
  for (let i = 0; i < parts.length; i++) {
    node = node?.[parts[i] as string];
    if (node && typeof node === 'object' && typeof node.name === 'string') named.push(`${singular(parts[i - 1])} ${node.name}`);
  }
  return named.length > 0 ? named.join(', ') : path;
}

function singular(collection: string | undefined): string {
  const words: Record<string, string> = { entities: 'entity', fields: 'field', roles: 'role', workflows: 'workflow', steps: 'step', events: 'event handler', schedules: 'scheduled job' };
  return words[collection ?? ''] ?? collection ?? '';
}

export function applySpecEdits(current: SpecDocument, edits: readonly SpecEdit[]): ApplyEditsResult {
  const doc = structuredClone(current);
  const problems: string[] = [];
  const removed: string[] = [];
  edits.forEach((edit, index) => {
    try {
      removed.push(...applyOne(doc, edit));
    } catch (error) {
      if (!(error instanceof EditRefused)) throw error;
      problems.push(`edit ${index + 1} (${edit.op}): ${error.message}`);
    }
  });
  if (problems.length > 0) return { ok: false, problems };

  const shape = SpecDocument.safeParse(doc);
  if (!shape.success) return { ok: false, problems: shape.error.issues.map((issue) => `${describeSpecPath(doc, issue.path.join('.'))}: ${issue.message}`) };
  const issues = checkSpec(doc);
  if (issues.length > 0) return { ok: false, problems: issues.map((issue) => `${describeSpecPath(doc, issue.path)}: ${issue.message}`) };
  // What is saved is Markdown: the edited document must read back as itself.
  const content = renderSpec(doc);
  const parsed = parseSpec(content);
  if (!parsed.ok) return { ok: false, problems: parsed.errors.map((error) => error.message) };
  return { ok: true, spec: parsed.spec, content, removed };
}
