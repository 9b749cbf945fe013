/**
 * The stack of ONE generated project, built from its blueprint IR: what the CloudFormation
 * deployer deploys and what the exported CDK app synthesizes (DESIGN.md principle 5: a deploy is
 * this template plus the blueprint; the runtime code is prebuilt and the same for every project).
 *
 *   ProjectData       the project's table (keys and GSIs from projectTableInput)
 *   ProjectFiles      the bucket (presigned URLs only)
 *   ProjectIdentity   user pool, app client, pre-token-generation trigger (V2: claims in access tokens)
 *   ProjectRuntimeFunction the one runtime Lambda, least privilege on the three above
 *   ProjectApi        HTTP API: one route per manifest route, all to the runtime
 *   ProjectBlueprint  the IR written into the table, where the runtime reads it at cold start
 *   ProjectWorkflows  only with workflows: the durable workflow function behind its alias, the
 *                     execution-ends function, and the runtime's rights on them
 *   ProjectEvents     every stack's: the function on the table's stream, the event-job queue and
 *                     its function, and (with scheduled jobs) one schedule per job
 *
 * Construct ids are fixed (logical ids must not move between deploys of one project); nothing
 * here reads the clock, so the same IR and props give the same template (the preview diff).
 */
import { createHash } from 'node:crypto';
import { CfnOutput, Stack, Token, type StackProps } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { regionProblem } from '../../lambdas/core/deploy/regions';
import { ProjectApi } from './project-api';
import { ProjectBlueprint } from './project-blueprint';
import { ProjectCode } from './project-code';
import { ProjectData } from './project-data';
import { ProjectFiles } from './project-files';
import { ProjectIdentity } from './project-identity';
import { ProjectWorkflows } from './project-workflows';
import { ProjectEvents } from './project-events';
import { ProjectRuntimeFunction, projectRuntimeEnvironment } from './runtime-function';
import { ProjectOperations, resolveProjectOperations, type ProjectOperationsSettings } from './project-operations';
import { DEPLOY_LIMITS, projectStackResources } from '../../lambdas/core/blueprint/deploy-limits';
import { tagBgsStack } from '../shared/cost-tags';

/** Project ids as the control plane makes them: letters, digits and hyphens (they name resources). */
const PROJECT_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/** With the operations settings (alarms, their topic, the runtime's concurrency cap: project-operations.ts). */
export interface ProjectStackProps extends StackProps, ProjectOperationsSettings {
  /** The blueprint to serve; refused at construction unless BlueprintIR.parse accepts it. */
  readonly ir: BlueprintIR;
  /** The control plane's project id: 1-64 letters, digits and hyphens. */
  readonly projectId: string;
  /**
   * Delete the table, bucket (with its objects), user pool and log groups with the stack, for
   * development stacks. Off, data and accounts are retained and protected from deletion.
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
  /**
   * How long function and access logs are kept.
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * The stage's flood guard, requests per second over all routes of the project.
   *
   * @default 500
   */
  readonly throttlingRateLimit?: number;
  /**
   * The stage's burst allowance.
   *
   * @default 1000
   */
  readonly throttlingBurstLimit?: number;
  /**
   * The deployment that stores this blueprint (the deployed blueprint item's `deploymentId`).
   *
   * @default 'cdk' (a deploy of the exported CDK app, not of the control plane)
   */
  readonly deploymentId?: string;
  /**
   * The blueprint's id in the control plane (the item's `blueprintId`).
   *
   * @default 'cdk'
   */
  readonly blueprintId?: string;
  /**
   * When the deployment started (ISO 8601), stored as the item's `deployedAt`. Passed in, never
   * read from the clock here, so synthesizing twice gives the same template.
   *
   * @default - not recorded
   */
  readonly deployedAt?: string;
  /**
   * Where the code of the stack's functions comes from (lib/project/project-code.ts): the
   * service's bundling, prebuilt folders (the exported CDK app's `assets/`) or S3 objects.
   *
   * @default ProjectCode.bundled()
   */
  readonly code?: ProjectCode;
  /**
   * The sender of the workflows' mail: an address of an SES identity verified in the stack's
   * region (only for blueprints with workflows).
   *
   * @default - none: a workflow's notify step fails, saying no sender is configured
   */
  readonly workflowMailFrom?: string;
  /**
   * The control plane's origin (`https://bgs.example.org`): its API reference pages call this
   * project's API from a browser ("Try it out"), so its CORS allows that origin too.
   *
   * @default - none: only the spec's origins
   */
  readonly apiReferenceOrigin?: string;
  /**
   * The sender of the user pool's codes: an address of an SES identity verified in the stack's region.
   *
   * @default - Cognito's default sender, whose small daily quota the whole account shares (synthesis warns)
   */
  readonly mailFrom?: string;
  /**
   * The SES identity the workflow function may send as.
   *
   * @default - the domain of workflowMailFrom
   */
  readonly workflowMailIdentity?: string;
  /**
   * The control plane's table (ARN), where the project's outgoing endpoints are; the workflow
   * function may read only the project's own items there (only for blueprints with workflows).
   *
   * @default - none: a workflow's call step fails, saying the stack names no control-plane table
   */
  readonly controlPlaneTableArn?: string;
}

