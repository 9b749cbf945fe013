import { identity } from '../composition/identity';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { confirmSignUp } from '../use-cases/auth';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.confirmSignUp, confirmSignUp, { identity });
