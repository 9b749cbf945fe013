/**
 * The local gateway must hand handlers the events API Gateway would: each recorded payload-v2
 * event under test/fixtures/payload-v2 is compared with the event the gateway builds for the
 * same HTTP request (volatile members checked for format, then masked).
 */
import { renderError } from '../../lambdas/core/errors';
import { unmatchedRouteError } from '../../lambdas/shared/route-match';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { compileRoutes, createGateway, matchRoute, writeLambdaResult } from '../../local/gateway';

interface Fixture {
  request: {
    method: string;
    url: string;
    headers: Record<string, string | string[]>;
    body?: string;
    bodyBase64?: string;
    route: { method: string; path: string };
  };
  event: APIGatewayProxyEventV2;
}

const dir = join(__dirname, '..', 'fixtures', 'payload-v2');
const fixtures = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8')) as Fixture] as const);

/** Replaces what differs between AWS and loopback after checking it has the right format. */
function mask(event: APIGatewayProxyEventV2): APIGatewayProxyEventV2 {
  const copy = JSON.parse(JSON.stringify(event)) as APIGatewayProxyEventV2;
  const ctx = copy.requestContext;
  expect(ctx.requestId).toMatch(/^[A-Za-z0-9+/=]{12,24}$/);
  expect(ctx.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
  expect(typeof ctx.timeEpoch).toBe('number');
  expect(copy.headers['x-amzn-trace-id']).toMatch(/^Root=1-[0-9a-f]{8}-[0-9a-f]{24}$/);
  expect(ctx.domainPrefix).toBe(ctx.domainName.split('.')[0]);
  for (const key of ['requestId', 'time', 'timeEpoch', 'accountId', 'apiId', 'domainName', 'domainPrefix'] as const) {
    (ctx as unknown as Record<string, unknown>)[key] = `<${key}>`;
  }
  ctx.http.sourceIp = '<ip>';
  for (const key of ['x-amzn-trace-id', 'host', 'x-forwarded-for', 'x-forwarded-port', 'x-forwarded-proto']) {
    copy.headers[key] = `<${key}>`;
  }
  return copy;
}

describe('local gateway payload-v2 events', () => {
  let server: Server;
  let captured: APIGatewayProxyEventV2 | undefined;
  let port: number;

  beforeAll(async () => {
    const routes = fixtures.map(([, f]) => ({
      ...f.request.route,
      functionName: 'echo',
      handler: async (event: APIGatewayProxyEventV2) => {
        captured = event;
        return { statusCode: 204 };
      },
    }));
    const gateway = createGateway(routes, { functionName: 'default', handler: async () => ({ statusCode: 404 }) });
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      void gateway.handle(req, res, url.pathname, url.search.slice(1));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it.each(fixtures)('%s: the gateway builds the recorded event', async (_name, fixture) => {
    captured = undefined;
    const body = fixture.request.bodyBase64 ? Buffer.from(fixture.request.bodyBase64, 'base64') : fixture.request.body;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method: fixture.request.method, path: fixture.request.url, headers: fixture.request.headers, agent: false },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(204);
    expect(captured).toBeDefined();
    expect(mask(captured!)).toEqual(mask(fixture.event));
  });

  it('answers 404 for unknown paths and 405 (with Allow) for a known path with another method', () => {
    const compiled = compileRoutes([
      { method: 'GET', path: '/projects/{id}', functionName: 'f', handler: async () => ({ statusCode: 200 }) },
      { method: 'PATCH', path: '/projects/{id}', functionName: 'f', handler: async () => ({ statusCode: 200 }) },
    ]);
    expect(matchRoute(compiled, 'GET', '/nope')).toBeNull();
    expect(matchRoute(compiled, 'PUT', '/projects/1')).toEqual({ allowed: ['GET', 'PATCH'] });
    expect(matchRoute(compiled, 'GET', '/projects/a%2Fb')).toMatchObject({ pathParameters: { id: 'a/b' } });
    expect(matchRoute(compiled, 'GET', '/projects/1/extra')).toBeNull();
    // THE answer both APIs give (their `$default` routes on AWS, the local gateway's fallback).
    expect(renderError(unmatchedRouteError(compiled, 'PUT', '/projects/1'))).toMatchObject({ statusCode: 405, headers: { allow: 'GET, PATCH' }, body: { code: 'METHOD_NOT_ALLOWED' } });
    expect(renderError(unmatchedRouteError(compiled, 'GET', '/nope'))).toMatchObject({ statusCode: 404, body: { code: 'NOT_FOUND', error: 'No route for GET /nope' } });
  });

  it('writes non-structured results as 200 JSON, as API Gateway infers them', () => {
    const writes: { status?: number; headers?: unknown; body?: unknown } = {};
    const res = {
      writeHead(status: number, headers: unknown) {
        writes.status = status;
        writes.headers = headers;
        return this;
      },
      end(body: unknown) {
        writes.body = body;
      },
    };
    writeLambdaResult(res as never, { hello: 'world' } as never);
    expect(writes).toEqual({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"hello":"world"}' });
  });
});
