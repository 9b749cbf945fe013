/**
 * THE runtime of a generated project on AWS: one Lambda (lambdas/project-runtime/runtime.lambda.ts)
 * serving every route of the project's manifest, routed by API Gateway's routeKey. It reads the
 * deployed blueprint from the project's table at cold start, so this construct differs between
 * projects only in environment and permissions (DESIGN.md principle 5).
 *
 * Its role holds exactly what the runtime's adapters call, on this project's resources only:
 * - the table: GetItem, PutItem, UpdateItem, DeleteItem, Query, and ConditionCheckItem (a
 *   TransactWriteItems is authorized as the actions of its parts: Put, Update, Delete, ConditionCheck);
 *   Query on each named GSI (not `index/*`: a future index is granted on purpose);
 * - the bucket: GetObject, PutObject, DeleteObject on its objects (presigned URLs are signed with
 *   these rights; attach-time HeadObject is GetObject, and the attach's CopyObject from the staging
 *   key to the final key is GetObject on one and PutObject on the other), ListBucket on the bucket itself, so HeadObject
 *   of a missing key answers 404 and not 403 (lambdas/adapters/s3/file-storage.ts);
 * - the pool: AdminDeleteUser (undoing a signup whose membership could not be written, replacing
 *   an unconfirmed account whose code expired), AdminGetUser (is a taken email such an account?),
 *   AdminUserGlobalSignOut (a role change or removal revokes the member's refresh tokens); every
 *   other Cognito call of the runtime is a public API taking the client id.
 */
import { Aws, type CfnElement, Duration, Stack, Validations } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { ENV } from '../../lambdas/shared/env';
import { PROJECT_RUNTIME_TABLE_ACTIONS } from '../../lambdas/project-runtime/runtime-permissions';
import { BgsFunction } from '../shared/bgs-function';
import { PROJECT_CODE_ENTRIES } from './project-code';


/** The table actions of the runtime (runtime-permissions.ts, which the local guard reads too). */
const RUNTIME_TABLE_ACTIONS = PROJECT_RUNTIME_TABLE_ACTIONS.map((a) => `dynamodb:${a}`);
const RUNTIME_OBJECT_ACTIONS = ['DeleteObject', 'GetObject', 'PutObject'].map((a) => `s3:${a}`);

export interface ProjectRuntimeFunctionProps {
  readonly projectId: string;
  readonly table: { readonly tableName: string; readonly tableArn: string };
  /** The table's GSIs the runtime may Query (GSI1..GSI<n>). */
  readonly indexNames: readonly string[];
  readonly bucket: s3.Bucket;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /** SHA-256 (hex) of the deployed IR, see ENV.PROJECT_BLUEPRINT_SHA256. */
  readonly blueprintSha256: string;
  /**
   * The runtime's code (ProjectStack's `code` prop).
   *
   * @default the service's bundle of the runtime entry
   */
  readonly code?: lambda.Code;
  /**
   * How long its logs are kept.
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Delete its log group with the stack.
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
  /**
   * More environment (the workflow function's name and alias, when the blueprint has workflows).
   *
   * @default - none
   */
  readonly additionalEnvironment?: Readonly<Record<string, string>>;
  /**
   * More permissions, each with a `sid` (starting, signalling and stopping workflow executions).
   *
   * @default - none
   */
  readonly additionalStatements?: readonly iam.PolicyStatement[];
  /**
   * Concurrency reserved for the runtime: its cap, so a flood of this project's requests cannot
   * take the account's whole pool; taken from that pool once per project (lib/shared/function-concurrency.ts).
   *
   * @default - none: the account's unreserved pool
   */
  readonly reservedConcurrentExecutions?: number;
}

/** What identifies a project's runtime to its code: every function that builds the runtime's services (buildRuntime) gets it. */
export type ProjectRuntimeEnvironmentProps = Pick<ProjectRuntimeFunctionProps, 'projectId' | 'table' | 'bucket' | 'userPool' | 'userPoolClient' | 'blueprintSha256'>;

