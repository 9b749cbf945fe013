/**
 * SpecDocument -> BlueprintIR, the contract's rules made data (CONTRACT "Generated project API"):
 * endpoint levels (authenticated unless the spec's Access says otherwise), the required rule
 * (required on create = the spec says required AND there is no default), enum defaults (the
 * spec's, else the first value), the owner field (`owner_id` unless the spec names a ref(User)),
 * tenant scoping (every entity when multi-tenant), server-owned fields, the overloaded GSIs,
 * files, CORS and workflows with durations in seconds.
 *
 * Pure and deterministic: no clock, no randomness, objects built in a fixed key order with
 * absent optional keys, so the same spec and context give byte-identical JSON.
 *
 * The builder is faithful, not judgmental: what the spec says goes into the IR even when it is
 * wrong (rights on an unknown entity, an entity named Organization), and validate-blueprint/
 * reports it with a path. It throws only on a document that is not a spec at all (a field type or
 * duration that cannot be read), which buildBlueprintFromMarkdown turns into an error report.
 */
import { parseSpec } from '../spec/parse-spec';
import { parseFieldType, type FieldType } from '../spec/field-type';
import { type SpecDocument, type SpecEntity, type SpecField, type SpecRateLimit, type SpecRole } from '../spec/spec-model';
import { buildEventHandlers, buildSchedules } from './build-events';
import { buildWorkflow } from './build-workflows';
import {
  AUTH_RATE_CATEGORIES,
  BlueprintIR,
  IR_VERSION,
  MAX_INDEXES_PER_ENTITY,
  SERVER_FIELDS,
  TYPE_FORMATS,
  type IrAuth,
  type IrAuthRateLimits,
  type IrEntity,
  type IrField,
  type IrIndex,
  type IrLimits,
  type IrListItems,
  type IrOperations,
  type IrRights,
  type IrRole,
} from './ir';
import { collectionName } from './naming';
import { jsonPath, type BlueprintIssue, type BuildIssueCode } from './issues';
import type { SpecParseError } from '../spec/parse-spec';
import { OPERATIONS, RIGHT_NAMES, SERVER_FIELD_NAMES, TENANT_ENTITY, USER_ENTITY, keyedBy } from '../vocabulary';

export interface BuildContext {
  projectId: string;
  /** The spec version being built (recorded as `specVersion`). */
  specVersion: number;
  /** The project's CORS origins; absent or empty: `['*']`. */
  corsOrigins?: string[];
}

export type BuildIssue = BlueprintIssue<BuildIssueCode>;
export type BuildFromMarkdownResult = { ok: true; ir: BlueprintIR } | { ok: false; errors: BuildIssue[] };

/** A spec's parse errors as issues of a report (`spec.line N`, SPEC_PARSE_ERROR). */
export const specParseIssues = (errors: readonly SpecParseError[]): BuildIssue[] => errors.map((e) => ({ path: `spec.line ${e.line}`, code: 'SPEC_PARSE_ERROR', message: e.message }));

/** Contract values (CONTRACT "Generated project API"); the IR records them so every output reads one place. */
export const DEFAULT_AUTH: IrAuth = {
  tokenLifetimes: { accessSeconds: 3600, idSeconds: 3600, refreshSeconds: 2592000 },
  passwordPolicy: { minLength: 8, requireUppercase: true, requireLowercase: true, requireDigit: true, requireSymbol: false },
  lockout: { threshold: 5, baseSeconds: 1, maxSeconds: 900 },
  selfSignup: true,
  emailVerification: true,
};

export const DEFAULT_LIMITS: IrLimits = {
  defaultPageSize: 20,
  maxPageSize: 100,
  maxBodyBytes: 1048576,
  signedUrlSeconds: 3600,
  workflowMaxDurationSeconds: 31622400,
  workflowStepTimeoutMaxSeconds: 31622400,
  workflowPayloadMaxBytes: 262144,
  maxConcurrentWorkflows: 10000,
};

// The workflows are built in build-workflows.ts.
export { DEFAULT_BACKOFF_SECONDS } from './build-workflows';

