/**
 * The template a deploy to AWS creates for a blueprint (the AWS deployment steps' `synthesize`):
 * the same ProjectStack and app context as the preview and the exported app, for the project's
 * region, with every function's code taken from the objects the control plane published once
 * (ProjectCode.fromBucket: a deploy uploads no code), and the deployment's ids in the stored
 * blueprint. No bootstrap is needed: the template names no CDK asset and no bootstrap version.
 */
import { App, DefaultStackSynthesizer } from 'aws-cdk-lib';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import type { CloudFormationTemplate } from '../../lambdas/core/deploy/template-diff';
import { PROJECT_APP_CONTEXT } from './project-app-context';
import { ProjectCode, type ProjectCodeName } from './project-code';
import { ProjectStack, projectStackName } from './project-stack';

export interface DeployTemplateInput {
  readonly ir: BlueprintIR;
  readonly projectId: string;
  readonly deploymentId: string;
  readonly blueprintId: string;
  readonly deployedAt: string;
  readonly region: string;
  /** The bucket of the project's region holding the published code. */
  readonly codeBucket: string;
  /** The object of each function's code zip in it. */
  readonly codeKeys: Readonly<Record<ProjectCodeName, string>>;
}

export function synthDeployTemplate(input: DeployTemplateInput): CloudFormationTemplate {
  const app = new App({ context: { ...PROJECT_APP_CONTEXT, 'aws:cdk:bundling-stacks': [] } });
  const stack = new ProjectStack(app, projectStackName(input.projectId), {
    ir: input.ir,
    projectId: input.projectId,
    deploymentId: input.deploymentId,
    blueprintId: input.blueprintId,
    deployedAt: input.deployedAt,
    env: { region: input.region },
    synthesizer: new DefaultStackSynthesizer({ generateBootstrapVersionRule: false }),
    code: ProjectCode.fromBucketName(input.codeBucket, input.codeKeys),
  });
  return app.synth().getStackByName(stack.stackName).template as CloudFormationTemplate;
}
