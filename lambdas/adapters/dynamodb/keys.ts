/**
 * THE keys of the control-plane table's items: every PK/SK (and GSI1PK/GSI1SK) the repositories
 * in this folder use is spelled here and nowhere else (ARCHITECTURE.md lists them;
 * test/unit/key-modules.test.ts holds lambdas/ and local/ to it).
 * Numbers in sort keys are zero-padded so they sort as numbers.
 */
export const keys = {
  project: (projectId: string) => ({ PK: `PROJECT#${projectId}`, SK: 'PROJECT' }),
  /** GSI1 list of a user's projects with one status. */
  ownerProjects: (ownerId: string, status: string) => `OWNER#${ownerId}#PROJECTS#${status}`,
  specVersion: (projectId: string, version: number) => ({ PK: `PROJECT#${projectId}`, SK: `SPEC#${String(version).padStart(8, '0')}` }),
  specPrefix: 'SPEC#',
  /** `<sentAt>#<seq>-<id>`: a conversation lists in the order its messages were written. */
  chatMessage: (projectId: string, sentAt: string, seq: number, id: string) => ({ PK: `PROJECT#${projectId}`, SK: `MSG#${sentAt}#${seq}-${id}` }),
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
  /** Present while the project's stack is deployed (written by deploys since issue 28): what the account's quotas count. */
  deployedProject: (projectId: string) => ({ PK: 'PROJECTS#DEPLOYED', SK: projectId }),
  /** How many deployedProject items there are: changed in the same transaction as each one. */
  deployedProjectCount: { PK: 'PROJECTS#DEPLOYED#COUNT', SK: 'COUNT' },
  projectPartition: (projectId: string) => `PROJECT#${projectId}`,
  userPartition: (userId: string) => `USER#${userId}`,
  blueprint: (blueprintId: string) => ({ PK: `BLUEPRINT#${blueprintId}`, SK: 'BLUEPRINT' }),
  /** What a generation step produced (the parsed spec, the IR), one item each. */
  blueprintPart: (blueprintId: string, name: string) => ({ PK: `BLUEPRINT#${blueprintId}`, SK: `PART#${name}` }),
  /** GSI1 list of a project's blueprints. */
  projectBlueprints: (projectId: string) => `PROJECT#${projectId}#BLUEPRINTS`,
  /** Present while a generation runs: a restart resumes these. */
  pendingGeneration: (blueprintId: string) => ({ PK: 'GENERATION#PENDING', SK: blueprintId }),
  pendingGenerationsPartition: 'GENERATION#PENDING',
  /** GSI1SK of every GSI1 list (projects, blueprints, deployments): creation order, ties broken by id. */
  listOrder: (createdAt: string, id: string) => `${createdAt}#${id}`,
  /** An outgoing endpoint of a project (its secret lives in EndpointSecrets; the item keeps its reference). */
  endpoint: (projectId: string, name: string) => ({ PK: `PROJECT#${projectId}`, SK: `ENDPOINT#${name}` }),
  endpointPrefix: 'ENDPOINT#',
  /** A service secret (the cursor key). */
  secret: (name: string) => ({ PK: `SECRET#${name}`, SK: 'SECRET' }),
  /** One rate counter: a hashed subject, one item per window length and start (rate-limit-store.ts). */
  rateCounter: (category: string, subjectHash: string, windowSeconds: number, windowStart: number) => ({
    PK: `RATE#${category}#${subjectHash}`,
    SK: `W${windowSeconds}#${windowStart}`,
  }),
} as const;
