/**
 * The template a deploy to AWS creates for a blueprint (the AWS deployment steps' `synthesize`):
 * the same ProjectStack and app context as the preview and the exported app, for the project's
 * region, with every function's code taken from the objects the control plane published once
 * (ProjectCode.fromBucket: a deploy uploads no code), and the deployment's ids in the stored
 * blueprint. No bootstrap is needed: the template names no CDK asset and no bootstrap version.
 */
import { App, DefaultStackSynthesizer } from 'aws-cdk-lib';
import type { SynthesisRequest } from '../../lambdas/core/deploy/synthesis-request';
import type { CloudFormationTemplate } from '../../lambdas/core/deploy/template-diff';
import { PROJECT_APP_CONTEXT } from './project-app-context';
import { PROJECT_CODE_NAMES, ProjectCode, type ProjectCodeName } from './project-code';
import { ProjectStack, projectStackName } from './project-stack';

export type DeployTemplateInput = SynthesisRequest;

export function synthDeployTemplate(input: DeployTemplateInput): CloudFormationTemplate {
  const missing = PROJECT_CODE_NAMES.filter((name) => !input.codeKeys[name]);
  if (missing.length > 0) throw new Error(`No published code for ${missing.join(', ')}: the request names ${Object.keys(input.codeKeys).join(', ') || 'none'}`);
  const codeKeys = Object.fromEntries(PROJECT_CODE_NAMES.map((name) => [name, input.codeKeys[name]!])) as Record<ProjectCodeName, string>;
  const app = new App({ context: { ...PROJECT_APP_CONTEXT, 'aws:cdk:bundling-stacks': [] } });
  const stack = new ProjectStack(app, projectStackName(input.projectId), {
    ir: input.ir,
    projectId: input.projectId,
    deploymentId: input.deploymentId,
    blueprintId: input.blueprintId,
    deployedAt: input.deployedAt,
    env: { region: input.region },
    synthesizer: new DefaultStackSynthesizer({ generateBootstrapVersionRule: false }),
    code: ProjectCode.fromBucketName(input.codeBucket, codeKeys),
    ...(input.controlPlaneTableArn ? { controlPlaneTableArn: input.controlPlaneTableArn } : {}),
    ...(input.workflowMailFrom ? { workflowMailFrom: input.workflowMailFrom } : {}),
    ...(input.mailFrom ? { mailFrom: input.mailFrom } : {}),
    // Alarms only with a topic to notify (the control plane's, in this region); never a topic of the stack's own.
    operationsAlarms: input.alarmTopicArn !== undefined,
    ...(input.alarmTopicArn ? { alarmTopicArn: input.alarmTopicArn } : {}),
    reservedConcurrency: input.reservedConcurrency ?? 0,
    ...(input.apiReferenceOrigin ? { apiReferenceOrigin: input.apiReferenceOrigin } : {}),
  });
  return app.synth().getStackByName(stack.stackName).template as CloudFormationTemplate;
}
