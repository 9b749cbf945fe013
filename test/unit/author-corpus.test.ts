/**
 * The author corpus (test/fixtures/author-corpus, issue 23): backend descriptions written for no
 * particular author, each with the structure a careful reader finds in it. This test pins the
 * held-out part, so no one can tune it to the author, and checks the corpus' shape: its size and
 * spread over styles and domains, the manifest against the files, and the expected files' format
 * (the one of test/fixtures/examples/*.expected.json). Scoring an author against it is not done here.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { ISO_DURATION_PATTERN } from '../../lambdas/core/date-formats';
import { STEP_KINDS } from '../../lambdas/core/spec/spec-cells';
import { ACCESS_LEVELS, CONTENT_TYPE_PATTERN, OPERATIONS, PASCAL_NAME, SCALAR_TYPES, SNAKE_NAME, USER_ENTITY } from '../../lambdas/core/vocabulary';
import { allExampleIds, COVERED_EXAMPLE_IDS, loadExamples } from '../support/example-fixtures';

const CORPUS_DIR = join(__dirname, '..', 'fixtures', 'author-corpus');
const PARTS = ['development', 'held-out'] as const;
type Part = (typeof PARTS)[number];

/**
 * SHA-256 of the held-out part (see heldOutSha256). The held-out part must not be edited to fit
 * the author: when the author needs a concept the corpus lacks, or a held-out description proves
 * ambiguous, add new held-out files instead, and then update this pin deliberately, in a commit
 * that only adds files.
 */
const HELD_OUT_SHA256 = 'd4c0ac4d0422ba4c44e8ea1cda477180c64314ca5ea6d5cf448c5c5eb211f2c7';

/** The least the corpus must hold (issue 23). */
const MIN_DESCRIPTIONS = 40;
const MIN_HELD_OUT = 14;
const MIN_STYLES = 10;
const MIN_DOMAINS = 12;

const DESCRIPTION_SUFFIX = '.md';
const EXPECTED_SUFFIX = '.expected.json';

interface ManifestEntry {
  id: string;
  part: Part;
  style: string;
  domain: string;
}

const manifest = JSON.parse(readFileSync(join(CORPUS_DIR, 'manifest.json'), 'utf8')) as ManifestEntry[];
const inPart = (part: Part) => manifest.filter((entry) => entry.part === part);

