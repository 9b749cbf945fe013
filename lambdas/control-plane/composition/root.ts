/**
 * THE composition root of the control plane: how a route's services are built from the
 * configuration (names, endpoints, keys; lambdas/shared/config.ts, parsed once per process).
 * The Lambda entry of every route (`handlers/<route>.lambda.ts`), the generation step and the
 * local service all build their services here, the same way.
 *
 * A route names the ports it uses as providers (`{ projects, author }`, from the modules next to
 * this one) and gets exactly those, on top of the base every route has (configuration, clock,
 * logger, the token verifier and the rate limiter). On AWS each route is its own Lambda, so its
 * bundle holds only the adapters of its providers: a route that never calls the model does not
 * ship the Bedrock client. Locally each route builds its own services too, as its Lambda would,
 * with a DynamoDB client that refuses what the route's IAM policy would refuse on AWS
 * (table-action-guard.ts).
 *
 * What the configuration cannot say (objects living in the local service's process: the local
 * project host as deployer, the in-process runners and spec writer, a clock tests move) comes in through
 * `configureControlPlane`, the one door for the local service and the tests.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { systemClock, type Clock } from '../../core/clock';
import { dynamoClients } from '../../adapters/dynamodb/dynamo-clients';
import type { TableActionGrant } from '../../adapters/dynamodb/table-action-guard';
import { DynamoRateLimiter } from '../../adapters/dynamodb/rate-limit-store';
import { createAccessTokenVerifier } from '../../shared/access-token-verifier';
import { parseControlPlaneConfig, type ControlPlaneConfig } from '../../shared/config';
import type { ProjectDeployer } from '../../ports/project-deployer';
import type { GenerationOrchestrator } from '../../ports/generation-orchestrator';
import type { DeploymentRunner } from '../../ports/deployment-runner';
import type { CdkAppKit } from '../../ports/cdk-app-kit';
import type { ApiReferenceAssets } from '../../ports/api-reference-assets';
import type { SpecWriter } from '../spec-writing/spec-writer';
import type { BaseServices, ControlPlanePorts, ServicesWith } from './services';

export type { ServicesWith };

/** What only the process running the service can hand in (the local service, tests). */
export interface ControlPlaneSetup {
  /** Replaces the system clock (tests move time). */
  readonly clock?: Clock;
  /**
   * The deployer of projects: locally the project host (a test double in tests). Without one,
   * deploys answer 503 DEPLOYER_UNAVAILABLE (on AWS until project stacks land).
   */
  readonly deployer?: ProjectDeployer;
  /** Runs generations in this process (the local service: LocalOrchestrator). On AWS, Step Functions (configured by its ARN). */
  readonly orchestrator?: GenerationOrchestrator;
  /** Writes specs' version 1 with a language model in this process (the local service: LocalSpecWriter). On AWS, the writer function (configured by its name). */
  readonly specWriter?: SpecWriter;
  /** Runs deployments in this process (the local service: LocalDeploymentRunner). */
  readonly deploymentRunner?: DeploymentRunner;
  /** The exported CDK app's kit built from the repository (the local service); on AWS it ships in the route's asset. */
  readonly cdkAppKit?: CdkAppKit;
  /** The API reference's files read from the repository (the local service); on AWS they ship in the static route's asset. */
  readonly apiReferenceAssets?: ApiReferenceAssets;
  /** Told about every DynamoDB client built, with whose it is (the bench counts requests). */
  readonly onDynamoClient?: (client: DynamoDBClient, principal: string) => void;
}

/** What a provider builds from: the base services, the caller's DynamoDB client and the setup. */
export interface ServiceContext extends BaseServices {
  readonly doc: DynamoDBDocumentClient;
  readonly setup: ControlPlaneSetup;
  /** Another provider's port, built once per context (the metered author needs the usage store). */
  provide<T>(provider: Provider<T>): Promise<T>;
}

export type Provider<T> = (context: ServiceContext) => T | Promise<T>;
export type Providers<K extends keyof ControlPlanePorts> = { readonly [P in K]: Provider<ControlPlanePorts[P]> };

/** Who builds services, and what its IAM policy lets it do on the control-plane table. */
export interface Principal {
  /** For logs and refusals: `route listProjects`, `generation step`. */
  readonly name: string;
  /** DynamoDB actions on the control-plane table (its IAM policy's, derived from the same list). */
  readonly tableActions: readonly string[];
}

let setup: ControlPlaneSetup = {};
/** Bumped by configureControlPlane: services built before are dropped. */
let generation = 0;
let processConfig: ControlPlaneConfig | undefined;

/** The local service and tests: set what configuration cannot say; services are built afresh after. */
export function configureControlPlane(next: ControlPlaneSetup = {}): void {
  setup = next;
  processConfig = undefined;
  generation += 1;
}

/** The configuration, parsed once per process from the environment (a Lambda cold start). */
export function controlPlaneConfig(): ControlPlaneConfig {
  processConfig ??= parseControlPlaneConfig();
  return processConfig;
}

/** The services of one principal, built on first use and kept (one cold start); a failed build is retried. */
export function servicesOf<K extends keyof ControlPlanePorts>(principal: Principal, providers: Providers<K>): () => Promise<ServicesWith<K>> {
  let built: { generation: number; services: Promise<ServicesWith<K>> } | undefined;
  return () => {
    if (built?.generation !== generation) {
      const services = buildServices(controlPlaneConfig(), setup, principal, providers);
      built = { generation, services };
      services.catch(() => {
        if (built?.services === services) built = undefined;
      });
    }
    return built.services;
  };
}

/** Builds a principal's services from the configuration: the base, then each provider once. */
export async function buildServices<K extends keyof ControlPlanePorts>(
  config: ControlPlaneConfig,
  given: ControlPlaneSetup,
  principal: Principal,
  providers: Providers<K>,
): Promise<ServicesWith<K>> {
  const clock = given.clock ?? systemClock;
  const grant: TableActionGrant = { tableName: config.tableName, actions: principal.tableActions, principal: principal.name };
  const { client, doc } = dynamoClients({ region: config.region, endpoint: config.dynamoEndpoint, credentialsFile: config.localCredentialsFile }, [grant]);
  given.onDynamoClient?.(client, principal.name);
  const base: BaseServices = {
    config,
    clock,
    logger: new Logger({ serviceName: 'bgs-control-plane' }),
    verifyAccessToken: createAccessTokenVerifier({ issuer: config.tokenIssuer, clientId: config.identity.clientId, jwksUrl: config.jwksUrl, clock }),
    rateLimiter: new DynamoRateLimiter({ doc, tableName: config.tableName, clock }),
  };
  const built = new Map<Provider<unknown>, Promise<unknown>>();
  const context: ServiceContext = {
    ...base,
    doc,
    setup: given,
    provide: <T>(provider: Provider<T>) => {
      if (!built.has(provider)) built.set(provider, Promise.resolve(provider(context)));
      return built.get(provider) as Promise<T>;
    },
  };
  const ports: Partial<Pick<ControlPlanePorts, K>> = {};
  for (const key of Object.keys(providers) as K[]) ports[key] = await context.provide(providers[key]);
  return { ...base, ...(ports as Pick<ControlPlanePorts, K>) };
}
