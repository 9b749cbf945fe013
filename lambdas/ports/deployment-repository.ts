/**
 * Deployments. One unfinished deployment per project at a time: `create` takes the project's
 * lock in the same write that creates the deployment (a second one is 409, never a
 * read-then-write). Status moves only forward (pending -> in_progress -> succeeded | failed, or
 * destroyed for a destroy),
 * each move conditional on the one before; the move that ends a deployment releases the lock
 * and its pending mark together, and a success also points the project at it.
 * DynamoDB: lambdas/adapters/dynamodb/deployment-repository.ts.
 */
import type { CursorKey } from '../core/cursor';
import type { KeyedPage } from './keyed-page';
import type { DeploymentLogLevel } from './project-deployer';
import type { RetainedResource } from './project-stacks';

export type DeploymentStatus = 'pending' | 'in_progress' | 'succeeded' | 'failed' | 'destroyed';
export type DeploymentKind = 'deploy' | 'rollback' | 'destroy';

export interface DeploymentLogLine {
  readonly at: string;
  readonly level: DeploymentLogLevel;
  readonly message: string;
}

export interface DeploymentRecord {
  readonly id: string;
  readonly projectId: string;
  readonly ownerId: string;
  readonly blueprintId: string;
  readonly status: DeploymentStatus;
  readonly kind: DeploymentKind;
  /** As the deployer returned it: a path (`/apis/<projectId>`) or a full URL; null until it succeeds. */
  readonly apiBaseUrl: string | null;
  readonly logs: readonly DeploymentLogLine[];
  /** A deploy or rollback that may lose data (the caller sent `allowDataLoss: true`). */
  readonly allowDataLoss?: boolean;
  /** A destroy that removes the project's table, bucket and user pool too. */
  readonly deleteData?: boolean;
  /** A destroy's kept resources (physical ids), which the next deploy imports into the new stack. */
  readonly kept?: readonly RetainedResource[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type DeploymentPage = KeyedPage<DeploymentRecord>;

export interface NewDeployment {
  readonly projectId: string;
  readonly ownerId: string;
  readonly blueprintId: string;
  readonly kind: DeploymentKind;
  readonly allowDataLoss?: boolean;
  readonly deleteData?: boolean;
  readonly now: Date;
}

export interface DeploymentRepository {
  /**
   * A new `pending` deployment of a project of `ownerId`, holding the project's lock and listed
   * as pending. 409 CONFLICT when another deployment of the project is unfinished; for a deploy or
   * rollback, when the project was archived meanwhile; for a destroy, when nothing is deployed.
   */
  create(input: NewDeployment): Promise<DeploymentRecord>;
  get(id: string): Promise<DeploymentRecord | null>;
  /** The deployment if it belongs to `ownerId`; otherwise null (never reveal it exists). */
  getOwned(ownerId: string, id: string): Promise<DeploymentRecord | null>;
  /** A project's deployments, newest first. */
  list(projectId: string, limit: number, startKey?: CursorKey): Promise<DeploymentPage>;
  /** pending | in_progress -> in_progress (a resume runs an unfinished one again), with a log line. False when it has ended. */
  markInProgress(id: string, message: string, now: Date): Promise<boolean>;
  /** Appends a line (concurrent writers never lose each other's); only while unfinished and within the store's bound. False when dropped. */
  appendLog(id: string, level: DeploymentLogLevel, message: string, now: Date): Promise<boolean>;
  /** in_progress -> succeeded, together with the project's active deployment and address, the lock and the pending mark. False when no longer in progress. */
  succeed(record: Pick<DeploymentRecord, 'id' | 'projectId' | 'ownerId'>, apiBaseUrl: string, now: Date): Promise<boolean>;
  /** in_progress -> destroyed, together with clearing the project's active deployment and address, the lock and the pending mark. False when no longer in progress. */
  destroyed(record: Pick<DeploymentRecord, 'id' | 'projectId' | 'ownerId'>, now: Date, kept?: readonly RetainedResource[]): Promise<boolean>;
  /** pending | in_progress -> failed with an error line, releasing the lock and the pending mark. False when it had already ended. */
  fail(record: Pick<DeploymentRecord, 'id' | 'projectId'>, message: string, now: Date): Promise<boolean>;
  /** Deployments that were unfinished when the service stopped. */
  pending(): Promise<string[]>;
  /**
   * How many projects have their stack deployed (counted by `succeed` and `destroyed`): what the
   * account's quotas are compared with. A project deployed before this count existed is counted
   * from its next deploy.
   */
  deployedProjectCount(): Promise<number>;
}
