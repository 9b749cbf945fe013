/**
 * The consistency rules of a SpecDocument that a zod shape cannot express: names, types,
 * values/ranges/defaults that fit the type, references to known entities, fields and roles,
 * rights, access rules, workflow steps, and the wording a single-tenant spec must avoid. The
 * parser runs it on what it read (and maps each issue's path to a line); anyone who builds a
 * SpecDocument in code can run it too. A document with no issues renders to canonical Markdown
 * that parses back to the same document.
 *
 * Paths are dotted model paths (`entities.1.fields.3`), so the parser can point at the line.
 */
import { elementType, formatFieldType, isScalarType, parseFieldType, refTarget, TYPE_CHOICES, type FieldType } from './field-type';
import { isNotesFlag, writeRateLimitName, writeWindow } from './spec-cells';
import { OVERVIEW_BOUNDS, checkFreeText, checkOneLine, descriptionBounds, type Report } from './check-text';
import { checkEvents } from './check-events';
import { checkWorkflows } from './check-workflows';
import { OWNER_KEY } from './spec-layout';
import type { SpecDocument, SpecEntity, SpecField } from './spec-model';
import { ACCESS_LEVELS, CONTENT_TYPE_PATTERN, OPERATIONS, PASCAL_NAME, RIGHT_NAMES, SERVER_FIELD_NAMES, SNAKE_NAME, USER_ENTITY, isServerFieldName } from '../vocabulary';
import { DATE_EXAMPLE, DATE_TIME_EXAMPLE, isSpecDate, isSpecDateTime } from '../date-formats';
import { truncate } from '../text/english';

export interface SpecCheckIssue {
  path: string;
  message: string;
}



export function checkSpec(spec: SpecDocument): SpecCheckIssue[] {
  const issues: SpecCheckIssue[] = [];
  const report: Report = (path, message) => issues.push({ path, message });
  const entities = new Map(spec.entities.map((entity) => [entity.name, entity]));

  if (spec.title.trim() === '' || spec.title.includes('\n')) report('title', "the spec starts with '# <project name>' on one line");
  checkFreeText(spec.overview, 'overview', 'Overview', OVERVIEW_BOUNDS, report);
  checkEntities(spec.entities, report);
  checkRoles(spec, report);
  checkAccess(spec, entities, report);
  checkWorkflows(spec, entities, report);
  checkEvents(spec, entities, report);
  checkRateLimits(spec.rateLimits, report);
  if (spec.tenancy === 'single') checkSingleTenantWording(spec, report);
  return issues;
}

// --- a draft without entities -----------------------------------------------------------------

/**
 * A spec that names no record type yet is a valid draft (an author could not find one in the
 * description: it says so rather than invent one), but there is nothing to save as a version or
 * build a blueprint from until the chat adds one: apply answers 422 with this message, and a
 * generation fails with it.
 */
export const NO_ENTITIES_MESSAGE =
  'The spec describes no record types yet (its ## Entities section is empty): add one in the chat first, e.g. "Add a Task entity with a title and a due date"';

export const describesNoEntities = (spec: SpecDocument): boolean => spec.entities.length === 0;

// --- rate limits ------------------------------------------------------------------------------

/** The IR's bounds (IrRateRule): what a window may be, and how many a limit may have. */
const MAX_RATE_REQUESTS = 1_000_000;
const MAX_RATE_WINDOW_SECONDS = 86_400;
const MAX_RATE_WINDOWS = 3;

function checkRateLimits(rows: SpecDocument['rateLimits'], report: Report): void {
  if (rows === undefined) return;
  if (rows.length === 0) report('rateLimits', 'the ## Rate limits table has no rows; leave the section out to keep the defaults');
  const seen = new Map<string, number>();
  const windows = new Map<string, number>();
  rows.forEach((row, i) => {
    const path = `rateLimits.${i}`;
    const name = writeRateLimitName(row.limit);
    if (!Number.isInteger(row.requests) || row.requests < 1 || row.requests > MAX_RATE_REQUESTS) report(path, `${name}: requests must be a whole number from 1 to ${MAX_RATE_REQUESTS}`);
    if (!Number.isInteger(row.windowSeconds) || row.windowSeconds < 1 || row.windowSeconds > MAX_RATE_WINDOW_SECONDS) report(path, `${name}: a window lasts from 1 second to 1 day`);
    const key = `${row.limit}/${row.windowSeconds}`;
    if (seen.has(key)) report(path, `${name}: the ${writeWindow(row.windowSeconds)} window is given twice (rows ${(seen.get(key) as number) + 1} and ${i + 1})`);
    else seen.set(key, i);
    const count = (windows.get(row.limit) ?? 0) + 1;
    windows.set(row.limit, count);
    if (count === MAX_RATE_WINDOWS + 1) report(path, `${name}: at most ${MAX_RATE_WINDOWS} windows per limit`);
  });
}

