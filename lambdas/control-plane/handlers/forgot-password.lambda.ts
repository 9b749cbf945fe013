import { identity } from '../composition/identity';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { forgotPassword } from '../use-cases/auth';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.forgotPassword, forgotPassword, { identity });
