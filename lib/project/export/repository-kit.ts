/**
 * The CDK app kit of the local service: built from this repository on first use (build-kit.ts),
 * read into memory once, its temporary folders removed. The builder (TypeScript's resolver,
 * esbuild, aws-cdk-lib) loads only then, so starting the service does not pay for it. On AWS the
 * kit is built at `cdk synth` instead and ships in the route's asset (lib/control-plane/route-companions.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTree } from '../../../lambdas/adapters/cdk-app-kit/directory-kit';
import type { CdkAppKit } from '../../../lambdas/ports/cdk-app-kit';

/** One kit per repository and process: every service started in a process (tests start many) shares it. */
const kits = new Map<string, CdkAppKit>();

export function repositoryCdkAppKit(repoRoot?: string): CdkAppKit {
  const key = repoRoot ?? '';
  const known = kits.get(key);
  if (known) return known;
  let built: Promise<ReadonlyMap<string, Uint8Array>> | undefined;
  const build = async (): Promise<ReadonlyMap<string, Uint8Array>> => {
    const { buildRepositoryKit } = await import('./build-kit');
    const parent = mkdtempSync(join(tmpdir(), 'bgs-cdk-kit-'));
    const bundles = mkdtempSync(join(tmpdir(), 'bgs-cdk-kit-bundles-'));
    try {
      return readTree(buildRepositoryKit(parent, bundles, repoRoot).dir);
    } finally {
      rmSync(parent, { recursive: true, force: true });
      rmSync(bundles, { recursive: true, force: true });
    }
  };
  const kit: CdkAppKit = {
    files: () => {
      if (!built) {
        built = build();
        // A failed build is tried again on the next request.
        built.catch(() => (built = undefined));
      }
      return built;
    },
  };
  kits.set(key, kit);
  return kit;
}
