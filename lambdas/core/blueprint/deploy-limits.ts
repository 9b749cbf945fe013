/**
 * AWS limits a deployed project must fit, checked when a blueprint is validated (so a user
 * learns it before a deploy fails) and relied on by the project stack (lib/project).
 */
export const DEPLOY_LIMITS = {
  /** API Gateway HTTP API: routes per API, default quota (adjustable through Service Quotas). */
  routesPerHttpApi: 300,
  /** CloudFormation: resources per stack (hard limit; CDK refuses more at synth). */
  resourcesPerStack: 500,
  /**
   * Resources of a project stack that do not grow with the blueprint (lib/project/project-stack.ts;
   * its test pins this number): table, bucket and policy, pool, client, trigger and runtime
   * functions with roles, log groups and permissions, API, stage, access logs, integration, the
   * `$default` route, the blueprint custom resource with its function, role and log group,
   * CDKMetadata (23); and ProjectEvents (14, lib/project/project-events.ts): the event-job queue,
   * its dead-letter queue and the stream's failure queue, each with its TLS-only policy, the stream
   * and event-jobs functions with their roles and log groups, and their two event source mappings
   * (37); and the operations alarms (6, lib/project/project-operations.ts): three alarms, and the
   * alarm topic with its policy and KMS key that a stack deployed on its own makes. A stack the
   * control plane deploys notifies the control plane's topic (3 fewer resources), or has no
   * alarms at all (6 fewer): counting the largest keeps the limit check on the safe side.
   */
  projectStackFixedResources: 43,
  /**
   * What a blueprint with workflows adds (lib/project/project-workflows.ts; its test pins it): the
   * durable workflow function with its role, policies, log group, version and alias, the
   * execution-ends function with its role, log group, rule and invoke permission, and the failure
   * queue of the rule with its policy.
   */
  projectWorkflowResources: 13,
  /**
   * What a blueprint with scheduled jobs adds once (lib/project/project-events.ts): the schedules
   * function with its role and log group, and the role EventBridge Scheduler invokes it with.
   */
  projectScheduleResources: 4,
  /** And per scheduled job: its EventBridge Scheduler schedule. */
  projectResourcesPerSchedule: 1,
} as const;

/** What makes a project stack larger than its fixed resources. */
export interface ProjectStackShape {
  /** The routes of the project's manifest (the `$default` route is one of the fixed resources). */
  readonly manifestRoutes: number;
  readonly hasWorkflows: boolean;
  /** The blueprint's scheduled jobs. */
  readonly schedules: number;
}

/** THE count of a project stack's resources (CloudFormation allows DEPLOY_LIMITS.resourcesPerStack). */
export function projectStackResources(shape: ProjectStackShape): number {
  return (
    DEPLOY_LIMITS.projectStackFixedResources +
    shape.manifestRoutes +
    (shape.hasWorkflows ? DEPLOY_LIMITS.projectWorkflowResources : 0) +
    (shape.schedules > 0 ? DEPLOY_LIMITS.projectScheduleResources + shape.schedules * DEPLOY_LIMITS.projectResourcesPerSchedule : 0)
  );
}
