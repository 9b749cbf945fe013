/** zod validation of path parameters, query and body; every problem is listed in `details`. */
import type { MiddlewareObj } from '@middy/core';
import type * as z from 'zod';
import { ValidationError, type ErrorDetail } from '../../core/errors';
import type { Context, HttpEvent, HttpResult, Internal } from '../http-types';

export interface RequestSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
}

export function zodDetails(error: z.ZodError, prefix: string): ErrorDetail[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    const message =
      issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message;
    return { path: path || prefix, message };
  });
}

export function validateRequest(schemas: RequestSchemas): MiddlewareObj<HttpEvent, HttpResult, Error, Context, Internal> {
  return {
    name: 'validateRequest',
    before: (request) => {
      const details: ErrorDetail[] = [];
      const parse = (schema: z.ZodType | undefined, value: unknown, where: string): unknown => {
        if (!schema) return undefined;
        const result = schema.safeParse(value);
        if (result.success) return result.data;
        details.push(...zodDetails(result.error, where));
        return undefined;
      };
      const params = parse(schemas.params, request.event.pathParameters ?? {}, 'path');
      const query = parse(schemas.query, request.event.queryStringParameters ?? {}, 'query');
      const body = parse(schemas.body, request.internal.bgs.json, 'body');
      if (details.length > 0) throw new ValidationError('The request is not valid', details);
      request.internal.bgs.input = { params, query, body };
    },
  };
}
