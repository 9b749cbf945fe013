/**
 * The deployer port: makes a completed blueprint a running API, and takes it down again. On AWS
 * it will be a CloudFormation stack per project; locally, the local project host
 * (local/project-host.ts) creates the project's table, bucket and identity pool on the
 * local stand-ins, stores the blueprint where the runtime reads it, and mounts the prebuilt
 * runtime at `/apis/<projectId>` on the local gateway.
 */
import type { BlueprintIR } from '../core/blueprint/ir';
import type { DeployPreview, PreviewChange } from '../core/deploy/deploy-preview';
import type { RetainedResource } from './project-stacks';

export type DeploymentLogLevel = 'info' | 'warn' | 'error';

export interface DeployInput {
  readonly projectId: string;
  readonly deploymentId: string;
  readonly blueprintId: string;
  readonly ir: BlueprintIR;
  /**
   * Deploy even though changes lose data. The route refused such a deploy without it (409
   * DATA_LOSS); the deployer checks again when it runs, as the data may have changed since.
   */
  readonly allowDataLoss: boolean;
  /** Appends a line to the deployment's logs (`GET /deployments/{id}`). */
  readonly log: (level: DeploymentLogLevel, message: string) => Promise<void>;
}

export interface DestroyInput {
  readonly projectId: string;
  readonly deploymentId: string;
  /** Remove the project's table, bucket and user pool too; otherwise they are kept for a later deploy to find again. */
  readonly deleteData: boolean;
  readonly log: (level: DeploymentLogLevel, message: string) => Promise<void>;
}

export interface DestroyResult {
  /**
   * What the destroy kept in the account (a table, bucket and user pool by physical id) for a
   * later deploy to import again; none where the deployer finds kept data by name (locally).
   */
  readonly kept: readonly RetainedResource[];
}

export interface DeployResult {
  /**
   * Where the API answers. A path (`/apis/<projectId>`) means "on the control plane's own
   * address": it is stored as a path and answered as a full URL built from the address the
   * server answers on now (CONTRACT "Local mode only"), so a restart on another port stays right.
   */
  readonly apiBaseUrl: string;
}

export interface PreviewInput {
  readonly projectId: string;
  readonly ir: BlueprintIR;
}

export interface ProjectDeployer {
  /** Idempotent: deploying the same deployment again (a resume after a restart) converges. */
  deploy(input: DeployInput): Promise<DeployResult>;
  /**
   * What deploying `ir` would change (the dry run of `POST /projects/{id}/validate`): the
   * template of `ir` against the template of the blueprint the project runs now (none before
   * its first deploy), and what that does to the records stored (deploy-preview.ts), each change
   * marked destructive or not. Changes nothing.
   */
  preview(input: PreviewInput): Promise<DeployPreview>;
  /**
   * The changes of the preview that lose data, which the deploy and rollback routes refuse
   * without `allowDataLoss` (409 DATA_LOSS). May skip what only the preview's listing needs
   * (nothing deployed and no data kept: nothing can be lost).
   */
  dataLoss(input: PreviewInput): Promise<readonly PreviewChange[]>;
  /**
   * Takes the project's API down (its address answers 404 NOT_DEPLOYED), keeping its data unless
   * `deleteData`; the logs say what was kept and how to remove it. Idempotent: destroying what is
   * already gone (a resume after a restart) converges.
   */
  destroy(input: DestroyInput): Promise<DestroyResult>;
}
