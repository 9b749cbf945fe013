/**
 * authorSpec: a plain-English description -> SpecDocument, with no language model. Pure,
 * deterministic, synchronous. The steps, each in its own module: sentences and clauses
 * (clauses.ts), tenancy (tenancy.ts), record types (entities.ts), fields and types (fields.ts,
 * files.ts), references (relations.ts), roles and rights (rights.ts, roles.ts), endpoint levels
 * (access.ts), workflows (workflows.ts), required fields (required.ts), last checks (finish.ts).
 */
import type { SpecAccessRule, SpecDocument, SpecEntity, SpecField, SpecRole } from '../spec-model';
import { USER_ENTITY } from '../../vocabulary';
import { sentencesOf, type Sentence } from './clauses';
import { discoverEntities } from './entities';
import { EntityIndex } from './entity-index';
import { inferAccess } from './access';
import { parseFieldItem, splitFieldItems } from './fields';
import { finishSpec } from './finish';
import { PERSON_WORDS, WEAK_PERSON_WORDS } from './lexicon';
import { applyContainments, attachOrphans, metaKey, type MetaMap } from './relations';
import { applyRequiredRule } from './required';
import { parseRightsClause, type RightsContext } from './rights';
import { collectRoles, fieldLocator, finalizeRoles, roleWords, type RoleDraft } from './roles';
import { detectMultiTenant, tenancyUnits } from './tenancy';
import { inferWorkflows } from './workflows';
import { words } from './text';
import { snakeCase } from '../../text/case';

export interface AuthorInput {
  name: string;
  description: string;
}

/** Person words of a description: the generic ones and its role names. */
function personWords(drafts: RoleDraft[], entities: string[]): Set<string> {
  const set = new Set([...PERSON_WORDS, ...roleWords(drafts)]);
  for (const e of entities) set.delete(snakeCase(e));
  for (const w of WEAK_PERSON_WORDS) if (!drafts.some((d) => d.name.endsWith(w))) set.delete(w);
  return set;
}

/** A status a workflow's trigger needs (`when a loan becomes overdue`): an initial `open` state and that value. */
export function newStatusField(name: string, value: string): SpecField {
  const values = value === 'open' ? ['open'] : ['open', value];
  return { name, type: 'enum', required: true, values, default: 'open' };
}

/** Adds a parsed field to a record type, merging with a field of the same name. */
export function mergeField(e: SpecEntity, field: SpecField): SpecField {
  const existing = e.fields.find((f) => f.name === field.name);
  if (!existing) {
    e.fields.push(field);
    return field;
  }
  if (existing.type === 'string' && field.type !== 'string') existing.type = field.type;
  for (const key of ['values', 'default', 'unique', 'min', 'max', 'file', 'onDelete', 'notes'] as const) {
    if (field[key] !== undefined && existing[key] === undefined) (existing as Record<string, unknown>)[key] = field[key];
  }
  return existing;
}

/** Fields of the definitions into their record types. */
export function addDefinedFields(entity: SpecEntity, list: string, ctx: { index: EntityIndex; persons: Set<string> }, meta: MetaMap): void {
  for (const item of splitFieldItems(list)) {
    const parsed = parseFieldItem(item, ctx);
    if (!parsed) continue;
    if (parsed.refEntity === entity.name && parsed.field.name === `${snakeCase(entity.name)}_id`) continue;
    const field = mergeField(entity, parsed.field);
    const prev = meta.get(metaKey(entity.name, field.name));
    meta.set(metaKey(entity.name, field.name), {
      explicitRequired: parsed.explicitRequired || Boolean(prev?.explicitRequired),
      explicitOptional: parsed.explicitOptional || Boolean(prev?.explicitOptional),
      parentRef: Boolean(parsed.refEntity && parsed.refEntity !== entity.name && parsed.refEntity !== USER_ENTITY) || Boolean(prev?.parentRef),
    });
    if (parsed.owner && !entity.ownerField) entity.ownerField = field.name;
  }
}

/** Verbs each record type is made with (`employees submit Xs`): a workflow `when an X is submitted` starts on create. */
function createVerbsOf(sentences: Sentence[], ctx: RightsContext): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const s of sentences) {
    for (const clause of s.clauses) {
      const parsed = parseRightsClause(clause, ctx);
      if (!parsed) continue;
      for (const g of parsed.groups) {
        if (!g.letters.includes('create') || g.entities === 'all') continue;
        for (const e of g.entities) {
          const set = out.get(e) ?? new Set<string>();
          for (const v of g.verbs) set.add(v);
          out.set(e, set);
        }
      }
    }
  }
  return out;
}

