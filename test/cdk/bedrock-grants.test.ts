/**
 * The spec author's model and its grants per deployment region (issue 28 item 3): the handlers
 * get the id the region's geography profile needs, and the routes that call the model may invoke
 * exactly that profile and the model in the regions it routes to; nothing else anywhere.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { CONTROL_PLANE_ROUTE_LIST } from '../../lambdas/control-plane/routes';
import { ENV } from '../../lambdas/shared/env';
import { PROFILE_GEOGRAPHIES, bedrockModelIdFor } from '../../lambdas/adapters/spec-author/bedrock-model-id';
import { SPEC_AUTHOR_MODEL_MAPPING } from '../../lib/control-plane/spec-author-model';
import { asArray, synthControlPlane, type CfnResource, type PolicyStatementJson, type SynthesizedControlPlane } from './synth';

const ACCOUNT = '123456789012';
const NOVA = 'amazon.nova-pro-v1:0';
/** A sender, so synthesis does not warn about Cognito's default one (not what this file tests). */
const MAIL_FROM = 'no-reply@mail.example.org';

/** The foundation model in each region, as the role names it. */
const models = (partition: string, regions: readonly string[], model = NOVA) => regions.map((r) => `arn:${partition}:bedrock:${r}::foundation-model/${model}`);
const regionsOf = (prefix: string) => PROFILE_GEOGRAPHIES.find((g) => g.prefix === prefix)!.regions;

function resourcesOf({ template }: SynthesizedControlPlane): Record<string, CfnResource> {
  return template.toJSON().Resources as Record<string, CfnResource>;
}

/** The SpecAuthorModel statements of a route's role (an empty list: no Bedrock permission). */
function modelStatements(synth: SynthesizedControlPlane, routeId: string): PolicyStatementJson[] {
  const resources = resourcesOf(synth);
  const fn = synth.stack.api.functions.get(routeId)!;
  const fnProps = resources[synth.stack.getLogicalId(fn.node.defaultChild as CfnElement)]!.Properties!;
  const roleId = (fnProps.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const policies = (resources[roleId]!.Properties!.Policies ?? []) as { PolicyDocument: { Statement: PolicyStatementJson[] } }[];
  return policies.flatMap((p) => p.PolicyDocument.Statement).filter((s) => asArray(s.Action).some((a) => a.startsWith('bedrock:')));
}

/** Every handler's BGS_BEDROCK_MODEL_ID (one value for all). */
function modelIdsOf(synth: SynthesizedControlPlane): unknown[] {
  const values = Object.values(resourcesOf(synth))
    .filter((r) => r.Type === 'AWS::Lambda::Function')
    .map((r) => (r.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.[ENV.BEDROCK_MODEL_ID])
    .filter((v) => v !== undefined);
  return [...new Map(values.map((v) => [JSON.stringify(v), v])).values()];
}

/** The routes' grants, checked: exactly `expected` on routes that call the model, nothing on the others. */
function expectGrants(synth: SynthesizedControlPlane, expected: unknown[]): void {
  const modelRoutes = CONTROL_PLANE_ROUTE_LIST.filter((r) => r.usesModel);
  expect(modelRoutes.length).toBeGreaterThan(0);
  for (const route of CONTROL_PLANE_ROUTE_LIST) {
    const statements = modelStatements(synth, route.id);
    if (!route.usesModel) {
      expect([route.id, statements]).toEqual([route.id, []]);
      continue;
    }
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ Effect: 'Allow', Action: 'bedrock:InvokeModel' });
    // IAM resources are a set (CDK sorts them).
    const sorted = (values: unknown[]) => [...values].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect([route.id, sorted(asArray(statements[0]!.Resource))]).toEqual([route.id, sorted(expected)]);
  }
}

