/**
 * The tags every BGS resource carries, so AWS Cost Explorer can split the bill by service,
 * component and project once an operator activates them as cost allocation tags (Billing ->
 * Cost allocation tags; README "Deploy to AWS"). Given to a whole stack, so every taggable
 * resource in it gets them, and CloudFormation tags what it creates with them: ControlPlaneStack
 * and ProjectStack tag themselves, so each project stack is tagged whether the deployer
 * synthesizes it or the exported CDK app does.
 */
import { Tags, type Stack } from 'aws-cdk-lib';

/** The tag keys (one place: the stacks, the tests and the README's list come from here). */
export const BGS_TAG_KEYS = {
  /** Always `bgs`: everything this service runs. */
  service: 'bgs:service',
  /** What part of BGS: the control plane, or a generated project. */
  component: 'bgs:component',
  /** A project stack's project id (the control plane's id): cost per project. */
  projectId: 'bgs:project-id',
} as const;

export const BGS_SERVICE = 'bgs';

export type BgsStackTags = { readonly component: 'control-plane' } | { readonly component: 'project'; readonly projectId: string };

/** Tags every taggable resource of `stack` (and the stack itself). */
export function tagBgsStack(stack: Stack, tags: BgsStackTags): void {
  const values: Record<string, string> = { [BGS_TAG_KEYS.service]: BGS_SERVICE, [BGS_TAG_KEYS.component]: tags.component };
  if (tags.component === 'project') values[BGS_TAG_KEYS.projectId] = tags.projectId;
  for (const [key, value] of Object.entries(values)) Tags.of(stack).add(key, value);
}
