import { cursorSecret, projects } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { listProjects } from '../use-cases/projects';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.listProjects, listProjects, { cursorSecret, projects });
