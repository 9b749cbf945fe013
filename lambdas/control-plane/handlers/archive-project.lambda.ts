import { projects } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { archiveProject } from '../use-cases/projects';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.archiveProject, archiveProject, { projects });
