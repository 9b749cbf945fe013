/**
 * JSON body parsing, used only on routes that declare a body: a non-JSON content type -> 415,
 * a body over 1 MB -> 413, malformed JSON or no body -> 400 VALIDATION_ERROR (the contract's
 * code for malformed JSON, unlike @middy/http-json-body-parser's 415). On a route whose body
 * is optional (every field optional), no body at all reads as `{}`.
 */
import type { MiddlewareObj } from '@middy/core';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../core/errors';
import type { Context, HttpEvent, HttpResult, Internal } from '../http-types';

export const MAX_BODY_BYTES = 1024 * 1024;

export function jsonBody(options: { readonly optional?: boolean } = {}): MiddlewareObj<HttpEvent, HttpResult, Error, Context, Internal> {
  return {
    name: 'jsonBody',
    before: (request) => {
      const { event } = request;
      const contentType = event.headers?.['content-type'] ?? event.headers?.['Content-Type'];
      const raw = event.body === undefined || event.body === null ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
      if (Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES) {
        throw new PayloadTooLargeError(`The request body is larger than ${MAX_BODY_BYTES} bytes (1 MB)`);
      }
      if (raw.trim() === '') {
        if (!options.optional) throw new ValidationError('A JSON request body is required');
        request.internal.bgs.json = {};
        return;
      }
      if (contentType && !/^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(contentType)) {
        throw new UnsupportedMediaTypeError(`Content-Type must be application/json (got ${contentType})`);
      }
      try {
        request.internal.bgs.json = JSON.parse(raw);
      } catch {
        throw new ValidationError('The request body is not valid JSON');
      }
    },
  };
}
