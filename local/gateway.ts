/**
 * The local gateway: turns each HTTP request into an API Gateway HTTP API payload-v2 event,
 * calls the same Lambda handler API Gateway would call, and writes the handler's v2 result
 * back. Routing comes from a route manifest (method + `{param}` paths), as on AWS.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { type HttpError, PayloadTooLargeError, renderError, UriTooLongError, ValidationError, HeadersTooLargeError, RequestTimeoutError } from '../lambdas/core/errors';
import { compileRoutes, decodePathSegment, matchRoute, type RouteMatch, type RouteShape } from '../lambdas/shared/route-match';

export { compileRoutes, decodePathSegment, matchRoute };

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

export interface GatewayRoute extends RouteShape {
  readonly handler: LambdaHandler;
  /** The Lambda's name, for the context object. */
  readonly functionName: string;
}

/** API Gateway's `$default` route: what it calls when no route matches (both APIs have one). */
export interface DefaultRoute {
  readonly handler: LambdaHandler;
  readonly functionName: string;
}

/** The route key API Gateway sends a `$default` route. */
export const DEFAULT_ROUTE_KEY = '$default';

export type GatewayMatch = RouteMatch<GatewayRoute> | { readonly route: null; readonly pathParameters: Record<string, string> };

/** API Gateway rejects bodies over 10 MB before any Lambda runs. */
export const MAX_GATEWAY_BODY_BYTES = 10 * 1024 * 1024;

/** Connection-level headers API Gateway does not forward to the integration. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded)|[^;]*\+(json|xml))/i;

function clfTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

export interface IncomingRequestData {
  readonly method: string;
  /** Path (without any mount prefix) and query string, as received. */
  readonly rawPath: string;
  readonly rawQueryString: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
  readonly sourceIp: string;
  readonly protocol: string;
  /** The port the request arrived on (API Gateway sends it as x-forwarded-port). */
  readonly localPort: string;
}

/**
 * The payload-v2 event API Gateway would build: lower-case headers with repeated values joined
 * by commas, cookies split out, repeated query parameters joined by commas, the body base64-
 * encoded unless it is text, and absent members omitted (not null), as recorded events show.
 */
export function toPayloadV2Event(
  req: IncomingRequestData,
  match: GatewayMatch,
  options: { domainName: string; apiId?: string; now?: Date },
): APIGatewayProxyEventV2 {
  const now = options.now ?? new Date();
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower)) continue;
    if (lower === 'cookie') {
      cookies = (Array.isArray(value) ? value.join('; ') : value).split(/;\s*/).filter(Boolean);
      continue;
    }
    headers[lower] = Array.isArray(value) ? value.join(',') : value;
  }
  // API Gateway forwards the received length, also when the client sent the body chunked.
  if (req.body.length > 0) headers['content-length'] = String(req.body.length);
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${req.sourceIp}` : req.sourceIp;
  headers['x-forwarded-port'] ??= req.localPort;
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-amzn-trace-id'] ??= `Root=1-${Math.floor(now.getTime() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;

  let queryStringParameters: Record<string, string> | undefined;
  if (req.rawQueryString) {
    queryStringParameters = {};
    for (const [key, value] of new URLSearchParams(req.rawQueryString)) {
      queryStringParameters[key] = key in queryStringParameters ? `${queryStringParameters[key]},${value}` : value;
    }
  }
  const routeKey = match.route ? `${match.route.method} ${match.route.path}` : DEFAULT_ROUTE_KEY;
  const apiId = options.apiId ?? 'local';
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey,
    rawPath: req.rawPath,
    rawQueryString: req.rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId,
      domainName: options.domainName,
      domainPrefix: options.domainName.split('.')[0] as string,
      http: {
        method: req.method,
        path: req.rawPath,
        protocol: req.protocol,
        sourceIp: req.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomBytes(12).toString('base64').replace(/[+/]/g, 'A').slice(0, 16),
      routeKey,
      stage: '$default',
      time: clfTime(now),
      timeEpoch: now.getTime(),
    },
    ...(Object.keys(match.pathParameters).length > 0 ? { pathParameters: match.pathParameters } : {}),
    isBase64Encoded: false,
  };
  if (req.body.length > 0) {
    const text = TEXT_TYPES.test(headers['content-type'] ?? '');
    event.body = text ? req.body.toString('utf8') : req.body.toString('base64');
    event.isBase64Encoded = !text;
  }
  return event;
}

