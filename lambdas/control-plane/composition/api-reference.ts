/**
 * Providers of the interactive API reference's ports: its files (handed in by the local service,
 * which reads them from the repository; else the folder the static route's Lambda asset carries,
 * written at `cdk synth` by lib/control-plane/route-companions.ts) and the key that signs its
 * public links (a secret in the control-plane table, made on first use, then kept).
 */
import { join } from 'node:path';
import { API_REFERENCE_ASSET_DIR, DirectoryApiReferenceAssets } from '../../adapters/api-reference/directory-assets';
import { ENV } from '../../shared/env';
import type { Provider } from './root';
import { tableSecret } from './table-secret';
import type { ControlPlanePorts } from './services';

export const apiReferenceAssets: Provider<ControlPlanePorts['apiReferenceAssets']> = ({ setup }) => {
  if (setup.apiReferenceAssets) return setup.apiReferenceAssets;
  const taskRoot = process.env[ENV.LAMBDA_TASK_ROOT];
  // Failing on use, not on build: services holding every port (tests) build this provider too.
  if (!taskRoot) return { read: () => Promise.reject(new Error('No API reference files: outside Lambda, the local service hands them in (configureControlPlane)')) };
  return new DirectoryApiReferenceAssets(join(taskRoot, API_REFERENCE_ASSET_DIR), (asset) => asset.name);
};

export const docsLinkKey: Provider<ControlPlanePorts['docsLinkKey']> = tableSecret('docs-link-signing-key');
