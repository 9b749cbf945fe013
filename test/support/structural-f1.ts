/**
 * The author's strict score: a Markdown spec is read by the project's own parser (parseSpec) and
 * compared with an example's expected structure (expected-spec.ts) as two sets of facts, with
 * precision as well as recall. Only what the parser reads can score, so prose (the overview,
 * descriptions, notes), extra sections and a description repeated in any form score nothing,
 * and a spec that does not parse scores 0 with its parse errors. (structural-recall.ts, the
 * port of author_eval.py, counts tokens of headings, cells and list items instead.)
 *
 * The facts, per dimension; names match after light normalisation (case, `_`, `-` and spaces;
 * entity names also singular or plural), and each fact matches exactly:
 *  - entities: each entity; fields: each field of an entity;
 *  - types: each field's type (`ref(Entity)` with its entity, `list(...)` with its item);
 *  - values: each value of an enum (or list(enum)) field;
 *  - limits: min, max, maxBytes and each content type; required; unique;
 *  - relations: each edge entity -> referenced entity of a ref field;
 *  - roles: each role; rights: each role's right letter per entity with its scope (`r`, `r:own`),
 *    so `r` where `crud` is expected finds one fact of four;
 *  - access: each endpoint level; `Entity.read` in the expected structure is reading at all,
 *    so it stands for list and read unless it names `Entity.list` apart;
 *  - tenancy; workflows: each workflow (paired with the spec's by trigger and steps);
 *    triggers: each workflow's trigger; steps: each step's kind and key parameters (events,
 *    timeout, on timeout, duration, waitUntil field and offset, retries, backoff), the steps of
 *    the two sides aligned in order. Durations compare by length (PT48H = P2D).
 *
 * A fact about something missing is missing too (a missing field misses its type), and a fact
 * about something extra is extra (an extra entity's fields count against precision). Free of
 * cost, as the examples' README allows sensible additions: a ref field to a described entity
 * or to User that the expected structure lacks (its edge to another entity still counts), enum
 * values and file limits the expected structure leaves open (the format demands them), `required`
 * where it does not say (its files write `required` only when the text does), the spec's
 * administrative role when the expected structure has no role with every right (the format
 * demands one), the default access level `authenticated`, task names, and step parameters the
 * expected step does not state. An extra step counts once (its kind).
 *
 * The set of facts and the names: structural-f1-facts.ts; the workflows: structural-f1-workflows.ts.
 */
import { formatFieldType, parseFieldType, refTarget, type FieldType } from '../../lambdas/core/spec/field-type';
import { formatSpecError, parseSpec } from '../../lambdas/core/spec/parse-spec';
import { readRights } from '../../lambdas/core/spec/spec-cells';
import type { EntityRights, SpecDocument, SpecField } from '../../lambdas/core/spec/spec-model';
import { ACCESS_LEVELS, OPERATIONS, RIGHT_NAMES, USER_ENTITY, type AccessLevel } from '../../lambdas/core/vocabulary';
import type { ExpectedField, ExpectedSpec } from './expected-spec';
import { DIMENSIONS, Facts, entityKey, nameKey, type Dimension } from './structural-f1-facts';
import { workflowFacts } from './structural-f1-workflows';

export { DIMENSIONS, entityKey, nameKey, type Dimension } from './structural-f1-facts';

export interface Counts {
  /** Expected facts the spec states. */
  found: number;
  expected: number;
  /** Facts the spec states that the expected structure does not have. */
  extra: number;
}
export interface Ratios {
  precision: number;
  recall: number;
  f1: number;
}
export interface DimensionScore extends Counts, Ratios {
  misses: string[];
  extras: string[];
}
export interface F1Score {
  parsed: boolean;
  /** The parser's errors (`line 12: ...`) when the spec does not parse. */
  errors: string[];
  dimensions: Record<Dimension, DimensionScore>;
  overall: DimensionScore;
}

