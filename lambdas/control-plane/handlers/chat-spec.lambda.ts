import { conversations, projects, specs } from '../composition/stores';
import { author } from '../composition/author';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { chatSpec } from '../use-cases/specs';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.chatSpec, chatSpec, { author, conversations, projects, specs });
