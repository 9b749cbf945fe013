/**
 * Validation of a generated API's request parts (path parameters, query, built-in bodies such
 * as signup or invitations) against the route manifest's schemas, so what the OpenAPI document
 * publishes is exactly what the runtime enforces. The manifest speaks OpenAPI 3.0 (`nullable`,
 * `$ref` into components); this turns a schema into JSON Schema and hands it to zod's
 * `fromJSONSchema`, once per route at cold start. Entity bodies go through record-validation.ts
 * instead, because PUT and PATCH compare with the stored record.
 */
import * as z from 'zod';
import { refName, type JsonSchema } from '../blueprint/project-routes';
import { ValidationError, type ErrorDetail } from '../errors';

export type RequestValidator = (value: unknown) => Record<string, unknown>;

/** A validator for one request part (`body`, `query`, `params`); problems -> one 400 naming each at `<part>.<path>`. */
export function requestValidator(schema: JsonSchema, schemas: Record<string, JsonSchema>, part: 'body' | 'query' | 'params'): RequestValidator {
  const zodSchema = z.fromJSONSchema(toJsonSchema(schema, schemas) as Parameters<typeof z.fromJSONSchema>[0]);
  return (value) => {
    const result = zodSchema.safeParse(value ?? {});
    if (result.success) return result.data as Record<string, unknown>;
    const details: ErrorDetail[] = [];
    for (const issue of result.error.issues) {
      const at = [part, ...issue.path.map(String)].join('.');
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) details.push({ path: `${at}.${key}`, message: 'is not a known field' });
      } else if (issue.code === 'invalid_type' && issue.input === undefined) {
        details.push({ path: at, message: 'is required' });
      } else {
        details.push({ path: at, message: issue.message });
      }
    }
    throw new ValidationError(`Invalid ${part}: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`, details);
  };
}

/** OpenAPI 3.0 schema -> JSON Schema: `$ref`s inlined, `nullable` as a `null` type, doc-only keys dropped. */
export function toJsonSchema(schema: JsonSchema, schemas: Record<string, JsonSchema>, seen: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const name = refName(schema);
  if (name !== undefined) {
    const target = schemas[name];
    if (!target) throw new Error(`request-schema: unknown schema '${name}'`);
    if (seen.has(name)) throw new Error(`request-schema: recursive schema '${name}'`);
    return toJsonSchema(target, schemas, new Set([...seen, name]));
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || key === 'readOnly' || key === 'description' || key === 'example' || key === 'default') continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, toJsonSchema(v, schemas, seen)]));
    } else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) {
      out[key] = toJsonSchema(value as JsonSchema, schemas, seen);
    } else {
      out[key] = value;
    }
  }
  if (schema.nullable && typeof out.type === 'string') out.type = [out.type, 'null'];
  if (schema.nullable && Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  return out;
}
