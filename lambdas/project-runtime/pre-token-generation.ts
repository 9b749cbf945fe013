/**
 * Cognito's pre token generation trigger of a generated project's user pool (AWS). It puts the
 * caller's membership into the tokens: `role`, and `org_id` in a multi-tenant project, read from
 * the project's table each time Cognito issues tokens (sign-in, and every refresh: trigger source
 * TokenGeneration_RefreshTokens), so new tokens always carry the stored role (a role change also
 * revokes the member's refresh tokens, so it comes with their next sign-in).
 * Locally the local identity asks the same MembershipLookup itself.
 *
 * Why version 2 of the event (verified in the Cognito developer guide, "Pre token generation
 * Lambda trigger", https://docs.aws.amazon.com/cognito/latest/developerguide/user-pool-lambda-pre-token-generation.html):
 * - only V2_0 (or V3_0) events customize ACCESS tokens; V1_0 customizes the ID token alone, and
 *   the runtime authorizes with the access token;
 * - V2_0 is available only in user pools with the Essentials or Plus feature plan (formerly
 *   "advanced security features"); a Lite pool cannot use it;
 * - the pool chooses the version: CDK must attach this function with
 *   `userPool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG, fn, LambdaVersion.V2_0)`
 *   (CloudFormation `LambdaConfig.PreTokenGenerationConfig` { LambdaArn, LambdaVersion: V2_0 })
 *   and `featurePlan: FeaturePlan.ESSENTIALS` (or PLUS). Otherwise the pool sends V1_0 events
 *   (the default), whose `version` is "1" and whose answer Cognito reads from
 *   `claimsOverrideDetails`, so every access token would lack its role;
 * - one V2 response carries both tokens: `response.claimsAndScopeOverrideDetails` with
 *   `accessTokenGeneration.claimsToAddOrOverride` and `idTokenGeneration.claimsToAddOrOverride`.
 *   `role` and `org_id` are not among the claims Cognito reserves (sub, iss, token_use, ...).
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import type { Membership, MembershipLookup } from '../ports/membership';
import { ENV } from '../shared/env';

/** What the trigger needs of a logger (Powertools' Logger has it). */
export type TriggerLogger = Pick<Logger, 'warn'>;

export interface PreTokenGenerationOptions {
  /** @default a Powertools Logger, service `bgs-project-runtime` */
  readonly logger?: TriggerLogger;
}

/**
 * The trigger's handler. Narrower than @types/aws-lambda's PreTokenGenerationV2TriggerHandler
 * (no context or callback, a definite result), and assignable to it.
 */
export type PreTokenGenerationHandler = (event: PreTokenGenerationV2TriggerEvent) => Promise<PreTokenGenerationV2TriggerEvent>;

/** The claims a membership puts into both tokens; `org_id` only in a multi-tenant project. */
export function membershipClaims(membership: Membership): Record<string, string> {
  return membership.orgId === null ? { role: membership.role } : { role: membership.role, org_id: membership.orgId };
}

export function createPreTokenGenerationHandler(lookup: MembershipLookup, options: PreTokenGenerationOptions = {}): PreTokenGenerationHandler {
  const logger = options.logger ?? new Logger({ serviceName: 'bgs-project-runtime' });

  return async (event) => {
    // A V1_0 event means the pool was configured without `lambdaVersion: V2_0`: the answer
    // below would be ignored and every access token would come out without its role. Failing
    // the sign-in says so in the logs at once, instead of a 403 on every request later.
    if (event.version === '1') {
      throw new Error('The pre token generation trigger received a version 1 event; configure it with lambdaVersion V2_0');
    }
    // Cognito always sends the sub; without it there is no user to look up, and a token
    // without its role is worse than a failed sign-in.
    const userId = event.request.userAttributes['sub'];
    if (!userId) throw new Error('The pre token generation event has no sub attribute');

    // A failed read propagates on purpose: Cognito then fails the sign-in (or refresh) rather
    // than issue a token without its role.
    const membership = await lookup.membershipOf(userId);
    if (membership === null) {
      // E.g. an account whose membership write failed and was not undone, or a sign-in racing
      // the signup. Its token carries no role, and the runtime answers it with 403.
      logger.warn('token issued without a membership: no role claim', {
        userId,
        userPoolId: event.userPoolId,
        triggerSource: event.triggerSource,
      });
      // An empty answer: no overrides. (The incoming value may be null, so it is not reused.)
      return { ...event, response: { claimsAndScopeOverrideDetails: {} } };
    }
    const claims = membershipClaims(membership);
    return {
      ...event,
      response: {
        claimsAndScopeOverrideDetails: {
          accessTokenGeneration: { claimsToAddOrOverride: { ...claims } },
          idTokenGeneration: { claimsToAddOrOverride: { ...claims } },
        },
      },
    };
  };
}

export interface PreTokenGenerationConfig {
  /** The project's DynamoDB table, where memberships live. */
  readonly tableName: string;
}

const configSchema = z.object({ [ENV.PROJECT_TABLE_NAME]: z.string().trim().min(1) });

/** Parsed once per cold start; a missing table name fails the start loudly, not a sign-in later. */
export function parsePreTokenGenerationConfig(env: NodeJS.ProcessEnv = process.env): PreTokenGenerationConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid pre-token-generation configuration: ${problems}`);
  }
  return { tableName: parsed.data[ENV.PROJECT_TABLE_NAME] };
}
