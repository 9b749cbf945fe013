/**
 * The control plane's ports, built once per cold start (per process locally) from the parsed
 * configuration. Handlers receive them; nothing else reads the environment.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Logger } from '@aws-lambda-powertools/logger';
import { systemClock, type Clock } from '../core/clock';
import type { IdentityPort } from '../ports/identity';
import { CognitoIdentity } from '../adapters/identity/cognito-identity';
import { LocalIdentity } from '../adapters/identity/local-identity';
import { loadOrCreateSigningKeys } from '../adapters/identity/signing-keys';
import { LocalOutbox } from '../adapters/local-outbox';
import { DynamoRateLimiter, type RateLimiter } from '../adapters/dynamodb/rate-limit-store';
import { ProjectRepository } from '../adapters/dynamodb/project-repository';
import { UserProfileRepository } from '../adapters/dynamodb/user-profile-repository';
import { loadOrCreateSecret } from '../adapters/dynamodb/secrets';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { SpecAuthorPort } from '../ports/spec-author';
import { BedrockAuthor } from '../adapters/spec-author/bedrock-author';
import { OpenAiCompatibleAuthor } from '../adapters/spec-author/openai-compatible-author';
import { OfflineAuthor } from '../adapters/spec-author/offline-author';
import { SpecRepository } from '../adapters/dynamodb/spec-repository';
import { ConversationRepository } from '../adapters/dynamodb/conversation-repository';
import { UsageRepository } from '../adapters/dynamodb/usage-repository';
import { MeteredAuthor } from './metered-author';
import { SFNClient } from '@aws-sdk/client-sfn';
import { BlueprintRepository } from '../adapters/dynamodb/blueprint-repository';
import { StepFunctionsOrchestrator } from '../adapters/stepfunctions-orchestrator';
import { LocalOrchestrator, type GenerationOrchestrator } from './generation/orchestrator';
import { DeploymentRepository } from '../adapters/dynamodb/deployment-repository';
import type { ProjectDeployer } from '../ports/project-deployer';
import { LocalDeploymentRunner, type DeploymentRunner } from './deployment/runner';
import { createAccessTokenVerifier, type AccessTokenVerifier } from '../shared/access-token-verifier';
import { parseControlPlaneConfig, type ControlPlaneConfig } from '../shared/config';
import { localDynamoClientConfig, readLocalCredentials } from '../adapters/local-credentials';

export interface ControlPlaneServices {
  readonly config: ControlPlaneConfig;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly identity: IdentityPort;
  readonly verifyAccessToken: AccessTokenVerifier;
  readonly rateLimiter: RateLimiter;
  readonly projects: ProjectRepository;
  readonly profiles: UserProfileRepository;
  readonly specs: SpecRepository;
  readonly blueprints: BlueprintRepository;
  /** Starts blueprint generations (Step Functions on AWS, in process locally). */
  readonly orchestrator: GenerationOrchestrator;
  readonly deployments: DeploymentRepository;
  /**
   * Makes a completed blueprint a running API (locally: the local project host). Absent where
   * none is configured (on AWS until project stacks land): deploys answer 503
   * DEPLOYER_UNAVAILABLE and the deployment reads still work.
   */
  readonly deployer?: ProjectDeployer;
  /** Runs stored deployments (in process locally; it resumes unfinished ones after a restart). */
  readonly deploymentRunner: DeploymentRunner;
  readonly conversations: ConversationRepository;
  readonly usage: UsageRepository;
  /** The spec author (offline, Bedrock or OpenAI-compatible), metered. */
  readonly author: MeteredAuthor;
  /** The key that signs pagination cursors (read on first use: only list routes may read it). */
  readonly cursorSecret: () => Promise<string>;
}

export interface ServiceOverrides {
  /** Replaces the system clock (tests move time). */
  readonly clock?: Clock;
  /** The in-process orchestrator of the local service (one per process). */
  readonly orchestrator?: GenerationOrchestrator;
  /** The deployer (the local service's project host). Without one, deploys answer 503. */
  readonly deployer?: ProjectDeployer;
  /** The in-process deployment runner of the local service (one per process, so it can resume). */
  readonly deploymentRunner?: DeploymentRunner;
}

