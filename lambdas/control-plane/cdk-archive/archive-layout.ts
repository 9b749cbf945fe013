/**
 * Names of the exported CDK app's layout that both its kit (lib/project/export/, at build time)
 * and the archive route (at request time) use. No imports: the route's bundle stays small.
 */

/** The kit's folder beside the artifact route's bundle (its Lambda asset). */
export const CDK_KIT_DIR = 'cdk-kit';
/** The blueprint's file in the app. */
export const BLUEPRINT_FILE = 'blueprint.json';
/** The app's cdk.json. */
export const CDK_JSON_FILE = 'cdk.json';
/** The context key naming the project (cdk.json, or `-c` on the command line). */
export const PROJECT_ID_CONTEXT = 'bgs:projectId';

/** The archive's single top folder, and its file name. */
export const cdkArchiveFolder = (projectId: string): string => `bgs-project-${projectId}-cdk`;
export const cdkArchiveFileName = (projectId: string): string => `${cdkArchiveFolder(projectId)}.zip`;
