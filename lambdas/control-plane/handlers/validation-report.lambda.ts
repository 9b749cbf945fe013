import { blueprints } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { validationReport } from '../use-cases/blueprints';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.validationReport, validationReport, { blueprints });
