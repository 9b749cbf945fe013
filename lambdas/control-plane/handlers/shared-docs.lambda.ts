import { docsLinkKey } from '../composition/api-reference';
import { blueprints, deployments, projects } from '../composition/stores';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { sharedDocs } from '../use-cases/api-reference';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.sharedDocs, sharedDocs, { blueprints, projects, deployments, docsLinkKey });
