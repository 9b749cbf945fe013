/**
 * The kit of the exported CDK app: every file of the archive that does not depend on the
 * blueprint, written into a folder once (at `cdk synth` of the control plane, into the artifact
 * route's own asset; locally, on the first request), so a request only adds the blueprint and the
 * project id and zips (lambdas/control-plane/cdk-archive/).
 *
 * - The app's entry (kit-texts.ts) and the import closure of it (source-closure.ts): the project
 *   constructs and every repository file they import, copied byte for byte at their paths.
 * - `package.json` / `package-lock.json` derived from the service's lockfile (package-manifest.ts).
 * - `cdk.json` with the project app's context (project-app-context.ts), `tsconfig.json` with the
 *   service's compiler options, the README, the CI workflow, `.gitignore`.
 * - `assets/<name>/`: the prebuilt code of each function of PROJECT_CODE_ENTRIES, from the service's
 *   own bundles (lambda-bundling.ts) or, for aws-cdk-lib's handlers, from the package.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PROJECT_APP_CLI_SETTINGS, PROJECT_APP_FEATURE_FLAGS } from '../project-app-context';
import { PROJECT_CODE_ENTRIES, PROJECT_CODE_NAMES } from '../project-code';
import { exportedLockfile, exportedPackageJson, type Lockfile } from './package-manifest';
import { sourceClosure } from './source-closure';
import { ASSETS_DIR, CI_WORKFLOW_FILE, ciWorkflow, gitignore, PROJECT_APP_ENTRY, projectAppSource, readme } from './kit-texts';

export interface CdkKitOptions {
  /** The repository whose sources and lockfile are exported. */
  readonly repoRoot: string;
  /** The folder holding the service's bundle of a Lambda entry (lambda-bundling.ts's layout). */
  readonly bundleDirOf: (entry: string) => string;
}

export interface CdkKitSummary {
  /** Repository files copied. */
  readonly sources: readonly string[];
  /** Packages of the exported package.json (dependencies and devDependencies). */
  readonly packages: readonly string[];
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

function write(outDir: string, path: string, text: string): void {
  mkdirSync(dirname(join(outDir, path)), { recursive: true });
  writeFileSync(join(outDir, path), text);
}

/** The service's compiler options for the exported sources (no test types there). */
function exportedTsconfig(repoRoot: string): unknown {
  const service = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
  return {
    compilerOptions: { ...service.compilerOptions, types: ['node'] },
    include: ['bin/**/*.ts', 'lib/**/*.ts', 'lambdas/**/*.ts'],
    exclude: ['node_modules', 'cdk.out'],
  };
}

/** Writes the kit into `outDir` (an empty or new folder). */
export function writeCdkKit(outDir: string, options: CdkKitOptions): CdkKitSummary {
  const { repoRoot } = options;
  const app = projectAppSource();
  const closure = sourceClosure([{ path: PROJECT_APP_ENTRY, text: app }], repoRoot);
  for (const file of closure.files) {
    mkdirSync(dirname(join(outDir, file)), { recursive: true });
    cpSync(join(repoRoot, file), join(outDir, file));
  }
  write(outDir, PROJECT_APP_ENTRY, app);

  const service = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as Lockfile;
  const manifest = exportedPackageJson(lock, closure.bareImports, service.engines.node);
  write(outDir, 'package.json', json(manifest));
  write(outDir, 'package-lock.json', json(exportedLockfile(lock, manifest)));
  write(outDir, 'cdk.json', json({ app: `npx tsx ${PROJECT_APP_ENTRY}`, ...PROJECT_APP_CLI_SETTINGS, context: PROJECT_APP_FEATURE_FLAGS }));
  write(outDir, 'tsconfig.json', json(exportedTsconfig(repoRoot)));
  write(outDir, 'README.md', readme());
  write(outDir, CI_WORKFLOW_FILE, ciWorkflow(service.engines.node.replace(/^\D*(\d+).*$/, '$1')));
  write(outDir, '.gitignore', gitignore());

  const cdkLib = dirname(require.resolve('aws-cdk-lib/package.json', { paths: [repoRoot] }));
  for (const name of PROJECT_CODE_NAMES) {
    const entry = PROJECT_CODE_ENTRIES[name];
    const from = entry.kind === 'bundle' ? options.bundleDirOf(entry.entry) : join(cdkLib, entry.packagePath);
    cpSync(from, join(outDir, ASSETS_DIR, name), { recursive: true });
  }
  return { sources: closure.files, packages: [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)] };
}
