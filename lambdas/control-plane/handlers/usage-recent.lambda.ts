import { usage } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { usageRecent } from '../use-cases/usage';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.usageRecent, usageRecent, { usage });