export function buildBlueprint(spec: SpecDocument, context: BuildContext): BlueprintIR {
  const multi = spec.tenancy === 'multi';
  const events = buildEventHandlers(spec);
  const schedules = buildSchedules(spec);
  const entityNames = spec.entities.map((entity) => entity.name);
  const entities = spec.entities.map((entity) => buildEntity(entity, spec, multi));
  return {
    irVersion: IR_VERSION,
    specVersion: context.specVersion,
    project: { id: context.projectId, name: spec.title, summary: summaryOf(spec.overview) },
    tenancy: multi ? { mode: 'multi', tenantEntity: TENANT_ENTITY, claim: 'org_id' } : { mode: 'single', tenantEntity: null, claim: null },
    auth: { ...structuredClone(DEFAULT_AUTH), ...(spec.rateLimits ? { rateLimits: rateLimitsOf(spec.rateLimits) } : {}) },
    roles: spec.roles.map((role) => buildRole(role, role.name === spec.adminRole, entityNames)),
    adminRole: spec.adminRole,
    defaultRole: spec.defaultRole,
    users: { collection: 'users', entity: USER_ENTITY },
    entities,
    files: entities.flatMap((entity) =>
      entity.fields.flatMap((field) => (field.type === 'file' ? [{ entity: entity.name, field: field.name, contentTypes: [...(field.file?.contentTypes ?? [])], maxBytes: field.file?.maxBytes ?? 0 }] : [])),
    ),
    cors: { allowedOrigins: corsOrigins(context.corsOrigins) },
    workflows: spec.workflows.map((workflow) => buildWorkflow(workflow, spec)),
    // Only when there are some: a blueprint without them is the one built before they existed.
    ...(events ? { events } : {}),
    ...(schedules ? { schedules } : {}),
    limits: { ...DEFAULT_LIMITS },
  };
}

/**
 * Markdown in the canonical spec format -> IR, or the reasons it is not one. Never throws: a bad
 * spec becomes a failed generation with a report (`spec.line N`, SPEC_PARSE_ERROR).
 */
export function buildBlueprintFromMarkdown(markdown: string, context: BuildContext): BuildFromMarkdownResult {
  let parsed: ReturnType<typeof parseSpec>;
  try {
    parsed = parseSpec(markdown);
  } catch (err) {
    return { ok: false, errors: [{ path: 'spec', code: 'SPEC_PARSE_ERROR', message: `the spec could not be read: ${messageOf(err)}` }] };
  }
  if (!parsed.ok) {
    return { ok: false, errors: specParseIssues(parsed.errors) };
  }
  try {
    const ir = buildBlueprint(parsed.spec, context);
    const checked = BlueprintIR.safeParse(ir);
    if (!checked.success) {
      return { ok: false, errors: checked.error.issues.map((issue) => ({ path: jsonPath(issue.path), code: 'BUILD_FAILED', message: issue.message })) };
    }
    return { ok: true, ir };
  } catch (err) {
    return { ok: false, errors: [{ path: '$', code: 'BUILD_FAILED', message: `the blueprint could not be built: ${messageOf(err)}` }] };
  }
}

// --- project ----------------------------------------------------------------------------------

/** The overview's first paragraph, on one line. */
function summaryOf(overview: string): string {
  const paragraph = overview.trim().split(/\n\s*\n/)[0] ?? '';
  return paragraph.replace(/\s+/g, ' ').trim();
}

/** The spec's rate-limit rows grouped per limit (in the IR's category order, windows in the spec's order). */
function rateLimitsOf(rows: SpecRateLimit[]): IrAuthRateLimits {
  const out: IrAuthRateLimits = {};
  for (const category of AUTH_RATE_CATEGORIES) {
    const rules = rows.filter((row) => row.limit === category).map((row) => ({ limit: row.requests, windowSeconds: row.windowSeconds }));
    if (rules.length > 0) out[category] = rules;
  }
  return out;
}

function corsOrigins(origins: string[] | undefined): string[] {
  if (!origins || origins.length === 0) return ['*'];
  return [...new Set(origins.map((origin) => origin.trim()))];
}

// --- roles ------------------------------------------------------------------------------------

