import { blueprints, deployments, projects } from '../composition/stores';
import { deployer, deploymentRunner } from '../composition/runners';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { rollbackProject } from '../use-cases/deployments';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.rollbackProject, rollbackProject, { blueprints, deployer, deploymentRunner, deployments, projects });
