import { projects } from '../composition/stores';
import { endpoints, endpointSecrets } from '../composition/endpoints';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { deleteEndpoint } from '../use-cases/endpoints';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.deleteEndpoint, deleteEndpoint, { projects, endpoints, endpointSecrets });