// --- entities and fields ----------------------------------------------------------------------

function checkEntities(list: SpecEntity[], report: Report): void {
  const known = new Set(list.map((entity) => entity.name));
  const seen = new Set<string>();
  list.forEach((entity, e) => {
    const path = `entities.${e}`;
    if (entity.name === USER_ENTITY) {
      report(path, `'${USER_ENTITY}' is the built-in entity of every project (its members); reference it as ref(User) and name your entity differently (e.g. Member)`);
    } else if (!PASCAL_NAME.test(entity.name)) {
      report(path, `entity name '${entity.name}' must be singular PascalCase (e.g. ExpenseReport)`);
    }
    if (seen.has(entity.name)) report(path, `entity ${entity.name} is declared twice`);
    seen.add(entity.name);
    checkFreeText(entity.description, `${path}.description`, `${entity.name} description`, descriptionBounds(OWNER_KEY), report);
    if (entity.fields.length === 0) report(`${path}.fields`, `${entity.name} has no fields; list at least one in its table`);
    const fieldNames = new Set<string>();
    entity.fields.forEach((field, f) => {
      const fieldPath = `${path}.fields.${f}`;
      if (fieldNames.has(field.name)) report(fieldPath, `${entity.name}.${field.name} is declared twice`);
      fieldNames.add(field.name);
      checkField(field, `${entity.name}.${field.name}`, fieldPath, known, report);
    });
    if (entity.ownerField !== undefined) {
      const owner = entity.fields.find((field) => field.name === entity.ownerField);
      if (!owner) report(`${path}.ownerField`, `${entity.name} Owner: no field '${entity.ownerField}' (the owner field is a ref(User) field of the entity)`);
      else if (owner.type !== `ref(${USER_ENTITY})`) report(`${path}.ownerField`, `${entity.name} Owner: ${owner.name} must be a ref(User) field (it is ${owner.type})`);
    }
  });
}

function checkField(field: SpecField, subject: string, path: string, entities: Set<string>, report: Report): void {
  const at = (message: string) => report(path, `${subject}: ${message}`);
  if (isServerFieldName(field.name)) {
    at(`${field.name} is server-owned (${SERVER_FIELD_NAMES.join(', ')} are added by the server); remove the row`);
  } else if (!SNAKE_NAME.test(field.name)) {
    at(`field name '${field.name}' must be snake_case (e.g. due_date)`);
  }
  const type = parseFieldType(field.type);
  if (!type) {
    at(`unknown type '${field.type}' (expected ${TYPE_CHOICES})`);
    return; // Every other rule depends on the type.
  }
  if (formatFieldType(type) !== field.type) at(`write the type as '${formatFieldType(type)}'`);
  if (!checkTypeShape(type, entities, at)) return;

  checkValues(field, type, at);
  checkFile(field, type, at);
  checkRange(field, type, at);
  checkDefault(field, type, at);
  if (field.unique && (type.kind === 'list' || isScalarType(type, 'boolean', 'file'))) at(`unique does not apply to ${field.type} fields`);
  if (field.onDelete !== undefined) {
    if (refTarget(type) === undefined) at('On delete (Relations) applies only to ref fields');
    else if (field.onDelete === 'set_null' && field.required) report(`${path}.onDelete`, `${subject}: set_null needs an optional field; make it optional (Required: no) or use cascade or restrict`);
  }
  if (field.notes !== undefined) {
    checkOneLine(field.notes, path, `${subject} notes`, report);
    const flag = field.notes.split(',').find(isNotesFlag);
    if (flag !== undefined) at(`notes item '${flag.trim()}' would read as a flag; set it as a field property instead`);
  }
}

/** Lists of lists and of files, and references to unknown entities. True when the type is usable. */
function checkTypeShape(type: FieldType, entities: Set<string>, at: (message: string) => void): boolean {
  if (type.kind === 'list' && type.item.kind === 'list') {
    at('lists nest one level; list(list(...)) is not a type');
    return false;
  }
  if (type.kind === 'list' && isScalarType(type.item, 'file')) {
    at('list(file) is not a type; declare one file field per attachment');
    return false;
  }
  const target = refTarget(type);
  if (target !== undefined && target !== USER_ENTITY && !entities.has(target)) {
    const names = [...entities, USER_ENTITY].join(', ');
    at(`ref(${target}) names no entity of the spec (known: ${names})`);
    return false;
  }
  return true;
}

