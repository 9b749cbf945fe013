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
   * `$default` route, the blueprint custom resource with its function, role and log group, CDKMetadata.
   */
  projectStackFixedResources: 23,
  /**
   * What a blueprint with workflows adds (lib/project/project-workflows.ts; its test pins it): the
   * durable workflow function with its role, policies, log group, version and alias, the stream
   * function with its role, log group and event source mapping, the execution-ends function with its
   * role, log group, rule and invoke permission, and the failure queue with its policy.
   */
  projectWorkflowResources: 17,
} as const;
