import { blueprints, deployments, projects } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { docsArtifact } from '../use-cases/api-reference';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.docsArtifact, docsArtifact, { blueprints, projects, deployments });
