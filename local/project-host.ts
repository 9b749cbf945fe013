/**
 * The local deployer and host of generated project APIs (the stand-in for CloudFormation plus
 * each project's API Gateway, DESIGN.md "Local stand-ins"). Deploying a project creates its own
 * table on DynamoDB Local, its own bucket on the local object store and its own identity pool
 * (signing keys on disk), stores the blueprint in the project's table, and mounts the prebuilt
 * runtime at `/apis/<projectId>`: requests are routed by the blueprint's route manifest and
 * handed to the runtime's Lambda handler as payload-v2 events, exactly as on AWS. A registry of
 * mounted projects (in the local stand-ins' table) brings every deployed project back after a
 * restart. While it runs, a sweeper deletes the uploads nobody attached once their grants have
 * expired (what each bucket's lifecycle rule does on AWS; staging-sweeper.ts).
 */
import { mkdirSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { DeleteTableCommand, ResourceNotFoundException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { systemClock, type Clock } from '../lambdas/core/clock';
import type { BlueprintIR, IrAuthRateLimits } from '../lambdas/core/blueprint/ir';
import { stagingMaxAgeSeconds } from '../lambdas/core/project-api/file-keys';
import type { DeployInput, DeployResult, DestroyInput, DestroyResult, PreviewInput, ProjectDeployer } from '../lambdas/ports/project-deployer';
import { diffTemplates } from '../lambdas/core/deploy/template-diff';
import { dataQuestions, planDataChanges, safeSteps, type DataChange } from '../lambdas/core/deploy/data-safety';
import { combinePreview, destructiveChanges, type DeployPreview, type PreviewChange } from '../lambdas/core/deploy/deploy-preview';
import { readDataFacts, runSafeStep } from '../lambdas/adapters/project-data/data-migration';
import { deleteLocalPool } from '../lambdas/adapters/identity/local-pool';
import { ensureProjectTable, ensureProjectTableStream } from '../lambdas/adapters/project-data/project-table';
import { loadDeployedBlueprint, saveDeployedBlueprint } from '../lambdas/adapters/project-data/deployed-blueprint';
import { S3FileStorage, ensureProjectBucket, removeProjectBucket } from '../lambdas/adapters/s3/file-storage';
import { s3Client } from '../lambdas/adapters/s3/s3-client';
import { ENV } from '../lambdas/shared/env';
import { loadOrCreateSigningKeys } from '../lambdas/adapters/identity/signing-keys';
import { MOUNTED_PROJECTS_PARTITION, mountedProjectKey } from '../lambdas/adapters/identity/local-identity-table-keys';
import { createRuntimeHandler } from '../lambdas/project-runtime/runtime-handler';
import type { ProjectApiConfig, ProjectApiSetup } from '../lambdas/project-runtime/composition-root';
import type { LocalWorkflows } from '../lambdas/project-runtime/composition-workflows';
import { buildLocalProjectApi, type LocalEvents } from '../lambdas/project-runtime/composition-local-project';
import type { OutgoingEndpoints } from '../lambdas/project-runtime/workflows/task-actions';
import type { AllowableAddressClass } from '../lambdas/core/outgoing/address-class';
import { HttpsSender } from '../lambdas/adapters/outgoing/https-sender';
import type { OutgoingSender } from '../lambdas/ports/outgoing-sender';
import { LocalOutbox } from '../lambdas/adapters/local-outbox';
import { startProjectWorkflows, type RunningProjectWorkflows } from './project-workflows';
import { LOCAL_REGION } from '../lambdas/adapters/local-credentials';
import { createGateway, writeError, type Gateway } from './gateway';
import { NotDeployedError, ServiceUnavailableError } from '../lambdas/core/errors';
import { corsAnswer, projectCors } from '../lambdas/shared/cors';
import { localS3Client, type LocalObjectStore } from './object-store/object-store';
import { PeriodicSweeper, sweepStagingObjects } from './staging-sweeper';

/** Where a project's API answers, relative to the local server's address. */
export const localApiBasePath = (projectId: string): string => `/apis/${projectId}`;

export interface LocalProjectHostProps {
  readonly client: DynamoDBClient;
  readonly doc: DynamoDBDocumentClient;
  /** Prefix of the project tables' names (`<prefix>project-<id>`). */
  readonly tablePrefix: string;
  /** The local stand-ins' own table: the identity pools, the outbox, and the registry of mounts. */
  readonly localTable: string;
  readonly objectStore: Pick<LocalObjectStore, 'endpoint' | 'credentials' | 'region' | 'createBucket'>;
  /** The local stores' endpoint of DynamoDB and their credentials file: what each project's runtime is configured with. */
  readonly dynamoEndpoint: string;
  readonly credentialsFile: string;
  /** Signing keys of every project's identity live under `<dataDir>/identity/projects/`. */
  readonly dataDir: string;
  /** @default the system clock */
  readonly clock?: Clock;
  /**
   * Replaces the auth rate limits of every project this host serves: an operator's setting, as
   * `rateLimits` is for the control plane (benches and tests of other things raise them).
   * @default each blueprint's own (auth-rate-limits.ts)
   */
  readonly authRateLimits?: IrAuthRateLimits;
  /** Pause between two sweeps of never-attached uploads (startSweeping). @default 10 minutes */
  readonly stagingSweepIntervalMs?: number;
  /**
   * What the host hands each project's composition root besides its configuration (a clock,
   * an access policy: the authorization tests' negative controls run broken ones).
   * @default the host's clock and nothing else
   */
  readonly projectSetup?: (projectId: string) => ProjectApiSetup;
  /** Where workflows' `call` steps find a project's named endpoints (the control plane's, set by the owner). */
  readonly endpoints: (projectId: string) => OutgoingEndpoints;
  /** Which non-public addresses outgoing requests may reach (the local service: loopback). */
  readonly outgoingAddresses: readonly AllowableAddressClass[];
  /** @default the HTTPS sender over `outgoingAddresses` and the host's clock */
  readonly sender?: OutgoingSender;
}

interface Mounted {
  readonly deploymentId: string;
  readonly gateway: Gateway;
  readonly ir: BlueprintIR;
  /** The project's bucket, as the sweeper lists it (the bucket's lifecycle rule's stand-in). */
  readonly files: S3FileStorage;
  /** Its workflow engine and record-change reader. */
  readonly workflows: RunningProjectWorkflows;
}

/** Often enough that an expired upload is gone within minutes, rarely enough to cost nothing. */
const DEFAULT_STAGING_SWEEP_INTERVAL_MS = 10 * 60 * 1000;


export class LocalProjectHost implements ProjectDeployer {
  private readonly mounts = new Map<string, Mounted>();
  /** Projects that could not be mounted at start, with why (they answer 503 until redeployed). */
  private readonly broken = new Map<string, string>();
  private readonly clock: Clock;
  private readonly sweeper: PeriodicSweeper;
  private readonly outbox: LocalOutbox;
  private readonly sender: OutgoingSender;

  constructor(private readonly props: LocalProjectHostProps) {
    this.clock = props.clock ?? systemClock;
    this.sweeper = new PeriodicSweeper({
      sweep: () => this.sweepStagingUploads(),
      intervalMs: props.stagingSweepIntervalMs ?? DEFAULT_STAGING_SWEEP_INTERVAL_MS,
      onError: (err) => console.error('sweeping never-attached uploads failed', err),
    });
    // Workflow mail goes to the local outbox, with the identity's mail (GET /_local/mail?project=<id>).
    this.outbox = new LocalOutbox({ doc: props.doc, tableName: props.localTable, clock: this.clock });
    this.sender = props.sender ?? new HttpsSender({ allowedAddresses: props.outgoingAddresses, nowSeconds: () => Math.floor(this.clock.now().getTime() / 1000) });
  }

  /** Starts the periodic sweep of never-attached uploads (the service does, after restore()). */
  startSweeping(): void {
    this.sweeper.start();
  }

  /** Stops the sweep, waiting for a running one (the service does, on stop). */
  stopSweeping(): Promise<void> {
    return this.sweeper.stop();
  }

  /** Resolves once every mounted project's record changes are handed on and their executions have settled. */
  async workflowsSettled(): Promise<void> {
    await Promise.all([...this.mounts.values()].map((mount) => mount.workflows.settled()));
  }

  /** Stops every project's workflow engine and change reader (the service does, on stop). */
  async stopWorkflows(): Promise<void> {
    await Promise.all([...this.mounts.values()].map((mount) => mount.workflows.stop()));
  }

  /** A mounted project's workflow engine: `runDue()` runs what the host's clock says is due now. */
  workflowEngine(projectId: string): LocalWorkflows['engine'] | undefined {
    return this.mounts.get(projectId)?.workflows.project.workflows.engine;
  }

  /** A mounted project's event-job queue and scheduler: `runDue()` runs what the host's clock says is due now. */
  projectEvents(projectId: string): LocalEvents | undefined {
    return this.mounts.get(projectId)?.workflows.project.events;
  }

  /**
   * One sweep over every mounted project's bucket: staging objects older than their grant's
   * lifetime plus a margin (at this host's clock) are deleted. Returns how many.
   */
  async sweepStagingUploads(): Promise<number> {
    let count = 0;
    for (const [projectId, mount] of [...this.mounts]) {
      try {
        count += (await sweepStagingObjects(mount.files, stagingMaxAgeSeconds(mount.ir.limits), this.clock.now())).length;
      } catch (err) {
        // One project's bucket failing must not keep the others from being swept.
        console.error(`sweeping the uploads of project ${projectId} failed`, err);
      }
    }
    return count;
  }

  /** The file storage of a mounted project (the sweeper's; tests look at stored objects through it). */
  fileStorageOf(projectId: string): S3FileStorage | undefined {
    return this.mounts.get(projectId)?.files;
  }

  tableNameOf(projectId: string): string {
    return `${this.props.tablePrefix}project-${projectId}`;
  }

  bucketOf(projectId: string): string {
    return `bgs-${projectId.toLowerCase()}`;
  }

  /**
   * Provisions (idempotently) and mounts; a second deploy of the same project replaces the
   * mounted blueprint. Over records kept from before (a redeploy, or a deploy after a destroy
   * that kept the data), the data plan is made again now, as the records may have changed since
   * the route checked: changes that lose data fail the deployment unless allowed, and the safe
   * steps (re-index, back-fill, uniqueness claims) run once the new blueprint serves, logged.
   */
  async deploy(input: DeployInput): Promise<DeployResult> {
    const { projectId, deploymentId, blueprintId, ir } = input;
    const tableName = this.tableNameOf(projectId);
    const before = await this.deployedIr(projectId);
    const data = before ? await this.dataChanges(projectId, before, ir) : [];
    const lost = data.filter((change) => change.destructive);
    if (lost.length > 0 && !input.allowDataLoss) {
      throw new Error(`the deploy would lose data (${lost.map((c) => c.reason).join('; ')}); deploy with allowDataLoss: true to go on`);
    }
    for (const change of lost) await input.log('warn', `Data loss allowed: ${change.reason}`);
    await input.log('info', `Creating the table ${tableName}`);
    await ensureProjectTable(this.props.client, tableName);
    const bucket = this.bucketOf(projectId);
    await input.log('info', `Creating the bucket ${bucket} (public access blocked; presigned URLs only)`);
    await ensureProjectBucket(localS3Client(this.props.objectStore), bucket);
    await input.log('info', `Creating the identity pool ${this.poolIdOf(projectId)}`);
    await loadOrCreateSigningKeys(this.signingKeysFile(projectId));
    if (before) await input.log('info', `Found the data of the blueprint deployed before (spec version ${before.specVersion}): it is kept`);
    await input.log('info', `Storing blueprint ${blueprintId} (spec version ${ir.specVersion}, ${ir.entities.length} entities)`);
    await saveDeployedBlueprint(this.props.doc, tableName, { deploymentId, blueprintId, ir, deployedAt: this.clock.now().toISOString() });
    await this.mount(projectId);
    await this.props.doc.send(new PutCommand({ TableName: this.props.localTable, Item: { ...mountedProjectKey(projectId), deploymentId } }));
    if (before) {
      for (const change of data) {
        for (const step of safeSteps([change])) {
          const result = await runSafeStep(this.props.doc, tableName, before, ir, step);
          const skipped = result.skipped > 0 ? `, ${result.skipped} left alone (changed meanwhile or already taken)` : '';
          await input.log(result.skipped > 0 && step.kind === 'claim-unique' ? 'warn' : 'info', `${change.reason}: ${step.kind} done, ${result.changed} written${skipped}`);
        }
      }
    }
    await input.log('info', `Serving ${ir.entities.length} entities at ${localApiBasePath(projectId)}`);
    return { apiBaseUrl: localApiBasePath(projectId) };
  }

  /**
   * The dry run of a deploy: the template of `ir` against the template of the blueprint the
   * project serves now (or kept after a destroy), both synthesized from lib/project's
   * constructs (the stack a deploy to AWS creates), so the preview says what the AWS deploy
   * would change; then what the change does to the records stored.
   */
  async preview(input: PreviewInput): Promise<DeployPreview> {
    const deployed = await this.deployedIr(input.projectId);
    // Loaded on first use: aws-cdk-lib takes seconds to load, and most starts never preview.
    const { synthProjectTemplate } = await import('../lib/project/project-template');
    const template = diffTemplates(deployed ? synthProjectTemplate(deployed, input.projectId) : null, synthProjectTemplate(input.ir, input.projectId));
    return combinePreview(template, deployed ? await this.dataChanges(input.projectId, deployed, input.ir) : []);
  }

  /** Nothing deployed and nothing kept: nothing to lose, and no template to synthesize. */
  async dataLoss(input: PreviewInput): Promise<readonly PreviewChange[]> {
    if (!(await this.deployedIr(input.projectId))) return [];
    return destructiveChanges(await this.preview(input));
  }

  private async dataChanges(projectId: string, before: BlueprintIR, after: BlueprintIR): Promise<DataChange[]> {
    const facts = await readDataFacts(this.props.doc, this.tableNameOf(projectId), before, dataQuestions(before, after));
    return planDataChanges(before, after, facts);
  }

  /**
   * Unmounts the API at once (its address answers 404 NOT_DEPLOYED) and forgets it across
   * restarts; with `deleteData` removes the table, the bucket with its objects, and the identity
   * pool (accounts and signing keys). Kept, they are found again by the next deploy.
   */
  async destroy(input: DestroyInput): Promise<DestroyResult> {
    const { projectId } = input;
    await this.mounts.get(projectId)?.workflows.stop();
    this.mounts.delete(projectId);
    this.broken.delete(projectId);
    await this.props.doc.send(new DeleteCommand({ TableName: this.props.localTable, Key: mountedProjectKey(projectId) }));
    await input.log('info', `Unmounted the API: ${localApiBasePath(projectId)} answers 404 NOT_DEPLOYED`);
    const tableName = this.tableNameOf(projectId);
    const bucket = this.bucketOf(projectId);
    const pool = this.poolIdOf(projectId);
    if (!input.deleteData) {
      await input.log(
        'info',
        `Kept the table ${tableName}, the bucket ${bucket} and the identity pool ${pool} with their data: the next deploy of this project serves them again. ` +
          'To remove them, deploy the project again and destroy it with deleteData: true',
      );
      // Found again by name: nothing to remember.
      return { kept: [] };
    }
    try {
      await this.props.client.send(new DeleteTableCommand({ TableName: tableName }));
      await input.log('info', `Deleted the table ${tableName}`);
    } catch (err) {
      if (!(err instanceof ResourceNotFoundException)) throw err;
      await input.log('info', `The table ${tableName} was already gone`);
    }
    const objects = await removeProjectBucket(localS3Client(this.props.objectStore), bucket);
    await input.log('info', `Deleted the bucket ${bucket} (${objects} ${objects === 1 ? 'object' : 'objects'})`);
    const accounts = await deleteLocalPool(this.props.doc, this.props.localTable, pool);
    rmSync(this.signingKeysFile(projectId), { force: true });
    await input.log('info', `Deleted the identity pool ${pool} (${accounts} ${accounts === 1 ? 'item' : 'items'}) and its signing keys`);
    return { kept: [] };
  }

  /** The blueprint the project serves now, or kept in its table after a destroy; null before its first deploy or after one that deleted the data. */
  private async deployedIr(projectId: string): Promise<BlueprintIR | null> {
    const mounted = this.mounts.get(projectId);
    if (mounted) return mounted.ir;
    try {
      return (await loadDeployedBlueprint(this.props.doc, this.tableNameOf(projectId)))?.ir ?? null;
    } catch (err) {
      // No table yet: never deployed.
      if ((err as { name?: string }).name === 'ResourceNotFoundException') return null;
      throw err;
    }
  }

  /** Mounts every project deployed before this start (after a restart). */
  async restore(): Promise<number> {
    let count = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.props.doc.send(
        new QueryCommand({ TableName: this.props.localTable, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': MOUNTED_PROJECTS_PARTITION }, ExclusiveStartKey: start }),
      );
      for (const item of page.Items ?? []) {
        const projectId = item.SK as string;
        try {
          await this.mount(projectId);
          count += 1;
        } catch (err) {
          // One broken project (its table lost, say) must not keep the service and every other
          // project from starting: it answers 503 with the reason until it is deployed again.
          const reason = err instanceof Error ? err.message : String(err);
          // What the mount from before still runs (its change reader, over a table that may be gone) stops with it.
          await this.mounts.get(projectId)?.workflows.stop().catch(() => undefined);
          this.mounts.delete(projectId);
          this.broken.set(projectId, reason);
          console.error(`project ${projectId} could not be mounted: ${reason}`);
        }
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return count;
  }

  /** Whether a project is mounted, and which blueprint it serves (tests, logs). */
  mounted(projectId: string): { deploymentId: string; ir: BlueprintIR } | undefined {
    const mount = this.mounts.get(projectId);
    return mount ? { deploymentId: mount.deploymentId, ir: mount.ir } : undefined;
  }

  /**
   * Serves `/apis/<projectId><path>`: CORS as the project's API Gateway answers it (shared/cors.ts:
   * preflights, and the allow-origin header on answers), then the project's gateway.
   */
  async handle(req: IncomingMessage, res: ServerResponse, projectId: string, path: string, query: string): Promise<void> {
    const mount = this.mounts.get(projectId);
    if (!mount) {
      const reason = this.broken.get(projectId);
      if (reason) return writeError(res, new ServiceUnavailableError(`This API could not be started (${reason}); deploy the project again`));
      return writeError(res, new NotDeployedError());
    }
    const cors = corsAnswer(projectCors(mount.ir.cors.allowedOrigins), {
      method: req.method ?? 'GET',
      origin: req.headers.origin,
      requestMethod: req.headers['access-control-request-method'],
    });
    for (const [name, value] of Object.entries(cors.headers)) res.setHeader(name, value);
    if (cors.preflight) {
      res.writeHead(204).end();
      return;
    }
    await mount.gateway.handle(req, res, path === '' ? '/' : path, query);
  }

  private async mount(projectId: string): Promise<void> {
    // The runtime reads its blueprint from the project's table, as on AWS at a cold start.
    const config = this.configOf(projectId);
    const project = await buildLocalProjectApi(config, { clock: this.clock, ...this.props.projectSetup?.(projectId) }, {
      mailer: { send: (mail) => this.outbox.send({ ...mail, projectId, code: '' }) },
      endpoints: this.props.endpoints(projectId),
      sender: this.sender,
      allowedAddresses: this.props.outgoingAddresses,
      onError: (err) => console.error(`project ${projectId} workflows and events:`, err),
    });
    const { services } = project;
    const deployed = await loadDeployedBlueprint(this.props.doc, this.tableNameOf(projectId));
    // A table deployed before record changes has no stream yet (its changes' one source).
    await ensureProjectTableStream(this.props.client, this.tableNameOf(projectId));
    const handler = createRuntimeHandler(async () => services);
    const functionName = `bgs-project-${projectId}`;
    // Every route and the `$default` route go to the one runtime handler, as the project's API Gateway does.
    const gateway = createGateway(
      services.api.routes.map((route) => ({ method: route.method, path: route.path, handler, functionName })),
      { handler, functionName },
      { apiId: projectId },
    );
    const files = new S3FileStorage({ client: s3Client({ region: config.region, endpoint: config.localStores?.s3Endpoint, credentialsFile: config.localStores?.credentialsFile }), bucket: config.bucket, clock: this.clock });
    // A redeploy replaces the engine and reader of the blueprint before (its instances go on, in the same table).
    await this.mounts.get(projectId)?.workflows.stop();
    const running = await startProjectWorkflows({
      client: this.props.client,
      tableName: config.tableName,
      dynamoEndpoint: this.props.dynamoEndpoint,
      credentialsFile: this.props.credentialsFile,
      project,
      onError: (err) => console.error(`project ${projectId} record changes:`, err),
    });
    this.mounts.set(projectId, { deploymentId: deployed?.deploymentId ?? '', gateway, ir: services.ir, files, workflows: running });
    this.broken.delete(projectId);
  }

  private poolIdOf(projectId: string): string {
    return `project-${projectId}`;
  }

  private signingKeysFile(projectId: string): string {
    const dir = join(this.props.dataDir, 'identity', 'projects');
    mkdirSync(dir, { recursive: true });
    return join(dir, `${projectId}.json`);
  }

  /** A project's runtime configuration over the local stores (on AWS its stack's environment says the same). */
  private configOf(projectId: string): ProjectApiConfig {
    const { dynamoEndpoint, credentialsFile, objectStore } = this.props;
    return {
      projectId,
      tableName: this.tableNameOf(projectId),
      bucket: this.bucketOf(projectId),
      region: LOCAL_REGION,
      localStores: { dynamoEndpoint, s3Endpoint: objectStore.endpoint, credentialsFile },
      identity: {
        mode: 'local',
        poolId: this.poolIdOf(projectId),
        clientId: `bgs-project-${projectId}`,
        issuer: `urn:bgs:local-identity:project:${projectId}`,
        keysFile: this.signingKeysFile(projectId),
        tableName: this.props.localTable,
      },
      ...(this.props.authRateLimits ? { authRateLimits: this.props.authRateLimits } : {}),
      logLevel: (process.env[ENV.LOG_LEVEL] as ProjectApiConfig['logLevel']) ?? 'WARN',
    };
  }
}