/** The environment runtime-config.ts parses (names from lambdas/shared/env.ts). */
export function projectRuntimeEnvironment(props: ProjectRuntimeEnvironmentProps): Record<string, string> {
  return {
    [ENV.PROJECT_ID]: props.projectId,
    [ENV.PROJECT_TABLE_NAME]: props.table.tableName,
    [ENV.PROJECT_BUCKET]: props.bucket.bucketName,
    [ENV.PROJECT_USER_POOL_ID]: props.userPool.userPoolId,
    [ENV.PROJECT_USER_POOL_CLIENT_ID]: props.userPoolClient.userPoolClientId,
    [ENV.PROJECT_BLUEPRINT_SHA256]: props.blueprintSha256,
    // The pool's issuer and keys are under the partition's suffix (amazonaws.com.cn in aws-cn).
    [ENV.URL_SUFFIX]: Aws.URL_SUFFIX,
  };
}

/** The runtime's table statements (runtime-permissions.ts): the table's items and its named indexes. */
export function projectTableStatements(table: { readonly tableArn: string }, indexNames: readonly string[]): iam.PolicyStatement[] {
  return [
    new iam.PolicyStatement({ sid: 'Table', actions: RUNTIME_TABLE_ACTIONS, resources: [table.tableArn] }),
    new iam.PolicyStatement({ sid: 'Indexes', actions: ['dynamodb:Query'], resources: indexNames.map((name) => `${table.tableArn}/index/${name}`) }),
  ];
}

export class ProjectRuntimeFunction extends Construct {
  public readonly handler: BgsFunction;

  constructor(scope: Construct, id: string, props: ProjectRuntimeFunctionProps) {
    super(scope, id);
    const { table, bucket, userPool } = props;
    const objectsArn = bucket.arnForObjects('*');

    this.handler = new BgsFunction(this, 'Handler', {
      entry: PROJECT_CODE_ENTRIES.runtime.entry,
      code: props.code,
      description: `BGS project ${props.projectId}: the generated API (prebuilt runtime, routed by the deployed blueprint)`,
      environment: { ...projectRuntimeEnvironment(props), ...props.additionalEnvironment },
      statements: [
        ...projectTableStatements(table, props.indexNames),
        new iam.PolicyStatement({ sid: 'FileObjects', actions: RUNTIME_OBJECT_ACTIONS, resources: [objectsArn] }),
        new iam.PolicyStatement({ sid: 'FileBucket', actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
        new iam.PolicyStatement({
          sid: 'Accounts',
          actions: ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminUserGlobalSignOut'],
          resources: [userPool.userPoolArn],
        }),
        ...(props.additionalStatements ?? []),
      ],
      // One function serves every route, and its cold start also reads, gunzips and parses the
      // blueprint and derives the manifest: more memory is more CPU for that.
      memorySize: 1024,
      // Below API Gateway's 30 s integration limit, so a slow call ends in the runtime's own
      // error answer (and its log line) rather than the gateway's bare 503.
      timeout: Duration.seconds(29),
      logRetention: props.logRetention,
      destroyOnRemoval: props.destroyOnRemoval,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
    });

    // cdk-nag names IAM5 findings by the wildcard resource they flag: acknowledged by name.
    const bucketLogicalId = Stack.of(this).getLogicalId(bucket.node.defaultChild as CfnElement);
    Validations.of(this.handler.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/*]`,
      reason:
        "The runtime signs upload and download URLs for, reads the head of, copies and deletes objects anywhere in this one project's " +
        'bucket: keys are [staging/]<org>/<collection>/<recordId>/<fileKey>, created per record at run time, so no fixed ' +
        'prefix list exists; the server derives every key itself and authorizes the record first (CONTRACT "Files").',
    });
  }
}
