/**
 * The deployer provider: on AWS (the configuration names a deployment state machine) the one that
 * asks the deployment step function for previews (deployments run in the state machine); locally
 * the one handed in through configureControlPlane (the project host; a test double in tests).
 * A module of its own, so the bundles that do not deploy carry no Lambda client.
 */
import { LambdaClient } from '@aws-sdk/client-lambda';
import { InvokedProjectDeployer } from '../../adapters/invoked-project-deployer';
import { ENV } from '../../shared/env';
import type { Provider } from './root';
import type { ControlPlanePorts } from './services';

export const deployer: Provider<ControlPlanePorts['deployer']> = ({ config, setup }) => {
  if (!config.deployment) return setup.deployer;
  const { stepFunctionName } = config.deployment;
  if (!stepFunctionName) throw new Error(`${ENV.DEPLOYMENT_STEP_FUNCTION} is required where deployments are previewed`);
  return new InvokedProjectDeployer(new LambdaClient({ region: config.region }), stepFunctionName);
};
