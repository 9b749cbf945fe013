/**
 * Reads a spec in the canonical Markdown format (templates/spec-format.md) into a SpecDocument,
 * or explains, line by line, everything that keeps it from being one. Deterministic and free of
 * I/O: the same text always gives the same document or the same errors.
 *
 * Two passes: this file maps the text onto the model (sections, tables, cells), reporting what
 * cannot be mapped at all; check-spec.ts then judges the document's consistency, and each of its
 * issues is pointed at the line the offending part came from. Where the first pass already
 * reported a broken part, the second pass's remarks on it are muted, so one mistake gives one
 * error rather than a cascade.
 */
import { ValidationError } from '../errors';
import { checkSpec } from './check-spec';
import { elementType, formatFieldType, isScalarType, parseFieldType, refTarget, type FieldType } from './field-type';
import { freeText, nonBlank, numberLines, readBlock, splitByHeading, type Block, type Line, type Row, type Section, type Table } from './spec-blocks';
import { readNotes, readNumber, readRange, readRateLimitName, readRights, readStep, readTrigger, readWindow, readYesNo, splitList, writeRateLimitName } from './spec-cells';
import {
  ACCESS_HEADER,
  ADMIN_ROLE_KEY,
  ALL_SECTION_NAMES,
  DEFAULT_ROLE_KEY,
  FIELD_HEADER,
  MODE_KEY,
  NONE_LINE,
  OPTIONAL_SECTION_NAMES,
  OWNER_KEY,
  RATE_LIMITS_HEADER,
  RELATIONS_HEADER,
  ROLE_HEADER_FIRST,
  SECTION_NAMES,
  STEPS_HEADER,
  TRIGGER_KEY,
  type SectionName,
} from './spec-layout';
import { headingOf, renderRow, sameWords } from './spec-markdown';
import { AUTH_RATE_CATEGORIES } from '../blueprint/ir';
import {
  OnDelete,
  SpecDocument,
  type AccessLevel,
  type Operation,
  type SpecAccessRule,
  type SpecEntity,
  type SpecField,
  type SpecRateLimit,
  type SpecRole,
  type SpecWorkflow,
} from './spec-model';

export interface SpecParseError {
  /** 1-based line of the spec the error is about. */
  line: number;
  message: string;
}

export type ParseSpecResult = { ok: true; spec: SpecDocument } | { ok: false; errors: SpecParseError[] };

/** Enough to fix a spec in a few rounds without drowning a reader (or a model) in repeats. */
const MAX_ERRORS = 50;

export const formatSpecError = (error: SpecParseError): string => `line ${error.line}: ${error.message}`;

export function parseSpec(markdown: string): ParseSpecResult {
  const ctx = new ParseContext();
  const spec = readDocument(numberLines(markdown), ctx);
  for (const issue of checkSpec(spec)) {
    if (!ctx.isMuted(issue.path)) ctx.error(ctx.lineOf(issue.path), issue.message);
  }
  if (ctx.errors.length === 0) {
    // A safety net: the checker covers the model's rules, so this only fires if the two drift apart.
    const checked = SpecDocument.safeParse(spec);
    if (!checked.success) {
      for (const issue of checked.error.issues) ctx.error(ctx.lineOf(issue.path.join('.')), `${issue.path.join('.')}: ${issue.message}`);
    }
  }
  return ctx.errors.length === 0 ? { ok: true, spec } : { ok: false, errors: ctx.sortedErrors() };
}

/** For the apply route: the document, or a 400 whose details name each line. */
export function parseSpecOrThrow(markdown: string): SpecDocument {
  const result = parseSpec(markdown);
  if (result.ok) return result.spec;
  const [first] = result.errors;
  const count = result.errors.length === 1 ? '1 error' : `${result.errors.length} errors`;
  throw new ValidationError(
    `The spec does not follow the canonical spec format (${count}; first ${formatSpecError(first as SpecParseError)})`,
    result.errors.map((error) => ({ path: `content:line ${error.line}`, message: error.message })),
  );
}

// --- context: errors, where each model path came from, muted paths ---------------------------

class ParseContext {
  readonly errors: SpecParseError[] = [];
  private readonly where = new Map<string, number>();
  private readonly muted = new Set<string>();
  /** Entities whose field table could not be read: references to their fields are not judged. */
  readonly unreadEntities = new Set<string>();