/** Over the sorted file names (relative to held-out/) and their bytes, each file as `name\nlength\n` + bytes. */
function heldOutSha256(): string {
  const dir = join(CORPUS_DIR, 'held-out');
  const hash = createHash('sha256');
  const names = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(join(dir, name)).isFile());
  for (const name of names.map((n) => n.split(sep).join('/')).sort()) {
    const bytes = readFileSync(join(dir, name));
    hash.update(`${name}\n${bytes.length}\n`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

// --- the format of an expected file -------------------------------------------------------------

const FIELD_KEYS = new Set(['type', 'values', 'required', 'unique', 'min', 'max', 'contentTypes', 'maxBytes']);
const TOP_KEYS = new Set(['entities', 'access', 'roles', 'multiTenant', 'workflows']);
/** One comma-separated part of a role's rights on an entity: `crud`, `r`, `r:own`. */
const RIGHTS_PART = /^(c?r?u?d?)(:own)?$/;
/** `Course.start_date`, optionally with an offset: `Course.start_date - P14D`. */
const UNTIL = /^([A-Za-z0-9]+)\.([a-z0-9_]+)(?: [+-] (\S+))?$/;
const REF_TYPE = /^ref\(([A-Za-z0-9]+)\)$/;
const LIST_TYPE = /^list\(([a-z]+)\)$/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string' && s !== '');
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) > 0;

/** What is wrong with one field of an expected file (empty when nothing). */
function fieldProblems(where: string, field: unknown, entities: Set<string>): string[] {
  if (!isObject(field)) return [`${where} is not an object`];
  const problems = Object.keys(field).filter((k) => !FIELD_KEYS.has(k)).map((k) => `${where} has an unknown key ${k}`);
  const type = field.type;
  const ref = typeof type === 'string' ? REF_TYPE.exec(type) : null;
  const list = typeof type === 'string' ? LIST_TYPE.exec(type) : null;
  const scalar = (SCALAR_TYPES as readonly unknown[]).includes(type);
  if (!scalar && !ref && !(list && (SCALAR_TYPES as readonly string[]).includes(list[1]!))) problems.push(`${where} has an unknown type ${String(type)}`);
  if (ref && !entities.has(ref[1]!) && ref[1] !== USER_ENTITY) problems.push(`${where} refers to an undescribed entity ${ref[1]}`);
  if ((type === 'enum') !== isStringList(field.values)) problems.push(`${where}: values go with, and only with, type enum`);
  if (type === 'file' && !(isStringList(field.contentTypes) && field.contentTypes.every((c) => CONTENT_TYPE_PATTERN.test(c)))) problems.push(`${where}: a file needs contentTypes (MIME types)`);
  // (A size the text does not state is left open, as the scorer reads it: any size the spec gives is free.)
  if (type === 'file' && field.maxBytes !== undefined && !isCount(field.maxBytes)) problems.push(`${where}: a file's maxBytes is a count of bytes`);
  if (type !== 'file' && (field.contentTypes !== undefined || field.maxBytes !== undefined)) problems.push(`${where}: contentTypes and maxBytes are for files`);
  for (const flag of ['required', 'unique'] as const) if (field[flag] !== undefined && typeof field[flag] !== 'boolean') problems.push(`${where}.${flag} is not a boolean`);
  for (const bound of ['min', 'max'] as const) if (field[bound] !== undefined && typeof field[bound] !== 'number') problems.push(`${where}.${bound} is not a number`);
  if (typeof field.min === 'number' && typeof field.max === 'number' && field.min > field.max) problems.push(`${where}: min is over max`);
  return problems;
}

/** What is wrong with one workflow (its trigger names a described entity, its steps are well-formed). */
function workflowProblems(where: string, workflow: unknown, entities: Json): string[] {
  if (!isObject(workflow)) return [`${where} is not an object`];
  const problems: string[] = [];
  if (typeof workflow.name !== 'string' || !SNAKE_NAME.test(workflow.name)) problems.push(`${where}.name is not snake_case`);
  const [entity, event, ...rest] = typeof workflow.trigger === 'string' ? workflow.trigger.split(' ') : [];
  const fields = isObject(entities[entity ?? '']) ? ((entities[entity!] as Json).fields as Json) : undefined;
  const values = Object.values(fields ?? {}).flatMap((f) => (isObject(f) && Array.isArray(f.values) ? f.values : []));
  if (!fields || rest.length > 0 || !(['created', 'updated', 'deleted'].includes(event ?? '') || values.includes(event))) {
    problems.push(`${where}.trigger is not "Entity created" or "Entity <one of its enum values>": ${String(workflow.trigger)}`);
  }
  if (!Array.isArray(workflow.steps) || workflow.steps.length === 0) return [...problems, `${where} has no steps`];
  workflow.steps.forEach((step: unknown, i) => {
    const at = `${where}.steps[${i}]`;
    if (!isObject(step) || !(STEP_KINDS as readonly unknown[]).includes(step.kind)) return problems.push(`${at} has an unknown kind`);
    if (step.kind === 'task' && (typeof step.name !== 'string' || !SNAKE_NAME.test(step.name))) problems.push(`${at}: a task needs a snake_case name`);
    if (step.kind === 'task' && step.retries !== undefined && !isCount(step.retries)) problems.push(`${at}.retries is not a positive integer`);
    if (step.kind === 'wait' && !ISO_DURATION_PATTERN.test(String(step.duration))) problems.push(`${at}.duration is not an ISO 8601 duration`);
    if (step.kind === 'waitForEvent' && !(isStringList(step.events) && step.events.every((e) => SNAKE_NAME.test(e)))) problems.push(`${at}.events are not snake_case names`);
    if (step.kind === 'waitForEvent' && !ISO_DURATION_PATTERN.test(String(step.timeout))) problems.push(`${at}.timeout is not an ISO 8601 duration`);
    if (step.kind === 'waitUntil') {
      const until = UNTIL.exec(String(step.until));
      const target = until && isObject(entities[until[1]!]) ? ((entities[until[1]!] as Json).fields as Json)[until[2]!] : undefined;
      if (!until || !isObject(target) || !['date', 'datetime'].includes(String(target.type)) || (until[3] !== undefined && !ISO_DURATION_PATTERN.test(until[3]))) {
        problems.push(`${at}.until is not "Entity.date_field" with an optional "- <duration>": ${String(step.until)}`);
      }
    }
    return problems.length;
  });
  return problems;
}

/** What is wrong with an expected file (empty when it has the examples' shape). */
function expectedProblems(expected: unknown): string[] {
  if (!isObject(expected)) return ['not an object'];
  const problems = Object.keys(expected).filter((k) => !TOP_KEYS.has(k)).map((k) => `unknown key ${k}`);
  const entities = isObject(expected.entities) ? expected.entities : {};
  const names = new Set(Object.keys(entities));
  if (names.size === 0) problems.push('no entities');
  for (const [name, entity] of Object.entries(entities)) {
    if (!PASCAL_NAME.test(name)) problems.push(`entity ${name} is not PascalCase`);
    const fields = isObject(entity) && isObject(entity.fields) ? entity.fields : {};
    if (Object.keys(fields).length === 0) problems.push(`${name} has no fields`);
    for (const [fieldName, field] of Object.entries(fields)) {
      if (!SNAKE_NAME.test(fieldName)) problems.push(`${name}.${fieldName} is not snake_case`);
      problems.push(...fieldProblems(`${name}.${fieldName}`, field, names));
    }
  }
  const roles = isObject(expected.roles) ? expected.roles : {};
  if (Object.keys(roles).length === 0) problems.push('no roles');
  for (const [role, rights] of Object.entries(roles)) {
    if (!SNAKE_NAME.test(role)) problems.push(`role ${role} is not snake_case`);
    for (const [entity, letters] of Object.entries(isObject(rights) ? rights : {})) {
      if (!names.has(entity)) problems.push(`role ${role} has rights on an undescribed entity ${entity}`);
      const parts = typeof letters === 'string' ? letters.split(',') : [''];
      const granted = parts.flatMap((part) => [...part.replace(':own', '')]);
      if (!parts.every((part) => RIGHTS_PART.test(part) && part.replace(':own', '') !== '') || new Set(granted).size !== granted.length) {
        problems.push(`role ${role} on ${entity}: rights ${String(letters)} are not like "crud", "r", "c,r:own"`);
      }
    }
  }
  for (const [key, level] of Object.entries(isObject(expected.access) ? expected.access : {})) {
    const [entity, operation] = key.split('.');
    if (!names.has(entity ?? '') || !(OPERATIONS as readonly unknown[]).includes(operation)) problems.push(`access ${key} is not "Entity.operation"`);
    if (!(ACCESS_LEVELS as readonly unknown[]).includes(level)) problems.push(`access ${key} has an unknown level ${String(level)}`);
  }
  if (expected.access !== undefined && !isObject(expected.access)) problems.push('access is not an object');
  if (typeof expected.multiTenant !== 'boolean') problems.push('multiTenant is not a boolean');
  if (!Array.isArray(expected.workflows)) problems.push('workflows is not a list');
  else expected.workflows.forEach((w: unknown, i) => problems.push(...workflowProblems(`workflows[${i}]`, w, entities)));
  return problems;
}

// --- the tests -------------------------------------------------------------------------------

describe('the author corpus', () => {
  it('has its held-out part unchanged (add held-out files, never edit them to fit the author)', () => {
    expect(heldOutSha256()).toBe(HELD_OUT_SHA256);
  });

  it('lists every description once, with a part, a style and a domain', () => {
    expect(manifest.length).toBeGreaterThanOrEqual(MIN_DESCRIPTIONS);
    expect(new Set(manifest.map((e) => e.id)).size).toBe(manifest.length);
    const malformed = manifest.filter((e) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(e.id) || !PARTS.includes(e.part) || !e.style || !e.domain);
    expect(malformed).toEqual([]);
  });

  it('spreads over styles and domains, with every style in both parts and about a third held out', () => {
    const styles = new Set(manifest.map((e) => e.style));
    expect(styles.size).toBeGreaterThanOrEqual(MIN_STYLES);
    expect(new Set(manifest.map((e) => e.domain)).size).toBeGreaterThanOrEqual(MIN_DOMAINS);
    for (const part of PARTS) expect([...styles].filter((style) => !inPart(part).some((e) => e.style === style))).toEqual([]);
    expect(inPart('held-out').length).toBeGreaterThanOrEqual(MIN_HELD_OUT);
    expect(inPart('held-out').length * 4).toBeGreaterThanOrEqual(manifest.length);
  });

  it.each(PARTS)('has, in %s/, exactly the two files of each of its manifest entries', (part) => {
    const files = readdirSync(join(CORPUS_DIR, part)).sort();
    const expected = inPart(part)
      .flatMap((e) => [`${e.id}${DESCRIPTION_SUFFIX}`, `${e.id}${EXPECTED_SUFFIX}`])
      .sort();
    expect(files).toEqual(expected);
  });

  it("checks the expected files' format against the newest examples (07-12), and rejects what it does not allow", () => {
    const newest = allExampleIds().filter((id) => !(COVERED_EXAMPLE_IDS as readonly string[]).includes(id));
    expect(newest.length).toBeGreaterThan(0);
    expect(loadExamples(newest).map((e) => [e.id, expectedProblems(e.expected)])).toEqual(newest.map((id) => [id, []]));
    const good = { entities: { Book: { fields: { title: { type: 'string' }, due: { type: 'date' } } } }, roles: { member: { Book: 'r' } }, multiTenant: false, workflows: [] };
    expect(expectedProblems(good)).toEqual([]);
    const fields = (f: Json) => ({ ...good, entities: { Book: { fields: f } } });
    const workflow = (trigger: string, step: Json) => ({ ...good, workflows: [{ name: 'remind', trigger, steps: [step] }] });
    const broken = [
      fields({ title: { type: 'varchar' } }),
      fields({ genre: { type: 'enum' } }),
      fields({ scan: { type: 'file', maxBytes: 1 } }),
      fields({ shelf_id: { type: 'ref(Shelf)' } }),
      fields({ Title: { type: 'string' } }),
      { ...good, roles: { member: { Book: 'rc' } } },
      { ...good, roles: { member: { Book: 'r,r:own' } } },
      { ...good, roles: { member: { Loan: 'r' } } },
      { ...good, access: { 'Book.browse': 'public' } },
      { ...good, multiTenant: 'yes' },
      workflow('Book returned', { kind: 'task', name: 'remind' }),
      workflow('Book created', { kind: 'waitUntil', until: 'Book.title - P1D' }),
      workflow('Book created', { kind: 'wait', duration: '3 days' }),
    ];
    expect(broken.filter((b) => expectedProblems(b).length === 0)).toEqual([]);
  });

  it.each(manifest.map((e) => [`${e.part}/${e.id}`, e] as const))('%s: a plain description and an expected file of the examples\' shape', (_, entry) => {
    const dir = join(CORPUS_DIR, entry.part);
    const description = readFileSync(join(dir, `${entry.id}${DESCRIPTION_SUFFIX}`), 'utf8');
    // As a user types it: no spec syntax such as `ref(Book)` or `list(string)`.
    expect(description.trim()).not.toBe('');
    expect(description).not.toMatch(/\b(ref|list)\(/);
    const expected: unknown = JSON.parse(readFileSync(join(dir, `${entry.id}${EXPECTED_SUFFIX}`), 'utf8'));
    expect(expectedProblems(expected)).toEqual([]);
  });
});
