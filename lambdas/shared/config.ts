/**
 * The control plane's configuration, parsed once per cold start from the environment the CDK
 * construct (or the local service) sets. A missing or malformed variable fails loudly at start
 * with every problem listed, not at the first request that happens to need it.
 */
import * as z from 'zod';
import type { AllowableAddressClass } from '../core/outgoing/address-class';
import { parseRateLimits, type RateLimits } from '../core/rate-limit';
import { URL_SUFFIX_PATTERN } from '../core/aws-endpoints';
import { parseAccountQuotas, type AccountQuotas } from '../core/deploy/account-quotas';
import { ENV } from './env';

export interface ControlPlaneConfig {
  readonly tableName: string;
  readonly dynamoEndpoint: string | undefined;
  /** With `dynamoEndpoint` (the local stores): the file of their credentials. */
  readonly localCredentialsFile: string | undefined;
  readonly region: string;
  readonly identity:
    | {
        readonly mode: 'cognito';
        readonly userPoolId: string;
        readonly clientId: string;
        /** The app client has a secret (ENV.USER_POOL_CLIENT_HAS_SECRET), read from Cognito when first needed. */
        readonly clientHasSecret: boolean;
      }
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
  /** The service's public base URL, without a trailing slash (ENV.PUBLIC_URL). */
  readonly publicUrl: string;
  readonly rateLimits: RateLimits;
  /** The account's quotas deploys and previews warn about as the projects near them (ENV.ACCOUNT_QUOTAS). */
  readonly accountQuotas: AccountQuotas;
  /** Step Functions state machine of blueprint generation; undefined: run generations in process. */
  readonly generationStateMachineArn: string | undefined;
  /** The spec writer function (AWS); undefined: the local service writes specs in process (handed in). */
  readonly specWriterFunction: string | undefined;
  /** Deploying project stacks on AWS; undefined: the local runner and project host deploy (handed in). */
  readonly deployment: AwsDeploymentConfig | undefined;
  readonly author:
    | { readonly provider: 'offline' }
    | { readonly provider: 'bedrock'; readonly modelId: string; readonly timeoutMs: number }
    | { readonly provider: 'openai'; readonly baseUrl: string; readonly apiKey: string | undefined; readonly model: string; readonly timeoutMs: number };
  readonly outgoing: OutgoingConfig;
}

/**
 * Outgoing endpoints (issue 25). With a data directory (the local service: ENV.DATA_DIR) secrets
 * are kept encrypted there and URLs may name loopback, so a receiver on the same machine can be
 * called; on AWS, Secrets Manager, and only public addresses, ever.
 */
export interface OutgoingConfig {
  readonly secrets: { readonly store: 'secrets-manager' } | { readonly store: 'local'; readonly dataDir: string };
  readonly allowedAddresses: readonly AllowableAddressClass[];
}

/** Where and how project stacks are deployed on AWS (lib/control-plane/deployment-workflow.ts sets it). */
export interface AwsDeploymentConfig {
  readonly stateMachineArn: string;
  /** The step function the routes ask for previews; undefined in the step function itself. */
  readonly stepFunctionName: string | undefined;
  readonly synthFunctionName: string;
  readonly artifactBucket: string;
  readonly code: { readonly bucket: string; readonly keys: Readonly<Record<string, string>> };
  readonly projectRegion: string;
  readonly stackRoleArn: string;
  readonly accountId: string;
  /** The sender of project workflows' mail; absent: their notify steps fail, saying so. */
  readonly workflowMailFrom: string | undefined;
  /** The sender of project user pools' codes; absent: Cognito's default sender. */
  readonly mailFrom: string | undefined;
  /** The topic the alarms of project stacks in the control plane's region notify; absent: project stacks get no alarms. */
  readonly alarmTopicArn: string | undefined;
  /** The reserved concurrency (a cap) of each project's runtime; absent: none. */
  readonly projectReservedConcurrency: number | undefined;
  /** The partition's DNS suffix (ENV.URL_SUFFIX): the template addresses CloudFormation reads are under it. */
  readonly urlSuffix: string;
}

const required = z.string().trim().min(1);

/** The deployment settings that must come together with the state machine's ARN. */
const DEPLOYMENT_SETTINGS = [ENV.PROJECT_SYNTH_FUNCTION, ENV.ARTIFACT_BUCKET, ENV.PROJECT_CODE, ENV.PROJECT_STACK_ROLE_ARN, ENV.ACCOUNT_ID, ENV.URL_SUFFIX] as const;

