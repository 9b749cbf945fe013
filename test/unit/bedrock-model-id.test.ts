/**
 * The model id the spec author invokes per region (issue 28 item 3): the default model through
 * the cross-region inference profile of the region's geography, the operator's id as given, and a
 * clear error for a region in no geography. The grants that follow from it: test/cdk/bedrock-grants.test.ts.
 */
import {
  DEFAULT_BEDROCK_MODEL_ID,
  PROFILE_GEOGRAPHIES,
  bedrockModelIdFor,
  bedrockModelTarget,
  defaultGeographyOf,
} from '../../lambdas/adapters/spec-author/bedrock-model-id';
import { baseModelId } from '../../lambdas/adapters/spec-author/pricing';

describe('the default model goes through the profile of the region\'s geography', () => {
  it.each([
    ['us-east-1', 'us.amazon.nova-pro-v1:0'],
    ['us-west-2', 'us.amazon.nova-pro-v1:0'],
    ['eu-west-1', 'eu.amazon.nova-pro-v1:0'],
    ['eu-central-1', 'eu.amazon.nova-pro-v1:0'],
    ['ap-southeast-2', 'apac.amazon.nova-pro-v1:0'],
    ['ap-northeast-1', 'apac.amazon.nova-pro-v1:0'],
    ['us-gov-west-1', 'us-gov.amazon.nova-pro-v1:0'],
  ])('%s -> %s', (region, id) => {
    expect(bedrockModelIdFor(region)).toBe(id);
  });

  it('the operator\'s id is used exactly as given, whatever the region', () => {
    expect(bedrockModelIdFor('us-east-1', 'amazon.nova-pro-v1:0')).toBe('amazon.nova-pro-v1:0');
    expect(bedrockModelIdFor('eu-west-1', 'eu.anthropic.claude-sonnet-4-20250514-v1:0')).toBe('eu.anthropic.claude-sonnet-4-20250514-v1:0');
    // Even where no geography is known: the operator named what works there.
    expect(bedrockModelIdFor('ca-central-1', 'amazon.nova-pro-v1:0')).toBe('amazon.nova-pro-v1:0');
  });

  it('a region in no geography is an error naming the context key, not a plain id Bedrock may refuse later', () => {
    for (const region of ['ca-central-1', 'sa-east-1', 'cn-north-1', 'mars-west-1']) {
      expect(() => bedrockModelIdFor(region)).toThrow(new RegExp(`${region}.*-c bgs:bedrockModelId=`));
    }
  });
});

describe('the geography table', () => {
  it('gives every region at most one default geography, and each prefix once', () => {
    const seen = new Map<string, string>();
    for (const geography of PROFILE_GEOGRAPHIES.filter((g) => g.byDefault)) {
      for (const region of geography.regions) {
        expect([region, seen.get(region)]).toEqual([region, undefined]);
        seen.set(region, geography.prefix);
      }
    }
    const prefixes = PROFILE_GEOGRAPHIES.map((g) => g.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it('jp. and au. are used only when named: their regions take apac.', () => {
    expect(defaultGeographyOf('ap-northeast-3')?.prefix).toBe('apac');
    expect(defaultGeographyOf('ap-southeast-4')?.prefix).toBe('apac');
    expect(bedrockModelTarget('jp.amazon.nova-pro-v1:0')).toMatchObject({ kind: 'profile', modelId: 'amazon.nova-pro-v1:0', geography: { prefix: 'jp' } });
  });

  it('pricing knows every prefix the table has (a profile costs what its model costs)', () => {
    for (const { prefix } of PROFILE_GEOGRAPHIES) expect(baseModelId(`${prefix}.${DEFAULT_BEDROCK_MODEL_ID}`)).toBe(DEFAULT_BEDROCK_MODEL_ID);
  });
});

describe('what an id names', () => {
  it('a plain model id (its own dots are no prefix), a geographic or global profile, an ARN', () => {
    expect(bedrockModelTarget('amazon.nova-pro-v1:0')).toEqual({ kind: 'model', modelId: 'amazon.nova-pro-v1:0' });
    expect(bedrockModelTarget('eu.amazon.nova-pro-v1:0')).toMatchObject({ kind: 'profile', profileId: 'eu.amazon.nova-pro-v1:0', modelId: 'amazon.nova-pro-v1:0', geography: { prefix: 'eu' } });
    expect(bedrockModelTarget('us-gov.amazon.nova-pro-v1:0')).toMatchObject({ kind: 'profile', geography: { prefix: 'us-gov', partition: 'aws-us-gov' } });
    expect(bedrockModelTarget('global.anthropic.claude-sonnet-4-5-20250929-v1:0')).toEqual({
      kind: 'global-profile',
      profileId: 'global.anthropic.claude-sonnet-4-5-20250929-v1:0',
      modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
    });
    const arn = 'arn:aws:bedrock:eu-west-1:123456789012:application-inference-profile/abc123';
    expect(bedrockModelTarget(arn)).toEqual({ kind: 'arn', arn });
  });
});