  error(line: number, message: string): void {
    this.errors.push({ line, message });
  }

  /** Records the line a model path (`entities.0.fields.2`) was read from. */
  at(path: string, line: number): void {
    this.where.set(path, line);
  }

  /** The checker's remarks on this path (and below it) would repeat an error already reported. */
  mute(path: string): void {
    this.muted.add(path);
  }

  isMuted(path: string): boolean {
    return [...this.muted].some((prefix) => path === prefix || path.startsWith(`${prefix}.`));
  }

  /** The line of the nearest recorded path: a field's row, else its entity's heading, else the section. */
  lineOf(path: string): number {
    const parts = path.split('.');
    for (let n = parts.length; n > 0; n -= 1) {
      const line = this.where.get(parts.slice(0, n).join('.'));
      if (line !== undefined) return line;
    }
    return 1;
  }

  sortedErrors(): SpecParseError[] {
    const seen = new Set<string>();
    const unique = this.errors
      .map((error, i) => ({ error, i }))
      .sort((a, b) => a.error.line - b.error.line || a.i - b.i)
      .map(({ error }) => error)
      .filter((error) => {
        const key = formatSpecError(error);
        return seen.has(key) ? false : (seen.add(key), true);
      });
    if (unique.length <= MAX_ERRORS) return unique;
    const rest = unique.length - MAX_ERRORS;
    return [...unique.slice(0, MAX_ERRORS), { line: (unique[MAX_ERRORS] as SpecParseError).line, message: `${rest} more error${rest === 1 ? '' : 's'} not shown; fix these first` }];
  }
}

// --- document and sections ---------------------------------------------------------------------

/** Which model paths each section fills: a missing section mutes the checker on them. */
const SECTION_PATHS: Record<SectionName, string[]> = {
  Overview: ['overview'],
  Tenancy: ['tenancy'],
  Entities: ['entities'],
  Relations: [],
  Roles: ['roles', 'adminRole', 'defaultRole'],
  Access: ['access'],
  Workflows: ['workflows'],
  'Rate limits': ['rateLimits'],
};

function readDocument(lines: Line[], ctx: ParseContext): SpecDocument {
  const title = readTitle(lines, ctx);
  const afterTitle = lines.filter((line) => line.no > title.no);
  for (const line of afterTitle) {
    if (headingOf(line.text)?.level === 1) ctx.error(line.no, "only the first line is a '# <project name>' heading; sections are '## Name'");
  }
  const { before, sections } = splitByHeading(afterTitle.filter((line) => headingOf(line.text)?.level !== 1), 2);
  const firstStray = nonBlank(before)[0];
  if (firstStray && sections.length > 0) ctx.error(firstStray.no, "unexpected text between the title and '## Overview'; the overview goes under '## Overview'");
  const found = orderSections(sections, nonBlank(lines).at(-1)?.no ?? 1, ctx);

  for (const name of ALL_SECTION_NAMES) {
    const section = found.get(name);
    if (!section) for (const path of SECTION_PATHS[name]) ctx.mute(path);
    else for (const path of SECTION_PATHS[name]) ctx.at(path, section.no);
  }
  const overview = found.has('Overview') ? freeText((found.get('Overview') as Section).body) : '';
  const tenancy = readTenancy(found.get('Tenancy'), ctx);
  const entities = readEntities(found.get('Entities'), ctx);
  // Without the entities, every reference to one would be reported as unknown: say it once.
  const entitiesKnown = found.has('Entities') && entities.length > 0;
  if (!entitiesKnown) ['roles', 'access', 'workflows'].forEach((path) => ctx.mute(path));
  readRelations(found.get('Relations'), entities, entitiesKnown, ctx);
  const roles = readRoles(found.get('Roles'), entities, entitiesKnown, ctx);
  const access = readAccess(found.get('Access'), ctx);
  const workflows = readWorkflows(found.get('Workflows'), ctx);
  const rateLimits = readRateLimits(found.get('Rate limits'), ctx);
  return {
    title: title.text,
    overview,
    tenancy,
    entities,
    roles: roles.roles,
    adminRole: roles.adminRole,
    defaultRole: roles.defaultRole,
    access,
    workflows,
    ...(rateLimits ? { rateLimits } : {}),
  };
}

