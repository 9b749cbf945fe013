/**
 * The AWS configuration of a deployed project's runtime Lambda, parsed once per cold start from
 * the environment its stack sets (names in lambdas/shared/env.ts, shared with the construct). A
 * missing variable fails loudly at start, listing every problem. Locally the project host hands
 * the same composition root (composition-root.ts) a configuration of the local stores instead.
 */
import * as z from 'zod';
import { ENV } from '../shared/env';
import type { ProjectApiConfig } from './composition-root';


const required = z.string().trim().min(1);
const schema = z.object({
  [ENV.PROJECT_ID]: required,
  [ENV.PROJECT_TABLE_NAME]: required,
  [ENV.PROJECT_BUCKET]: required,
  [ENV.PROJECT_USER_POOL_ID]: z.string().regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'must be a Cognito user pool id (<region>_<id>)'),
  [ENV.PROJECT_USER_POOL_CLIENT_ID]: required,
  [ENV.REGION]: required,
});

export function parseRuntimeConfig(env: Readonly<Record<string, string | undefined>>): ProjectApiConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; ');
    throw new Error(`Invalid project runtime configuration: ${problems}`);
  }
  const e = parsed.data;
  const region = e[ENV.REGION];
  const userPoolId = e[ENV.PROJECT_USER_POOL_ID];
  const issuer = `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  return {
    projectId: e[ENV.PROJECT_ID],
    tableName: e[ENV.PROJECT_TABLE_NAME],
    bucket: e[ENV.PROJECT_BUCKET],
    region,
    // Cognito's issuer of the pool's tokens, and where it publishes the pool's signing keys.
    identity: { mode: 'cognito', userPoolId, clientId: e[ENV.PROJECT_USER_POOL_CLIENT_ID], issuer, jwksUrl: `${issuer}/.well-known/jwks.json` },
  };
}
