/**
 * TypeScript spellings shared by the models and the client: types of schemas, identifiers and
 * property keys that are always valid, doc comments.
 */
import { refName, type JsonSchema } from '../../blueprint/project-routes';
import { isStringEnum, type SdkApi } from '../sdk-api';

const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await'.split(
    ' ',
  ),
);

/** A usable parameter name: reserved words get a trailing `_`, other characters `_`. */
export function tsIdentifier(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_$]/g, '_').replace(/^(?=[0-9])/, '_');
  return RESERVED.has(cleaned) ? `${cleaned}_` : cleaned;
}

/** A property key: bare when it is an identifier (keywords are fine as keys), else quoted. */
export const tsKey = (name: string): string => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name));

export const tsString = (text: string): string => JSON.stringify(text);

/** A doc comment at `indent`. */
export function tsDoc(text: string, indent: string): string {
  const safe = text.replace(/\*\//g, '*\\/').trim();
  return `${indent}/** ${safe.split('\n').join(`\n${indent} * `)} */`;
}

/** The type of a schema; `models` is how named types are reached (`''` in models.ts, `m.` in client.ts). */
export function tsType(api: SdkApi, schema: JsonSchema | undefined, models: string, owner?: { name: string; property: string }): string {
  if (!schema) return 'unknown';
  const base = ((): string => {
    const ref = refName(schema);
    if (ref) return `${models}${ref}`;
    if (isStringEnum(schema)) {
      const named = owner && api.enumOf(owner.name, owner.property, schema);
      return named ? `${models}${named}` : schema.enum.map(tsString).join(' | ');
    }
    switch (schema.type) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'array':
        return `Array<${tsType(api, schema.items, models)}>`;
      case 'object':
        return schema.properties && Object.keys(schema.properties).length > 0 ? `{ ${tsProperties(api, schema, models).join(' ')} }` : 'Record<string, unknown>';
      default:
        return 'unknown';
    }
  })();
  return schema.nullable ? `${base} | null` : base;
}

/** `name?: Type;` per property of an object schema (`?` unless required). */
export function tsProperties(api: SdkApi, schema: JsonSchema, models: string, owner?: string): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(
    ([property, propertySchema]) => `${tsKey(property)}${required.has(property) ? '' : '?'}: ${tsType(api, propertySchema, models, owner ? { name: owner, property } : undefined)};`,
  );
}
