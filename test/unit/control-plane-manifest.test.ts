/** The route manifest is the one source of the routes: check it is whole and that what derives from it agrees. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { controlPlaneOpenApi } from '../../lambdas/control-plane/openapi';
import { CONTROL_PLANE_ROUTE_LIST, handlerFile } from '../../lambdas/control-plane/routes';
import { kebabCase } from '../../lambdas/core/text/case';

const root = join(__dirname, '..', '..');

describe('control-plane route manifest', () => {
  it('has one handler file per route, named after the route id', () => {
    for (const route of CONTROL_PLANE_ROUTE_LIST) {
      expect(handlerFile(route)).toBe(`lambdas/control-plane/handlers/${kebabCase(route.id)}.lambda.ts`);
      expect(existsSync(join(root, handlerFile(route)))).toBe(true);
    }
  });

  it('has unique ids and unique method + path pairs', () => {
    const ids = CONTROL_PLANE_ROUTE_LIST.map((r) => r.id);
    const keys = CONTROL_PLANE_ROUTE_LIST.map((r) => `${r.method} ${r.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('leaves only the contract’s public routes without a token', () => {
    const publicRoutes = CONTROL_PLANE_ROUTE_LIST.filter((r) => r.auth === 'public').map((r) => `${r.method} ${r.path}`).sort();
    expect(publicRoutes).toEqual(
      [
        'GET /health',
        'GET /openapi.json',
        // CONTRACT "Artifacts": the API reference at its signed address (the token in its query), and its files.
        'GET /docs/{projectId}',
        'GET /_static/{asset}',
        'POST /auth/confirm',
        'POST /auth/forgot-password',
        'POST /auth/login',
        'POST /auth/refresh',
        'POST /auth/reset-password',
        'POST /auth/signup',
      ].sort(),
    );
    // Every POST /auth/* route is in the authentication rate category; every token route is rate limited.
    for (const r of CONTROL_PLANE_ROUTE_LIST) {
      if (r.method === 'POST' && r.path.startsWith('/auth/')) expect(r.rate).toBe('auth');
      if (r.auth === 'user') expect(r.rate).not.toBeNull();
    }
  });

  it('names a path parameter the same wherever routes share the path up to it (API Gateway needs one name per position)', () => {
    const names = new Map<string, string>();
    for (const route of CONTROL_PLANE_ROUTE_LIST) {
      const segments = route.path.split('/');
      segments.forEach((segment, i) => {
        const param = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!param) return;
        const prefix = segments.slice(0, i).join('/');
        expect([prefix, names.get(prefix) ?? param]).toEqual([prefix, param]);
        names.set(prefix, param);
      });
    }
  });

  it('marks a body optional only where the body schema accepts an empty object', () => {
    for (const route of CONTROL_PLANE_ROUTE_LIST) {
      if (route.bodyOptional) expect([route.id, route.body?.safeParse({}).success]).toEqual([route.id, true]);
    }
  });

  it('declares path parameters for every {param} in its path', () => {
    for (const route of CONTROL_PLANE_ROUTE_LIST) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(Object.keys(route.params?.shape ?? {}).sort()).toEqual(names.sort());
    }
  });
});

describe("control plane's OpenAPI document", () => {
  const doc = controlPlaneOpenApi('http://127.0.0.1:3000');

  it('is a valid OpenAPI 3.0 document', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('lists every manifest route with its method, parameters, body and security', () => {
    const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>>;
    for (const route of CONTROL_PLANE_ROUTE_LIST) {
      const op = paths[route.path]?.[route.method.toLowerCase()];
      expect(op).toBeDefined();
      expect(op?.operationId).toBe(route.id);
      expect(Boolean(op?.requestBody)).toBe(Boolean(route.body));
      if (route.auth === 'public') expect(op?.security).toEqual([]);
      else expect(op?.security).toBeUndefined();
      const responses = op?.responses as Record<string, unknown>;
      expect(responses[String(route.success.status)]).toBeDefined();
      if (route.body) for (const status of ['400', '413', '415']) expect(responses[status]).toBeDefined();
    }
    expect(doc.components).toMatchObject({ securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } });
    expect(doc.servers).toEqual([{ url: 'http://127.0.0.1:3000' }]);
  });
});