const ALL_RIGHTS: IrRights = keyedBy(RIGHT_NAMES, 'all');

/**
 * Every entity listed in entity order (`{}`: no rights), rights in c/r/u/d order. The
 * administrative role has every right whatever its row says (CONTRACT "Roles"). Rights the spec
 * gives on entities that do not exist are kept (after the known ones, sorted) for the validator.
 */
function buildRole(role: SpecRole, admin: boolean, entityNames: string[]): IrRole {
  const rights: Record<string, IrRights> = {};
  for (const entity of entityNames) rights[entity] = admin ? { ...ALL_RIGHTS } : normalizeRights(role.rights[entity]);
  for (const entity of Object.keys(role.rights).filter((name) => !entityNames.includes(name)).sort()) rights[entity] = normalizeRights(role.rights[entity]);
  return { name: role.name, admin, ...(role.description !== undefined ? { description: role.description } : {}), rights };
}

function normalizeRights(rights: SpecRole['rights'][string] | undefined): IrRights {
  const out: IrRights = {};
  for (const right of RIGHT_NAMES) {
    const scope = rights?.[right];
    if (scope !== undefined) out[right] = scope;
  }
  return out;
}

// --- entities ---------------------------------------------------------------------------------

function buildEntity(entity: SpecEntity, spec: SpecDocument, multi: boolean): IrEntity {
  const declared = entity.fields.map(buildField);
  const ownerField = entity.ownerField ?? 'owner_id';
  const fields = [...serverFields(multi), ...declared];
  const indexes = chooseIndexes(fields, ownerField, new Set(spec.entities.map((e) => e.name)));
  const indexed = new Set(indexes.map((index) => index.field));
  return {
    name: entity.name,
    collection: collectionName(entity.name),
    ...(entity.description !== undefined ? { description: entity.description } : {}),
    tenantScoped: multi,
    ownerField,
    fields: fields.map((field) => (indexed.has(field.name) ? withIndexed(field) : field)),
    indexes,
    operations: operationsOf(entity.name, spec),
  };
}

function withIndexed(field: IrField): IrField {
  return reorder({ ...field, indexed: true });
}

/** id, org_id (multi-tenant only), owner_id, created_at, updated_at: written by the server, never required in a body. */
function serverFields(multi: boolean): IrField[] {
  return SERVER_FIELD_NAMES.filter((name) => multi || name !== 'org_id').map((name) => structuredClone(SERVER_FIELDS[name]));
}

function buildField(field: SpecField): IrField {
  const type = parseFieldType(field.type);
  if (!type) throw new Error(`field ${field.name}: unknown type '${field.type}'`);
  if (type.kind === 'list' && type.item.kind === 'list') throw new Error(`field ${field.name}: lists nest one level`);
  const isEnum = type.kind === 'scalar' && type.name === 'enum';
  const target = type.kind === 'ref' ? type.entity : type.kind === 'list' && type.item.kind === 'ref' ? type.item.entity : undefined;
  // Enums always have a default: the spec's, else the first value (CONTRACT "Entities and fields").
  const defaultValue = field.default ?? (isEnum ? field.values?.[0] : undefined);
  const format = type.kind === 'scalar' ? TYPE_FORMATS[type.name] : undefined;
  // Keys in the schema's order, optional ones only when set: the JSON is the same for the same spec.
  const out: IrField = { name: field.name, type: type.kind === 'scalar' ? type.name : type.kind, required: false };
  if (type.kind === 'list') out.items = listItems(type.item, field);
  if (target !== undefined) out.ref = { entity: target, onDelete: field.onDelete ?? 'restrict' };
  out.required = field.required && defaultValue === undefined;
  if (defaultValue !== undefined) out.default = defaultValue;
  if (isEnum) out.enum = [...(field.values ?? [])];
  if (field.unique) out.unique = true;
  if (field.min !== undefined) out.min = field.min;
  if (field.max !== undefined) out.max = field.max;
  if (format) out.format = format;
  if (type.kind === 'scalar' && type.name === 'file') out.file = { contentTypes: [...(field.file?.contentTypes ?? [])], maxBytes: field.file?.maxBytes ?? 0 };
  if (field.notes !== undefined) out.notes = field.notes;
  return reorder(out);
}