/** A Lambda context like the runtime's (the fields handlers and Powertools read). */
export function lambdaContext(functionName: string, timeoutMs = 29_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Writes a payload-v2 result: a structured result, or (as API Gateway infers) any other value as 200 JSON. */
export function writeLambdaResult(res: ServerResponse, result: APIGatewayProxyResultV2): void {
  if (result === null || typeof result !== 'object' || !('statusCode' in result)) {
    const body = typeof result === 'string' ? result : JSON.stringify(result);
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  if (body && !headers['content-type']) headers['content-type'] = 'application/json';
  res.writeHead(result.statusCode ?? 200, headers).end(body);
}

/**
 * Writes an error the gateway or a local server answers itself (before any handler runs), rendered
 * by THE error renderer (core/errors.ts), as a handler's errors are.
 */
export function writeError(res: ServerResponse, err: unknown): void {
  const rendered = renderError(err);
  res.writeHead(rendered.statusCode, { 'content-type': 'application/json; charset=utf-8', ...rendered.headers }).end(JSON.stringify(rendered.body));
}

/** The longest request target (path and query) the local server takes; API Gateway allows 10 KB for the request line and headers together. */
export const MAX_URL_BYTES = 8192;

/**
 * The contract's answer to a request the server cannot take before any route sees it: a target
 * over MAX_URL_BYTES (414) or a path with broken percent-encoding (400). Null: go on.
 */
export function refuseRequestTarget(url: string): HttpError | null {
  if (Buffer.byteLength(url, 'utf8') > MAX_URL_BYTES) return new UriTooLongError(MAX_URL_BYTES);
  const path = url.split('?')[0] ?? '';
  if (path.split('/').some((segment) => decodePathSegment(segment) === null)) return new ValidationError('The path is not validly percent-encoded');
  return null;
}

/**
 * node:http's `clientError` listener: requests its parser refuses (an unknown method, a malformed
 * request line, headers over its limit) get the contract's `{ error, code }` body too, instead of
 * Node's bare `400 Bad Request`. The connection is closed afterwards, as Node does.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const refusal =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new HeadersTooLargeError()
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new RequestTimeoutError()
        : new ValidationError(err.code === 'HPE_INVALID_METHOD' ? 'Unknown HTTP method' : 'Malformed HTTP request');
  const { statusCode, body } = renderError(refusal);
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  );
}

/** Reads a request body up to `limit` bytes; null when it is larger (the caller answers 413). */
export function readBody(req: IncomingMessage, limit = MAX_GATEWAY_BODY_BYTES): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export interface Gateway {
  /** Serves a request whose path (mount prefix removed) is `path`. */
  handle(req: IncomingMessage, res: ServerResponse, path: string, query: string): Promise<void>;
}

/**
 * A gateway over a manifest's routes and the API's `$default` route, which gets every request no
 * route matches (and answers 404 or 405 in the shared code, route-match.ts), as on AWS.
 */
export function createGateway(routes: readonly GatewayRoute[], fallback: DefaultRoute, options: { apiId?: string } = {}): Gateway {
  const compiled = compileRoutes(routes);
  return {
    async handle(req, res, path, query) {
      const method = (req.method ?? 'GET').toUpperCase();
      if (path.split('/').some((segment) => decodePathSegment(segment) === null)) return writeError(res, new ValidationError('The path is not validly percent-encoded'));
      const matched = matchRoute(compiled, method, path);
      const match: GatewayMatch = matched && !('allowed' in matched) ? matched : { route: null, pathParameters: {} };
      const body = await readBody(req);
      if (body === null) return writeError(res, new PayloadTooLargeError('The request body is too large'));
      const event = toPayloadV2Event(
        {
          method,
          rawPath: path,
          rawQueryString: query,
          // Distinct values, so repeated headers are joined as API Gateway joins them (',').
          headers: req.headersDistinct,
          body,
          sourceIp: normalizeIp(req.socket.remoteAddress),
          protocol: `HTTP/${req.httpVersion}`,
          localPort: String(req.socket.localPort ?? ''),
        },
        match,
        { domainName: (req.headers.host ?? 'localhost').replace(/:\d+$/, ''), apiId: options.apiId },
      );
      const target = match.route ?? fallback;
      const result = await target.handler(event, lambdaContext(target.functionName));
      writeLambdaResult(res, result);
    },
  };
}

function normalizeIp(address: string | undefined): string {
  if (!address) return '127.0.0.1';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
