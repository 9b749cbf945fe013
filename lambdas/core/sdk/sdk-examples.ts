/**
 * What the SDK READMEs show, the same in both languages: the project's first entity (its create
 * body with example values for the required fields, its routes), its files and its workflows.
 */
import { refName, type JsonSchema } from '../blueprint/project-routes';
import { isStringEnum, type SdkApi, type SdkFileHelper, type SdkOperation } from './sdk-api';

export type ExampleValue = string | number | boolean | null | ExampleValue[] | { [key: string]: ExampleValue };

export interface SdkExample {
  /** The create, read, update, delete and list operations of the first entity that has them. */
  readonly create: SdkOperation;
  readonly read?: SdkOperation;
  readonly update?: SdkOperation;
  readonly list?: SdkOperation;
  readonly body: Record<string, ExampleValue>;
  /** A field to change in the update example (the first optional text or the first field). */
  readonly change?: [string, ExampleValue];
  readonly files?: SdkFileHelper;
  readonly workflowStart?: SdkOperation;
  readonly workflowSignal?: SdkOperation;
  /** An event the signal route takes. */
  readonly signalEvent?: string;
}

/** An example value of a schema (references to other records read `<id>`). */
export function exampleValue(name: string, schema: JsonSchema): ExampleValue {
  if (isStringEnum(schema)) return schema.enum[0]!;
  switch (schema.type) {
    case 'integer':
      return schema.minimum ?? 1;
    case 'number':
      return 12.5;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      if (schema.format === 'date') return '2026-01-31';
      if (schema.format === 'date-time') return '2026-01-31T09:00:00Z';
      if (schema.format === 'email') return 'someone@example.org';
      if (schema.format === 'uri') return 'https://example.org';
      return name.endsWith('_id') ? '<id>' : `Example ${name.replace(/_/g, ' ')}`;
  }
}

export function sdkExample(api: SdkApi): SdkExample | undefined {
  const of = (entity: string, action: SdkOperation['route']['action']) => api.operations.find((op) => op.route.entity === entity && op.route.action === action);
  const create = api.operations.find((op) => op.route.action === 'crud.create');
  if (!create?.body) return undefined;
  const entity = create.route.entity!;
  const schema = api.schemas[refName(create.body) ?? ''] ?? {};
  const required = new Set(schema.required ?? []);
  const body: Record<string, ExampleValue> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) if (required.has(name)) body[name] = exampleValue(name, property);
  const properties = Object.entries(schema.properties ?? {});
  const changed = properties.find(([name, p]) => !required.has(name) && p.type === 'string' && !isStringEnum(p) && !p.format && !name.endsWith('_id')) ?? properties[0];
  const signal = api.operations.find((op) => op.route.action === 'workflows.signal');
  const event = signal?.body && api.schemas[refName(signal.body) ?? '']?.properties?.event;
  const optional = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as { [P in K]: V }));
  return {
    create,
    body,
    ...optional('read', of(entity, 'crud.read')),
    ...optional('update', of(entity, 'crud.update')),
    ...optional('list', of(entity, 'crud.list')),
    ...optional('change', changed ? ([changed[0], exampleValue(changed[0], changed[1])] as [string, ExampleValue]) : undefined),
    ...optional('files', api.files[0]),
    ...optional('workflowStart', api.operations.find((op) => op.route.action === 'workflows.start')),
    ...optional('workflowSignal', signal),
    ...optional('signalEvent', event && isStringEnum(event) ? event.enum[0] : undefined),
  };
}
