import { projects } from '../composition/stores';
import { specWriting } from '../composition/spec-writing';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { createProject } from '../use-cases/projects';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.createProject, createProject, { projects, specWriting });
