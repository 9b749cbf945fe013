import { projects } from '../composition/stores';
import { endpoints, endpointSecrets } from '../composition/endpoints';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { putEndpoint } from '../use-cases/endpoints';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.putEndpoint, putEndpoint, { projects, endpoints, endpointSecrets });
