import { blueprints, deployments, projects } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { sdkPythonArtifact } from '../use-cases/artifacts';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.sdkPythonArtifact, sdkPythonArtifact, { blueprints, projects, deployments });
