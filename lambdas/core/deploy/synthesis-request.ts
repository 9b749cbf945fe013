/**
 * THE request of a project template's synthesis (issue 24): what the deployment step hands the
 * synthesis function (adapters/lambda-synthesizer.ts), what that function parses
 * (control-plane/deployment/project-synth.lambda.ts) and what lib/project/deploy-template.ts takes.
 */
import * as z from 'zod';
import { BlueprintIR } from '../blueprint/ir';

export const SynthesisRequest = z.strictObject({
  ir: BlueprintIR,
  projectId: z.string().min(1),
  deploymentId: z.string().min(1),
  blueprintId: z.string().min(1),
  /** When the deployment started (ISO 8601): stored with the blueprint, never read from a clock while synthesizing. */
  deployedAt: z.string().min(1),
  region: z.string().min(1),
  /** The bucket of the project's region holding the published code. */
  codeBucket: z.string().min(1),
  /** The object of each function's code zip in it, by the name lib/project/project-code.ts gives the function. */
  codeKeys: z.record(z.string(), z.string().min(1)),
  /** The control plane's table (ARN): a workflow function may read its project's endpoints there. Absent: call steps fail saying so. */
  controlPlaneTableArn: z.string().min(1).optional(),
  /** The sender of the project's workflow mail (a verified SES identity's address). Absent: notify steps fail saying so. */
  workflowMailFrom: z.email().optional(),
  /** The sender of the project user pool's codes (a verified SES identity's address). Absent: Cognito's default sender. */
  mailFrom: z.email().optional(),
  /** The SNS topic (in the project's region) its operations alarms notify. Absent: the stack gets no alarms. */
  alarmTopicArn: z.string().min(1).optional(),
  /** The reserved concurrency (a cap) of the project's runtime function. Absent: none. */
  reservedConcurrency: z.number().int().min(1).optional(),
  /** The control plane's origin, whose API reference pages call the project's API ("Try it out"): allowed by its CORS. */
  apiReferenceOrigin: z.url({ protocol: /^https?$/ }).optional(),
});
export type SynthesisRequest = z.infer<typeof SynthesisRequest>;
