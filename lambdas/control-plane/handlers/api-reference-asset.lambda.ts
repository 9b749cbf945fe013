import { apiReferenceAssets } from '../composition/api-reference';
import { controlPlaneHandler } from '../control-plane-handler';
import { CONTROL_PLANE_ROUTES } from '../routes';
import { apiReferenceAsset } from '../use-cases/api-reference';

export const handler = controlPlaneHandler(CONTROL_PLANE_ROUTES.apiReferenceAsset, apiReferenceAsset, { apiReferenceAssets });
