import { cursorSecret, projects, specs } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { listSpecVersions } from '../use-cases/specs';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.listSpecVersions, listSpecVersions, { cursorSecret, projects, specs });
