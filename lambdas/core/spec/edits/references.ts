/**
 * Where a spec refers to its own parts by name, and how a rename or a removal follows through:
 * an entity is named by reference types, rights, access rules, triggers, record queries and
 * create actions; a field by its entity's owner field, triggers, conditions, waits and the
 * actions run on its entity's records; a role by the admin and default roles and role recipients;
 * a workflow by start actions. Mutates the document it is given (apply-edits.ts passes a copy).
 */
import { parseFieldType, refTarget } from '../field-type';
import type { SpecDocument, SpecEntity, SpecTaskAction, WorkflowStep } from '../spec-model';

/** An action and the entity of the record it runs on (undefined: a manual workflow, a job without records). */
interface ActionSite {
  readonly action: SpecTaskAction;
  readonly recordEntity: string | undefined;
}

function actionSites(doc: SpecDocument): ActionSite[] {
  const sites: ActionSite[] = [];
  for (const workflow of doc.workflows) {
    for (const step of workflow.steps) if (step.kind === 'task' && step.action) sites.push({ action: step.action, recordEntity: workflow.trigger?.entity });
  }
  for (const handler of doc.events ?? []) for (const action of handler.actions) sites.push({ action, recordEntity: handler.on.entity });
  for (const job of doc.schedules ?? []) for (const action of job.actions) sites.push({ action, recordEntity: job.records?.entity });
  return sites;
}

function renameType(type: string, from: string, to: string): string {
  return type === `ref(${from})` ? `ref(${to})` : type === `list(ref(${from}))` ? `list(ref(${to}))` : type;
}

/** Renames entity `from` to `to` everywhere the spec names it (rights keep their order). */
export function renameEntityEverywhere(doc: SpecDocument, from: string, to: string): void {
  for (const entity of doc.entities) {
    if (entity.name === from) entity.name = to;
    for (const field of entity.fields) field.type = renameType(field.type, from, to);
  }
  for (const role of doc.roles) {
    if (!(from in role.rights)) continue;
    role.rights = Object.fromEntries(Object.entries(role.rights).map(([name, rights]) => [name === from ? to : name, rights]));
  }
  for (const rule of doc.access) if (rule.entity === from) rule.entity = to;
  for (const workflow of doc.workflows) {
    if (workflow.trigger?.entity === from) workflow.trigger.entity = to;
    for (const step of workflow.steps) if (step.kind === 'waitForRecord' && step.change.kind === 'created' && step.change.entity === from) step.change.entity = to;
  }
  for (const handler of doc.events ?? []) if (handler.on.entity === from) handler.on.entity = to;
  for (const job of doc.schedules ?? []) if (job.records?.entity === from) job.records.entity = to;
  for (const { action } of actionSites(doc)) if (action.type === 'create' && action.entity === from) action.entity = to;
}

/**
 * Removes an entity with what cannot outlive it: the fields that refer to it, its rights and
 * access rules, and the workflows, event handlers and scheduled jobs that run on its records.
 * Returns what else went, for the reply to the user.
 */
export function removeEntityEverywhere(doc: SpecDocument, name: string): string[] {
  const gone: string[] = [];
  doc.entities = doc.entities.filter((entity) => entity.name !== name);
  for (const entity of doc.entities) {
    const refs = entity.fields.filter((field) => refTarget(parseFieldType(field.type)) === name);
    if (refs.length === 0) continue;
    entity.fields = entity.fields.filter((field) => !refs.includes(field));
    if (entity.ownerField && refs.some((field) => field.name === entity.ownerField)) delete entity.ownerField;
    gone.push(...refs.map((field) => `field ${entity.name}.${field.name}`));
  }
  for (const role of doc.roles) delete role.rights[name];
  doc.access = doc.access.filter((rule) => rule.entity !== name);
  const flows = doc.workflows.filter((workflow) => workflow.trigger?.entity === name);
  doc.workflows = doc.workflows.filter((workflow) => !flows.includes(workflow));
  gone.push(...flows.map((workflow) => `workflow ${workflow.name}`));
  if (doc.events) {
    gone.push(...doc.events.filter((handler) => handler.on.entity === name).map((handler) => `event handler ${handler.name}`));
    doc.events = nonEmpty(doc.events.filter((handler) => handler.on.entity !== name));
  }
  if (doc.schedules) {
    gone.push(...doc.schedules.filter((job) => job.records?.entity === name).map((job) => `scheduled job ${job.name}`));
    doc.schedules = nonEmpty(doc.schedules.filter((job) => job.records?.entity !== name));
  }
  return gone;
}