function checkValues(field: SpecField, type: FieldType, at: (message: string) => void): void {
  const isEnum = isScalarType(elementType(type), 'enum');
  if (!isEnum) {
    if (field.values !== undefined) at('Allowed values lists values only for enum fields; use type enum (or list(enum))');
    return;
  }
  if (!field.values || field.values.length === 0) {
    at('enum field needs Allowed values (comma-separated, e.g. low, medium, high)');
    return;
  }
  const seen = new Set<string>();
  for (const value of field.values) {
    if (value === '' || value.trim() !== value || value.includes(',') || value.includes('\n')) at(`enum value '${value}' must be one line of text without commas or outer spaces`);
    if (seen.has(value)) at(`enum value '${value}' is listed twice`);
    seen.add(value);
  }
}

function checkFile(field: SpecField, type: FieldType, at: (message: string) => void): void {
  const isFile = isScalarType(type, 'file');
  if (!isFile) {
    if (field.file?.contentTypes.length) at('content types apply only to file fields');
    if (field.file?.maxBytes !== undefined) at('a size limit (max 10 MB) applies only to file fields');
    return;
  }
  if (!field.file || field.file.contentTypes.length === 0) {
    at('file field needs its content types in Allowed values (e.g. application/pdf, image/*)');
  } else {
    const seen = new Set<string>();
    for (const contentType of field.file.contentTypes) {
      if (!CONTENT_TYPE_PATTERN.test(contentType)) at(`content type '${contentType}' must look like image/png or image/*`);
      if (seen.has(contentType)) at(`content type '${contentType}' is listed twice`);
      seen.add(contentType);
    }
  }
  const maxBytes = field.file?.maxBytes;
  if (maxBytes === undefined || !Number.isInteger(maxBytes) || maxBytes <= 0) at('file field needs a size limit in Notes (e.g. max 10 MB)');
}

/** Value bounds for numbers; length bounds for strings, texts and (non-enum) lists. */
function checkRange(field: SpecField, type: FieldType, at: (message: string) => void): void {
  if (field.min === undefined && field.max === undefined) return;
  const numeric = isScalarType(type, 'integer', 'number');
  const length = isScalarType(type, 'string', 'text') || (type.kind === 'list' && !isScalarType(type.item, 'enum'));
  if (!numeric && !length) {
    at(`a range applies to integer, number, string, text and list fields, not ${field.type}`);
    return;
  }
  for (const bound of [field.min, field.max]) {
    if (bound === undefined) continue;
    if (!Number.isFinite(bound)) at(`range bound ${bound} is not a number`);
    else if (length && (!Number.isInteger(bound) || bound < 0)) at(`a length range takes whole numbers from 0 (got ${bound})`);
    else if (isScalarType(type, 'integer') && !Number.isInteger(bound)) at(`an integer range takes whole numbers (got ${bound})`);
  }
  if (field.min !== undefined && field.max !== undefined && field.min > field.max) at(`range ${field.min}..${field.max} is empty (min is above max)`);
}

function checkDefault(field: SpecField, type: FieldType, at: (message: string) => void): void {
  const value = field.default;
  if (value === undefined) return;
  if (type.kind !== 'scalar' || type.name === 'file') {
    at(`${field.type} fields take no default`);
    return;
  }
  const inRange = (n: number) => (field.min === undefined || n >= field.min) && (field.max === undefined || n <= field.max);
  switch (type.name) {
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) at(`default '${String(value)}' is not a number`);
      else if (type.name === 'integer' && !Number.isInteger(value)) at(`default ${value} is not a whole number`);
      else if (!inRange(value)) at(`default ${value} is outside the range ${field.min ?? ''}..${field.max ?? ''}`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') at(`default '${String(value)}' must be true or false`);
      return;
  }
  if (typeof value !== 'string') {
    at(`default ${String(value)} must be text for a ${type.name} field`);
    return;
  }
  if (value === '' || value.trim() !== value || value.includes('\n')) {
    at('a default is one line of text without leading or trailing spaces');
    return;
  }
  switch (type.name) {
    case 'enum':
      if (field.values && !field.values.includes(value)) at(`default '${value}' is not one of its values (${field.values.join(', ')})`);
      return;
    case 'date':
      if (!isSpecDate(value)) at(`default '${value}' is not a date like ${DATE_EXAMPLE}`);
      return;
    case 'datetime':
      if (!isSpecDateTime(value)) at(`default '${value}' is not a date-time like ${DATE_TIME_EXAMPLE}`);
      return;
    case 'string':
    case 'text':
      if (!inRange([...value].length)) at(`default '${value}' has a length outside the range ${field.min ?? ''}..${field.max ?? ''}`);
      return;
  }
}

