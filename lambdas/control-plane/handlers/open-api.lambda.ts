import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { openApi } from '../use-cases/service';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.openApi, openApi);
