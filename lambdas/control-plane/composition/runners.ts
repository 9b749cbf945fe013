/**
 * Providers of what runs work outside the request: the generation orchestrator (Step Functions
 * on AWS, configured by its ARN), the deployment runner and the deployer. Where the
 * configuration names no state machine (the local service), the runners are objects of the
 * local service's process, handed in through configureControlPlane: they keep the runs in flight
 * and resume unfinished ones after a restart, so they cannot be rebuilt per route. Handing them
 * in (not building them here) also keeps the in-process generation pipeline out of the AWS bundles.
 */
import { SFNClient } from '@aws-sdk/client-sfn';
import { DeployerUnavailableError } from '../../core/errors';
import { StepFunctionsOrchestrator } from '../../adapters/stepfunctions-orchestrator';
import { StepFunctionsDeploymentRunner } from '../../adapters/stepfunctions-deployment-runner';
import type { Provider } from './root';
import type { ControlPlanePorts } from './services';
import { deployer } from './deployer';

type RunnerProvider<K extends keyof ControlPlanePorts> = Provider<ControlPlanePorts[K]>;

export { deployer };

export const orchestrator: RunnerProvider<'orchestrator'> = ({ config, setup }) => {
  if (config.generationStateMachineArn) return new StepFunctionsOrchestrator(new SFNClient({ region: config.region }), config.generationStateMachineArn);
  if (setup.orchestrator) return setup.orchestrator;
  throw new Error('No generation orchestrator: configure BGS_GENERATION_STATE_MACHINE_ARN, or run in the local service (which runs generations in process)');
};

/** On AWS the deployment state machine; locally the in-process runner; neither: starting one answers 503 as a missing deployer does. */
export const deploymentRunner: RunnerProvider<'deploymentRunner'> = ({ config, setup }) => {
  if (config.deployment) return new StepFunctionsDeploymentRunner(new SFNClient({ region: config.region }), config.deployment.stateMachineArn);
  return (
    setup.deploymentRunner ?? {
      start: async () => {
        throw new DeployerUnavailableError();
      },
    }
  );
};
