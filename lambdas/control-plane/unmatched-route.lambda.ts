/**
 * The control plane's `$default` route: API Gateway hands it every request no manifest route
 * takes, and it answers as both APIs do (shared/route-match.ts): 405 with `Allow` when the path
 * exists with other methods, else 404, in the contract's `{ error, code }` body. The local
 * gateway calls it the same way.
 */
import middy from '@middy/core';
import { httpFrame } from '../shared/middleware/http-frame';
import { compileRoutes, unmatchedRouteError } from '../shared/route-match';
import type { Context, HttpEvent, HttpResult, Internal } from '../shared/http-types';
import { servicesOf } from './composition/root';
import { CONTROL_PLANE_ROUTE_LIST } from './routes';

const compiled = compileRoutes(CONTROL_PLANE_ROUTE_LIST);

/** No table access at all: it only reads the manifest. */
const services = servicesOf({ name: 'unmatched route', tableActions: [] }, {});

export const handler = middy<HttpEvent, HttpResult, Error, Context, Internal>()
  .use(httpFrame('$default', 404, services))
  .handler(async (event) => {
    throw unmatchedRouteError(compiled, event.requestContext.http.method, event.rawPath);
  });
