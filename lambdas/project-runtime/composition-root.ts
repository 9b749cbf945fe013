/**
 * THE composition root of a generated project's API: its services from configuration only
 * (names, endpoints, keys). The AWS entry (runtime.lambda.ts) builds it from the environment its
 * stack sets (runtime-config.ts); the local project host from the project's local stores. Same
 * adapters, same clients, same manifest; only the configuration says Cognito or the local
 * identity, S3 or the local object store.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { createLocalJWKSet } from 'jose';
import { systemClock, type Clock } from '../core/clock';
import type { IrAuthRateLimits } from '../core/blueprint/ir';
import type { AdminIdentityPort } from '../ports/identity';
import { dynamoClients } from '../adapters/dynamodb/dynamo-clients';
import { loadOrCreateSecret } from '../adapters/dynamodb/secrets';
import { DynamoRecordStore } from '../adapters/project-data/record-store';
import { DynamoMembershipStore } from '../adapters/project-data/membership-store';
import { DynamoFileGrantStore } from '../adapters/project-data/file-grant-store';
import { loadDeployedBlueprint } from '../adapters/project-data/deployed-blueprint';
import { projectRateLimiter } from '../adapters/project-data/project-rate-limiter';
import { CognitoIdentity } from '../adapters/identity/cognito-identity';
import { LocalIdentity } from '../adapters/identity/local-identity';
import { loadOrCreateSigningKeys } from '../adapters/identity/signing-keys';
import { LocalOutbox } from '../adapters/local-outbox';
import { S3FileStorage } from '../adapters/s3/file-storage';
import { s3Client } from '../adapters/s3/s3-client';
import { createAccessTokenVerifier, type AccessTokenVerifier } from '../shared/access-token-verifier';
import { ENFORCED_ACCESS, type AccessPolicy } from './access-policy';
import { PROJECT_RUNTIME_TABLE_ACTIONS } from './runtime-permissions';
import { manifestOf, type RuntimeServices } from './runtime-services';

/** Everything a project's runtime needs to know, and nothing it could read elsewhere. */
export interface ProjectApiConfig {
  readonly projectId: string;
  readonly tableName: string;
  readonly bucket: string;
  readonly region: string;
  /** The local stores (their endpoints and the credentials file); absent on AWS. */
  readonly localStores?: { readonly dynamoEndpoint: string; readonly s3Endpoint: string; readonly credentialsFile: string };
  readonly identity:
    | { readonly mode: 'cognito'; readonly userPoolId: string; readonly clientId: string; readonly issuer: string; readonly jwksUrl: string }
    | {
        readonly mode: 'local';
        readonly poolId: string;
        readonly clientId: string;
        readonly issuer: string;
        /** The pool's signing keys (made on first use). */
        readonly keysFile: string;
        /** The local identity's table (its users, codes and outbox). */
        readonly tableName: string;
      };
  /** An operator's auth rate limits for every project (local benches raise them). @default the blueprint's own */
  readonly authRateLimits?: IrAuthRateLimits;
  /** @default the logger's own (POWERTOOLS_LOG_LEVEL) */
  readonly logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';
}

/** What only the hosting process can hand in. */
export interface ProjectApiSetup {
  /** @default the system clock */
  readonly clock?: Clock;
  /** @default ENFORCED_ACCESS (tests run broken ones as negative controls) */
  readonly access?: AccessPolicy;
  /** Told about the DynamoDB client built (the bench counts requests). */
  readonly onDynamoClient?: (client: DynamoDBClient) => void;
}

export async function buildProjectApiServices(config: ProjectApiConfig, setup: ProjectApiSetup = {}): Promise<RuntimeServices> {
  return (await buildRuntime(config, setup)).services;
}

/**
 * The runtime's services and the clients the host may build more on (the local host's workflows:
 * composition-workflows.ts `buildLocalProjectApi`, kept out of this module so the AWS runtime's
 * bundle carries no local engine).
 */