const PublishedCode = z.strictObject({ bucket: required, keys: z.record(z.string(), required) });

const schema = z
  .object({
    [ENV.TABLE_NAME]: required,
    [ENV.DYNAMODB_ENDPOINT]: z.url().optional(),
    [ENV.LOCAL_CREDENTIALS_FILE]: z.string().min(1).optional(),
    [ENV.DATA_DIR]: z.string().min(1).optional(),
    [ENV.REGION]: z.string().min(1).default('us-east-1'),
    [ENV.IDENTITY_MODE]: z.enum(['cognito', 'local']),
    [ENV.USER_POOL_ID]: required,
    [ENV.USER_POOL_CLIENT_ID]: required,
    [ENV.USER_POOL_CLIENT_HAS_SECRET]: z.enum(['true', 'false']).default('false'),
    [ENV.TOKEN_ISSUER]: required,
    [ENV.JWKS_URL]: z.url(),
    [ENV.PUBLIC_URL]: z.url({ protocol: /^https?$/ }),
    [ENV.LOCAL_IDENTITY_KEYS_FILE]: z.string().optional(),
    [ENV.LOCAL_IDENTITY_TABLE]: z.string().optional(),
    [ENV.LOCAL_AUTO_CONFIRM]: z.enum(['true', 'false']).default('true'),
    [ENV.RATE_LIMITS]: z.string().optional(),
    [ENV.ACCOUNT_QUOTAS]: z.string().optional(),
    [ENV.AUTHOR_PROVIDER]: z.enum(['offline', 'bedrock', 'openai']).default('offline'),
    [ENV.BEDROCK_MODEL_ID]: z.string().optional(),
    [ENV.OPENAI_BASE_URL]: z.url().optional(),
    [ENV.OPENAI_API_KEY]: z.string().optional(),
    [ENV.OPENAI_MODEL]: z.string().optional(),
    [ENV.GENERATION_STATE_MACHINE_ARN]: z.string().min(1).optional(),
    [ENV.SPEC_WRITER_FUNCTION]: z.string().min(1).optional(),
    [ENV.DEPLOYMENT_STATE_MACHINE_ARN]: z.string().min(1).optional(),
    [ENV.DEPLOYMENT_STEP_FUNCTION]: z.string().min(1).optional(),
    [ENV.PROJECT_SYNTH_FUNCTION]: z.string().min(1).optional(),
    [ENV.ARTIFACT_BUCKET]: z.string().min(1).optional(),
    [ENV.PROJECT_CODE]: z
      .string()
      .transform((text, ctx) => {
        try {
          return PublishedCode.parse(JSON.parse(text));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON { bucket, keys: { <name>: <key> } }' });
          return z.NEVER;
        }
      })
      .optional(),
    [ENV.PROJECT_REGION]: z.string().min(1).optional(),
    [ENV.PROJECT_STACK_ROLE_ARN]: z.string().min(1).optional(),
    [ENV.ACCOUNT_ID]: z.string().min(1).optional(),
    [ENV.WORKFLOW_MAIL_FROM]: z.email().optional(),
    [ENV.MAIL_FROM]: z.email().optional(),
    [ENV.PROJECT_ALARM_TOPIC_ARN]: z.string().min(1).optional(),
    [ENV.PROJECT_RESERVED_CONCURRENCY]: z.coerce.number().int().min(1).optional(),
    [ENV.URL_SUFFIX]: z.string().regex(URL_SUFFIX_PATTERN, "must be the partition's DNS suffix, e.g. amazonaws.com").optional(),
    [ENV.AUTHOR_TIMEOUT_MS]: z.coerce.number().int().min(1000).max(29_000).default(25_000),
  })
  .superRefine((env, ctx) => {
    const provider = env[ENV.AUTHOR_PROVIDER];
    const needs: Record<string, string[]> = { bedrock: [ENV.BEDROCK_MODEL_ID], openai: [ENV.OPENAI_BASE_URL, ENV.OPENAI_MODEL] };
    for (const name of needs[provider] ?? []) {
      if (!env[name as keyof typeof env]) ctx.addIssue({ code: 'custom', path: [name], message: `required when ${ENV.AUTHOR_PROVIDER} is ${provider}` });
    }
    if (env[ENV.DEPLOYMENT_STATE_MACHINE_ARN]) {
      for (const name of DEPLOYMENT_SETTINGS) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `required with ${ENV.DEPLOYMENT_STATE_MACHINE_ARN}` });
      }
    }
    if (env[ENV.DYNAMODB_ENDPOINT] && !env[ENV.LOCAL_CREDENTIALS_FILE]) {
      ctx.addIssue({ code: 'custom', path: [ENV.LOCAL_CREDENTIALS_FILE], message: `required with ${ENV.DYNAMODB_ENDPOINT} (the local stores' credentials)` });
    }
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
  let accountQuotas: AccountQuotas;
  try {
    accountQuotas = parseAccountQuotas(e[ENV.ACCOUNT_QUOTAS]);
  } catch (err) {
    throw new Error(`Invalid control-plane configuration: ${ENV.ACCOUNT_QUOTAS}: ${(err as Error).message}`);
  }
  const userPoolId = e[ENV.USER_POOL_ID];
  const clientId = e[ENV.USER_POOL_CLIENT_ID];
  return {
    tableName: e[ENV.TABLE_NAME],
    dynamoEndpoint: e[ENV.DYNAMODB_ENDPOINT],
    localCredentialsFile: e[ENV.LOCAL_CREDENTIALS_FILE],
    region: e[ENV.REGION],
    identity:
      e[ENV.IDENTITY_MODE] === 'cognito'
        ? { mode: 'cognito', userPoolId, clientId, clientHasSecret: e[ENV.USER_POOL_CLIENT_HAS_SECRET] === 'true' }
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
    publicUrl: e[ENV.PUBLIC_URL].replace(/\/+$/, ''),
    rateLimits,
    accountQuotas,
    generationStateMachineArn: e[ENV.GENERATION_STATE_MACHINE_ARN],
    specWriterFunction: e[ENV.SPEC_WRITER_FUNCTION],
    deployment: e[ENV.DEPLOYMENT_STATE_MACHINE_ARN]
      ? {
          stateMachineArn: e[ENV.DEPLOYMENT_STATE_MACHINE_ARN] as string,
          stepFunctionName: e[ENV.DEPLOYMENT_STEP_FUNCTION],
          synthFunctionName: e[ENV.PROJECT_SYNTH_FUNCTION] as string,
          artifactBucket: e[ENV.ARTIFACT_BUCKET] as string,
          code: e[ENV.PROJECT_CODE] as AwsDeploymentConfig['code'],
          projectRegion: e[ENV.PROJECT_REGION] ?? e[ENV.REGION],
          stackRoleArn: e[ENV.PROJECT_STACK_ROLE_ARN] as string,
          accountId: e[ENV.ACCOUNT_ID] as string,
          workflowMailFrom: e[ENV.WORKFLOW_MAIL_FROM],
          mailFrom: e[ENV.MAIL_FROM],
          alarmTopicArn: e[ENV.PROJECT_ALARM_TOPIC_ARN],
          projectReservedConcurrency: e[ENV.PROJECT_RESERVED_CONCURRENCY],
          urlSuffix: e[ENV.URL_SUFFIX] as string,
        }
      : undefined,
    author:
      e[ENV.AUTHOR_PROVIDER] === 'bedrock'
        ? { provider: 'bedrock', modelId: e[ENV.BEDROCK_MODEL_ID] as string, timeoutMs: e[ENV.AUTHOR_TIMEOUT_MS] }
        : e[ENV.AUTHOR_PROVIDER] === 'openai'
          ? {
              provider: 'openai',
              baseUrl: e[ENV.OPENAI_BASE_URL] as string,
              apiKey: e[ENV.OPENAI_API_KEY] || undefined,
              model: e[ENV.OPENAI_MODEL] as string,
              timeoutMs: e[ENV.AUTHOR_TIMEOUT_MS],
            }
          : { provider: 'offline' },
    outgoing: outgoingConfig(e[ENV.DATA_DIR]),
  };
}

function outgoingConfig(dataDir: string | undefined): OutgoingConfig {
  if (dataDir === undefined) return { secrets: { store: 'secrets-manager' }, allowedAddresses: [] };
  return { secrets: { store: 'local', dataDir }, allowedAddresses: ['loopback'] };
}
