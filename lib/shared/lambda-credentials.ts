/**
 * The credential provider of every BGS Lambda bundle, in place of the SDK's default chain
 * (`@aws-sdk/credential-provider-node`, aliased to this file by lambda-bundling.ts).
 *
 * Lambda always hands a function its role's credentials in the environment (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), so the chain's other sources (SSO, profiles, web
 * identity, IMDS, the process and login providers, and the STS / SSO clients they bring) are
 * never used there, yet they were about 90 KB of every bundle. Only the bundles use this: the
 * local service and the tests run the handlers from source with the SDK's own chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