export function authorSpec(input: AuthorInput): SpecDocument {
  const description = input.description ?? '';
  const sentences = sentencesOf(description);
  const multiTenant = detectMultiTenant(description);
  const discovery = discoverEntities(sentences, { tenantUnits: tenancyUnits(description) });
  const index = new EntityIndex(discovery.entities);
  const persons = personWords(collectRoles(sentences, { index }), discovery.entities);

  const entities: SpecEntity[] = discovery.entities.map((name) => ({ name, fields: [] }));
  const meta: MetaMap = new Map();
  for (const def of discovery.definitions) {
    const entity = entities.find((e) => e.name === def.entity);
    if (entity) addDefinedFields(entity, def.list, { index, persons }, meta);
  }
  // Nothing reads as a record type: no placeholder is invented; the draft says so (draft-summary.ts).
  applyContainments(entities, discovery.containments, meta);
  attachOrphans(entities, meta);
  for (const e of entities) {
    if (e.fields.length === 0 || e.fields.every((f) => f.type.startsWith('ref('))) {
      e.fields.unshift({ name: 'name', type: 'string', required: true });
    }
  }

  const ctx: RightsContext = { index, fieldAt: fieldLocator(entities) };
  const drafts = collectRoles(sentences, ctx);
  const access = inferAccess(sentences, ctx);
  const flows = inferWorkflows(sentences, { index, entities, createVerbs: createVerbsOf(sentences, ctx) });

  for (const [entityName, values] of flows.states) {
    const e = entities.find((x) => x.name === entityName);
    if (!e || values.length === 0 || e.fields.some((f) => f.type === 'enum' && /^(?:status|state|stage|phase)$/.test(f.name))) continue;
    e.fields.push({ name: 'status', type: 'enum', required: true, values: [...values], default: values[0]! });
  }
  for (const t of flows.triggerValues) {
    const e = entities.find((x) => x.name === t.entity);
    if (!e) continue;
    const f = e.fields.find((x) => x.name === t.field);
    if (!f) e.fields.push(newStatusField(t.field, t.value));
    else if (f.type === 'enum' && !f.values?.includes(t.value)) f.values = [...(f.values ?? []), t.value];
  }
  for (const a of flows.approvers) {
    const role = snakeCase(a.role);
    if (!role || drafts.some((d) => d.name === role) || !/^[a-z]/.test(role) || words(a.role).some((w) => ['team', 'department', 'group', 'system', 'someone'].includes(w))) continue;
    if (!PERSON_WORDS.has(role) && !persons.has(role)) continue;
    drafts.push({ name: role, order: 1e9, grants: [{ entity: a.entity, letter: 'read', scope: 'all' }, { entity: a.entity, letter: 'update', scope: 'all' }], denials: [], admin: false });
  }

  for (const e of entities) applyRequiredRule(e, meta);
  const roles = finalizeRoles(drafts, entities, { everyone: access.everyone, ownerOps: access.ownerOps });

  return finishSpec({
    title: input.name.trim() || 'Untitled',
    // (access rules below: what the text says, then the secure default for deletes)
    overview: description.trim(),
    tenancy: multiTenant ? 'multi' : 'single',
    entities,
    roles: roles.roles,
    adminRole: roles.adminRole,
    defaultRole: roles.defaultRole,
    access: [...access.rules, ...defaultDeleteLevels(entities, access.rules, roles.roles, roles.adminRole)],
    workflows: flows.workflows,
  });
}

/**
 * Deleting is the one operation that loses data, so unless the text says otherwise only a
 * record's owner may delete it, and a record that contains others (a parent that other records
 * must reference) only an admin: the levels of the service description's own example, where a
 * leaf record's DELETE is owner-level and its container's admin-level. Admins pass the owner
 * level anyway. Where the text gives a non-admin role the right to delete every record (a role
 * that "manages" them), that right decides and the level stays `authenticated`.
 */
function defaultDeleteLevels(
  entities: readonly SpecEntity[],
  rules: readonly SpecAccessRule[],
  roles: readonly SpecRole[],
  adminRole: string,
): SpecAccessRule[] {
  const deletedByRole = new Set(roles.filter((r) => r.name !== adminRole).flatMap((r) => Object.entries(r.rights).filter(([, rights]) => rights.delete === 'all').map(([entity]) => entity)));
  const containers = new Set(
    entities.flatMap((e) => e.fields.filter((f) => f.required && /^ref\((\w+)\)$/.test(f.type)).map((f) => /^ref\((\w+)\)$/.exec(f.type)![1]!)),
  );
  return entities
    .filter((e) => !deletedByRole.has(e.name) && !rules.some((r) => r.entity === e.name && r.operation === 'delete'))
    .map((e) => ({ entity: e.name, operation: 'delete' as const, level: containers.has(e.name) ? ('admin' as const) : ('owner' as const) }));
}

