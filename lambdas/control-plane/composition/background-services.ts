/**
 * The services of a generation step (the Step Functions task, generation-step.lambda.ts, and the
 * in-process runner): a principal of its own with its own table actions, as it is its own Lambda
 * on AWS. A deployment's are in deployment-services.ts.
 */
import { GENERATION_STEP_TABLE_ACTIONS } from '../generation/steps';
import { servicesOf } from './root';
import { blueprints, projects, specs } from './stores';

export const generationStepServices = servicesOf({ name: 'generation step', tableActions: GENERATION_STEP_TABLE_ACTIONS }, { blueprints, specs, projects });
