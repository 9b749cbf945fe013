/**
 * The services of the work that runs outside a request: a generation step (the Step Functions
 * task, generation-step.lambda.ts, and the in-process runner) and a deployment run. Each is a
 * principal of its own with its own table actions, as each is its own Lambda on AWS.
 */
import { GENERATION_STEP_TABLE_ACTIONS } from '../generation/steps';
import { DEPLOYMENT_RUN_TABLE_ACTIONS } from '../deployment/run-deployment';
import { servicesOf, type Provider } from './root';
import type { ControlPlanePorts } from './services';
import { blueprints, deployments, projects, specs } from './stores';

/** The deployer handed in through configureControlPlane (locally the project host); none on AWS yet. */
export const deployer: Provider<ControlPlanePorts['deployer']> = ({ setup }) => setup.deployer;

export const generationStepServices = servicesOf({ name: 'generation step', tableActions: GENERATION_STEP_TABLE_ACTIONS }, { blueprints, specs, projects });

/** A deployment run's services (the in-process runner's; on AWS the deployment state machine's, next). */
export const deploymentRunServices = servicesOf({ name: 'deployment run', tableActions: DEPLOYMENT_RUN_TABLE_ACTIONS }, { deployments, blueprints, deployer });
