/**
 * The ports and facts a generated project's runtime works with (types only: the actions import
 * this, never an adapter). composition-root.ts builds them, once per cold start on AWS and once
 * per mounted project locally, and derives the route manifest from the deployed blueprint there.
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Clock } from '../core/clock';
import type { BlueprintIR } from '../core/blueprint/ir';
import { projectApi, type ProjectApi, type ProjectRoute } from '../core/blueprint/project-routes';
import type { AdminIdentityPort } from '../ports/identity';
import type { RecordStore } from '../ports/record-store';
import type { FileStorage } from '../ports/file-storage';
import type { AccessTokenVerifier } from '../shared/access-token-verifier';
import type { MembershipStore } from '../ports/membership';
import type { FileGrantStore } from '../ports/file-grant-store';
import type { RateLimiter } from '../ports/rate-limiter';
import type { DurableExecutions } from '../ports/durable-executions';
import type { WorkflowInstanceStore } from '../ports/workflow-instances';
import type { EventJobQueue } from '../ports/event-jobs';
import type { WebhookStore } from '../ports/webhooks';
import type { EventRunStore } from '../ports/event-runs';
import type { AccessPolicy } from './access-policy';
import type { WorkflowStarter } from './workflows/workflow-starter';

/** What the workflow routes drive: the instances, their durable executions and the one way to start one. */
export interface WorkflowRuntime {
  readonly instances: WorkflowInstanceStore;
  readonly executions: DurableExecutions;
  readonly starter: WorkflowStarter;
  /** Signs the instance lists' cursors (the project's cursor key). */
  readonly cursorSecret: string;
}

/** What the webhook routes drive (composition-webhooks.ts `webhookRuntime`). */
export interface WebhookRuntime {
  readonly store: WebhookStore;
  /** Where redeliveries are queued (the deliveries' own queue). */
  readonly queue: EventJobQueue;
  /** Why a subscription may not use `url` (not https, a private or metadata address, also once resolved), or null. */
  readonly urlProblem: (url: string) => Promise<string | null>;
  /** Signs the delivery lists' cursors (the project's cursor key). */
  readonly cursorSecret: string;
}

/** What the event routes drive (`/admin/events/failures`): the runs and the queue a retry goes through. */
export interface EventRuntime {
  readonly runs: EventRunStore;
  readonly queue: EventJobQueue;
  /** Signs the failure list's cursors (the project's cursor key). */
  readonly cursorSecret: string;
}

export interface RuntimeServices {
  readonly projectId: string;
  readonly ir: BlueprintIR;
  /** The route manifest and schemas derived from `ir` (project-routes.ts). */
  readonly api: ProjectApi;
  /** Manifest routes by API Gateway route key (`GET /v1/tasks/{id}`). */
  readonly routes: ReadonlyMap<string, ProjectRoute>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly verifyAccessToken: AccessTokenVerifier;
  readonly identity: AdminIdentityPort;
  readonly records: RecordStore;
  readonly members: MembershipStore;
  readonly grants: FileGrantStore;
  readonly files: FileStorage;
  /** Counters of the auth routes' rate limits, in the project's own table (auth-rate-limit.ts). */
  readonly rateLimiter: RateLimiter;
  /** Where tenancy and ownership are enforced (access-policy.ts; always ENFORCED_ACCESS in the product). */
  readonly access: AccessPolicy;
  /** Absent: this deployment runs no workflow engine, and the workflow routes answer 501. */
  readonly workflows?: WorkflowRuntime;
  /** Absent: this deployment has no event-job queue, and the event failure routes answer 501. */
  readonly events?: EventRuntime;
  /** Absent: this deployment runs no event-job queue, and the webhook routes answer 501. */
  readonly webhooks?: WebhookRuntime;
}

export const routeKeyOf = (route: Pick<ProjectRoute, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/** The manifest of a blueprint, keyed for the handler. */
export function manifestOf(ir: BlueprintIR): Pick<RuntimeServices, 'api' | 'routes'> {
  const api = projectApi(ir);
  return { api, routes: new Map(api.routes.map((route) => [routeKeyOf(route), route])) };
}
