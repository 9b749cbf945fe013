import { projects } from '../composition/stores';
import { endpoints } from '../composition/endpoints';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { listEndpoints } from '../use-cases/endpoints';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.listEndpoints, listEndpoints, { projects, endpoints });