function readTitle(lines: Line[], ctx: ParseContext): { no: number; text: string } {
  const first = nonBlank(lines)[0];
  const heading = first && headingOf(first.text);
  if (!first || heading?.level !== 1 || heading.text === '') {
    ctx.error(first?.no ?? 1, "a spec starts with its title line '# <project name>'");
    ctx.mute('title');
    // A level-2 first line is a section, not a title: keep it for the section reader.
    return { no: first && heading?.level !== 2 ? first.no : 0, text: heading?.level === 1 ? heading.text : '' };
  }
  ctx.at('title', first.no);
  return { no: first.no, text: heading.text };
}

/**
 * Checks the sections against the canonical list and order, and returns the first occurrence of
 * each. A section that is missing is reported where it should have been; one that is present but
 * misplaced is reported at its own heading (once), and still read.
 */
function orderSections(sections: Section[], lastLine: number, ctx: ParseContext): Map<SectionName, Section> {
  const found = new Map<SectionName, Section>();
  const canonical = (section: Section) => ALL_SECTION_NAMES.find((name) => sameWords(name, section.heading.text));
  const present = new Set(sections.map(canonical).filter((name) => name !== undefined));
  const order = SECTION_NAMES.map((name) => `## ${name}`).join(', ');
  const after = (index: number) => (index === 0 ? 'the title' : `'## ${ALL_SECTION_NAMES[index - 1]}'`);
  if (sections.length === 0) {
    // Seven "expected section" errors would say less than this one.
    ctx.error(lastLine, `the spec has no sections; after the title come ${order}, in this order`);
    return found;
  }
  let expected = 0;
  const reportMissing = (upTo: number, line: number) => {
    for (let k = expected; k < upTo; k += 1) {
      const name = ALL_SECTION_NAMES[k] as SectionName;
      if (!present.has(name) && !(OPTIONAL_SECTION_NAMES as readonly string[]).includes(name)) ctx.error(line, `expected section '## ${name}' after ${after(k)} (the sections are ${order})`);
    }
  };
  for (const section of sections) {
    const name = canonical(section);
    if (!name) {
      ctx.error(section.no, `unknown section '## ${section.heading.text}' (the sections are ${order})`);
      continue;
    }
    const previous = found.get(name);
    if (previous) {
      ctx.error(section.no, `section '## ${name}' appears twice (first at line ${previous.no})`);
      continue;
    }
    found.set(name, section);
    const index = ALL_SECTION_NAMES.indexOf(name);
    if (index < expected) {
      ctx.error(section.no, `section '## ${name}' is out of order: it belongs after ${after(index)} (the sections are ${order})`);
      continue;
    }
    reportMissing(index, section.no);
    expected = index + 1;
  }
  reportMissing(ALL_SECTION_NAMES.length, lastLine);
  return found;
}

const isNoneLine = (text: string): boolean => sameWords(text.replace(/\.$/, ''), NONE_LINE.replace(/\.$/, ''));

/** True for a section holding only `None.` (or nothing); reports `None.` mixed with content. */
function isNone(section: Section, ctx: ParseContext): boolean {
  const lines = nonBlank(section.body);
  const none = lines.filter((line) => isNoneLine(line.text));
  if (none.length > 0 && none.length < lines.length) {
    ctx.error((none[0] as Line).no, `'${NONE_LINE}' means the section is empty; remove it or the rest of ## ${section.heading.text}`);
  }
  return lines.length === none.length;
}

/** Text and list items of a table-only section, except a `None.` (reported by isNone). */
function strayOf(block: Block): Line[] {
  const items = block.items.map(({ no, item }) => ({ no, text: `- ${item.key ?? item.value}` }));
  return [...block.stray.filter((line) => !isNoneLine(line.text)), ...items].sort((a, b) => a.no - b.no);
}

function reportStray(lines: readonly Line[], ctx: ParseContext, why: string): void {
  const first = lines[0];
  if (first) ctx.error(first.no, `unexpected text '${clip(first.text)}': ${why}`);
}

const clip = (text: string): string => {
  const trimmed = text.trim();
  return trimmed.length > 50 ? `${trimmed.slice(0, 47)}...` : trimmed;
};

