import { deployments } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { getDeployment } from '../use-cases/deployments';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.getDeployment, getDeployment, { deployments });