/** The spec's optional lists are absent rather than empty (spec-model.ts). */
export function nonEmpty<T>(items: T[]): T[] | undefined {
  return items.length > 0 ? items : undefined;
}

/** The entity a reference field of `entity` points at. */
function targetOf(doc: SpecDocument, entity: string | undefined, field: string): string | undefined {
  const type = doc.entities.find((e) => e.name === entity)?.fields.find((f) => f.name === field)?.type;
  return type === undefined ? undefined : refTarget(parseFieldType(type));
}

/** Renames field `from` of `entity` to `to` everywhere the spec names it. */
export function renameFieldEverywhere(doc: SpecDocument, entity: SpecEntity, from: string, to: string): void {
  const name = entity.name;
  const rename = (field: string): string => (field === from ? to : field);
  // Read before the field itself is renamed: a wait's `via` resolves through the old name.
  const waitTargets = new Map<WorkflowStep, string | undefined>();
  for (const workflow of doc.workflows) {
    for (const step of workflow.steps) if (step.kind === 'waitUntil' && step.via) waitTargets.set(step, targetOf(doc, workflow.trigger?.entity, step.via));
  }
  for (const field of entity.fields) field.name = rename(field.name);
  if (entity.ownerField) entity.ownerField = rename(entity.ownerField);
  for (const workflow of doc.workflows) {
    const onEntity = workflow.trigger?.entity === name;
    if (onEntity && workflow.trigger) {
      if (workflow.trigger.field) workflow.trigger.field = rename(workflow.trigger.field);
      for (const condition of workflow.trigger.where ?? []) condition.field = rename(condition.field);
    }
    for (const step of workflow.steps) {
      if (step.kind === 'waitUntil') {
        if (onEntity && step.via) step.via = rename(step.via);
        if (step.via ? waitTargets.get(step) === name : onEntity) step.field = rename(step.field);
      }
      if (step.kind === 'waitForRecord') {
        if (step.change.kind === 'fieldSet' && onEntity) step.change.field = rename(step.change.field);
        if (step.change.kind === 'created' && step.change.entity === name) step.change.field = rename(step.change.field);
      }
    }
  }
  for (const handler of doc.events ?? []) {
    if (handler.on.entity !== name) continue;
    if (handler.on.field) handler.on.field = rename(handler.on.field);
    for (const condition of handler.on.where ?? []) condition.field = rename(condition.field);
  }
  for (const job of doc.schedules ?? []) {
    if (job.records?.entity === name) for (const condition of job.records.where ?? []) condition.field = rename(condition.field);
  }
  for (const { action, recordEntity } of actionSites(doc)) {
    const onRecord = recordEntity === name;
    if (action.type === 'update' && onRecord) for (const set of action.set) set.field = rename(set.field);
    if (action.type === 'notify' && onRecord && 'field' in action.to) action.to = { field: rename(action.to.field) };
    if (action.type === 'create') {
      for (const value of action.values) {
        if (action.entity === name) value.field = rename(value.field);
        if (onRecord && value.from) value.from = rename(value.from);
      }
    }
  }
}

/** Renames role `from` to `to`: the role, the admin and default roles, and role recipients. */
export function renameRoleEverywhere(doc: SpecDocument, from: string, to: string): void {
  for (const role of doc.roles) if (role.name === from) role.name = to;
  if (doc.adminRole === from) doc.adminRole = to;
  if (doc.defaultRole === from) doc.defaultRole = to;
  for (const { action } of actionSites(doc)) if (action.type === 'notify' && 'role' in action.to && action.to.role === from) action.to = { role: to };
}

/** Renames workflow `from` to `to`: the workflow and the actions that start it. */
export function renameWorkflowEverywhere(doc: SpecDocument, from: string, to: string): void {
  for (const workflow of doc.workflows) if (workflow.name === from) workflow.name = to;
  for (const { action } of actionSites(doc)) if (action.type === 'start' && action.workflow === from) action.workflow = to;
}