/** Checks a table's header and separator; false when the header is not the expected one. */
function checkHeader(table: Table, expected: readonly string[], what: string, ctx: ParseContext): boolean {
  if (!table.hasSeparator) ctx.error(table.header.no, `${what}: the table needs a separator row under its header (${renderRow(expected.map(() => '---'))})`);
  const matches = table.header.cells.length === expected.length && expected.every((cell, i) => sameWords(cell, table.header.cells[i] ?? ''));
  if (!matches) ctx.error(table.header.no, `${what}: the table header must be ${renderRow(expected)} (found ${renderRow(table.header.cells)})`);
  return matches;
}

/** Rows with the header's number of cells; the others are reported and returned apart. */
function splitRows(table: Table, width: number, what: string, ctx: ParseContext): { good: Row[]; bad: Row[] } {
  const good: Row[] = [];
  const bad: Row[] = [];
  for (const row of table.rows) {
    if (row.cells.length === width) {
      good.push(row);
    } else {
      bad.push(row);
      ctx.error(row.no, `${what}: this row has ${row.cells.length} cells, the table ${width}; write a '|' inside a cell as '\\|'`);
    }
  }
  return { good, bad };
}

/** The one table of a block; a second table is an error. */
function onlyTable(block: Block, what: string, ctx: ParseContext): Table | undefined {
  for (const extra of block.tables.slice(1)) ctx.error(extra.header.no, `${what}: a second table; this part holds one table`);
  return block.tables[0];
}

// --- tenancy ----------------------------------------------------------------------------------

function readTenancy(section: Section | undefined, ctx: ParseContext): SpecDocument['tenancy'] {
  // When the mode is missing or unreadable, reading it as multi-tenant keeps the single-tenant
  // wording rule from adding errors about a mode the author never stated.
  if (!section) return 'multi';
  const block = readBlock(section.body);
  const usage = "write '- Mode: single-tenant' or '- Mode: multi-tenant (each organization's data is isolated by org_id)'";
  for (const table of block.tables) ctx.error(table.header.no, `## Tenancy holds only its mode line; ${usage}`);
  reportStray(block.stray, ctx, `## Tenancy holds only its mode line; ${usage}`);
  let mode: SpecDocument['tenancy'] | undefined;
  for (const { no, item } of block.items) {
    if (item.key === undefined || !sameWords(item.key, MODE_KEY)) {
      ctx.error(no, `## Tenancy holds only its mode line; ${usage}`);
      continue;
    }
    if (mode !== undefined) {
      ctx.error(no, 'the tenancy mode is given twice');
      continue;
    }
    const value = item.value.toLowerCase();
    if (value.startsWith('multi-tenant')) mode = 'multi';
    else if (value.startsWith('single-tenant')) mode = 'single';
    else ctx.error(no, `unknown tenancy mode '${item.value}'; ${usage}`);
    ctx.at('tenancy', no);
  }
  if (mode === undefined && !block.items.some(({ item }) => item.key !== undefined && sameWords(item.key, MODE_KEY))) {
    ctx.error(section.no, `## Tenancy needs its mode line; ${usage}`);
  }
  return mode ?? 'multi';
}

// --- entities ---------------------------------------------------------------------------------

function readEntities(section: Section | undefined, ctx: ParseContext): SpecEntity[] {
  if (!section) return [];
  const { before, sections } = splitByHeading(section.body, 3);
  reportStray(nonBlank(before), ctx, "## Entities holds one '### EntityName' part per entity; text goes in an entity's description or the Overview");
  return sections.map((sub, e) => readEntity(sub, `entities.${e}`, ctx));
}

