/**
 * The prebuilt runtime of every generated project API (DESIGN.md principle 5): ONE Lambda
 * handler that interprets the deployed blueprint. API Gateway (or the local gateway) routes by
 * the blueprint's route manifest and hands over the matched `routeKey`; the handler looks the
 * route up and runs a middy pipeline built once per route: the shared http frame (errors
 * rendered in one place), JSON body parsing where the route takes a body, the counters of the
 * route's rate limits where the manifest gives it some (auth routes), then the route's action,
 * which authenticates, authorizes and calls the stores.
 */
import middy from '@middy/core';
import type { ProjectRoute, RouteAction } from '../core/blueprint/project-routes';
import { compileRoutes, unmatchedRouteError, type CompiledRoute } from '../shared/route-match';
import { STATE, type Context, type HandlerResult, type HttpEvent, type HttpResult, type Internal, type StatefulContext } from '../shared/http-types';
import { httpFrame } from '../shared/middleware/http-frame';
import { jsonBody } from '../shared/middleware/json-body';
import { authActions } from './actions/auth-actions';
import { fileActions } from './actions/file-actions';
import { memberActions } from './actions/member-actions';
import { recordActions } from './actions/record-actions';
import { webhookActions } from './actions/webhook-actions';
import { workflowActions } from './actions/workflow-actions';
import { eventActions } from './actions/event-actions';
import { authRateLimit } from './auth-rate-limit';
import { requestParts, type ActionInput } from './action-input';
import type { RuntimeServices } from './runtime-services';

export type Action = (input: ActionInput) => Promise<HandlerResult>;

/** Every action of the manifest has exactly one implementation (a missing one is a compile error). */
const ACTIONS: Record<RouteAction, Action> = { ...authActions, ...memberActions, ...recordActions, ...fileActions, ...workflowActions, ...webhookActions, ...eventActions };

export type RuntimeHandler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

export function createRuntimeHandler(getServices: () => Promise<RuntimeServices>): RuntimeHandler {
  const pipelines = new Map<string, RuntimeHandler>();
  const unknownRoute = routePipeline(null, getServices);
  return async (event, context) => {
    const services = await getServices();
    const route = services.routes.get(event.routeKey);
    if (!route) return unknownRoute(event, context);
    let pipeline = pipelines.get(event.routeKey);
    if (!pipeline) {
      pipeline = routePipeline(route, getServices);
      pipelines.set(event.routeKey, pipeline);
    }
    return pipeline(event, context);
  };
}

const compiledRoutes = new WeakMap<RuntimeServices, CompiledRoute<ProjectRoute>[]>();

/** The manifest's routes compiled for matching, once per services (one deployed blueprint). */
function compiledRoutesOf(services: RuntimeServices): CompiledRoute<ProjectRoute>[] {
  let compiled = compiledRoutes.get(services);
  if (!compiled) {
    compiled = compileRoutes(services.api.routes);
    compiledRoutes.set(services, compiled);
  }
  return compiled;
}

function routePipeline(route: ProjectRoute | null, getServices: () => Promise<RuntimeServices>): RuntimeHandler {
  const handler = middy<HttpEvent, HttpResult, Error, Context, Internal<RuntimeServices>>().use(
    httpFrame(route ? `${route.method} ${route.path}` : 'unknown', route?.successStatus ?? 404, getServices),
  );
  if (route?.request.body) (handler as unknown as middy.MiddyfiedHandler<HttpEvent, HttpResult, Error, Context, Internal>).use(jsonBody());
  const limits = route ? authRateLimit(route) : null;
  if (limits) handler.use(limits);
  handler.handler(async (event, context) => {
    const state = (context as StatefulContext<RuntimeServices>)[STATE];
    const services = state.services as RuntimeServices;
    // API Gateway's `$default` route (no route of the manifest took the request), or a route key
    // of another blueprint: 404, or 405 when the path exists (shared/route-match.ts).
    if (!route) throw unmatchedRouteError(compiledRoutesOf(services), event.requestContext.http.method, event.rawPath);
    const input = requestParts(route, services, event, state.json);
    return (await ACTIONS[route.action](input)) as unknown as HttpResult;
  });
  return handler as unknown as RuntimeHandler;
}
