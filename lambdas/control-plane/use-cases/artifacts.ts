/**
 * Artifacts of a project, rendered on request as pure functions of the latest applied spec,
 * the latest completed blueprint and the active deployment, so each is current after an
 * apply, a generation or a deploy. Before the first completed blueprint: 409 NOT_READY.
 */
import type { BlueprintIR } from '../../core/blueprint/ir';
import { renderDesignDoc } from '../../core/blueprint/render/design-doc';
import { renderOpenApi, renderOpenApiYaml } from '../../core/blueprint/render/openapi';
import { NotReadyError } from '../../core/errors';
import type { UseCase } from '../../shared/route-handler';
import { CONTROL_PLANE_ROUTES as R } from '../routes';
import { cdkArchiveFileName } from '../cdk-archive/archive-layout';
import { cdkAppArchive, deterministicZip } from '../cdk-archive/cdk-app-archive';
import { pythonSdkFolder, renderPythonSdk } from '../../core/sdk/python/python-sdk';
import type { SdkInput } from '../../core/sdk/sdk-api';
import { renderTypescriptSdk, typescriptSdkFolder } from '../../core/sdk/typescript/typescript-sdk';
import type { ControlPlanePorts, ServicesWith } from '../composition/services';
import { absoluteUrl } from './base-url';

type Routes = typeof R;
/** A use case of route K over the ports P it names (the route's handler provides exactly those). */
type Handler<K extends keyof Routes, P extends keyof ControlPlanePorts = never> = UseCase<Routes[K], ServicesWith<P>>;

async function artifactInputs(services: ServicesWith<'blueprints' | 'projects' | 'specs'>, ownerId: string, projectId: string) {
  const project = await services.projects.getOwned(ownerId, projectId);
  const ir = project.latestBlueprintId ? await services.blueprints.getPart<BlueprintIR>(project.latestBlueprintId, 'ir') : null;
  if (!ir) throw new NotReadyError('No completed blueprint yet: generate one first (POST /projects/{projectId}/spec/generate-blueprint)');
  const spec = project.latestSpecVersion ? await services.specs.get(project.id, project.latestSpecVersion) : null;
  // A deployed project answers at its stored address; before that, at the one it will have.
  const apiBaseUrl = absoluteUrl(services.config, project.apiBaseUrl ?? `/apis/${project.id}`);
  return { project, ir, specMarkdown: spec?.content ?? '', apiBaseUrl, deployed: project.activeDeploymentId !== null };
}

const YAML_TYPE = 'application/yaml; charset=utf-8';

export const openApiArtifact: Handler<'openApiArtifact', 'blueprints' | 'projects' | 'specs'> = async ({ params, query, user }, services) => {
  const { ir, apiBaseUrl } = await artifactInputs(services, user.userId, params.projectId);
  const doc = renderOpenApi({ ir, serverUrl: apiBaseUrl });
  if (query.format === 'yaml') return { raw: { body: renderOpenApiYaml(doc), contentType: YAML_TYPE } };
  return { raw: { body: JSON.stringify(doc, null, 2), contentType: 'application/json; charset=utf-8' } };
};

export const openApiYamlArtifact: Handler<'openApiYamlArtifact', 'blueprints' | 'projects' | 'specs'> = async ({ params, user }, services) => {
  const { ir, apiBaseUrl } = await artifactInputs(services, user.userId, params.projectId);
  return { raw: { body: renderOpenApiYaml(renderOpenApi({ ir, serverUrl: apiBaseUrl })), contentType: YAML_TYPE } };
};

export const designDocArtifact: Handler<'designDocArtifact', 'blueprints' | 'projects' | 'specs'> = async ({ params, user }, services) => {
  const { ir, specMarkdown, apiBaseUrl, deployed } = await artifactInputs(services, user.userId, params.projectId);
  return { raw: { body: renderDesignDoc({ ir, specMarkdown, apiBaseUrl, deployed }), contentType: 'text/markdown; charset=utf-8' } };
};

export const cdkArtifact: Handler<'cdkArtifact', 'blueprints' | 'projects' | 'specs' | 'cdkAppKit'> = async ({ params, user }, services) => {
  const { project, ir } = await artifactInputs(services, user.userId, params.projectId);
  const archive = cdkAppArchive({ kit: await services.cdkAppKit.files(), ir, projectId: project.id });
  return {
    raw: { body: archive, contentType: 'application/zip' },
    headers: { 'content-disposition': `attachment; filename="${cdkArchiveFileName(project.id)}"` },
  };
};

/**
 * The blueprint a project's API serves, for the SDKs: the active deployment's, or before a first
 * deploy the latest completed one; and the latest completed one when it is newer and not yet
 * deployed (said in a header, so a client knows its SDK lags the project).
 */
export async function servedBlueprint(services: ServicesWith<'blueprints' | 'projects' | 'deployments'>, ownerId: string, projectId: string) {
  const project = await services.projects.getOwned(ownerId, projectId);
  const active = project.activeDeploymentId ? await services.deployments.get(project.activeDeploymentId) : null;
  const blueprintId = active?.blueprintId ?? project.latestBlueprintId;
  const ir = blueprintId ? await services.blueprints.getPart<BlueprintIR>(blueprintId, 'ir') : null;
  if (!blueprintId || !ir) throw new NotReadyError('No completed blueprint yet: generate one first (POST /projects/{projectId}/spec/generate-blueprint)');
  const apiBaseUrl = absoluteUrl(services.config, project.apiBaseUrl ?? `/apis/${project.id}`);
  const newer = project.latestBlueprintId && project.latestBlueprintId !== blueprintId ? project.latestBlueprintId : undefined;
  return { project, ir, blueprintId, apiBaseUrl, newer };
}

type SdkRenderer = (input: SdkInput) => Map<string, string>;

async function sdkArchive(services: ServicesWith<'blueprints' | 'projects' | 'deployments'>, ownerId: string, projectId: string, render: SdkRenderer, folderOf: (projectId: string) => string) {
  const served = await servedBlueprint(services, ownerId, projectId);
  const folder = folderOf(served.project.id);
  const files = render({ ir: served.ir, blueprintId: served.blueprintId, projectId: served.project.id, serverUrl: served.apiBaseUrl });
  return {
    raw: { body: deterministicZip(folder, files), contentType: 'application/zip' },
    headers: {
      'content-disposition': `attachment; filename="${folder}.zip"`,
      'x-bgs-blueprint-id': served.blueprintId,
      'x-bgs-spec-version': String(served.ir.specVersion),
      ...(served.newer ? { 'x-bgs-newer-blueprint': served.newer } : {}),
    },
  };
}

export const sdkPythonArtifact: Handler<'sdkPythonArtifact', 'blueprints' | 'projects' | 'deployments'> = async ({ params, user }, services) =>
  sdkArchive(services, user.userId, params.projectId, renderPythonSdk, pythonSdkFolder);

export const sdkTypescriptArtifact: Handler<'sdkTypescriptArtifact', 'blueprints' | 'projects' | 'deployments'> = async ({ params, user }, services) =>
  sdkArchive(services, user.userId, params.projectId, renderTypescriptSdk, typescriptSdkFolder);
