/**
 * Providers of what runs work in the background: the generation orchestrator (Step Functions on
 * AWS, configured by its ARN; otherwise the in-process runner), the deployment runner and the
 * deployer (locally the project host, handed in through configureControlPlane).
 *
 * The in-process runners are one per process and configuration: they keep the runs in flight,
 * resume unfinished ones after a restart and say when all are done (`localRunners()`).
 */
import { SFNClient } from '@aws-sdk/client-sfn';
import { StepFunctionsOrchestrator } from '../../adapters/stepfunctions-orchestrator';
import { LocalOrchestrator } from '../generation/orchestrator';
import { LocalDeploymentRunner } from '../deployment/runner';
import { configurationGeneration, controlPlaneSetup, type Provider } from './root';
import { deployer, deploymentRunServices, generationStepServices } from './background-services';
import type { ControlPlanePorts } from './services';

type RunnerProvider<K extends keyof ControlPlanePorts> = Provider<ControlPlanePorts[K]>;

export { deployer };

export const orchestrator: RunnerProvider<'orchestrator'> = ({ config }) =>
  config.generationStateMachineArn
    ? new StepFunctionsOrchestrator(new SFNClient({ region: config.region }), config.generationStateMachineArn)
    : localRunners().orchestrator;

export const deploymentRunner: RunnerProvider<'deploymentRunner'> = () => localRunners().deploymentRunner;

interface LocalRunners {
  readonly orchestrator: LocalOrchestrator;
  readonly deploymentRunner: LocalDeploymentRunner;
}

let current: { generation: number; runners: LocalRunners } | undefined;

/** The in-process runners of this process and configuration (the local service resumes and awaits them). */
export function localRunners(): LocalRunners {
  const generation = configurationGeneration();
  if (current?.generation !== generation) {
    const orchestrator = new LocalOrchestrator(generationStepServices, controlPlaneSetup().generationStepDelayMs ?? 0);
    current = { generation, runners: { orchestrator, deploymentRunner: new LocalDeploymentRunner(deploymentRunServices) } };
  }
  return current.runners;
}