// --- roles ------------------------------------------------------------------------------------

function checkRoles(spec: SpecDocument, report: Report): void {
  const entityNames = spec.entities.map((entity) => entity.name);
  const roleNames = spec.roles.map((role) => role.name);
  if (spec.roles.length === 0) report('roles', 'Roles: the spec needs at least one role (a row of the roles table)');
  const seen = new Set<string>();
  spec.roles.forEach((role, r) => {
    const path = `roles.${r}`;
    if (!SNAKE_NAME.test(role.name)) report(path, `role name '${role.name}' must be snake_case (e.g. support_agent)`);
    if (seen.has(role.name)) report(path, `role ${role.name} is listed twice`);
    seen.add(role.name);
    checkOneLine(role.description, `${path}.description`, `role ${role.name} description`, report);
    for (const entity of Object.keys(role.rights)) {
      if (!entityNames.includes(entity)) report(`${path}.rights`, `role ${role.name} has rights on '${entity}', which is not an entity of the spec`);
    }
  });
  const listed = roleNames.join(', ');
  for (const [key, label, item] of [
    ['adminRole', 'administrative role', 'Administrative role'],
    ['defaultRole', 'default role', 'Default role'],
  ] as const) {
    const name = spec[key];
    if (name === '') report(key, `Roles: name the ${label} with '- ${item}: <role>'`);
    else if (!roleNames.includes(name)) report(key, `the ${label} '${name}' is not a role of the table (roles: ${listed || 'none'})`);
  }
  // The administrative role has every right (contract "Roles"); a matrix that says otherwise would be a lie.
  const adminIndex = roleNames.indexOf(spec.adminRole);
  const admin = spec.roles[adminIndex];
  if (admin) {
    const lacking = entityNames.filter((entity) => {
      const rights = admin.rights[entity];
      return !rights || RIGHT_NAMES.some((right) => rights[right] !== 'all');
    });
    if (lacking.length > 0) report(`roles.${adminIndex}`, `${admin.name} is the administrative role, so it needs crud on every entity (not on ${lacking.join(', ')})`);
  }
}

// --- access -----------------------------------------------------------------------------------

function checkAccess(spec: SpecDocument, entities: Map<string, SpecEntity>, report: Report): void {
  const seen = new Set<string>();
  spec.access.forEach((rule, a) => {
    const path = `access.${a}`;
    const subject = `${rule.entity} ${rule.operation}`;
    if (!entities.has(rule.entity)) report(path, `Access: '${rule.entity}' is not an entity of the spec (entities: ${[...entities.keys()].join(', ')})`);
    if (!(OPERATIONS as readonly string[]).includes(rule.operation)) report(path, `Access: unknown operation '${rule.operation}' (expected ${OPERATIONS.join(', ')})`);
    if (!(ACCESS_LEVELS as readonly string[]).includes(rule.level)) report(path, `Access: unknown level '${rule.level}' (expected ${ACCESS_LEVELS.join(', ')})`);
    else if (rule.level === 'owner' && rule.operation === 'create') report(path, 'Access: the owner level does not apply to create (the record has no owner yet)');
    if (seen.has(subject)) report(path, `Access: ${subject} is listed twice`);
    seen.add(subject);
  });
}

// --- single-tenant wording --------------------------------------------------------------------

const MULTI_TENANT_WORDS = ['org_id', 'multi-tenant'];

/** The brief: a single-tenant spec never says "org_id" or "multi-tenant", anywhere. */
function checkSingleTenantWording(spec: SpecDocument, report: Report): void {
  const visit = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      const word = MULTI_TENANT_WORDS.find((candidate) => value.toLowerCase().includes(candidate));
      if (word) report(path, `a single-tenant spec must not mention '${word}' (found in '${truncate(value, 60)}'); remove it, or make the spec multi-tenant`);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${path}.${i}`));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(item, path === '' ? key : `${path}.${key}`);
    }
  };
  // The open questions quote the user's words, which the spec ignores: they may say anything.
  for (const [key, value] of Object.entries(spec)) if (key !== 'tenancy' && key !== 'openQuestions') visit(value, key);
}