describe('a known region: the default model through its geography profile', () => {
  it.each([
    ['us-east-1', 'us'],
    ['eu-west-1', 'eu'],
    ['ap-southeast-2', 'apac'],
  ])('%s: the %s. profile, and the model in every region it routes to', (region, prefix) => {
    const synth = synthControlPlane({ env: { account: ACCOUNT, region }, mailFrom: MAIL_FROM });
    const profileId = `${prefix}.${NOVA}`;
    expect(modelIdsOf(synth)).toEqual([profileId]);
    expectGrants(synth, [`arn:aws:bedrock:${region}:${ACCOUNT}:inference-profile/${profileId}`, ...models('aws', regionsOf(prefix))]);
    // No region-wide mapping when the region is known.
    expect(synth.template.toJSON().Mappings?.[SPEC_AUTHOR_MODEL_MAPPING]).toBeUndefined();
  });

  it('a region in no geography fails the synth, naming the context key', () => {
    expect(() => synthControlPlane({ env: { account: ACCOUNT, region: 'ca-central-1' } })).toThrow(/ca-central-1.*-c bgs:bedrockModelId=/);
  });
});

describe("the operator's id, used as given", () => {
  it('a plain model id: that model in the stack region only', () => {
    const synth = synthControlPlane({ env: { account: ACCOUNT, region: 'us-east-1' }, bedrockModelId: NOVA, mailFrom: MAIL_FROM });
    expect(modelIdsOf(synth)).toEqual([NOVA]);
    expectGrants(synth, [`arn:aws:bedrock:us-east-1::foundation-model/${NOVA}`]);
  });

  it('a geographic profile of another model: that profile and its model in the geography', () => {
    const claude = 'anthropic.claude-sonnet-4-20250514-v1:0';
    const synth = synthControlPlane({ env: { account: ACCOUNT, region: 'eu-west-1' }, bedrockModelId: `eu.${claude}`, mailFrom: MAIL_FROM });
    expect(modelIdsOf(synth)).toEqual([`eu.${claude}`]);
    expectGrants(synth, [`arn:aws:bedrock:eu-west-1:${ACCOUNT}:inference-profile/eu.${claude}`, ...models('aws', regionsOf('eu'), claude)]);
  });
});

describe('an environment-agnostic stack: resolved by AWS::Region at deploy', () => {
  const synth = synthControlPlane({ mailFrom: MAIL_FROM });
  const template = synth.template.toJSON() as { Mappings: Record<string, Record<string, { profileId: string; modelArns: string[] }>> };
  const mapping = template.Mappings[SPEC_AUTHOR_MODEL_MAPPING]!;
  const byRegion = { Ref: 'AWS::Region' };

  it("the mapping holds every default region's profile id and model ARNs, from the one geography table", () => {
    const defaultRegions = PROFILE_GEOGRAPHIES.filter((g) => g.byDefault).flatMap((g) => g.regions);
    expect(Object.keys(mapping).sort()).toEqual([...defaultRegions].sort());
    for (const geography of PROFILE_GEOGRAPHIES.filter((g) => g.byDefault)) {
      for (const region of geography.regions) {
        expect(mapping[region]!.profileId).toBe(bedrockModelIdFor(region));
        expect([...new Set(mapping[region]!.modelArns)]).toEqual(models(geography.partition, geography.regions));
      }
    }
  });

  it('the handlers get the profile id of the deploy region', () => {
    expect(modelIdsOf(synth)).toEqual([{ 'Fn::FindInMap': [SPEC_AUTHOR_MODEL_MAPPING, byRegion, 'profileId'] }]);
  });

  it('the routes that call the model may invoke the profile in the deploy region and each model ARN of its mapping entry', () => {
    const slots = mapping['us-east-1']!.modelArns.length;
    expect(new Set(Object.values(mapping).map((entry) => entry.modelArns.length))).toEqual(new Set([slots]));
    const profile = {
      'Fn::Join': [
        '',
        [
          'arn:',
          { Ref: 'AWS::Partition' },
          ':bedrock:',
          byRegion,
          ':',
          { Ref: 'AWS::AccountId' },
          ':inference-profile/',
          { 'Fn::FindInMap': [SPEC_AUTHOR_MODEL_MAPPING, byRegion, 'profileId'] },
        ],
      ],
    };
    const selects = Array.from({ length: slots }, (_, i) => ({ 'Fn::Select': [i, { 'Fn::FindInMap': [SPEC_AUTHOR_MODEL_MAPPING, byRegion, 'modelArns'] }] }));
    expectGrants(synth, [profile, ...selects]);
  });
});
