import { blueprints, projects, specs } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { openApiYamlArtifact } from '../use-cases/artifacts';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.openApiYamlArtifact, openApiYamlArtifact, { blueprints, projects, specs });
