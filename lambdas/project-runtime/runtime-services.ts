/**
 * The ports and facts a generated project's runtime works with, built once per cold start (per
 * mounted project locally). The Lambda entry builds them from its environment
 * (runtime.lambda.ts); the local project host builds them over the local stand-ins. The route
 * manifest is derived from the deployed blueprint here, once, and everything routes from it.
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Clock } from '../core/clock';
import type { BlueprintIR } from '../core/blueprint/ir';
import { projectApi, type ProjectApi, type ProjectRoute } from '../core/blueprint/project-routes';
import type { AdminIdentityPort } from '../ports/identity';
import type { RecordStore } from '../ports/record-store';
import type { FileStorage } from '../ports/file-storage';
import type { AccessTokenVerifier } from '../shared/access-token-verifier';
import type { DynamoMembershipStore } from '../adapters/project-data/membership-store';
import type { DynamoFileGrantStore } from '../adapters/project-data/file-grant-store';
import type { RateLimiter } from '../adapters/dynamodb/rate-limit-store';

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
  readonly members: DynamoMembershipStore;
  readonly grants: DynamoFileGrantStore;
  readonly files: FileStorage;
  /** Counters of the auth routes' rate limits, in the project's own table (auth-rate-limit.ts). */
  readonly rateLimiter: RateLimiter;
  /**
   * TEST-ONLY (never set by product code; the local host sets it only when a test asks through
   * `LocalProjectHost.disableChecksForTest`): `tenancy: false` puts every organization's records
   * under one key prefix and skips the organization comparison; `ownership: false` treats every
   * record as the caller's and drops the owner conditions. The authorization-matrix HTTP test
   * uses them to prove it would notice either check going missing.
   */
  readonly testOnlyChecks?: { readonly tenancy?: boolean; readonly ownership?: boolean };
}

export const routeKeyOf = (route: Pick<ProjectRoute, 'method' | 'path'>): string => `${route.method} ${route.path}`;

/** The manifest of a blueprint, keyed for the handler. */
export function manifestOf(ir: BlueprintIR): Pick<RuntimeServices, 'api' | 'routes'> {
  const api = projectApi(ir);
  return { api, routes: new Map(api.routes.map((route) => [routeKeyOf(route), route])) };
}