function readEntity(sub: Section, path: string, ctx: ParseContext): SpecEntity {
  ctx.at(path, sub.no);
  const name = sub.heading.text;
  const block = readBlock(sub.body, [OWNER_KEY]);
  // Built in the model's key order (name, description, fields, ownerField) for readable output.
  const entity: SpecEntity = { name, ...(block.description && { description: block.description.text }), fields: [] };
  if (block.description) ctx.at(`${path}.description`, block.description.no);
  reportStray(block.stray, ctx, `after ${name}'s field table only '- ${OWNER_KEY}: <field>' may follow; a description goes between '### ${name}' and the table`);
  for (const { no, item } of block.items) {
    if (item.key === undefined || !sameWords(item.key, OWNER_KEY)) {
      ctx.error(no, `${name}: unexpected item '- ${clip(item.key ?? item.value)}'; only '- ${OWNER_KEY}: <field>' follows the field table`);
    } else if (entity.ownerField !== undefined) {
      ctx.error(no, `${name}: the owner field is given twice`);
    } else {
      entity.ownerField = item.value;
      ctx.at(`${path}.ownerField`, no);
    }
  }
  const unread = () => {
    ctx.mute(`${path}.fields`);
    ctx.mute(`${path}.ownerField`);
    ctx.unreadEntities.add(name);
  };
  const table = onlyTable(block, name, ctx);
  if (!table) {
    ctx.error(sub.no, `${name} needs a field table: ${renderRow(FIELD_HEADER)}`);
    unread();
    return entity;
  }
  if (!checkHeader(table, FIELD_HEADER, `${name} fields`, ctx)) {
    unread();
    return entity;
  }
  const { good, bad } = splitRows(table, FIELD_HEADER.length, `${name} fields`, ctx);
  for (const row of table.rows) {
    const fieldPath = `${path}.fields.${entity.fields.length}`;
    ctx.at(fieldPath, row.no);
    if (bad.includes(row)) {
      // Keep a stand-in under the row's name so references to it do not report it unknown again.
      entity.fields.push({ name: row.cells[0] ?? '', type: row.cells[1] ?? 'string', required: false });
      ctx.mute(fieldPath);
    } else {
      entity.fields.push(readField(row, name, ctx));
    }
  }
  if (good.length === 0 && bad.length > 0) unread();
  return entity;
}

function readField(row: Row, entityName: string, ctx: ParseContext): SpecField {
  const [name, typeText, requiredText, defaultText, allowedText, notesText] = row.cells as [string, string, string, string, string, string];
  const at = (message: string) => ctx.error(row.no, `${entityName}.${name}: ${message}`);
  const type = parseFieldType(typeText);
  const required = readYesNo(requiredText);
  if (required === undefined) at(`Required must be yes or no (got '${requiredText}')`);
  const field: SpecField = { name, type: type ? formatFieldType(type) : typeText, required: required ?? false };
  if (type) {
    readDefault(defaultText, type, field, at);
    readAllowedValues(allowedText, type, field, at);
  }
  const notes = readNotes(notesText);
  if (notes.unique) field.unique = true;
  if (notes.maxBytes !== undefined || isScalarType(type, 'file')) {
    // Missing parts stay empty (no types, 0 bytes) so the checker can say which one to add.
    field.file = { contentTypes: field.file?.contentTypes ?? [], maxBytes: notes.maxBytes ?? 0 };
  }
  if (notes.text !== undefined) field.notes = notes.text;
  return field;
}

function readDefault(text: string, type: FieldType, field: SpecField, at: (message: string) => void): void {
  if (text === '') return;
  if (isScalarType(type, 'integer', 'number')) {
    const value = readNumber(text);
    if (value === undefined) at(`default '${text}' is not a number`);
    else field.default = value;
  } else if (isScalarType(type, 'boolean')) {
    const word = text.toLowerCase();
    if (word === 'true' || word === 'yes') field.default = true;
    else if (word === 'false' || word === 'no') field.default = false;
    else at(`default '${text}' of a boolean must be true or false`);
  } else {
    field.default = text;
  }
}

/** The Allowed values cell means enum values, file content types, or a range, by type. */
function readAllowedValues(text: string, type: FieldType, field: SpecField, at: (message: string) => void): void {
  if (text === '') return;
  if (isScalarType(elementType(type), 'enum')) {
    field.values = splitList(text);
  } else if (isScalarType(type, 'file')) {
    field.file = { contentTypes: splitList(text).map((item) => item.toLowerCase()), maxBytes: 0 };
  } else if (isScalarType(type, 'integer', 'number', 'string', 'text') || type.kind === 'list') {
    const range = readRange(text);
    if (!range.ok) {
      const hint = isScalarType(type, 'string', 'text') || type.kind === 'list' ? ' (a length range; for a fixed list of values use type enum)' : '';
      at(`${range.error}${hint}`);
      return;
    }
    if (range.value.min !== undefined) field.min = range.value.min;
    if (range.value.max !== undefined) field.max = range.value.max;
  } else {
    at(`${formatFieldType(type)} fields take no Allowed values (got '${text}')`);
  }
}

// --- relations --------------------------------------------------------------------------------

