import { docsLinkKey } from '../composition/api-reference';
import { blueprints, deployments, projects } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { docsLinkArtifact } from '../use-cases/api-reference';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.docsLinkArtifact, docsLinkArtifact, { blueprints, projects, deployments, docsLinkKey });
