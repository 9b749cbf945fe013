/**
 * The CloudFormation template of a project's stack for a blueprint, synthesized in memory with
 * the same constructs a deploy uses (no asset bundling: code assets are the same prebuilt runtime
 * for every blueprint, so they never make a difference between two templates) and the same context
 * as the exported CDK app (project-app-context.ts). The deployment preview diffs two of these.
 */
import { App } from 'aws-cdk-lib';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import type { CloudFormationTemplate } from '../../lambdas/core/deploy/template-diff';
import { PROJECT_APP_CONTEXT } from './project-app-context';
import { ProjectStack, projectStackName } from './project-stack';

export function synthProjectTemplate(ir: BlueprintIR, projectId: string): CloudFormationTemplate {
  const app = new App({ context: { ...PROJECT_APP_CONTEXT, 'aws:cdk:bundling-stacks': [] } });
  const stack = new ProjectStack(app, projectStackName(projectId), { ir, projectId });
  return app.synth().getStackByName(stack.stackName).template as CloudFormationTemplate;
}
