import { blueprints, projects, specs } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { openApiArtifact } from '../use-cases/artifacts';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.openApiArtifact, openApiArtifact, { blueprints, projects, specs });
