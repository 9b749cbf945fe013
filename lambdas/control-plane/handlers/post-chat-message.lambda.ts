import { conversations, projects } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { postChatMessage } from '../use-cases/specs';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.postChatMessage, postChatMessage, { conversations, projects });