function readRelations(section: Section | undefined, entities: SpecEntity[], entitiesKnown: boolean, ctx: ParseContext): void {
  if (!section || isNone(section, ctx)) return;
  const block = readBlock(section.body);
  reportStray(strayOf(block), ctx, `## Relations holds one table ${renderRow(RELATIONS_HEADER)} or '${NONE_LINE}'`);
  const table = onlyTable(block, 'Relations', ctx);
  if (!table || !checkHeader(table, RELATIONS_HEADER, 'Relations', ctx) || !entitiesKnown) return;
  const listed = new Set<SpecField>();
  for (const row of splitRows(table, RELATIONS_HEADER.length, 'Relations', ctx).good) {
    const [entityName, fieldName, references, onDeleteText] = row.cells as [string, string, string, string];
    const at = (message: string) => ctx.error(row.no, `Relations: ${message}`);
    if (ctx.unreadEntities.has(entityName)) continue; // its fields are unknown, not missing
    const e = entities.findIndex((entity) => entity.name === entityName);
    const entity = entities[e];
    if (!entity) {
      at(`'${entityName}' is not an entity of the spec`);
      continue;
    }
    const f = entity.fields.findIndex((field) => field.name === fieldName);
    const field = entity.fields[f];
    if (!field) {
      at(`${entityName} has no field '${fieldName}'`);
      continue;
    }
    const type = parseFieldType(field.type);
    // A broken row or an unknown type is already reported on the field's own line.
    if (ctx.isMuted(`entities.${e}.fields.${f}`) || !type) continue;
    const target = refTarget(type);
    const onDelete = OnDelete.safeParse(onDeleteText.toLowerCase());
    if (target === undefined) at(`${entityName}.${fieldName} is a ${field.type} field; only ref fields have relations`);
    else if (references !== target) at(`${entityName}.${fieldName} references ${target}, not '${references}'`);
    if (!onDelete.success) at(`On delete must be restrict, cascade or set_null (got '${onDeleteText}')`);
    if (listed.has(field)) at(`${entityName}.${fieldName} is listed twice`);
    listed.add(field);
    if (target !== undefined && onDelete.success) {
      field.onDelete = onDelete.data;
      ctx.at(`entities.${e}.fields.${f}.onDelete`, row.no);
    }
  }
}

// --- roles ------------------------------------------------------------------------------------

interface RolesPart {
  roles: SpecRole[];
  adminRole: string;
  defaultRole: string;
}

function readRoles(section: Section | undefined, entities: SpecEntity[], entitiesKnown: boolean, ctx: ParseContext): RolesPart {
  const part: RolesPart = { roles: [], adminRole: '', defaultRole: '' };
  if (!section) return part;
  const block = readBlock(section.body);
  const entityNames = entities.map((entity) => entity.name);
  const header = [ROLE_HEADER_FIRST, ...entityNames];
  reportStray(block.stray, ctx, `## Roles holds the table ${renderRow(header)}, then '- ${ADMIN_ROLE_KEY}: <role>' and '- ${DEFAULT_ROLE_KEY}: <role>'`);
  const table = onlyTable(block, 'Roles', ctx);
  if (!table) {
    ctx.error(section.no, `## Roles needs its table: ${renderRow(header)}, one row per role`);
    ctx.mute('roles');
  } else {
    readRoleTable(table, entityNames, entitiesKnown, part, ctx);
  }
  for (const { no, item } of block.items) readRoleItem(no, item.key, item.value, part, ctx);
  return part;
}

function readRoleTable(table: Table, entityNames: string[], entitiesKnown: boolean, part: RolesPart, ctx: ParseContext): void {
  const expected = [ROLE_HEADER_FIRST, ...entityNames];
  const columns = table.header.cells.slice(1);
  if (!table.hasSeparator) ctx.error(table.header.no, `Roles: the table needs a separator row under its header (${renderRow(expected.map(() => '---'))})`);
  const headerOk = sameWords(table.header.cells[0] ?? '', ROLE_HEADER_FIRST) && (!entitiesKnown || columns.join('|') === entityNames.join('|'));
  if (!headerOk) {
    ctx.error(table.header.no, `Roles: the columns must be Role and then every entity in order: ${renderRow(expected)} (found ${renderRow(table.header.cells)})`);
    // Rights read from a mismatched matrix would only produce echoes of this error; keep the role names.
    ctx.mute('roles');
  }
  for (const row of splitRows(table, table.header.cells.length, 'Roles', ctx).good) {
    const path = `roles.${part.roles.length}`;
    ctx.at(path, row.no);
    const role: SpecRole = { name: row.cells[0] ?? '', rights: {} };
    part.roles.push(role);
    if (!headerOk) continue;
    columns.forEach((entity, c) => {
      const rights = readRights(row.cells[c + 1] ?? '');
      if (!rights.ok) ctx.error(row.no, `role ${role.name}, ${entity}: ${rights.error}`);
      else if (Object.keys(rights.value).length > 0 && entityNames.includes(entity)) role.rights[entity] = rights.value;
    });
  }
}

