/**
 * The synthesis function (issue 24 "Synthesis without Docker"): the CDK app of one project
 * stack run inside a Lambda. The deployment step hands it a blueprint and where the published
 * code is; it answers the template (lib/project/deploy-template.ts: the same ProjectStack as the
 * preview and the exported app). It is bundled apart from the other Lambdas, with only what the
 * project stack needs from aws-cdk-lib (lib/shared/synth-bundling.ts), so no Docker, no CDK CLI
 * and no node_modules are needed where it runs.
 */
import { SynthesisRequest } from '../../core/deploy/synthesis-request';
import { synthDeployTemplate } from '../../../lib/project/deploy-template';

export const handler = async (event: unknown): Promise<{ template: unknown }> => {
  const request = SynthesisRequest.parse(event);
  return { template: synthDeployTemplate(request) };
};
