import type { RouteDefinition } from './routes';
import { createRouteHandler, type RouteHandler, type UseCase } from '../shared/route-handler';
import { getControlPlaneServices, type ControlPlaneServices } from './services';

/** A control-plane Lambda handler for a manifest route, over the process-wide services. */
export function controlPlaneHandler<R extends RouteDefinition>(route: R, useCase: UseCase<R, ControlPlaneServices>): RouteHandler {
  return createRouteHandler(route, useCase, getControlPlaneServices);
}
