import { blueprints, deployments, projects } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { sdkTypescriptArtifact } from '../use-cases/artifacts';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.sdkTypescriptArtifact, sdkTypescriptArtifact, { blueprints, projects, deployments });
