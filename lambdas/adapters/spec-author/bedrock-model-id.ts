/**
 * Which Bedrock model id the spec author invokes, per region (issue 28 item 3).
 *
 * The default model, Amazon Nova Pro, answers its plain id on demand only in some regions;
 * everywhere else Bedrock refuses it ("on-demand throughput isn't supported") and wants the
 * cross-region inference profile of the region's geography: `us.amazon.nova-pro-v1:0` from a US
 * region, `eu.` from Europe, `apac.` from Asia Pacific, `us-gov.` from GovCloud. Such a profile is
 * invoked in the caller's region and routes each request to the model in one of its geography's
 * regions, so IAM must allow the profile and the model in every one of them.
 *
 * PROFILE_GEOGRAPHIES is the one table of which region belongs to which geography. The CDK app
 * (lib/control-plane/spec-author-model.ts) derives from it both the id the handlers invoke and
 * what their roles may invoke; the handlers read the id as given (ENV.BEDROCK_MODEL_ID).
 */

/** The model that writes specs unless the operator names another (`-c bgs:bedrockModelId=`). */
export const DEFAULT_BEDROCK_MODEL_ID = 'amazon.nova-pro-v1:0';

/** The CDK context key an operator names the model (or profile) with. */
export const BEDROCK_MODEL_CONTEXT = 'bgs:bedrockModelId';

export interface ProfileGeography {
  /** The profile id's prefix: `<prefix>.<model id>`. */
  readonly prefix: string;
  /** The partition of its regions (ARNs). */
  readonly partition: string;
  /**
   * The regions its profiles route to (and may be called from). A model's own profile may use
   * fewer; granting the geography covers every model without naming it.
   */
  readonly regions: readonly string[];
  /**
   * Whether a region of this geography gets its profile by default. `jp.` and `au.` cover regions
   * that `apac.` covers too (which routes to more regions): they are used only when named.
   */
  readonly byDefault: boolean;
}

/**
 * The geographies of Bedrock's system-defined cross-region inference profiles and their regions,
 * after the Bedrock user guide ("Supported Regions and models for inference profiles",
 * "Geographic cross-Region inference") and aws-cdk's CrossRegionInferenceProfileRegion. A region
 * in none of them has no default: the operator names a model or profile. When AWS adds a region
 * to a geography, it is added here (a profile routing to a region missing here is refused by IAM
 * for that request).
 */
export const PROFILE_GEOGRAPHIES: readonly ProfileGeography[] = [
  { prefix: 'us', partition: 'aws', regions: ['us-east-1', 'us-east-2', 'us-west-1', 'us-west-2'], byDefault: true },
  {
    prefix: 'eu',
    partition: 'aws',
    regions: ['eu-central-1', 'eu-central-2', 'eu-north-1', 'eu-south-1', 'eu-south-2', 'eu-west-1', 'eu-west-2', 'eu-west-3'],
    byDefault: true,
  },
  {
    prefix: 'apac',
    partition: 'aws',
    regions: [
      'ap-east-2', 'ap-northeast-1', 'ap-northeast-2', 'ap-northeast-3', 'ap-south-1', 'ap-south-2', 'ap-southeast-1',
      'ap-southeast-2', 'ap-southeast-3', 'ap-southeast-4', 'ap-southeast-5', 'ap-southeast-7', 'me-central-1',
    ],
    byDefault: true,
  },
  { prefix: 'us-gov', partition: 'aws-us-gov', regions: ['us-gov-east-1', 'us-gov-west-1'], byDefault: true },
  { prefix: 'jp', partition: 'aws', regions: ['ap-northeast-1', 'ap-northeast-3'], byDefault: false },
  { prefix: 'au', partition: 'aws', regions: ['ap-southeast-2', 'ap-southeast-4'], byDefault: false },
];

/** The prefix of the global profiles, which route to any commercial region. */
export const GLOBAL_PROFILE_PREFIX = 'global';

/** The geography whose profile a region gets by default; undefined for a region in none. */
export function defaultGeographyOf(region: string): ProfileGeography | undefined {
  return PROFILE_GEOGRAPHIES.find((g) => g.byDefault && g.regions.includes(region));
}

/**
 * The id the spec author invokes in `region`: the operator's own (`configured`) exactly as given,
 * else the default model through the region's geography profile. A region in no geography is an
 * error that names the way out, rather than a plain id Bedrock may refuse at the first request.
 */
export function bedrockModelIdFor(region: string, configured?: string): string {
  if (configured !== undefined) return configured;
  const geography = defaultGeographyOf(region);
  if (!geography) {
    throw new Error(
      `No Bedrock cross-region inference profile is known for the region ${region}: name the model or profile to use with ` +
        `-c ${BEDROCK_MODEL_CONTEXT}=<id> (e.g. ${DEFAULT_BEDROCK_MODEL_ID} where Bedrock serves it on demand), or offline`,
    );
  }
  return `${geography.prefix}.${DEFAULT_BEDROCK_MODEL_ID}`;
}

/** What an id names: a foundation model, a system-defined profile (geographic or global), or an ARN. */
export type BedrockModelTarget =
  | { readonly kind: 'model'; readonly modelId: string }
  | { readonly kind: 'profile'; readonly profileId: string; readonly modelId: string; readonly geography: ProfileGeography }
  | { readonly kind: 'global-profile'; readonly profileId: string; readonly modelId: string }
  | { readonly kind: 'arn'; readonly arn: string };

/** Reads a model id, profile id or ARN (the profile's prefix says its geography). */
export function bedrockModelTarget(id: string): BedrockModelTarget {
  if (id.startsWith('arn:')) return { kind: 'arn', arn: id };
  const dot = id.indexOf('.');
  const prefix = dot < 0 ? '' : id.slice(0, dot);
  const modelId = id.slice(dot + 1);
  if (prefix === GLOBAL_PROFILE_PREFIX) return { kind: 'global-profile', profileId: id, modelId };
  const geography = PROFILE_GEOGRAPHIES.find((g) => g.prefix === prefix);
  return geography ? { kind: 'profile', profileId: id, modelId, geography } : { kind: 'model', modelId: id };
}