export { projectStackName } from '../../lambdas/core/deploy/project-stack-name';

/** Lambda durable functions, which run a blueprint's workflows, exist in this region only (regions.ts). */
export { WORKFLOWS_REGION } from '../../lambdas/core/deploy/regions';

/**
 * The count of the resources every project stack has, whatever its blueprint (its list is
 * DEPLOY_LIMITS.projectStackFixedResources's: the base stack, ProjectEvents, and the CDKMetadata
 * resource `cdk synth` adds, which counts toward CloudFormation's limit too). The CDK test checks
 * every example's template against it; docs point here rather than repeat the number.
 */
export const PROJECT_STACK_FIXED_RESOURCES = DEPLOY_LIMITS.projectStackFixedResources;

/**
 * The resources of a project stack whose manifest has `routeCount` routes, with or without
 * workflows, with `scheduleCount` scheduled jobs (CloudFormation allows 500 per stack): THE formula
 * of deploy-limits.ts, which the blueprint's validation applies too.
 */
export const projectStackResourceCount = (routeCount: number, hasWorkflows = false, scheduleCount = 0): number =>
  projectStackResources({ manifestRoutes: routeCount, hasWorkflows, schedules: scheduleCount });

export class ProjectStack extends Stack {
  /** The IR as BlueprintIR.parse returned it (what the stack and the table item carry). */
  public readonly ir: BlueprintIR;
  public readonly projectId: string;
  /** SHA-256 (hex) of the IR's JSON. */
  public readonly blueprintSha256: string;
  public readonly data: ProjectData;
  public readonly files: ProjectFiles;
  public readonly identity: ProjectIdentity;
  public readonly runtime: ProjectRuntimeFunction;
  /** The workflow functions; absent when the blueprint has no workflows. */
  public readonly workflows?: ProjectWorkflows;
  /** The stream function, the event-job queue and its function, the schedules: every stack's. */
  public readonly events: ProjectEvents;
  public readonly api: ProjectApi;
  public readonly blueprint: ProjectBlueprint;
  /** The alarms and their topic; absent when alarms are off. */
  public readonly operations?: ProjectOperations;