export function documentClient(config: Pick<ControlPlaneConfig, 'dynamoEndpoint' | 'localCredentialsFile' | 'region'>): DynamoDBDocumentClient {
  // Locally: the data directory's credentials and the pinned local region (not AWS_REGION),
  // the same as every other client of the local stores.
  const client = new DynamoDBClient(
    config.dynamoEndpoint
      ? localDynamoClientConfig(config.dynamoEndpoint, readLocalCredentials(config.localCredentialsFile as string).dynamodb)
      : { region: config.region },
  );
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

export async function buildControlPlaneServices(
  config: ControlPlaneConfig,
  overrides: ServiceOverrides = {},
): Promise<ControlPlaneServices> {
  const clock = overrides.clock ?? systemClock;
  const logger = new Logger({ serviceName: 'bgs-control-plane' });
  const doc = documentClient(config);
  let identity: IdentityPort;
  if (config.identity.mode === 'cognito') {
    identity = new CognitoIdentity({
      client: new CognitoIdentityProviderClient({ region: config.region }),
      clientId: config.identity.clientId,
    });
  } else {
    const local = config.identity;
    identity = new LocalIdentity({
      doc,
      tableName: local.tableName,
      keys: await loadOrCreateSigningKeys(local.keysFile),
      poolId: local.userPoolId,
      clientId: local.clientId,
      issuer: config.tokenIssuer,
      outbox: new LocalOutbox({ doc, tableName: local.tableName, clock }),
      projectId: null,
      autoConfirm: local.autoConfirm,
      clock,
    });
  }
  const usage = new UsageRepository(doc, config.tableName);
  const orchestrator =
    overrides.orchestrator ??
    (config.generationStateMachineArn
      ? new StepFunctionsOrchestrator(new SFNClient({ region: config.region }), config.generationStateMachineArn)
      : new LocalOrchestrator(getControlPlaneServices));
  return {
    blueprints: new BlueprintRepository(doc, config.tableName),
    orchestrator,
    deployments: new DeploymentRepository(doc, config.tableName),
    ...(overrides.deployer ? { deployer: overrides.deployer } : {}),
    // Without an override, a runner in this process: on AWS it never starts anything, since
    // no deployer is configured there yet and the deploy route refuses (503) before it.
    deploymentRunner: overrides.deploymentRunner ?? new LocalDeploymentRunner(getControlPlaneServices),
    config,
    clock,
    specs: new SpecRepository(doc, config.tableName),
    conversations: new ConversationRepository(doc, config.tableName),
    usage,
    author: new MeteredAuthor(buildAuthor(config, clock), usage, clock),
    logger,
    identity,
    verifyAccessToken: createAccessTokenVerifier({
      issuer: config.tokenIssuer,
      clientId: config.identity.clientId,
      jwksUrl: config.jwksUrl,
      clock,
    }),
    rateLimiter: new DynamoRateLimiter({ doc, tableName: config.tableName, clock }),
    projects: new ProjectRepository(doc, config.tableName),
    profiles: new UserProfileRepository(doc, config.tableName),
    cursorSecret: memoize(() => loadOrCreateSecret(doc, config.tableName, 'cursor-signing-key')),
  };
}

function buildAuthor(config: ControlPlaneConfig, clock: Clock): SpecAuthorPort {
  const author = config.author;
  switch (author.provider) {
    case 'bedrock':
      return new BedrockAuthor({ client: new BedrockRuntimeClient({ region: config.region }), modelId: author.modelId, timeoutMs: author.timeoutMs });
    case 'openai':
      return new OpenAiCompatibleAuthor({ baseUrl: author.baseUrl, apiKey: author.apiKey, model: author.model, timeoutMs: author.timeoutMs });
    case 'offline':
      return new OfflineAuthor(clock);
  }
}

function memoize<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load().catch((err: unknown) => {
      value = undefined;
      throw err;
    });
    return value;
  };
}

let processServices: Promise<ControlPlaneServices> | undefined;
let processOverrides: ServiceOverrides = {};

/** The process-wide services, built on first use from the environment (a Lambda cold start). */
export function getControlPlaneServices(): Promise<ControlPlaneServices> {
  if (!processServices) {
    processServices = buildControlPlaneServices(parseControlPlaneConfig(), processOverrides);
    // A failed start must not be cached forever: the next request retries (and fails loudly again).
    processServices.catch(() => {
      processServices = undefined;
    });
  }
  return processServices;
}

/** Local service and tests only: set overrides before the first request and drop built services. */
export function resetControlPlaneServices(overrides: ServiceOverrides = {}): void {
  processOverrides = overrides;
  processServices = undefined;
}
