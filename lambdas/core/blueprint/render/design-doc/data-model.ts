/** The Data model section: a TypeScript interface per entity, the page and the error answer. */
import { USER_ENTITY, type BlueprintIR, type IrEntity, type IrField } from '../../ir';
import { alwaysPresent } from '../../project-routes';
import { formatBytes, withArticle } from '../../../text/english';

function tsScalar(type: string, values: string[] | undefined): string {
  switch (type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return values && values.length > 0 ? values.map((v) => JSON.stringify(v).replace(/"/g, "'")).join(' | ') : 'string';
    default:
      return 'string';
  }
}

/** The TypeScript type of a field: `string`, `'low' | 'medium' | 'high'`, `string[]`, `('a' | 'b')[]`. */
export function tsType(field: IrField): string {
  if (field.type === 'list') {
    const item = tsScalar(field.items?.type ?? 'string', field.items?.enum);
    return item.includes('|') ? `(${item})[]` : `${item}[]`;
  }
  return tsScalar(field.type, field.enum);
}

function tsDoc(field: IrField): string {
  const notes: string[] = [];
  const what: Record<string, string> = { date: 'date (YYYY-MM-DD)', datetime: 'date-time (ISO 8601 UTC)', email: 'email address', url: 'URL', text: 'long text', integer: 'integer' };
  const type = field.type === 'list' ? field.items?.type : field.type;
  if (field.serverOwned) {
    const server: Record<string, string> = { id: 'record id', org_id: 'organization (tenant) id', owner_id: 'the user who created the record' };
    notes.push(server[field.name] ?? 'set by the server');
  }
  if (field.type === 'list') notes.push('list');
  if (type && what[type] && !field.serverOwned) notes.push(what[type]);
  if (field.serverOwned && (field.name === 'created_at' || field.name === 'updated_at')) notes.push('date-time (ISO 8601 UTC)');
  const target = field.ref?.entity ?? field.items?.ref?.entity;
  if (target && !field.serverOwned) notes.push(`id of ${target === USER_ENTITY ? 'a User (member)' : withArticle(target)}${field.ref ? `, on delete: ${field.ref.onDelete}` : ''}`);
  if (field.type === 'file' && field.file) notes.push(`file key; ${field.file.contentTypes.join(', ')}; at most ${formatBytes(field.file.maxBytes)}`);
  const unit = field.type === 'list' ? ' items' : field.type === 'string' || field.type === 'text' ? ' characters' : '';
  if (field.min !== undefined && field.max !== undefined) notes.push(`${field.min}..${field.max}${unit}`);
  else if (field.min !== undefined) notes.push(`at least ${field.min}${unit}`);
  else if (field.max !== undefined) notes.push(`at most ${field.max}${unit}`);
  if (field.unique) notes.push('unique');
  if (field.default !== undefined) notes.push(`default ${JSON.stringify(field.default)}`);
  if (!field.serverOwned && field.required) notes.push('required on create');
  if (field.notes) notes.push(field.notes);
  return notes.length > 0 ? `  /** ${notes.join('; ').replace(/\*\//g, '*\\/')} */\n` : '';
}

function entityInterface(entity: IrEntity): string {
  const lines = entity.description ? [`/** ${entity.description.replace(/\*\//g, '*\\/')} */`] : [];
  lines.push(`export interface ${entity.name} {`);
  for (const field of entity.fields) {
    const optional = !alwaysPresent(field);
    lines.push(`${tsDoc(field)}  ${field.serverOwned ? 'readonly ' : ''}${field.name}${optional ? '?' : ''}: ${tsType(field)}${optional ? ' | null' : ''};`);
  }
  lines.push('}');
  return lines.join('\n');
}

export function typescript(ir: BlueprintIR): string {
  const blocks = ir.entities.map(entityInterface);
  blocks.push(
    [
      '/** Every list answer: a page of records and the cursor of the next one (null on the last page). */',
      'export interface Page<T> {',
      '  items: T[];',
      '  next_cursor: string | null;',
      '}',
    ].join('\n'),
  );
  blocks.push(
    [
      '/** Every error answer. */',
      'export interface ApiError {',
      '  error: string;',
      '  code: string;',
      '  details?: { path: string; message: string }[];',
      '}',
    ].join('\n'),
  );
  return [
    '## Data model (TypeScript)',
    '',
    'Responses carry every field below; `readonly` fields are set by the server (refused in a create body, accepted in PUT/PATCH only with their current values). ' +
      'Optional fields (`?`) may be absent or null. A create body takes the writable fields; those marked "required on create" must be present' +
      (ir.files.length > 0 ? '; file fields are attached after creation (see the examples).' : '.'),
    '',
    '```ts',
    blocks.join('\n\n'),
    '```',
  ].join('\n');
}
