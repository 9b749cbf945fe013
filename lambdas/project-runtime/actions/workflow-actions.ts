/**
 * Workflow routes of a generated project API. Their engine (Lambda durable functions on AWS, the
 * local durable engine locally) is the next issue's work; until it lands, the routes exist (so
 * the published OpenAPI and the gateway agree) and answer 501 with the contract's error body.
 */
import { NotImplementedError } from '../../core/errors';
import type { HandlerResult } from '../../shared/http-types';
import type { ActionInput } from '../action-input';

const notYet = async (input: ActionInput): Promise<HandlerResult> => {
  await input.caller();
  throw new NotImplementedError('Workflows are not running in this deployment yet: the workflow engine arrives with the next release of the runtime');
};

export const workflowActions = {
  'workflows.start': notYet,
  'workflows.signal': notYet,
  'workflows.list': notYet,
  'workflows.read': notYet,
  'workflows.cancel': notYet,
};