const FIELD_KEY_ORDER: (keyof IrField)[] = ['name', 'type', 'items', 'ref', 'required', 'default', 'enum', 'unique', 'min', 'max', 'format', 'file', 'serverOwned', 'indexed', 'notes'];

/** The field with its keys in the schema's order (JSON readers see name, type, items, ref, required, ...). */
function reorder(field: IrField): IrField {
  const out: Record<string, unknown> = {};
  for (const key of FIELD_KEY_ORDER) if (field[key] !== undefined) out[key] = field[key];
  return out as IrField;
}

function listItems(item: FieldType, field: SpecField): IrListItems {
  if (item.kind === 'ref') return { type: 'ref', ref: { entity: item.entity } };
  if (item.kind !== 'scalar' || item.name === 'file') throw new Error(`field ${field.name}: a list cannot hold ${field.type}`);
  const out: IrListItems = { type: item.name };
  if (item.name === 'enum') out.enum = [...(field.values ?? [])];
  const format = TYPE_FORMATS[item.name];
  if (format) out.format = format;
  return out;
}

type IndexGroup = 'owner' | 'enum' | 'ref' | 'boolean' | 'unique';
const GROUP_ORDER: IndexGroup[] = ['owner', 'enum', 'ref', 'boolean', 'unique'];
interface Candidate {
  field: string;
  group: IndexGroup;
  purpose: IrIndex['purpose'];
  /** Needed for correctness, not only for filtering: taken even past the slot limit (the validator then reports TOO_MANY_INDEXES). */
  mandatory: boolean;
  position: number;
}

/**
 * The entity's GSIs. Mandatory: the owner field (lists of own records) and every reference to a
 * declared entity (a delete finds the records that point at it, for restrict/cascade/set_null,
 * without a Scan). The free slots (of 5) go to filters in priority order: enums, references to
 * User, booleans, unique fields (field order within a group). Numbered GSI1.. in the order owner,
 * enums, refs, booleans, unique, so the same spec always maps fields to the same GSIs.
 */
function chooseIndexes(fields: IrField[], ownerField: string, declaredEntities: Set<string>): IrIndex[] {
  const candidates: Candidate[] = [];
  fields.forEach((field, position) => {
    const add = (group: IndexGroup, purpose: IrIndex['purpose'], mandatory: boolean) => candidates.push({ field: field.name, group, purpose, mandatory, position });
    if (field.name === ownerField) add('owner', 'owner', true);
    else if (field.serverOwned) return;
    else if (field.type === 'enum') add('enum', 'filter', false);
    else if (field.type === 'ref' && field.ref) add('ref', 'ref', field.ref.entity !== USER_ENTITY && declaredEntities.has(field.ref.entity));
    else if (field.type === 'boolean') add('boolean', 'filter', false);
    // Long texts make poor keys (a GSI key holds at most 2 KB): their uniqueness needs no index.
    else if (field.unique && field.type !== 'list' && field.type !== 'file' && field.type !== 'text') add('unique', 'unique', false);
  });
  const rank = (c: Candidate) => GROUP_ORDER.indexOf(c.group) * 1000 + c.position;
  const chosen = candidates.filter((c) => c.mandatory);
  for (const candidate of candidates.filter((c) => !c.mandatory).sort((a, b) => rank(a) - rank(b))) {
    if (chosen.length >= MAX_INDEXES_PER_ENTITY) break;
    chosen.push(candidate);
  }
  return chosen.sort((a, b) => rank(a) - rank(b)).map((c, i) => ({ name: `GSI${i + 1}`, field: c.field, purpose: c.purpose }));
}

function operationsOf(entity: string, spec: SpecDocument): IrOperations {
  const levels = {} as IrOperations;
  for (const operation of OPERATIONS) {
    const rule = spec.access.find((r) => r.entity === entity && r.operation === operation);
    levels[operation] = { level: rule?.level ?? 'authenticated' };
  }
  return levels;
}

// --- helpers ----------------------------------------------------------------------------------

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
