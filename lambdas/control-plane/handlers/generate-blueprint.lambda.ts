import { blueprints, projects } from '../composition/stores';
import { orchestrator } from '../composition/runners';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { generateBlueprint } from '../use-cases/blueprints';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.generateBlueprint, generateBlueprint, { blueprints, orchestrator, projects });
