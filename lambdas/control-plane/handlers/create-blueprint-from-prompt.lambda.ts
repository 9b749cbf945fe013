import { blueprints, conversations, projects, specs } from '../composition/stores';
import { author } from '../composition/author';
import { orchestrator } from '../composition/runners';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { createBlueprintFromPrompt } from '../use-cases/blueprints';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.createBlueprintFromPrompt, createBlueprintFromPrompt, { author, blueprints, conversations, orchestrator, projects, specs });
