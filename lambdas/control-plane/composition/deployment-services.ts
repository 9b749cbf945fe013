/**
 * The services of running a deployment: the in-process runner's (locally, over the deployer the
 * local service hands in) and the deployment state machine's task (on AWS, over the stack steps'
 * services from the configuration). Each is a principal with the deployment run's table actions.
 */
import { DEPLOYMENT_RUN_TABLE_ACTIONS } from '../deployment/run-deployment';
import { awsStackStepServices } from './aws-deployment';
import { deployer } from './deployer';
import { servicesOf } from './root';
import { blueprints, deployments } from './stores';

/** A deployment run's services (the local runner's: run-deployment.ts over the deployer). */
export const deploymentRunServices = servicesOf({ name: 'deployment run', tableActions: DEPLOYMENT_RUN_TABLE_ACTIONS }, { deployments, blueprints, deployer });

const deploymentStepBase = servicesOf({ name: 'deployment step', tableActions: DEPLOYMENT_RUN_TABLE_ACTIONS }, { deployments, blueprints });
let stackServices: { base: object; stack: ReturnType<typeof awsStackStepServices> } | undefined;

/** The deployment state machine's task (deployment-step.lambda.ts): AWS only. */
export const deploymentStepServices = async () => {
  const services = await deploymentStepBase();
  const deployment = services.config.deployment;
  if (!deployment) throw new Error('The deployment step runs on AWS only: configure BGS_DEPLOYMENT_STATE_MACHINE_ARN and its companions');
  // Built once per cold start, with the base services (their clients per region are kept).
  if (stackServices?.base !== services) {
    stackServices = { base: services, stack: awsStackStepServices(deployment, { blueprints: services.blueprints, deployments: services.deployments, clock: services.clock, region: services.config.region, tableName: services.config.tableName, publicUrl: services.config.publicUrl }) };
  }
  return { ...services, stack: stackServices.stack };
};
