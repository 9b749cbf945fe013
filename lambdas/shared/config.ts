/**
 * The control plane's configuration, parsed once per cold start from the environment the CDK
 * construct (or the local service) sets. A missing or malformed variable fails loudly at start
 * with every problem listed, not at the first request that happens to need it.
 */
import { z } from 'zod';
import { parseRateLimits, type RateLimits } from '../core/rate-limit';
import { ENV } from './env';

export interface ControlPlaneConfig {
  readonly tableName: string;
  readonly dynamoEndpoint: string | undefined;
  readonly region: string;
  readonly identity:
    | { readonly mode: 'cognito'; readonly userPoolId: string; readonly clientId: string }
    | {
        readonly mode: 'local';
        readonly userPoolId: string;
        readonly clientId: string;
        readonly keysFile: string;
        readonly tableName: string;
        readonly autoConfirm: boolean;
      };
  readonly tokenIssuer: string;
  readonly jwksUrl: string;
  readonly rateLimits: RateLimits;
}

const required = z.string().trim().min(1);

const schema = z
  .object({
    [ENV.TABLE_NAME]: required,
    [ENV.DYNAMODB_ENDPOINT]: z.url().optional(),
    [ENV.REGION]: z.string().min(1).default('us-east-1'),
    [ENV.IDENTITY_MODE]: z.enum(['cognito', 'local']),
    [ENV.USER_POOL_ID]: required,
    [ENV.USER_POOL_CLIENT_ID]: required,
    [ENV.TOKEN_ISSUER]: required,
    [ENV.JWKS_URL]: z.url(),
    [ENV.LOCAL_IDENTITY_KEYS_FILE]: z.string().optional(),
    [ENV.LOCAL_IDENTITY_TABLE]: z.string().optional(),
    [ENV.LOCAL_AUTO_CONFIRM]: z.enum(['true', 'false']).default('true'),
    [ENV.RATE_LIMITS]: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env[ENV.IDENTITY_MODE] === 'local') {
      for (const name of [ENV.LOCAL_IDENTITY_KEYS_FILE, ENV.LOCAL_IDENTITY_TABLE]) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when the identity mode is local' });
      }
    }
  });

export function parseControlPlaneConfig(env: NodeJS.ProcessEnv = process.env): ControlPlaneConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid control-plane configuration: ${problems}`);
  }
  const e = parsed.data;
  let rateLimits: RateLimits;
  try {
    rateLimits = parseRateLimits(e[ENV.RATE_LIMITS]);
  } catch (err) {
    throw new Error(`Invalid control-plane configuration: ${ENV.RATE_LIMITS}: ${(err as Error).message}`);
  }
  const userPoolId = e[ENV.USER_POOL_ID];
  const clientId = e[ENV.USER_POOL_CLIENT_ID];
  return {
    tableName: e[ENV.TABLE_NAME],
    dynamoEndpoint: e[ENV.DYNAMODB_ENDPOINT],
    region: e[ENV.REGION],
    identity:
      e[ENV.IDENTITY_MODE] === 'cognito'
        ? { mode: 'cognito', userPoolId, clientId }
        : {
            mode: 'local',
            userPoolId,
            clientId,
            keysFile: e[ENV.LOCAL_IDENTITY_KEYS_FILE] as string,
            tableName: e[ENV.LOCAL_IDENTITY_TABLE] as string,
            autoConfirm: e[ENV.LOCAL_AUTO_CONFIRM] === 'true',
          },
    tokenIssuer: e[ENV.TOKEN_ISSUER],
    jwksUrl: e[ENV.JWKS_URL],
    rateLimits,
  };
}
