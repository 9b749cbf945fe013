/**
 * Keys of the control-plane table's items, in one place (ARCHITECTURE.md lists them).
 * Numbers in sort keys are zero-padded so they sort as numbers.
 */
export const keys = {
  project: (projectId: string) => ({ PK: `PROJECT#${projectId}`, SK: 'PROJECT' }),
  /** GSI1 list of a user's projects with one status. */
  ownerProjects: (ownerId: string, status: string) => `OWNER#${ownerId}#PROJECTS#${status}`,
  specVersion: (projectId: string, version: number) => ({ PK: `PROJECT#${projectId}`, SK: `SPEC#${String(version).padStart(8, '0')}` }),
  specPrefix: 'SPEC#',
  chatMessage: (projectId: string, sortKey: string) => ({ PK: `PROJECT#${projectId}`, SK: `MSG#${sortKey}` }),
  chatPrefix: 'MSG#',
  profile: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  usageRecord: (userId: string, createdAt: string, id: string) => ({ PK: `USER#${userId}`, SK: `USAGE#${createdAt}#${id}` }),
  usagePrefix: 'USAGE#',
  deployment: (deploymentId: string) => ({ PK: `DEPLOYMENT#${deploymentId}`, SK: 'DEPLOYMENT' }),
  /** GSI1 list of a project's deployments (GSI1SK `<createdAt>#<id>`: newest first when read backwards). */
  projectDeployments: (projectId: string) => `PROJECT#${projectId}#DEPLOYMENTS`,
  /** Present while a deployment of the project is pending or in progress: the one-at-a-time lock. */
  deploymentLock: (projectId: string) => ({ PK: `PROJECT#${projectId}`, SK: 'DEPLOYMENT_LOCK' }),
  /** Present while a deployment is unfinished: a restart resumes these. */
  pendingDeployment: (deploymentId: string) => ({ PK: 'DEPLOYMENTS#PENDING', SK: deploymentId }),
  pendingDeploymentsPartition: 'DEPLOYMENTS#PENDING',
  projectPartition: (projectId: string) => `PROJECT#${projectId}`,
  userPartition: (userId: string) => `USER#${userId}`,
} as const;
