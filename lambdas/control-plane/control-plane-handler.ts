/**
 * A control-plane route's Lambda handler: the route's manifest entry, its use case, and the ports
 * it uses (providers from ./composition). The route's services are built by the composition root
 * on the first request (a cold start) with exactly the DynamoDB actions its manifest declares.
 */
import { routeTableActions, type RouteDefinition } from './routes';
import { createRouteHandler, type RouteHandler, type UseCase } from '../shared/route-handler';
import { servicesOf, type Providers, type ServicesWith } from './composition/root';
import type { ControlPlanePorts } from './composition/services';

export function controlPlaneHandler<R extends RouteDefinition, K extends keyof ControlPlanePorts = never>(
  route: R,
  useCase: UseCase<R, ServicesWith<K>>,
  providers: Providers<K> = {} as Providers<K>,
): RouteHandler {
  return createRouteHandler(route, useCase, servicesOf({ name: `route ${route.id}`, tableActions: routeTableActions(route) }, providers));
}
