import { conversations, projects } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { chatHistory } from '../use-cases/specs';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.chatHistory, chatHistory, { conversations, projects });