/** Nothing stated and nothing expected is perfect; F1 is 0 when either side is. */
export function ratios(counts: Counts): Ratios {
  const stated = counts.found + counts.extra;
  const precision = stated === 0 ? 1 : counts.found / stated;
  const recall = counts.expected === 0 ? 1 : counts.found / counts.expected;
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

export function sumCounts(list: Counts[]): Counts {
  return list.reduce((a, c) => ({ found: a.found + c.found, expected: a.expected + c.expected, extra: a.extra + c.extra }), { found: 0, expected: 0, extra: 0 });
}

/** Scores summed fact by fact (micro-averaged): overall and per dimension. */
export function combineScores(scores: F1Score[]): { overall: Counts & Ratios; dimensions: Record<Dimension, Counts & Ratios> } {
  const withRatios = (counts: Counts) => ({ ...counts, ...ratios(counts) });
  const dimensions = Object.fromEntries(DIMENSIONS.map((d) => [d, withRatios(sumCounts(scores.map((s) => s.dimensions[d])))])) as Record<Dimension, Counts & Ratios>;
  return { overall: withRatios(sumCounts(scores.map((s) => s.overall))), dimensions };
}

// --- fields ---------------------------------------------------------------------------------

function typeKey(type: FieldType): string {
  if (type.kind === 'scalar') return type.name;
  return type.kind === 'ref' ? `ref(${entityKey(type.entity)})` : `list(${typeKey(type.item)})`;
}

interface Named {
  key: string;
  label: string;
}

/** A field as both sides state it. */
interface FieldFacts {
  name: string;
  type: FieldType;
  /** Undefined: the expected structure does not say (its files write `required` only when the text does). */
  required: boolean | undefined;
  unique: boolean;
  values?: string[] | undefined;
  min?: number | undefined;
  max?: number | undefined;
  maxBytes?: number | undefined;
  contentTypes?: string[] | undefined;
}

function expectedField(entity: string, name: string, field: ExpectedField): FieldFacts {
  const type = parseFieldType(field.type);
  if (!type) throw new Error(`expected structure: ${entity}.${name} has an unknown type '${field.type}'`);
  const { required, unique, values, min, max, maxBytes, contentTypes } = field;
  return { name, type, required, unique: unique === true, values, min, max, maxBytes, contentTypes };
}

function specField(field: SpecField): FieldFacts {
  // The spec parsed, so its type text is a type.
  const type = parseFieldType(field.type) as FieldType;
  const { name, required, unique, values, min, max, file } = field;
  return { name, type, required, unique: unique === true, values, min, max, maxBytes: file?.maxBytes, contentTypes: file?.contentTypes };
}

/**
 * The facts of one field. `judge` is the expected field a spec field is compared with: what it
 * leaves open (required or not, enum values, file limits) is not counted; without one, everything counts.
 */
function addField(facts: Facts, entity: Named, field: FieldFacts, judge?: FieldFacts): void {
  const at = `${entity.key}.${nameKey(field.name)}`;
  const label = `${entity.label}.${field.name}`;
  facts.add('fields', at, `field ${label}`);
  facts.add('types', `${at}:${typeKey(field.type)}`, `type ${label}: ${formatFieldType(field.type)}`);
  if (field.required === true && (!judge || judge.required !== undefined)) facts.add('required', at, `required ${label}`);
  if (field.unique) facts.add('unique', at, `unique ${label}`);
  if (!judge || judge.values) for (const v of field.values ?? []) facts.add('values', `${at}=${nameKey(v)}`, `value ${label} = ${v}`);
  if (field.min !== undefined) facts.add('limits', `${at} min=${field.min}`, `min ${label} = ${field.min}`);
  if (field.max !== undefined) facts.add('limits', `${at} max=${field.max}`, `max ${label} = ${field.max}`);
  if (field.maxBytes !== undefined && (!judge || judge.maxBytes !== undefined)) facts.add('limits', `${at} maxBytes=${field.maxBytes}`, `maxBytes ${label} = ${field.maxBytes}`);
  if (!judge || judge.contentTypes) {
    for (const c of field.contentTypes ?? []) facts.add('limits', `${at} contentType=${c.toLowerCase()}`, `content type ${label} = ${c}`);
  }
}

function addRelation(facts: Facts, entity: Named, target: string): void {
  facts.add('relations', `${entity.key}->${entityKey(target)}`, `relation ${entity.label} -> ${target}`);
}

const USER_KEY = entityKey(USER_ENTITY);

function entityFacts(spec: SpecDocument, exp: ExpectedSpec, want: Facts, got: Facts): void {
  const expected = new Map<string, Map<string, FieldFacts>>();
  for (const [name, entity] of Object.entries(exp.entities)) {
    const named = { key: entityKey(name), label: name };
    const fields = Object.entries(entity.fields ?? {}).map(([f, def]) => expectedField(name, f, def));
    expected.set(named.key, new Map(fields.map((f) => [nameKey(f.name), f])));
    want.add('entities', named.key, `entity ${name}`);
    for (const field of fields) {
      addField(want, named, field);
      const target = refTarget(field.type);
      if (target !== undefined) addRelation(want, named, target);
    }
  }
  const linkable = new Set([...expected.keys(), USER_KEY]);
  for (const entity of spec.entities) {
    const named = { key: entityKey(entity.name), label: entity.name };
    const counterpart = expected.get(named.key);
    got.add('entities', named.key, `entity ${entity.name}`);
    for (const field of entity.fields.map(specField)) {
      const judge = counterpart?.get(nameKey(field.name));
      const target = refTarget(field.type);
      const targetKey = target === undefined ? undefined : entityKey(target);
      // An owner, or a link between described entities: a sensible extra field costs nothing.
      const tolerated = counterpart !== undefined && judge === undefined && targetKey !== undefined && linkable.has(targetKey);
      if (!tolerated) addField(got, named, field, judge);
      if (target !== undefined && !(tolerated && targetKey === USER_KEY)) addRelation(got, named, target);
    }
  }
}

// --- roles and access -------------------------------------------------------------------------

function addRights(facts: Facts, role: string, entity: string, rights: EntityRights): void {
  for (const right of RIGHT_NAMES) {
    const scope = rights[right];
    if (scope === undefined) continue;
    const letter = `${right[0]}${scope === 'own' ? ':own' : ''}`;
    facts.add('rights', `${nameKey(role)} ${entityKey(entity)} ${letter}`, `right ${role} ${entity} ${letter}`);
  }
}

function roleFacts(spec: SpecDocument, exp: ExpectedSpec, want: Facts, got: Facts): void {
  const expected = Object.entries(exp.roles ?? {}).map(([role, byEntity]) => ({
    role,
    rights: Object.entries(byEntity).map(([entity, text]) => {
      const rights = readRights(text);
      if (!rights.ok) throw new Error(`expected structure: rights of ${role} on ${entity}: ${rights.error}`);
      return { entity, rights: rights.value };
    }),
  }));
  for (const { role, rights } of expected) {
    want.add('roles', nameKey(role), `role ${role}`);
    for (const { entity, rights: letters } of rights) addRights(want, role, entity, letters);
  }
  // The format demands a role with every right; when the expected structure names none, the spec's costs nothing.
  const entityKeys = Object.keys(exp.entities).map(entityKey);
  const isAdmin = (rights: Array<{ entity: string; rights: EntityRights }>) =>
    entityKeys.every((e) => rights.some((r) => entityKey(r.entity) === e && RIGHT_NAMES.every((right) => r.rights[right] === 'all')));
  const named = new Set(expected.map((r) => nameKey(r.role)));
  const mandated = !expected.some((r) => isAdmin(r.rights)) && !named.has(nameKey(spec.adminRole)) ? nameKey(spec.adminRole) : undefined;
  for (const role of spec.roles) {
    if (nameKey(role.name) === mandated) continue;
    got.add('roles', nameKey(role.name), `role ${role.name}`);
    for (const [entity, rights] of Object.entries(role.rights)) addRights(got, role.name, entity, rights);
  }
}

const DEFAULT_LEVEL: AccessLevel = 'authenticated';
const accessKey = (entity: string, operation: string, level: string) => `${entityKey(entity)}.${operation}=${level}`;

function accessFacts(spec: SpecDocument, exp: ExpectedSpec, want: Facts, got: Facts): void {
  // The endpoints the expected structure names: the spec's level there counts even when it is the default.
  const named = new Set<string>();
  const rules = Object.entries(exp.access ?? {}).map(([key, level]) => {
    const [entity = '', operation = ''] = key.split('.');
    if (!(OPERATIONS as readonly string[]).includes(operation) || !(ACCESS_LEVELS as readonly string[]).includes(level)) {
      throw new Error(`expected structure: access '${key}: ${level}' is not Entity.operation: level`);
    }
    return { entity, operation, level };
  });
  for (const { entity, operation, level } of rules) {
    const readAll = operation === 'read' && !rules.some((r) => entityKey(r.entity) === entityKey(entity) && r.operation === 'list');
    for (const op of readAll ? ['list', 'read'] : [operation]) {
      want.add('access', accessKey(entity, op, level), `access ${entity}.${op} = ${level}`);
      named.add(`${entityKey(entity)}.${op}`);
    }
  }
  for (const entity of spec.entities) {
    for (const op of OPERATIONS) {
      const level = spec.access.find((r) => r.entity === entity.name && r.operation === op)?.level ?? DEFAULT_LEVEL;
      if (level !== DEFAULT_LEVEL || named.has(`${entityKey(entity.name)}.${op}`)) {
        got.add('access', accessKey(entity.name, op, level), `access ${entity.name}.${op} = ${level}`);
      }
    }
  }
}

// --- the score --------------------------------------------------------------------------------

const NO_SPEC: SpecDocument = { title: '', overview: '', tenancy: 'single', entities: [], roles: [], adminRole: '', defaultRole: '', access: [], workflows: [] };

function tally(want: Facts, got: Facts, dimension: Dimension): DimensionScore {
  const expected = want.of(dimension);
  const stated = got.of(dimension);
  const misses = [...expected].filter(([key]) => !stated.has(key)).map(([, label]) => label);
  const extras = [...stated].filter(([key]) => !expected.has(key)).map(([, label]) => label);
  const counts = { found: expected.size - misses.length, expected: expected.size, extra: extras.length };
  return { ...counts, ...ratios(counts), misses, extras };
}

/**
 * Scores a Markdown spec against an expected structure. Throws when the expected structure
 * itself cannot be read (an unknown type, rights letter, access level or step kind).
 */
export function scoreSpecF1(markdown: string, expected: ExpectedSpec): F1Score {
  const parsed = parseSpec(markdown);
  const want = new Facts();
  const got = new Facts();
  const spec = parsed.ok ? parsed.spec : NO_SPEC;
  for (const facts of [entityFacts, roleFacts, accessFacts, workflowFacts]) facts(spec, expected, want, got);
  want.add('tenancy', expected.multiTenant ? 'multi' : 'single', `tenancy ${expected.multiTenant ? 'multi' : 'single'}`);
  if (parsed.ok) got.add('tenancy', spec.tenancy, `tenancy ${spec.tenancy}`);
  // A spec that does not parse states nothing.
  const stated = parsed.ok ? got : new Facts();
  const dimensions = Object.fromEntries(DIMENSIONS.map((d) => [d, tally(want, stated, d)])) as Record<Dimension, DimensionScore>;
  const all = DIMENSIONS.map((d) => dimensions[d]);
  const counts = sumCounts(all);
  return {
    parsed: parsed.ok,
    errors: parsed.ok ? [] : parsed.errors.map(formatSpecError),
    dimensions,
    overall: { ...counts, ...ratios(counts), misses: all.flatMap((d) => d.misses), extras: all.flatMap((d) => d.extras) },
  };
}

const fixed = (x: number) => x.toFixed(3);

/** A score as text for a failing test or a bench line: the overall figures, then each imperfect dimension with its misses and extras. */
export function describeF1(score: F1Score, limit = 12): string {
  const o = score.overall;
  const lines = [`F1 ${fixed(o.f1)} (precision ${fixed(o.precision)}, recall ${fixed(o.recall)}; ${o.found} of ${o.expected} facts, ${o.extra} extra)`];
  if (!score.parsed) lines.push(`  the spec does not parse: ${score.errors.slice(0, limit).join('; ')}`);
  for (const d of DIMENSIONS) {
    const s = score.dimensions[d];
    if (s.misses.length === 0 && s.extras.length === 0) continue;
    const list = (items: string[]) => items.slice(0, limit).join('; ') + (items.length > limit ? `; ... (${items.length - limit} more)` : '');
    const parts = [`  ${d}: ${s.found}/${s.expected}, ${s.extra} extra, F1 ${fixed(s.f1)}`];
    if (s.misses.length > 0) parts.push(`missing: ${list(s.misses)}`);
    if (s.extras.length > 0) parts.push(`extra: ${list(s.extras)}`);
    lines.push(parts.join(' | '));
  }
  return lines.join('\n');
}
