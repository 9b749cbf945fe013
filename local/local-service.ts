/**
 * The embedded default: the whole control plane on one loopback HTTP server, over local
 * stand-ins that speak the AWS protocols (DynamoDB Local; the verifying object-store front;
 * the local identity with its JWKS and outbox). The SAME Lambda handlers run here: the local
 * gateway hands them API Gateway payload-v2 events built from each request.
 */
import type { OutgoingSender } from '../lambdas/ports/outgoing-sender';
import { chmodSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Clock } from '../lambdas/core/clock';
import type { IrAuthRateLimits } from '../lambdas/core/blueprint/ir';
import type { ProjectDeployer } from '../lambdas/ports/project-deployer';
import { CONTROL_PLANE_ROUTE_LIST, UNMATCHED_ROUTE_HANDLER_FILE, handlerFile } from '../lambdas/control-plane/routes';
import { configureControlPlane } from '../lambdas/control-plane/composition/root';
import { generationStepServices } from '../lambdas/control-plane/composition/background-services';
import { deploymentRunServices } from '../lambdas/control-plane/composition/deployment-services';
import { LocalOrchestrator } from '../lambdas/control-plane/generation/orchestrator';
import { LocalDeploymentRunner } from '../lambdas/control-plane/deployment/runner';
import { LocalSpecWriter } from '../lambdas/control-plane/spec-writing/local-spec-writer';
import { specWriterServices } from '../lambdas/control-plane/composition/spec-writer-services';
import { loadOrCreateSigningKeys } from '../lambdas/adapters/identity/signing-keys';
import { LocalOutbox } from '../lambdas/adapters/local-outbox';
import { ENV } from '../lambdas/shared/env';
import { ensureTable, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { dynamoClients } from '../lambdas/adapters/dynamodb/dynamo-clients';
import { LOCAL_REGION, loadOrCreateLocalCredentials, localCredentialsFile } from '../lambdas/adapters/local-credentials';
import { illFormedTextProblem } from '../lambdas/core/well-formed-text';
import { answerClientError, createGateway, decodePathSegment, refuseRequestTarget, writeError, type DefaultRoute, type GatewayRoute } from './gateway';
import { MethodNotAllowedError, ServiceUnavailableError, ValidationError } from '../lambdas/core/errors';
import { controlPlaneCors, corsAnswer } from '../lambdas/shared/cors';
import { startLocalObjectStore } from './object-store/object-store';
import { LocalProjectHost } from './project-host';
import { repositoryCdkAppKit } from '../lib/project/export/repository-kit';
import { DirectoryApiReferenceAssets } from '../lambdas/adapters/api-reference/directory-assets';
import type { ProjectApiSetup } from '../lambdas/project-runtime/composition-root';
import { projectEndpoints } from '../lambdas/project-runtime/workflows/project-endpoints';
import { DynamoEndpointRepository } from '../lambdas/adapters/dynamodb/endpoint-repository';
import { LocalEndpointSecrets } from '../lambdas/adapters/secrets/local-endpoint-secrets';

export interface LocalServiceOptions {
  /** Where all data lives (DynamoDB Local's file, objects, signing keys). */
  readonly dataDir: string;
  /** @default '127.0.0.1' */
  readonly host?: string;
  /** @default 3000; 0 picks a free port */
  readonly port?: number;
  /** Use this DynamoDB endpoint instead of starting DynamoDB Local (tests share one). */
  readonly dynamoEndpoint?: string;
  /**
   * The local stores' credentials file (local-credentials.ts): with `dynamoEndpoint`, the one
   * that endpoint's DynamoDB Local was started with. @default `<dataDir>/local-credentials.json`
   */
  readonly credentialsFile?: string;
  /** Prefix of table names. @default 'bgs-' */
  readonly tablePrefix?: string;
  /** Confirm control-plane accounts at signup (CONTRACT: the local default). @default true */
  readonly autoConfirm?: boolean;
  /** Rate limits, `auth=10,project=100,...` (unnamed: the contract's defaults). */
  readonly rateLimits?: string;
  /** Replaces every deployed project's auth rate limits (LocalProjectHost). @default each blueprint's own */
  readonly projectAuthRateLimits?: IrAuthRateLimits;
  /** A clock tests can move. @default the system clock */
  readonly clock?: Clock;
  /** More handler environment, e.g. the spec author's provider (`BGS_AUTHOR_PROVIDER`, ...). */
  readonly handlerEnv?: Readonly<Record<string, string>>;
  /**
   * The address answers name (statusUrl, apiBaseUrl, OpenAPI servers), e.g. when a proxy
   * serves the service under another name. Never taken from request headers.
   * @default the bind address, `http://<host>:<port>`
   */
  readonly publicUrl?: string;
  /** The deployer behind `POST /projects/{id}/deploy` (tests pass a test double); null: none (503). */
  readonly deployer?: ProjectDeployer | null;
  /** Told about each DynamoDB client a control-plane route (or background run) builds, with whose it is (tests record calls, the bench counts them). */
  readonly onDynamoClient?: (client: DynamoDBClient, principal: string) => void;
  /** What each deployed project's composition root gets besides its configuration (LocalProjectHost). */
  readonly projectSetup?: (projectId: string) => ProjectApiSetup;
  /** A pause before each step of a generation (a test stops the service between steps). @default 0 */
  readonly generationStepDelayMs?: number;
  /** Pause between two sweeps of uploads never attached (LocalProjectHost). @default 10 minutes */
  readonly stagingSweepIntervalMs?: number;
  /**
   * How generated projects send outgoing requests (workflow and handler calls, webhook deliveries).
   * @default the HTTPS sender, loopback allowed besides public addresses (tests hand in one that
   * reaches loopback only: no test sends beyond this machine)
   */
  readonly outgoingSender?: OutgoingSender;
}

export interface LocalService {
  /** The base URL the service answers on, e.g. http://127.0.0.1:3000 */
  readonly url: string;
  readonly dynamoEndpoint: string;
  readonly objectStoreEndpoint: string;
  readonly tables: { readonly controlPlane: string; readonly identity: string };
  /** Deploys and serves generated project APIs at `/apis/<projectId>`. */
  readonly projects: LocalProjectHost;
  /**
   * The local stand-ins' own DynamoDB client (their tables, the project host's registry; no
   * guard): tests read any table through it. Routes and mounted projects build their own clients
   * in their composition roots (`projectSetup`'s onDynamoClient hands a project's out).
   */
  readonly dynamoClient: DynamoDBClient;
  /** Resolves when no spec write, generation or deployment runs in this process and every mounted project has handed on its record changes and settled its workflows (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const REPO_ROOT = resolve(__dirname, '..');
const CONTROL_PLANE_POOL = 'control-plane';
const CONTROL_PLANE_CLIENT = 'bgs-control-plane-local';
/** Stable across restarts and ports, so tokens stay valid when the service moves. */
export const LOCAL_CONTROL_PLANE_ISSUER = 'urn:bgs:local-identity:control-plane';

export async function startLocalService(options: LocalServiceOptions): Promise<LocalService> {
  const dataDir = resolve(options.dataDir);
  // Owner-only: it holds the stores' credentials, their database files and the signing keys.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const host = options.host ?? '127.0.0.1';
  const prefix = options.tablePrefix ?? 'bgs-';
  const tables = { controlPlane: `${prefix}control-plane`, identity: `${prefix}local-identity` };

  const cleanups: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    // Made once per data directory, owner-only: every local client signs with these.
    const credentialsFile = options.credentialsFile ?? localCredentialsFile(dataDir);
    const credentials = loadOrCreateLocalCredentials(credentialsFile);
    let dynamo: DynamoDbLocal | undefined;
    if (!options.dynamoEndpoint) {
      dynamo = await startDynamoDbLocal({ dataDir: join(dataDir, 'dynamodb'), credentials: credentials.dynamodb });
      cleanups.push(() => dynamo!.stop());
      // Works, but every start pays the in-memory compile again: say why the cached class was not used.
      if (dynamo.launcher.kind === 'source') console.warn(`DynamoDB Local's launcher ran from source (a slower start): ${dynamo.launcher.reason}`);
    }
    const dynamoEndpoint = options.dynamoEndpoint ?? dynamo!.endpoint;
    // The local stand-ins' own client (their tables, the project host's registry), made as every client is.
    const { client, doc } = dynamoClients({ region: LOCAL_REGION, endpoint: dynamoEndpoint, credentialsFile });
    await ensureTable(client, tables.controlPlane);
    await ensureTable(client, tables.identity);

    const objectStore = await startLocalObjectStore({ directory: join(dataDir, 'objects'), host, credentials: credentials.s3 });
    cleanups.push(() => objectStore.stop());

    const keysFile = join(dataDir, 'identity', 'signing-keys.json');
    mkdirSync(join(dataDir, 'identity'), { recursive: true });
    const keys = await loadOrCreateSigningKeys(keysFile);
    const outbox = new LocalOutbox({ doc, tableName: tables.identity, clock: options.clock ?? { now: () => new Date() } });

    const projects = new LocalProjectHost({
      client,
      doc,
      tablePrefix: prefix,
      localTable: tables.identity,
      objectStore,
      dynamoEndpoint,
      credentialsFile,
      dataDir,
      endpoints: (projectId) => projectEndpoints(new DynamoEndpointRepository(doc, tables.controlPlane), new LocalEndpointSecrets(dataDir), projectId),
      outgoingAddresses: ['loopback'],
      ...(options.outgoingSender ? { sender: options.outgoingSender } : {}),
      ...(options.projectSetup ? { projectSetup: options.projectSetup } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.projectAuthRateLimits ? { authRateLimits: options.projectAuthRateLimits } : {}),
      ...(options.stagingSweepIntervalMs !== undefined ? { stagingSweepIntervalMs: options.stagingSweepIntervalMs } : {}),
    });

    // Handler modules load now; they build their services from the environment on the first
    // request, which is only let through once the environment below is set.
    const gateway = createGateway(loadControlPlaneRoutes(), loadUnmatchedRoute());
    const cors = controlPlaneCors(CONTROL_PLANE_ROUTE_LIST.map((route) => route.method));
    let ready = false;
    const server = createServer((req, res) => {
      void serve(req, res).catch((err: unknown) => {
        console.error('local gateway failure', err);
        if (!res.headersSent) writeError(res, err);
        else res.destroy();
      });
    });
    // Requests node:http's parser refuses answer the contract's body too.
    server.on('clientError', answerClientError);
    const serve = async (req: IncomingMessage, res: ServerResponse) => {
      const refused = refuseRequestTarget(req.url ?? '/');
      if (refused) return writeError(res, refused);
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://local');
      } catch {
        return writeError(res, new ValidationError('The request target is not a valid URL'));
      }
      const path = url.pathname;
      if (req.method === 'GET' && path === '/.well-known/jwks.json') {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' }).end(JSON.stringify(keys.publicJwks()));
        return;
      }
      if (path === '/_local/mail') return serveMail(req, res, url, outbox);
      if (!ready) return writeError(res, new ServiceUnavailableError('The service is starting; try again in a moment'));
      const api = /^\/apis\/([^/]+)(\/.*)?$/.exec(path);
      // The target's encoding was checked above, so the project id decodes.
      if (api) return projects.handle(req, res, decodePathSegment(api[1] as string) ?? '', api[2] ?? '', url.search.slice(1));
      // CORS as the control plane's API Gateway answers it (shared/cors.ts).
      const answer = corsAnswer(cors, { method: req.method ?? 'GET', origin: req.headers.origin, requestMethod: req.headers['access-control-request-method'] });
      for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
      if (answer.preflight) return void res.writeHead(204).end();
      await gateway.handle(req, res, path, url.search.slice(1));
    };
    const port = await listen(server, options.port ?? 3000, host);
    cleanups.push(() => closeServer(server));
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

    // The handlers read their configuration from the environment, as Lambdas do.
    Object.assign(process.env, {
      [ENV.TABLE_NAME]: tables.controlPlane,
      [ENV.DYNAMODB_ENDPOINT]: dynamoEndpoint,
      [ENV.LOCAL_CREDENTIALS_FILE]: credentialsFile,
      // Outgoing endpoints' secrets are kept (encrypted) here, and their URLs may name loopback.
      [ENV.DATA_DIR]: dataDir,
      [ENV.IDENTITY_MODE]: 'local',
      [ENV.USER_POOL_ID]: CONTROL_PLANE_POOL,
      [ENV.USER_POOL_CLIENT_ID]: CONTROL_PLANE_CLIENT,
      [ENV.TOKEN_ISSUER]: LOCAL_CONTROL_PLANE_ISSUER,
      [ENV.JWKS_URL]: `${url}/.well-known/jwks.json`,
      [ENV.PUBLIC_URL]: options.publicUrl ?? url,
      [ENV.LOCAL_IDENTITY_KEYS_FILE]: keysFile,
      [ENV.LOCAL_IDENTITY_TABLE]: tables.identity,
      [ENV.LOCAL_AUTO_CONFIRM]: String(options.autoConfirm ?? true),
      [ENV.RATE_LIMITS]: options.rateLimits ?? '',
      ...options.handlerEnv,
    });
    process.env[ENV.REGION] ??= 'us-east-1';
    process.env[ENV.LOG_LEVEL] ??= 'WARN';
    // Generations and deployments run in this process (Step Functions' stand-in), state in the
    // table; the local project host is the deployer unless a test passes its own (or null: no
    // deployer, as on AWS before project stacks exist).
    const orchestrator = new LocalOrchestrator(generationStepServices, options.generationStepDelayMs ?? 0);
    const deploymentRunner = new LocalDeploymentRunner(deploymentRunServices);
    // Version 1 of a spec a language model writes, in the background of this process (the writer function's stand-in).
    const specWriter = new LocalSpecWriter(specWriterServices);
    configureControlPlane({
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.deployer === null ? {} : { deployer: options.deployer ?? projects }),
      orchestrator,
      specWriter,
      deploymentRunner,
      cdkAppKit: repositoryCdkAppKit(),
      // The API reference's files where they are in the repository (swagger-ui-dist, templates/).
      apiReferenceAssets: new DirectoryApiReferenceAssets(REPO_ROOT, (asset) => asset.source),
      ...(options.onDynamoClient ? { onDynamoClient: options.onDynamoClient } : {}),
    });
    cleanups.push(() => orchestrator.idle());
    cleanups.push(() => specWriter.idle());
    // Runs first on stop (cleanups run in reverse), before the server and the stores close.
    cleanups.push(() => deploymentRunner.idle());
    // Every project deployed before this start answers again before the first request does.
    await projects.restore();
    ready = true;
    // Uploads nobody attached are deleted once their grants expire; stopped first on stop().
    projects.startSweeping();
    cleanups.push(() => projects.stopSweeping());
    cleanups.push(() => projects.stopWorkflows());
    // Generations that were running when the service stopped go on from their last finished step.
    await orchestrator.resumePending();
    // So do deployments (after restore(): a resumed deploy may replace a mount).
    await deploymentRunner.resumePending();

    return {
      url,
      dynamoEndpoint,
      objectStoreEndpoint: objectStore.endpoint,
      tables,
      projects,
      dynamoClient: client,
      idle: async () => {
        await specWriter.idle();
        await orchestrator.idle();
        await deploymentRunner.idle();
        await projects.workflowsSettled();
      },
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** The `$default` route's handler (unmatched-route.lambda.ts), loaded as Lambda would load it. */
export function loadUnmatchedRoute(): DefaultRoute {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(join(REPO_ROOT, UNMATCHED_ROUTE_HANDLER_FILE)) as { handler: DefaultRoute['handler'] };
  return { handler: mod.handler, functionName: 'bgs-unmatched-route' };
}

/** Each manifest route's handler module, loaded as Lambda would load it. */
export function loadControlPlaneRoutes(): GatewayRoute[] {
  return CONTROL_PLANE_ROUTE_LIST.map((route) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(join(REPO_ROOT, handlerFile(route))) as { handler: GatewayRoute['handler'] };
    return { method: route.method, path: route.path, handler: mod.handler, functionName: `bgs-${route.id}` };
  });
}

async function serveMail(req: IncomingMessage, res: ServerResponse, url: URL, outbox: LocalOutbox): Promise<void> {
  if (req.method !== 'GET') return writeError(res, new MethodNotAllowedError(['GET']));
  const to = url.searchParams.get('to');
  if (!to) return writeError(res, new ValidationError('Query parameter `to` (an email address) is required'));
  const project = url.searchParams.get('project');
  // Both become key parts of the outbox: bounded (an email's 254 characters, an id's 64) and well-formed.
  for (const [name, value, max] of [['to', to, 254], ['project', project ?? '', 64]] as const) {
    const problem = value.length > max ? `must be at most ${max} characters` : illFormedTextProblem(value);
    if (problem) return writeError(res, new ValidationError(`Query parameter \`${name}\` ${problem}`));
  }
  const items = await outbox.list({ to, ...(project ? { projectId: project } : {}) });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ items }));
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}
