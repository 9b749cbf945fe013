/**
 * Builds the CDK app kit from this repository: the service's own bundling of the project functions
 * (lambda-bundling.ts, the same options as every deployed bundle), then the kit (cdk-kit.ts).
 */
import { join } from 'node:path';
import { bundleLambdas, bundleName, REPO_ROOT } from '../../shared/lambda-bundling';
import { PROJECT_CODE_ENTRIES, type ProjectCodeEntry } from '../project-code';
import { writeCdkKit, type CdkKitSummary } from './cdk-kit';

/** The Lambda entries whose bundles the kit ships. */
export const projectCodeBundleEntries = (): string[] =>
  Object.values(PROJECT_CODE_ENTRIES as Record<string, ProjectCodeEntry>).flatMap((entry) => (entry.kind === 'bundle' ? [entry.entry] : []));

/**
 * Builds the kit into `<parent>/kit`, bundling into `bundles`: a folder as deep below the
 * temporary directory as lambda-bundling.ts's own, so the source maps (paths relative to the
 * bundle) come out the same as in the route's asset.
 */
export function buildRepositoryKit(parent: string, bundles: string, repoRoot: string = REPO_ROOT): { readonly dir: string; readonly summary: CdkKitSummary } {
  bundleLambdas(bundles, projectCodeBundleEntries());
  const dir = join(parent, 'kit');
  return { dir, summary: writeCdkKit(dir, { repoRoot, bundleDirOf: (entry) => join(bundles, bundleName(entry)) }) };
}
