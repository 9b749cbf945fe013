/**
 * What the control plane's use cases work with: the base every route has, and the ports a route
 * may ask for by name (root.ts builds them; the modules next to it provide them). Types only:
 * use cases import this, never an adapter.
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Clock } from '../../core/clock';
import type { IdentityPort } from '../../ports/identity';
import type { ProjectDeployer } from '../../ports/project-deployer';
import type { RateLimiter } from '../../ports/rate-limiter';
import type { ProjectRepository } from '../../ports/project-repository';
import type { UserProfileRepository } from '../../ports/user-profile-repository';
import type { SpecRepository } from '../../ports/spec-repository';
import type { ConversationRepository } from '../../ports/conversation-repository';
import type { UsageRepository } from '../../ports/usage-repository';
import type { BlueprintRepository } from '../../ports/blueprint-repository';
import type { DeploymentRepository } from '../../ports/deployment-repository';
import type { AccessTokenVerifier } from '../../shared/access-token-verifier';
import type { ControlPlaneConfig } from '../../shared/config';
import type { MeteredAuthor } from '../metered-author';
import type { GenerationOrchestrator } from '../../ports/generation-orchestrator';
import type { DeploymentRunner } from '../../ports/deployment-runner';
import type { ApiReferenceAssets } from '../../ports/api-reference-assets';
import type { CdkAppKit } from '../../ports/cdk-app-kit';
import type { EndpointRepository } from '../../ports/endpoint-repository';
import type { EndpointSecrets } from '../../ports/endpoint-secrets';
import type { SpecWriting } from '../spec-writing/spec-writer';

/** What every route has: the request pipeline needs these (token check, rate limits, logs). */
export interface BaseServices {
  readonly config: ControlPlaneConfig;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly verifyAccessToken: AccessTokenVerifier;
  readonly rateLimiter: RateLimiter;
}

/** The ports a route asks for by name. */
export interface ControlPlanePorts {
  readonly identity: IdentityPort;
  readonly projects: ProjectRepository;
  readonly profiles: UserProfileRepository;
  readonly specs: SpecRepository;
  readonly blueprints: BlueprintRepository;
  readonly deployments: DeploymentRepository;
  readonly conversations: ConversationRepository;
  readonly usage: UsageRepository;
  /** The spec author (offline, Bedrock or OpenAI-compatible), metered. */
  readonly author: MeteredAuthor;
  /**
   * How a new project's spec version 1 is written: with the project by the offline author, or in
   * the background by a language model (the writer function on AWS, in process locally).
   */
  readonly specWriting: SpecWriting;
  /** Starts blueprint generations (Step Functions on AWS, in process locally). */
  readonly orchestrator: GenerationOrchestrator;
  /**
   * Makes a completed blueprint a running API (locally: the local project host). Undefined where
   * none is configured (on AWS until project stacks land): deploys answer 503 DEPLOYER_UNAVAILABLE
   * and the deployment reads still work.
   */
  readonly deployer: ProjectDeployer | undefined;
  /** Runs stored deployments (in process; it resumes unfinished ones after a restart). */
  readonly deploymentRunner: DeploymentRunner;
  /** The blueprint-independent files of the exported CDK app (the route's asset on AWS, built from the repository locally). */
  readonly cdkAppKit: CdkAppKit;
  /** A project's outgoing endpoints (the table items). */
  readonly endpoints: EndpointRepository;
  /** Their signing secrets (Secrets Manager on AWS, encrypted files in the data directory locally). */
  readonly endpointSecrets: EndpointSecrets;
  /** The key that signs pagination cursors (read on first use: only list routes read it). */
  readonly cursorSecret: () => Promise<string>;
  /** The files of the interactive API reference (the static route's asset on AWS, the repository locally). */
  readonly apiReferenceAssets: ApiReferenceAssets;
  /** The key that signs API reference links (made on first use). */
  readonly docsLinkKey: () => Promise<string>;
}

/** The base and the ports K: what a use case naming K receives. */
export type ServicesWith<K extends keyof ControlPlanePorts> = BaseServices & Pick<ControlPlanePorts, K>;

/** Every service at once (tests that call use cases directly). */
export type ControlPlaneServices = BaseServices & ControlPlanePorts;
