/**
 * Fields: snake_case names, filterable names that do not clash with the list parameters, the
 * parts each type needs and only those, ranges that fit the type, defaults that fit the field,
 * required fields without a default, and unique only where it applies.
 */
import type { IrEntity, IrField } from '../ir';
import { DATE_EXAMPLE, DATE_TIME_EXAMPLE, isSpecDate, isSpecDateTime } from '../../date-formats';
import { SNAKE_NAME } from '../../vocabulary';
import type { ValidationContext } from './context';
import { checkFileRules } from './files';
import { checkReferences } from './relations';

/** Query parameters of every list: a filterable field may not take their names. */
export const RESERVED_QUERY_NAMES: readonly string[] = ['limit', 'cursor'];

export function checkField(ctx: ValidationContext, entity: IrEntity, field: IrField, path: string): void {
  const subject = `${entity.name}.${field.name}`;
  if (!SNAKE_NAME.test(field.name)) ctx.error(`${path}.name`, 'INVALID_NAME', `field name '${field.name}' must be snake_case (e.g. due_date)`);
  if (field.indexed && RESERVED_QUERY_NAMES.includes(field.name)) {
    ctx.error(`${path}.name`, 'RESERVED_NAME', `${subject} is filterable, but ?${field.name}= is a list parameter of every collection; rename the field`);
  }
  checkShape(ctx, field, subject, path);
  checkRange(ctx, field, subject, path);
  checkDefault(ctx, field, subject, path);
  if (field.required && field.default !== undefined) {
    ctx.error(`${path}.required`, 'REQUIRED_WITH_DEFAULT', `${subject} has a default, so it is not required on create (the contract's required rule)`);
  }
  if (field.unique && (field.type === 'boolean' || field.type === 'list' || field.type === 'file')) {
    ctx.error(`${path}.unique`, 'UNIQUE_NOT_SUPPORTED', `unique does not apply to ${field.type} fields (${subject})`);
  }
}

/** The parts a type needs and only those: items for lists, enum values, ref for refs (relations.ts), file rules (files.ts). */
export function checkShape(ctx: ValidationContext, field: IrField, subject: string, path: string): void {
  const isList = field.type === 'list';
  const itemType = isList ? field.items?.type : undefined;
  if (isList && !field.items) ctx.error(`${path}.items`, 'TYPE_SHAPE_INVALID', `${subject} is a list without items (what does it hold?)`);
  if (!isList && field.items) ctx.error(`${path}.items`, 'TYPE_SHAPE_INVALID', `${subject} is a ${field.type}, not a list: it takes no items`);

  // Enum values.
  if (field.type === 'enum') checkEnumValues(ctx, field.enum, subject, `${path}.enum`);
  else if (field.enum !== undefined) ctx.error(`${path}.enum`, 'TYPE_SHAPE_INVALID', `${subject} is a ${field.type}: only enum fields take values`);
  if (itemType === 'enum') checkEnumValues(ctx, field.items?.enum, subject, `${path}.items.enum`);
  else if (field.items?.enum !== undefined) ctx.error(`${path}.items.enum`, 'TYPE_SHAPE_INVALID', `${subject}: only list(enum) takes values`);

  checkReferences(ctx, field, subject, path);
  checkFileRules(ctx, field, subject, path);
}

export function checkEnumValues(ctx: ValidationContext, values: string[] | undefined, subject: string, path: string): void {
  if (!values || values.length === 0) {
    ctx.error(path, 'ENUM_WITHOUT_VALUES', `${subject} is an enum without values`);
    return;
  }
  const seen = new Set<string>();
  values.forEach((value, v) => {
    if (value.trim() === '') ctx.error(`${path}[${v}]`, 'ENUM_WITHOUT_VALUES', `${subject} has an empty enum value`);
    if (seen.has(value)) ctx.error(`${path}[${v}]`, 'DUPLICATE_NAME', `${subject} lists the value '${value}' twice`);
    seen.add(value);
  });
}

/** Value bounds for numbers, length bounds for strings and texts, element counts for lists. */
export function checkRange(ctx: ValidationContext, field: IrField, subject: string, path: string): void {
  if (field.min === undefined && field.max === undefined) return;
  const numeric = field.type === 'integer' || field.type === 'number';
  const length = field.type === 'string' || field.type === 'text' || field.type === 'list';
  if (!numeric && !length) {
    ctx.error(field.min !== undefined ? `${path}.min` : `${path}.max`, 'INVALID_RANGE', `${subject}: a range applies to integer, number, string, text and list fields, not ${field.type}`);
    return;
  }
  for (const key of ['min', 'max'] as const) {
    const bound = field[key];
    if (bound === undefined) continue;
    if (!Number.isFinite(bound)) ctx.error(`${path}.${key}`, 'INVALID_RANGE', `${subject}: ${key} ${bound} is not a number`);
    else if (length && (!Number.isInteger(bound) || bound < 0)) ctx.error(`${path}.${key}`, 'INVALID_RANGE', `${subject}: a length or count takes whole numbers from 0 (${key} is ${bound})`);
  }
  if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
    ctx.error(`${path}.min`, 'INVALID_RANGE', `${subject}: the range ${field.min}..${field.max} is empty (min is above max)`);
  }
}

export function checkDefault(ctx: ValidationContext, field: IrField, subject: string, path: string): void {
  const value = field.default;
  if (value === undefined) return;
  const bad = (why: string) => ctx.error(`${path}.default`, 'INVALID_DEFAULT', `${subject}: ${why}`);
  const inRange = (n: number) => (field.min === undefined || n >= field.min) && (field.max === undefined || n <= field.max);
  switch (field.type) {
    case 'ref':
    case 'list':
    case 'file':
      return bad(`${field.type} fields take no default`);
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return bad(`the default '${String(value)}' is not a number`);
      if (field.type === 'integer' && !Number.isInteger(value)) return bad(`the default ${value} is not a whole number`);
      if (!inRange(value)) return bad(`the default ${value} is outside ${field.min ?? ''}..${field.max ?? ''}`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') return bad(`the default '${String(value)}' is not true or false`);
      return;
  }
  if (typeof value !== 'string') return bad(`the default ${String(value)} is not text`);
  switch (field.type) {
    case 'enum':
      if (field.enum && field.enum.length > 0 && !field.enum.includes(value)) bad(`the default '${value}' is not one of ${field.enum.join(', ')}`);
      return;
    case 'date':
      if (!isSpecDate(value)) bad(`the default '${value}' is not a date like ${DATE_EXAMPLE}`);
      return;
    case 'datetime':
      if (!isSpecDateTime(value)) bad(`the default '${value}' is not a date-time like ${DATE_TIME_EXAMPLE}`);
      return;
    case 'string':
    case 'text':
      if (!inRange([...value].length)) bad(`the default '${value}' has a length outside ${field.min ?? ''}..${field.max ?? ''}`);
      return;
  }
}
