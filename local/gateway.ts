/**
 * The local gateway: turns each HTTP request into an API Gateway HTTP API payload-v2 event,
 * calls the same Lambda handler API Gateway would call, and writes the handler's v2 result
 * back. Routing comes from a route manifest (method + `{param}` paths), as on AWS.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';

export interface GatewayRoute {
  readonly method: string;
  /** API Gateway path syntax: `/projects/{id}`. */
  readonly path: string;
  readonly handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;
  /** The Lambda's name, for the context object. */
  readonly functionName: string;
}

export interface RouteMatch {
  readonly route: GatewayRoute;
  readonly pathParameters: Record<string, string>;
}

interface CompiledRoute {
  readonly route: GatewayRoute;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

/** API Gateway rejects bodies over 10 MB before any Lambda runs. */
export const MAX_GATEWAY_BODY_BYTES = 10 * 1024 * 1024;

export function compileRoutes(routes: readonly GatewayRoute[]): CompiledRoute[] {
  return routes.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        const param = /^\{([A-Za-z0-9_]+)(\+?)\}$/.exec(segment);
        if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(param[1] as string);
        return param[2] ? '(.+)' : '([^/]+)';
      })
      .join('/');
    return { route, pattern: new RegExp(`^${source}$`), names };
  });
}

/**
 * A path segment decoded as API Gateway decodes path parameters, or null when its
 * percent-encoding is broken (`%zz`, a cut `%E0%A4`, an encoded lone surrogate `%ED%A0%80`):
 * such a path names nothing, and is answered 400 rather than handed on.
 */
export function decodePathSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The route for a method and path; or the methods the path allows (405); or null (404). Call with a path whose encoding is valid. */
export function matchRoute(compiled: readonly CompiledRoute[], method: string, path: string): RouteMatch | { allowed: string[] } | null {
  const allowed: string[] = [];
  for (const { route, pattern, names } of compiled) {
    const m = pattern.exec(path);
    if (!m) continue;
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    const pathParameters: Record<string, string> = {};
    names.forEach((name, i) => {
      const raw = m[i + 1] as string;
      pathParameters[name] = decodePathSegment(raw) ?? raw;
    });
    return { route, pathParameters };
  }
  return allowed.length > 0 ? { allowed } : null;
}

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
  match: RouteMatch,
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
  const routeKey = `${match.route.method} ${match.route.path}`;
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

export function writeJsonError(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify({ error: message, code }));
}

/** The longest request target (path and query) the local server takes; API Gateway allows 10 KB for the request line and headers together. */
export const MAX_URL_BYTES = 8192;

/**
 * The contract's answer to a request the server cannot take before any route sees it: a target
 * over MAX_URL_BYTES (414) or a path with broken percent-encoding (400). Null: go on.
 */
export function refuseRequestTarget(url: string): { status: number; code: string; message: string } | null {
  if (Buffer.byteLength(url, 'utf8') > MAX_URL_BYTES) return { status: 414, code: 'URI_TOO_LONG', message: `The request target is longer than ${MAX_URL_BYTES} bytes` };
  const path = url.split('?')[0] ?? '';
  if (path.split('/').some((segment) => decodePathSegment(segment) === null)) {
    return { status: 400, code: 'VALIDATION_ERROR', message: 'The path is not validly percent-encoded' };
  }
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
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'The request line and headers are larger than the server accepts']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request was not received in time']
        : [400, 'VALIDATION_ERROR', err.code === 'HPE_INVALID_METHOD' ? 'Unknown HTTP method' : 'Malformed HTTP request'];
  const body = JSON.stringify({ error: message, code });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
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

export function createGateway(routes: readonly GatewayRoute[], options: { apiId?: string } = {}): Gateway {
  const compiled = compileRoutes(routes);
  return {
    async handle(req, res, path, query) {
      const method = (req.method ?? 'GET').toUpperCase();
      if (path.split('/').some((segment) => decodePathSegment(segment) === null)) return writeJsonError(res, 400, 'VALIDATION_ERROR', 'The path is not validly percent-encoded');
      const match = matchRoute(compiled, method, path);
      if (!match) return writeJsonError(res, 404, 'NOT_FOUND', `No route for ${method} ${path}`);
      if ('allowed' in match) {
        return writeJsonError(res, 405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}`, { allow: match.allowed.join(', ') });
      }
      const body = await readBody(req);
      if (body === null) return writeJsonError(res, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
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
      const result = await match.route.handler(event, lambdaContext(match.route.functionName));
      writeLambdaResult(res, result);
    },
  };
}

function normalizeIp(address: string | undefined): string {
  if (!address) return '127.0.0.1';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
