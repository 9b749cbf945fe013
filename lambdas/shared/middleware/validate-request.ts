/**
 * zod validation of path parameters, query and body; every problem is listed in `details`.
 * Before any schema, every string of each part (keys included) must be well-formed Unicode
 * without NUL (well-formed-text.ts). A path parameter declared with `pathId` that does not have
 * the id's shape names nothing that can exist: 404 NOT_FOUND, as an unknown id would.
 */
import type { MiddlewareObj } from '@middy/core';
import * as z from 'zod';
import { NotFoundError, ValidationError, type ErrorDetail } from '../../core/errors';
import { illFormedTextDetails } from '../../core/well-formed-text';
import type { Context, HttpEvent, HttpResult, Internal } from '../http-types';

export interface RequestSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
}

const PATH_IDS = new WeakSet<z.ZodType>();

/** Marks a path parameter's schema as an id: a value off its shape answers 404, not 400. */
export function pathId<T extends z.ZodType>(schema: T): T {
  PATH_IDS.add(schema);
  return schema;
}

export function zodDetails(error: z.ZodError, prefix: string): ErrorDetail[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    const message =
      issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;
    return { path: path || prefix, message };
  });
}

/** The params that failed and are ids (their route cannot name an existing resource). */
function malformedIds(schema: z.ZodType, error: z.ZodError): string[] {
  if (!(schema instanceof z.ZodObject)) return [];
  const shape = schema.shape as Record<string, z.ZodType>;
  return error.issues.map((issue) => String(issue.path[0] ?? '')).filter((name) => shape[name] !== undefined && PATH_IDS.has(shape[name]));
}

export function validateRequest(schemas: RequestSchemas): MiddlewareObj<HttpEvent, HttpResult, Error, Context, Internal> {
  return {
    name: 'validateRequest',
    before: (request) => {
      const rawParams = request.event.pathParameters ?? {};
      const rawQuery = request.event.queryStringParameters ?? {};
      const rawBody = request.internal.bgs.json;
      const text = [...illFormedTextDetails(rawParams, 'path'), ...illFormedTextDetails(rawQuery, 'query'), ...(schemas.body ? illFormedTextDetails(rawBody, 'body') : [])];
      if (text.length > 0) throw new ValidationError(`The request is not valid: ${text.map((d) => `${d.path} ${d.message}`).join('; ')}`, text);

      if (schemas.params) {
        const result = schemas.params.safeParse(rawParams);
        const ids = result.success ? [] : malformedIds(schemas.params, result.error);
        if (ids.length > 0) throw new NotFoundError(`Not found: no ${ids.join(', ')} of this shape exists`);
      }
      const details: ErrorDetail[] = [];
      const parse = (schema: z.ZodType | undefined, value: unknown, where: string): unknown => {
        if (!schema) return undefined;
        const result = schema.safeParse(value);
        if (result.success) return result.data;
        details.push(...zodDetails(result.error, where));
        return undefined;
      };
      const params = parse(schemas.params, rawParams, 'path');
      const query = parse(schemas.query, rawQuery, 'query');
      const body = parse(schemas.body, rawBody, 'body');
      if (details.length > 0) throw new ValidationError('The request is not valid', details);
      request.internal.bgs.input = { params, query, body };
    },
  };
}