function readRoleItem(no: number, key: string | undefined, value: string, part: RolesPart, ctx: ParseContext): void {
  const setRole = (which: 'adminRole' | 'defaultRole', label: string) => {
    if (part[which] !== '') ctx.error(no, `'- ${label}:' is given twice`);
    part[which] = value;
    ctx.at(which, no);
  };
  if (key !== undefined && sameWords(key, ADMIN_ROLE_KEY)) return setRole('adminRole', ADMIN_ROLE_KEY);
  if (key !== undefined && sameWords(key, DEFAULT_ROLE_KEY)) return setRole('defaultRole', DEFAULT_ROLE_KEY);
  const r = part.roles.findIndex((role) => role.name === key);
  const role = part.roles[r];
  if (!role) {
    ctx.error(no, `Roles: unexpected item '- ${clip(key ?? value)}'; the items are '- ${ADMIN_ROLE_KEY}: <role>', '- ${DEFAULT_ROLE_KEY}: <role>' and optionally '- <role>: <description>' for a role of the table`);
  } else if (role.description !== undefined) {
    ctx.error(no, `role ${role.name} is described twice`);
  } else if (value !== '') {
    role.description = value;
    ctx.at(`roles.${r}.description`, no);
  }
}

// --- access -----------------------------------------------------------------------------------

function readAccess(section: Section | undefined, ctx: ParseContext): SpecAccessRule[] {
  if (!section || isNone(section, ctx)) return [];
  const block = readBlock(section.body);
  reportStray(strayOf(block), ctx, `## Access holds one table ${renderRow(ACCESS_HEADER)} or '${NONE_LINE}'`);
  const table = onlyTable(block, 'Access', ctx);
  if (!table || !checkHeader(table, ACCESS_HEADER, 'Access', ctx)) return [];
  return splitRows(table, ACCESS_HEADER.length, 'Access', ctx).good.map((row, a) => {
    ctx.at(`access.${a}`, row.no);
    const [entity, operation, level] = row.cells as [string, string, string];
    // Cast: the checker reports operations and levels outside the model's lists.
    return { entity, operation: operation.toLowerCase() as Operation, level: level.toLowerCase() as AccessLevel };
  });
}

// --- rate limits ------------------------------------------------------------------------------

/** The optional `## Rate limits` table: one row per window of a limit; absent section: undefined. */
function readRateLimits(section: Section | undefined, ctx: ParseContext): SpecRateLimit[] | undefined {
  if (!section) return undefined;
  const block = readBlock(section.body);
  reportStray(strayOf(block), ctx, `## Rate limits holds one table ${renderRow(RATE_LIMITS_HEADER)} (leave the section out to keep the defaults)`);
  const table = onlyTable(block, 'Rate limits', ctx);
  if (!table) {
    ctx.error(section.no, `## Rate limits holds one table ${renderRow(RATE_LIMITS_HEADER)}, one row per window; leave the section out to keep the defaults`);
    ctx.mute('rateLimits');
    return undefined;
  }
  if (!checkHeader(table, RATE_LIMITS_HEADER, 'Rate limits', ctx)) {
    ctx.mute('rateLimits');
    return undefined;
  }
  const names = AUTH_RATE_CATEGORIES.map(writeRateLimitName).join(', ');
  if (table.rows.length === 0) ctx.error(table.header.no, 'Rate limits: the table has no rows; leave the section out to keep the defaults');
  const out: SpecRateLimit[] = [];
  for (const row of splitRows(table, RATE_LIMITS_HEADER.length, 'Rate limits', ctx).good) {
    const [nameCell, requestsCell, windowCell] = row.cells as [string, string, string];
    const limit = readRateLimitName(nameCell, AUTH_RATE_CATEGORIES);
    const requests = readNumber(requestsCell);
    const window = readWindow(windowCell);
    if (!limit) ctx.error(row.no, `Rate limits: unknown limit '${clip(nameCell)}' (the limits are ${names})`);
    if (requests === undefined) ctx.error(row.no, `Rate limits: requests must be a whole number, not '${clip(requestsCell)}'`);
    if (!window.ok) ctx.error(row.no, `Rate limits: ${window.error}`);
    if (!limit || requests === undefined || !window.ok) continue;
    ctx.at(`rateLimits.${out.length}`, row.no);
    out.push({ limit, requests, windowSeconds: window.value });
  }
  return out.length > 0 ? out : undefined;
}

