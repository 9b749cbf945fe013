import { cdkAppKit } from '../composition/cdk-app-kit';
import { blueprints, projects, specs } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { cdkArtifact } from '../use-cases/artifacts';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.cdkArtifact, cdkArtifact, { blueprints, projects, specs, cdkAppKit });
