/**
 * The outermost middleware of every route: starts the request (services, timing, log
 * context), renders the success result as JSON, and renders every error in ONE place as the
 * contract's `{ error, code }` (only messages of errors below 500 reach the client; 5xx are
 * logged with their stack and answered `INTERNAL`). Adds rate-limit and request-id headers.
 */
import type { MiddlewareObj } from '@middy/core';
import { renderError } from '../../core/errors';
import { rateLimitHeaders } from '../../core/rate-limit';
import { STATE, type Context, type HandlerResult, type HttpEvent, type HttpResult, type FrameServices, type Internal, type StatefulContext } from '../http-types';

const JSON_TYPE = 'application/json; charset=utf-8';

function commonHeaders(internal: Internal<FrameServices>, context: Context): Record<string, string> {
  const headers: Record<string, string> = { 'x-request-id': context.awsRequestId };
  if (internal.bgs.rate) Object.assign(headers, rateLimitHeaders(internal.bgs.rate));
  return headers;
}

export function httpFrame<S extends FrameServices>(
  routeKey: string,
  successStatus: number,
  getServices: () => Promise<S>,
): MiddlewareObj<HttpEvent, HttpResult, Error, Context, Internal<S>> {
  return {
    name: 'httpFrame',
    before: async (request) => {
      request.internal.bgs = { startedAt: Date.now() };
      (request.context as StatefulContext<S>)[STATE] = request.internal.bgs;
      const services = await getServices();
      request.internal.bgs.services = services;
      services.logger.addContext(request.context);
      services.logger.appendKeys({ route: routeKey, requestId: request.context.awsRequestId });
    },
    after: (request) => {
      const result = (request.response ?? {}) as HandlerResult;
      const headers = { ...commonHeaders(request.internal, request.context), ...result.headers };
      const statusCode = result.status ?? successStatus;
      if (result.raw) {
        const { body, contentType } = result.raw;
        request.response = {
          statusCode,
          headers: { 'content-type': contentType, ...headers },
          // Payload v2: a binary answer is base64 text with isBase64Encoded (API Gateway and the local gateway decode it).
          ...(typeof body === 'string' ? { body } : { body: Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('base64'), isBase64Encoded: true }),
        };
      } else if (result.body === undefined) {
        request.response = { statusCode, headers };
      } else {
        request.response = { statusCode, headers: { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(result.body) };
      }
      log(request.internal, request.response.statusCode ?? statusCode);
    },
    onError: (request) => {
      const rendered = renderError(request.error);
      const logger = request.internal.bgs?.services?.logger;
      if (rendered.serverFault) {
        // The cause stays in the logs; the client gets the generic body.
        if (logger) logger.error('request failed', { error: request.error as Error });
        else console.error('request failed before services were ready', request.error);
      }
      request.response = {
        statusCode: rendered.statusCode,
        headers: { 'content-type': JSON_TYPE, ...(request.internal.bgs ? commonHeaders(request.internal, request.context) : {}), ...rendered.headers },
        body: JSON.stringify(rendered.body),
      };
      if (request.internal.bgs) log(request.internal, rendered.statusCode);
    },
  };
}

function log(internal: Internal<FrameServices>, statusCode: number): void {
  const { services, startedAt } = internal.bgs;
  services?.logger.info('request', { statusCode, latencyMs: startedAt ? Date.now() - startedAt : undefined });
  services?.logger.removeKeys(['route', 'requestId']);
}
