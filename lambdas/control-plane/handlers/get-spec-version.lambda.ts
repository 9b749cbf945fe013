import { projects, specs } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { getSpecVersion } from '../use-cases/specs';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.getSpecVersion, getSpecVersion, { projects, specs });
