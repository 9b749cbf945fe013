/**
 * The CloudFormation template of a project's stack for a blueprint, synthesized in memory with
 * the same constructs a deploy uses (no asset bundling: code assets are the same prebuilt runtime
 * for every blueprint, so they never make a difference between two templates). The deployment
 * preview diffs two of these.
 */
import { App } from 'aws-cdk-lib';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import type { CloudFormationTemplate } from '../../lambdas/core/deploy/template-diff';
import { ProjectStack } from './project-stack';

export function synthProjectTemplate(ir: BlueprintIR, projectId: string): CloudFormationTemplate {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] }, analyticsReporting: false });
  const stack = new ProjectStack(app, `BgsProject-${projectId}`, { ir, projectId });
  return app.synth().getStackByName(stack.stackName).template as CloudFormationTemplate;
}
