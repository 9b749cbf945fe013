import { blueprints, deployments, projects } from '../composition/stores';
import { deployer } from '../composition/runners';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { previewDeployment } from '../use-cases/deployments';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.previewDeployment, previewDeployment, { blueprints, deployer, deployments, projects });
