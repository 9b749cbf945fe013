import { cursorSecret, deployments, projects } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { listDeployments } from '../use-cases/deployments';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.listDeployments, listDeployments, { cursorSecret, deployments, projects });
