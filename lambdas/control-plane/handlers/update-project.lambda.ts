import { projects } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { updateProject } from '../use-cases/projects';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.updateProject, updateProject, { projects });
