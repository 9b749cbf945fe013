/** Service routes: liveness and the control plane's own OpenAPI document. */
import type { UseCase } from '../../shared/route-handler';
import { controlPlaneOpenApi } from '../openapi';
import { CONTROL_PLANE_ROUTES as R } from '../routes';
import type { ServicesWith } from '../composition/services';
import { publicBaseUrl } from './base-url';

type Routes = typeof R;

export const health: UseCase<Routes['health'], ServicesWith<never>> = async () => ({ body: { status: 'ok' } });

let cachedDocument: { url: string; json: string } | undefined;

export const openApi: UseCase<Routes['openApi'], ServicesWith<never>> = async (_input, { config }) => {
  // The server URL is the service's configured public address (a custom domain or the execute-api host).
  const url = publicBaseUrl(config);
  if (cachedDocument?.url !== url) cachedDocument = { url, json: JSON.stringify(controlPlaneOpenApi(url)) };
  return { raw: { body: cachedDocument.json, contentType: 'application/json; charset=utf-8' } };
};
