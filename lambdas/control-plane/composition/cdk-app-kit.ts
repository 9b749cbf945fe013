/**
 * Provider of the exported CDK app's kit: handed in by the local service (built from the
 * repository), else the folder the route's Lambda asset carries beside its bundle
 * (lib/control-plane/route-companions.ts writes it at `cdk synth`).
 */
import { join } from 'node:path';
import { DirectoryCdkAppKit } from '../../adapters/cdk-app-kit/directory-kit';
import { ENV } from '../../shared/env';
import { CDK_KIT_DIR } from '../cdk-archive/archive-layout';
import type { Provider } from './root';
import type { ControlPlanePorts } from './services';

export const cdkAppKit: Provider<ControlPlanePorts['cdkAppKit']> = ({ setup }) => {
  if (setup.cdkAppKit) return setup.cdkAppKit;
  const taskRoot = process.env[ENV.LAMBDA_TASK_ROOT];
  // Failing on use, not on build: services holding every port (tests) build this provider too.
  if (!taskRoot) return { files: () => Promise.reject(new Error('No CDK app kit: outside Lambda, the local service hands one in (configureControlPlane)')) };
  return new DirectoryCdkAppKit(join(taskRoot, CDK_KIT_DIR));
};
