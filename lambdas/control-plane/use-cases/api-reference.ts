/**
 * The interactive API reference of a project (issue 26 item 3; CONTRACT "Artifacts"):
 *   - `GET /projects/{id}/artifacts/docs`       the page, for its owner (bearer token)
 *   - `GET /projects/{id}/artifacts/docs-link`  a signed, expiring public address of the same page
 *   - `GET /docs/{id}?token=`                   the page at that address (no bearer token)
 *   - `GET /_static/{asset}`                    its scripts and styles, public and cached for good
 * The page describes the API that is running (the served blueprint and its address, as the SDKs
 * do) and says when a newer blueprint is not deployed yet; it is rendered on request.
 */
import { renderApiReferencePage } from '../../core/api-reference/api-reference-page';
import { API_REFERENCE_ASSET_CACHE_CONTROL, apiReferenceAsset as assetNamed } from '../../core/api-reference/api-reference-assets';
import { signDocsLink, verifyDocsLink } from '../../core/api-reference/docs-link';
import { DOCS_LINK_LIFETIME_SECONDS } from '../../core/api-reference/docs-link-lifetime';
import { renderOpenApi } from '../../core/blueprint/render/openapi';
import { NotFoundError } from '../../core/errors';
import type { UseCase } from '../../shared/route-handler';
import type { ControlPlanePorts, ServicesWith } from '../composition/services';
import { CONTROL_PLANE_ROUTES as R } from '../routes';
import { servedBlueprint } from './artifacts';
import { absoluteUrl } from './base-url';

type Routes = typeof R;
type Handler<K extends keyof Routes, P extends keyof ControlPlanePorts = never> = UseCase<Routes[K], ServicesWith<P>>;
type PagePorts = 'blueprints' | 'projects' | 'deployments';

/** The path of the static route, from its manifest entry (the page names its files under it). */
const STATIC_PATH = R.apiReferenceAsset.path.slice(0, R.apiReferenceAsset.path.indexOf('/{'));

async function page(services: ServicesWith<PagePorts>, ownerId: string, projectId: string) {
  const served = await servedBlueprint(services, ownerId, projectId);
  const rendered = renderApiReferencePage({
    openApi: renderOpenApi({ ir: served.ir, serverUrl: served.apiBaseUrl }),
    staticBaseUrl: absoluteUrl(services.config, STATIC_PATH),
    blueprintId: served.blueprintId,
    specVersion: served.ir.specVersion,
    ...(served.newer ? { newerBlueprintId: served.newer } : {}),
  });
  return {
    raw: { body: rendered.html, contentType: 'text/html; charset=utf-8' },
    headers: {
      ...rendered.headers,
      'x-bgs-blueprint-id': served.blueprintId,
      'x-bgs-spec-version': String(served.ir.specVersion),
      ...(served.newer ? { 'x-bgs-newer-blueprint': served.newer } : {}),
    },
  };
}

export const docsArtifact: Handler<'docsArtifact', PagePorts> = async ({ params, user }, services) => page(services, user.userId, params.projectId);

export const docsLinkArtifact: Handler<'docsLinkArtifact', PagePorts | 'docsLinkKey'> = async ({ params, query, user }, services) => {
  // The page must exist before a link to it does: 404 for another's project, 409 before a blueprint.
  await servedBlueprint(services, user.userId, params.projectId);
  const expiresAt = Math.floor(services.clock.now().getTime() / 1000) + (query.expiresIn ?? DOCS_LINK_LIFETIME_SECONDS.default);
  const token = signDocsLink(await services.docsLinkKey(), { projectId: params.projectId, ownerId: user.userId, expiresAt });
  const path = R.sharedDocs.path.replace('{projectId}', encodeURIComponent(params.projectId));
  return { body: { url: `${absoluteUrl(services.config, path)}?token=${token}`, expiresAt: new Date(expiresAt * 1000).toISOString() } };
};

export const sharedDocs: Handler<'sharedDocs', PagePorts | 'docsLinkKey'> = async ({ params, query }, services) => {
  const claims = verifyDocsLink(await services.docsLinkKey(), query.token, params.projectId, services.clock.now());
  return page(services, claims.ownerId, params.projectId);
};

export const apiReferenceAsset: Handler<'apiReferenceAsset', 'apiReferenceAssets'> = async ({ params }, services) => {
  const asset = assetNamed(params.asset);
  if (!asset) throw new NotFoundError(`No file ${params.asset} here: the API reference's files are named by its pages`);
  const bytes = await services.apiReferenceAssets.read(asset);
  return { raw: { body: Buffer.from(bytes), contentType: asset.contentType }, headers: { 'cache-control': API_REFERENCE_ASSET_CACHE_CONTROL, 'x-content-type-options': 'nosniff' } };
};
