/**
 * The pre token generation trigger of generated project pools, over a fake MembershipLookup and
 * the V2 event in test/fixtures/cognito/pre-token-generation-v2.json. That event follows the
 * V2_0 shape the Cognito developer guide documents ("Pre token generation Lambda trigger"),
 * filled in as a project pool sends it: email as the username (so `userName` is the generated
 * id, equal to the sub), no groups, the one scope of an InitiateAuth sign-in, and a null
 * `response.claimsAndScopeOverrideDetails` (what Cognito sends before any override).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import type { Membership, MembershipLookup } from '../../lambdas/ports/membership';
import { ENV } from '../../lambdas/shared/env';
import {
  createPreTokenGenerationHandler,
  membershipClaims,
  parsePreTokenGenerationConfig,
  type TriggerLogger,
} from '../../lambdas/project-runtime/pre-token-generation';

const FIXTURE = join(__dirname, '..', 'fixtures', 'cognito', 'pre-token-generation-v2.json');
const SUB = '7c1e5a5e-3f0b-4f8e-9d2a-1b6f0c9e4a11';

/** A fresh copy of the recorded event, so no test sees another's changes. */
function v2Event(): PreTokenGenerationV2TriggerEvent {
  return JSON.parse(readFileSync(FIXTURE, 'utf8')) as PreTokenGenerationV2TriggerEvent;
}

class FakeMembershipLookup implements MembershipLookup {
  readonly asked: string[] = [];
  readonly members = new Map<string, Membership>();
  failure: Error | undefined;

  async membershipOf(userId: string): Promise<Membership | null> {
    this.asked.push(userId);
    if (this.failure) throw this.failure;
    return this.members.get(userId) ?? null;
  }
}

function setup() {
  const lookup = new FakeMembershipLookup();
  const warn = jest.fn();
  const logger: TriggerLogger = { warn };
  return { lookup, warn, handler: createPreTokenGenerationHandler(lookup, { logger }) };
}

describe('claims from the membership', () => {
  it('multi-tenant: role and org_id in both the access and the ID token', async () => {
    const { lookup, handler, warn } = setup();
    lookup.members.set(SUB, { userId: SUB, orgId: 'org-42', role: 'admin' });

    const out = await handler(v2Event());

    expect(out.response).toEqual({
      claimsAndScopeOverrideDetails: {
        accessTokenGeneration: { claimsToAddOrOverride: { role: 'admin', org_id: 'org-42' } },
        idTokenGeneration: { claimsToAddOrOverride: { role: 'admin', org_id: 'org-42' } },
      },
    });
    expect(lookup.asked).toEqual([SUB]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('single-tenant: role only, no org_id claim at all', async () => {
    const { lookup, handler } = setup();
    lookup.members.set(SUB, { userId: SUB, orgId: null, role: 'member' });

    const out = await handler(v2Event());

    const details = out.response.claimsAndScopeOverrideDetails;
    expect(details.accessTokenGeneration?.claimsToAddOrOverride).toEqual({ role: 'member' });
    expect(details.idTokenGeneration?.claimsToAddOrOverride).toEqual({ role: 'member' });
    expect(details.accessTokenGeneration?.claimsToAddOrOverride).not.toHaveProperty('org_id');
  });

  it('looks the user up by the sub attribute, not by userName', async () => {
    const { lookup, handler } = setup();
    const event = v2Event();
    event.userName = 'ada'; // a pool with plain usernames: userName is not the id
    lookup.members.set(SUB, { userId: SUB, orgId: null, role: 'viewer' });

    await handler(event);

    expect(lookup.asked).toEqual([SUB]);
  });

  it('reads the membership again on every refresh, so a role change reaches the next token', async () => {
    const { lookup, handler } = setup();
    lookup.members.set(SUB, { userId: SUB, orgId: 'org-1', role: 'viewer' });
    const first = await handler(v2Event());

    lookup.members.set(SUB, { userId: SUB, orgId: 'org-1', role: 'editor' });
    const refresh = { ...v2Event(), triggerSource: 'TokenGeneration_RefreshTokens' as const };
    const second = await handler(refresh);

    expect(first.response.claimsAndScopeOverrideDetails.accessTokenGeneration?.claimsToAddOrOverride).toEqual({ role: 'viewer', org_id: 'org-1' });
    expect(second.response.claimsAndScopeOverrideDetails.accessTokenGeneration?.claimsToAddOrOverride).toEqual({ role: 'editor', org_id: 'org-1' });
    expect(lookup.asked).toEqual([SUB, SUB]);
  });

  it('returns the rest of the event as it came, and leaves the input untouched', async () => {
    const { lookup, handler } = setup();
    lookup.members.set(SUB, { userId: SUB, orgId: 'org-42', role: 'admin' });
    const event = v2Event();

    const out = await handler(event);

    const { response: _out, ...restOut } = out;
    const { response: incoming, ...restIn } = v2Event();
    expect(restOut).toEqual(restIn);
    expect(event.response).toEqual(incoming); // still the recorded null details
  });

  it('membershipClaims: the claim set of a membership', () => {
    expect(membershipClaims({ userId: 'u', orgId: 'o', role: 'r' })).toEqual({ role: 'r', org_id: 'o' });
    expect(membershipClaims({ userId: 'u', orgId: null, role: 'r' })).toEqual({ role: 'r' });
  });
});

describe('no membership', () => {
  it('adds no claims and logs a warning naming the user', async () => {
    const { lookup, handler, warn } = setup();

    const out = await handler(v2Event());

    expect(out.response).toEqual({ claimsAndScopeOverrideDetails: {} });
    expect(lookup.asked).toEqual([SUB]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toMatchObject({ userId: SUB, userPoolId: 'eu-west-1_EXAMPLE01', triggerSource: 'TokenGeneration_Authentication' });
  });
});

describe('failures fail the sign-in', () => {
  it('an error reading the table propagates unchanged (Cognito then refuses the sign-in)', async () => {
    const { lookup, handler, warn } = setup();
    const failure = Object.assign(new Error('Throughput exceeds the current capacity'), { name: 'ProvisionedThroughputExceededException' });
    lookup.failure = failure;

    await expect(handler(v2Event())).rejects.toBe(failure);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a V1_0 event (trigger attached without lambdaVersion V2_0) is refused, naming the fix', async () => {
    const { lookup, handler } = setup();
    const v1 = { ...v2Event(), version: '1' };

    await expect(handler(v1)).rejects.toThrow(/V2_0/);
    expect(lookup.asked).toEqual([]);
  });

  it('an event without a sub is refused without a lookup', async () => {
    const { lookup, handler } = setup();
    const event = v2Event();
    delete event.request.userAttributes['sub'];

    await expect(handler(event)).rejects.toThrow(/sub/);
    expect(lookup.asked).toEqual([]);
  });
});

describe('configuration', () => {
  it('reads the project table name', () => {
    expect(parsePreTokenGenerationConfig({ [ENV.PROJECT_TABLE_NAME]: 'bgs-project-p1' })).toEqual({ tableName: 'bgs-project-p1' });
  });

  it.each([{}, { [ENV.PROJECT_TABLE_NAME]: '  ' }])('fails loudly, naming the variable, for %p', (env) => {
    expect(() => parsePreTokenGenerationConfig(env)).toThrow(ENV.PROJECT_TABLE_NAME);
  });
});
