/**
 * `## Entities`: one `### Name` part per entity with its description, field table and owner
 * line; each row read as a field (type, required, default, allowed values or range, notes).
 */
import { elementType, formatFieldType, isScalarType, parseFieldType, type FieldType } from '../field-type';
import { nonBlank, readBlock, splitByHeading, type Row, type Section } from '../spec-blocks';
import { readNotes, readNumber, readRange, readYesNo, splitList } from '../spec-cells';
import { FIELD_HEADER, NONE_LINE, OWNER_KEY } from '../spec-layout';
import { renderRow, sameWords } from '../spec-markdown';
import type { SpecEntity, SpecField } from '../spec-model';
import type { ParseContext } from './context';
import { checkHeader, clip, isNone, onlyTable, reportStray, splitRows } from './tables';

/** The entities, and whether the section was read as written (an empty draft's `None.` is). */
export function readEntities(section: Section | undefined, ctx: ParseContext): { entities: SpecEntity[]; read: boolean } {
  if (!section) return { entities: [], read: false };
  const { before, sections } = splitByHeading(section.body, 3);
  // A draft that names no record type yet: valid, though nothing can be built from it until one is added.
  if (sections.length === 0 && isNone(section, ctx)) return { entities: [], read: true };
  reportStray(nonBlank(before), ctx, `## Entities holds one '### EntityName' part per entity, or '${NONE_LINE}' while there is none; text goes in an entity's description or the Overview`);
  // Only stray text and no entity: not read, so references to entities are not judged against nothing.
  return { entities: sections.map((sub, e) => readEntity(sub, `entities.${e}`, ctx)), read: sections.length > 0 };
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
