/**
 * The Bedrock model the spec author invokes and what its routes may invoke, from the deployment
 * region and the operator's `-c bgs:bedrockModelId=` (issue 28 item 3). The region -> geography
 * table is lambdas/adapters/spec-author/bedrock-model-id.ts; nothing here repeats it.
 *
 * Where the region is known at synth (`cdk deploy` with credentials), the id and the grants are
 * plain strings. An environment-agnostic stack learns its region only at deploy: a CfnMapping made
 * from the same table gives the handlers their profile id and the role its ARNs by AWS::Region,
 * and a region missing from it fails the deploy at once ("Unable to get mapping for
 * SpecAuthorModelByRegion::<region>"), as synth fails for a known one.
 */
import { Annotations, Aws, CfnMapping, Fn, Token, type Stack } from 'aws-cdk-lib';
import {
  DEFAULT_BEDROCK_MODEL_ID,
  PROFILE_GEOGRAPHIES,
  bedrockModelIdFor,
  bedrockModelTarget,
  defaultGeographyOf,
  type ProfileGeography,
} from '../../lambdas/adapters/spec-author/bedrock-model-id';

export interface SpecAuthorModel {
  /** What the handlers get as ENV.BEDROCK_MODEL_ID (a deploy-time value in an agnostic stack). */
  readonly modelId: string;
  /** What the routes that call the model may invoke (bedrock:InvokeModel): nothing else. */
  readonly modelArns: string[];
}

/** The model the handlers invoke and its grants; `configured` is the operator's id, used as given. */
export function specAuthorModel(stack: Stack, configured: string | undefined): SpecAuthorModel {
  if (configured === undefined && Token.isUnresolved(stack.region)) return defaultModelByRegion(stack);
  // A known region outside every geography, without an id of the operator's: fails the synth, naming the way out.
  const modelId = bedrockModelIdFor(stack.region, configured);
  warnIfProfileIsElsewhere(stack, modelId);
  return { modelId, modelArns: modelArns(stack, modelId) };
}

/** The ARN of a system-defined profile: invoked in the caller's own region and account. */
function profileArn(stack: Stack, profileId: string): string {
  return `arn:${stack.partition}:bedrock:${stack.region}:${stack.account}:inference-profile/${profileId}`;
}

/** The foundation model in every region of the geography: a profile may route a request to any of them. */
function geographyModelArns(geography: ProfileGeography, modelId: string): string[] {
  return geography.regions.map((region) => `arn:${geography.partition}:bedrock:${region}::foundation-model/${modelId}`);
}

/** What invoking `id` from the stack's region touches (Converse is authorized as bedrock:InvokeModel on each). */
function modelArns(stack: Stack, id: string): string[] {
  const target = bedrockModelTarget(id);
  switch (target.kind) {
    case 'model':
      return [`arn:${stack.partition}:bedrock:${stack.region}::foundation-model/${target.modelId}`];
    case 'profile':
      return [profileArn(stack, target.profileId), ...geographyModelArns(target.geography, target.modelId)];
    case 'global-profile':
      // A global profile routes to any commercial region, which no list can name.
      return [profileArn(stack, target.profileId), `arn:${stack.partition}:bedrock:*::foundation-model/${target.modelId}`];
    case 'arn':
      return [target.arn];
  }
}

/** Bedrock refuses a geographic profile called from a region outside it; said at synth, the operator's id still stands. */
function warnIfProfileIsElsewhere(stack: Stack, id: string): void {
  const target = bedrockModelTarget(id);
  if (Token.isUnresolved(stack.region) || target.kind !== 'profile' || target.geography.regions.includes(stack.region)) return;
  Annotations.of(stack).addWarningV2(
    'bgs:bedrockProfileRegion',
    `The Bedrock inference profile ${id} routes within ${target.geography.regions.join(', ')}; called from ${stack.region}, Bedrock may refuse it`,
  );
}

/** Name of the mapping an agnostic stack resolves the default model with. */
export const SPEC_AUTHOR_MODEL_MAPPING = 'SpecAuthorModelByRegion';

/**
 * The default model in an agnostic stack: per region of a default geography, its profile id and
 * the model ARNs of the geography. CloudFormation cannot iterate a list into ARNs, so the lists
 * are written out whole and padded to one length (repeating their last ARN), so that the role can
 * name slot i of the deploy region's list with Fn::Select.
 */
function defaultModelByRegion(stack: Stack): SpecAuthorModel {
  const regions = PROFILE_GEOGRAPHIES.filter((g) => g.byDefault).flatMap((g) => g.regions);
  const slots = Math.max(...PROFILE_GEOGRAPHIES.filter((g) => g.byDefault).map((g) => g.regions.length));
  const mapping = new CfnMapping(stack, SPEC_AUTHOR_MODEL_MAPPING, { lazy: false });
  for (const region of regions) {
    const geography = defaultGeographyOf(region) as ProfileGeography;
    const arns = geographyModelArns(geography, DEFAULT_BEDROCK_MODEL_ID);
    mapping.setValue(region, 'profileId', bedrockModelIdFor(region));
    mapping.setValue(region, 'modelArns', Array.from({ length: slots }, (_, i) => arns[Math.min(i, arns.length - 1)]));
  }
  const modelId = mapping.findInMap(Aws.REGION, 'profileId');
  const regionArns = Token.asList({ 'Fn::FindInMap': [mapping.logicalId, Aws.REGION, 'modelArns'] });
  return {
    modelId,
    modelArns: [profileArn(stack, modelId), ...Array.from({ length: slots }, (_, i) => Fn.select(i, regionArns))],
  };
}
