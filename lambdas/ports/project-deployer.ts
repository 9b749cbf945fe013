/**
 * The deployer port: makes a completed blueprint a running API. On AWS it will be a
 * CloudFormation stack per project (the next issue); locally, the local project host
 * (local/project-host.ts) creates the project's table, bucket and identity pool on the
 * local stand-ins, stores the blueprint where the runtime reads it, and mounts the prebuilt
 * runtime at `/apis/<projectId>` on the local gateway.
 */
import type { BlueprintIR } from '../core/blueprint/ir';
import type { TemplatePreview } from '../core/deploy/template-diff';

export type DeploymentLogLevel = 'info' | 'warn' | 'error';

export interface DeployInput {
  readonly projectId: string;
  readonly deploymentId: string;
  readonly blueprintId: string;
  readonly ir: BlueprintIR;
  /** Appends a line to the deployment's logs (`GET /deployments/{id}`). */
  readonly log: (level: DeploymentLogLevel, message: string) => Promise<void>;
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
   * What deploying `ir` would change in the project's stack (the dry run of `POST
   * /projects/{id}/validate`): the template of `ir` against the template of the blueprint the
   * project runs now (none before its first deploy). Changes nothing.
   */
  preview(input: PreviewInput): Promise<TemplatePreview>;
}