export async function buildRuntime(config: ProjectApiConfig, setup: ProjectApiSetup = {}): Promise<{ services: RuntimeServices; doc: DynamoDBDocumentClient; cursorSecret: string }> {
  const clock = setup.clock ?? systemClock;
  const local = config.localStores;
  const grant = { tableName: config.tableName, actions: PROJECT_RUNTIME_TABLE_ACTIONS, principal: `the runtime of project ${config.projectId}` };
  const { client, doc } = dynamoClients({ region: config.region, endpoint: local?.dynamoEndpoint, credentialsFile: local?.credentialsFile }, [grant]);
  setup.onDynamoClient?.(client);
  const deployed = await loadDeployedBlueprint(doc, config.tableName);
  // A runtime without its blueprint cannot answer anything correctly: fail the cold start.
  if (!deployed) throw new Error(`The project table ${config.tableName} holds no deployed blueprint`);
  const { ir } = deployed;
  const cursorSecret = await loadOrCreateSecret(doc, config.tableName, 'cursor');
  const members = new DynamoMembershipStore({ doc, tableName: config.tableName, projectId: config.projectId, cursorSecret });
  const { identity, verifyAccessToken } = await identityOf(config, { doc, clock, members, tokenLifetimes: ir.auth.tokenLifetimes, lockout: ir.auth.lockout });
  const services: RuntimeServices = {
    projectId: config.projectId,
    ir,
    // The manifest carries the rate limits the runtime counts: the operator's, if set.
    ...manifestOf(config.authRateLimits ? { ...ir, auth: { ...ir.auth, rateLimits: config.authRateLimits } } : ir),
    clock,
    logger: new Logger({ serviceName: `bgs-project-${config.projectId}`, ...(config.logLevel ? { logLevel: config.logLevel } : {}) }),
    verifyAccessToken,
    identity,
    records: new DynamoRecordStore({ doc, tableName: config.tableName, ir, cursorSecret, projectId: config.projectId }),
    members,
    grants: new DynamoFileGrantStore({ doc, tableName: config.tableName }),
    rateLimiter: projectRateLimiter({ doc, tableName: config.tableName, clock }),
    files: new S3FileStorage({ client: s3Client({ region: config.region, endpoint: local?.s3Endpoint, credentialsFile: local?.credentialsFile }), bucket: config.bucket, clock }),
    access: setup.access ?? ENFORCED_ACCESS,
  };
  return { services, doc, cursorSecret };
}

interface IdentityContext {
  readonly doc: ReturnType<typeof dynamoClients>['doc'];
  readonly clock: Clock;
  readonly members: DynamoMembershipStore;
  readonly tokenLifetimes: ConstructorParameters<typeof LocalIdentity>[0]['tokenLifetimes'];
  readonly lockout: ConstructorParameters<typeof LocalIdentity>[0]['lockout'];
}

/** The project's identity pool and how its tokens are verified: Cognito, or the local identity. */
async function identityOf(config: ProjectApiConfig, context: IdentityContext): Promise<{ identity: AdminIdentityPort; verifyAccessToken: AccessTokenVerifier }> {
  const settings = config.identity;
  const { clock } = context;
  if (settings.mode === 'cognito') {
    return {
      identity: new CognitoIdentity({ client: new CognitoIdentityProviderClient({ region: config.region }), clientId: settings.clientId, userPoolId: settings.userPoolId }),
      verifyAccessToken: createAccessTokenVerifier({ issuer: settings.issuer, clientId: settings.clientId, jwksUrl: settings.jwksUrl, clock }),
    };
  }
  const keys = await loadOrCreateSigningKeys(settings.keysFile);
  const identity = new LocalIdentity({
    doc: context.doc,
    tableName: settings.tableName,
    keys,
    poolId: settings.poolId,
    clientId: settings.clientId,
    issuer: settings.issuer,
    outbox: new LocalOutbox({ doc: context.doc, tableName: settings.tableName, clock }),
    projectId: config.projectId,
    clock,
    tokenLifetimes: context.tokenLifetimes,
    lockout: context.lockout,
    // What Cognito's pre-token-generation trigger adds on AWS (pre-token-generation.ts).
    tokenClaims: async ({ sub }) => {
      const membership = await context.members.membershipOf(sub);
      if (!membership) return {};
      return { role: membership.role, ...(membership.orgId !== null ? { org_id: membership.orgId } : {}) };
    },
  });
  return { identity, verifyAccessToken: createAccessTokenVerifier({ issuer: settings.issuer, clientId: settings.clientId, keys: createLocalJWKSet(keys.publicJwks()), clock }) };
}
