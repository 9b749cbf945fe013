/**
 * The synthesis function (issue 24 "Synthesis without Docker"): the CDK app of one project
 * stack run inside a Lambda. The deployment step hands it a blueprint and where the published
 * code is; it answers the template (lib/project/deploy-template.ts: the same ProjectStack as the
 * preview and the exported app). It is bundled apart from the other Lambdas, with only what the
 * project stack needs from aws-cdk-lib (lib/shared/synth-bundling.ts), so no Docker, no CDK CLI
 * and no node_modules are needed where it runs.
 */
import { z } from 'zod';
import { BlueprintIR } from '../../core/blueprint/ir';
import { synthDeployTemplate } from '../../../lib/project/deploy-template';
import { PROJECT_CODE_NAMES } from '../../../lib/project/project-code';

const SynthRequest = z.strictObject({
  ir: BlueprintIR,
  projectId: z.string().min(1),
  deploymentId: z.string().min(1),
  blueprintId: z.string().min(1),
  deployedAt: z.string().min(1),
  region: z.string().min(1),
  codeBucket: z.string().min(1),
  codeKeys: z.strictObject(Object.fromEntries(PROJECT_CODE_NAMES.map((name) => [name, z.string().min(1)])) as Record<(typeof PROJECT_CODE_NAMES)[number], z.ZodString>),
});
export type SynthRequest = z.input<typeof SynthRequest>;

export const handler = async (event: unknown): Promise<{ template: unknown }> => {
  const request = SynthRequest.parse(event);
  return { template: synthDeployTemplate(request) };
};