// --- workflows --------------------------------------------------------------------------------

function readWorkflows(section: Section | undefined, ctx: ParseContext): SpecWorkflow[] {
  if (!section) return [];
  const { before, sections } = splitByHeading(section.body, 3);
  if (sections.length === 0 && isNone(section, ctx)) return [];
  reportStray(nonBlank(before), ctx, `## Workflows holds one '### workflow_name' part per workflow, or '${NONE_LINE}'`);
  return sections.map((sub, w) => readWorkflow(sub, `workflows.${w}`, ctx));
}

function readWorkflow(sub: Section, path: string, ctx: ParseContext): SpecWorkflow {
  ctx.at(path, sub.no);
  const name = sub.heading.text;
  const subject = `workflow ${name}`;
  const block = readBlock(sub.body, [TRIGGER_KEY]);
  if (block.description) ctx.at(`${path}.description`, block.description.no);
  reportStray(block.stray, ctx, `after ${subject}'s description come '- ${TRIGGER_KEY}: ...' and its step table, nothing else`);
  let triggered = false;
  let trigger: SpecWorkflow['trigger'];
  let triggerKnown = false;
  for (const { no, item } of block.items) {
    if (item.key === undefined || !sameWords(item.key, TRIGGER_KEY)) {
      ctx.error(no, `${subject}: unexpected item '- ${clip(item.key ?? item.value)}'; a workflow has '- ${TRIGGER_KEY}: ...' and a step table`);
      continue;
    }
    if (triggered) {
      ctx.error(no, `${subject}: the trigger is given twice`);
      continue;
    }
    triggered = true;
    ctx.at(`${path}.trigger`, no);
    const read = readTrigger(item.value);
    if (!read.ok) ctx.error(no, `${subject}: ${read.error}`);
    else trigger = read.value;
    triggerKnown = read.ok && !(read.value && ctx.unreadEntities.has(read.value.entity));
    if (!triggerKnown) ctx.mute(`${path}.trigger`);
  }
  if (!triggered) ctx.error(sub.no, `${subject} needs a trigger line: '- ${TRIGGER_KEY}: <Entity> created', '... updated', '... deleted', '<Entity> <field> = <value>' or 'manual'`);
  const workflow: SpecWorkflow = { name, ...(block.description && { description: block.description.text }), ...(trigger && { trigger }), steps: [] };
  const table = onlyTable(block, subject, ctx);
  if (!table) {
    ctx.error(sub.no, `${subject} needs a step table: ${renderRow(STEPS_HEADER)}`);
    ctx.mute(`${path}.steps`);
    return workflow;
  }
  if (!checkHeader(table, STEPS_HEADER, `${subject} steps`, ctx)) {
    ctx.mute(`${path}.steps`);
    return workflow;
  }
  const rows = splitRows(table, STEPS_HEADER.length, `${subject} steps`, ctx);
  for (const row of rows.good) {
    const [name, kind, details] = row.cells as [string, string, string];
    const step = readStep(name, kind, details);
    if (!step.ok) {
      ctx.error(row.no, `${subject}, step ${name}: ${step.error}`);
      continue;
    }
    const stepPath = `${path}.steps.${workflow.steps.length}`;
    ctx.at(stepPath, row.no);
    // A waitUntil field belongs to the triggering record: without a readable trigger it cannot be judged.
    if (!triggerKnown) ctx.mute(`${stepPath}.field`);
    workflow.steps.push(step.value);
  }
  if (workflow.steps.length === 0 && table.rows.length > 0) ctx.mute(`${path}.steps`);
  return workflow;
}
