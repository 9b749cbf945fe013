/**
 * The Step Functions task of deployments: runs one task (deployment-task.ts) over the stored
 * deployment and the small run state the state machine passes along; and, invoked by the preview
 * and deploy routes, the preview of a blueprint (only this function reads project stacks and tables).
 */
import { deploymentStepServices } from '../composition/deployment-services';
import type { DeployPreview } from '../../core/deploy/deploy-preview';
import { runDeploymentTask, runPreviewTask, type DeploymentTaskEvent, type DeploymentTaskResult, type PreviewTaskEvent } from './deployment-task';

export const handler = async (event: DeploymentTaskEvent | PreviewTaskEvent): Promise<DeploymentTaskResult | DeployPreview> => {
  const services = await deploymentStepServices();
  if (event.step === 'preview' && 'ir' in event) {
    services.logger.appendKeys({ projectId: event.projectId, step: 'preview' });
    return runPreviewTask(services, event);
  }
  const task = event as DeploymentTaskEvent;
  services.logger.appendKeys({ deploymentId: task.deploymentId, step: task.step });
  return runDeploymentTask(services, task);
};
