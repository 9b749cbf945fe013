import { usage } from '../composition/stores';
import { identity } from '../composition/identity';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { usageMe } from '../use-cases/usage';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.usageMe, usageMe, { identity, usage });
