import { projects, specs } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { applySpec } from '../use-cases/specs';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.applySpec, applySpec, { projects, specs });