  constructor(scope: Construct, id: string, props: ProjectStackProps) {
    // Checked before anything is created: a bad input fails here, not halfway through a deploy.
    const ir = parseIr(props.ir);
    if (typeof props.projectId !== 'string' || !PROJECT_ID_PATTERN.test(props.projectId)) {
      throw new Error(`Invalid projectId ${JSON.stringify(props.projectId)}: 1-64 letters, digits and hyphens`);
    }
    super(scope, id, {
      description: `BGS generated project ${props.projectId} (${ir.project.id}): HTTP API, runtime Lambda, DynamoDB table, S3 bucket, Cognito user pool`,
      ...props,
    });
    // A blueprint with workflows needs Lambda durable functions: a stack for another region fails here, not at deploy time.
    const regionError = regionProblem(ir, Token.isUnresolved(this.region) ? undefined : this.region);
    if (regionError) throw new Error(regionError);
    this.ir = ir;
    this.projectId = props.projectId;
    tagBgsStack(this, { component: 'project', projectId: props.projectId });
    this.blueprintSha256 = createHash('sha256').update(JSON.stringify(ir)).digest('hex');
    const destroyOnRemoval = props.destroyOnRemoval ?? false;
    const { logRetention } = props;
    const code = props.code ?? ProjectCode.bundled();

    this.data = new ProjectData(this, 'ProjectData', { destroyOnRemoval });
    const { table } = this.data;
    this.files = new ProjectFiles(this, 'ProjectFiles', { ir, destroyOnRemoval });
    this.identity = new ProjectIdentity(this, 'ProjectIdentity', {
      ir,
      projectId: props.projectId,
      tableName: table.tableName,
      tableArn: table.tableArn,
      preTokenGenerationCode: code.codeFor(this, 'pre-token-generation'),
      logRetention,
      destroyOnRemoval,
      mailFrom: props.mailFrom,
    });
    this.blueprint = new ProjectBlueprint(this, 'ProjectBlueprint', {
      table,
      ir,
      deploymentId: props.deploymentId ?? 'cdk',
      blueprintId: props.blueprintId ?? 'cdk',
      deployedAt: props.deployedAt,
      providerCode: code.codeFor(this, 'blueprint-provider'),
      logRetention,
      destroyOnRemoval,
    });
    const runtimeProps = {
      projectId: props.projectId,
      table,
      bucket: this.files.bucket,
      userPool: this.identity.userPool,
      userPoolClient: this.identity.userPoolClient,
      blueprintSha256: this.blueprintSha256,
    };
    if (ir.workflows.length > 0) {
      this.workflows = new ProjectWorkflows(this, 'ProjectWorkflows', {
        projectId: props.projectId,
        table,
        indexNames: this.data.indexNames,
        runtimeEnvironment: projectRuntimeEnvironment(runtimeProps),
        workflowCode: code.codeFor(this, 'workflow'),
        executionEndsCode: code.codeFor(this, 'workflow-execution-ends'),
        mailFrom: props.workflowMailFrom,
        mailIdentity: props.workflowMailIdentity,
        controlPlaneTableArn: props.controlPlaneTableArn,
        logRetention,
        destroyOnRemoval,
      });
    }
    this.events = new ProjectEvents(this, 'ProjectEvents', {
      projectId: props.projectId,
      table,
      indexNames: this.data.indexNames,
      runtimeEnvironment: projectRuntimeEnvironment(runtimeProps),
      schedules: ir.schedules ?? [],
      ...(this.workflows ? { workflows: this.workflows.changeConsumers } : {}),
      recordChangesCode: code.codeFor(this, 'record-changes'),
      eventJobsCode: code.codeFor(this, 'event-jobs'),
      ...(ir.schedules ? { schedulesCode: code.codeFor(this, 'schedules') } : {}),
      mailFrom: props.workflowMailFrom,
      mailIdentity: props.workflowMailIdentity,
      controlPlaneTableArn: props.controlPlaneTableArn,
      logRetention,
      destroyOnRemoval,
    });
    const operations = resolveProjectOperations(this, props);
    this.runtime = new ProjectRuntimeFunction(this, 'ProjectRuntime', {
      reservedConcurrentExecutions: operations.runtimeCap,
      ...runtimeProps,
      indexNames: this.data.indexNames,
      code: code.codeFor(this, 'runtime'),
      logRetention,
      destroyOnRemoval,
      additionalEnvironment: { ...this.events.runtimeEnvironment, ...this.workflows?.runtimeEnvironment },
      additionalStatements: [...this.events.runtimeStatements, ...(this.workflows?.runtimeStatements ?? [])],
    });
    if (this.workflows) {
      for (const role of [this.runtime.handler.role, this.events.recordChanges.role, this.events.eventJobs.role]) this.workflows.acknowledgeRuntimeRole(role);
    }
    // Like the runtime, the functions that build its services read the blueprint at their cold start.
    const readers = [this.workflows?.workflow, this.events.recordChanges, this.events.eventJobs, this.events.schedulesFunction];
    for (const fn of readers) if (fn) (fn.function.node.defaultChild as CfnFunction).node.addDependency(this.blueprint.resource);
    // The runtime is created (or updated, with the new blueprint hash) only after the blueprint
    // is in the table: a cold start in between would find no blueprint, or the previous one.
    (this.runtime.handler.function.node.defaultChild as CfnFunction).node.addDependency(this.blueprint.resource);
    this.api = new ProjectApi(this, 'ProjectApi', {
      projectId: props.projectId,
      ir,
      handler: this.runtime.handler.function,
      throttlingRateLimit: props.throttlingRateLimit,
      throttlingBurstLimit: props.throttlingBurstLimit,
      logRetention,
      destroyOnRemoval,
      apiReferenceOrigin: props.apiReferenceOrigin,
    });

    if (operations.alarms) {
      const background = [this.identity.preTokenGeneration, this.events.recordChanges, this.events.eventJobs, this.events.schedulesFunction, this.workflows?.workflow, this.workflows?.executionEnds];
      this.operations = new ProjectOperations(this, 'ProjectOperations', {
        projectId: props.projectId,
        httpApi: this.api.httpApi,
        table,
        backgroundFunctions: background.flatMap((fn) => (fn ? [fn.function] : [])),
        ...(operations.runtimeCap ? { cappedRuntime: this.runtime.handler.function } : {}),
        alarmTopicArn: props.alarmTopicArn,
        alarmEmail: props.alarmEmail,
        destroyOnRemoval,
      });
    }

    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: "Base URL of the project's API" });
    new CfnOutput(this, 'UserPoolId', { value: this.identity.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.identity.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'BucketName', { value: this.files.bucket.bucketName });
  }
}

function parseIr(input: unknown): BlueprintIR {
  const parsed = BlueprintIR.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.slice(0, 10).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new Error(`Invalid blueprint IR: ${problems.join('; ')}`);
}
