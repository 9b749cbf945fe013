/**
 * THE route manifest of the control plane: one entry per route. From it come
 *  - the API Gateway routes and one Lambda per route (lib/control-plane/control-plane-api.ts),
 *  - the local gateway's routing (lambdas/local/gateway.ts),
 *  - the control plane's OpenAPI document (lambdas/control-plane/openapi.ts),
 *  - each handler's validation, auth and rate category (lambdas/shared/route-handler.ts).
 * Adding a route is one entry here plus its handler file
 * `lambdas/control-plane/handlers/<kebab-case id>.lambda.ts`.
 */
import type { z } from 'zod';
import * as s from './schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Rate categories of CONTRACT.md ("Rate limits"); `null` routes are not limited. */
export type RateCategory = 'auth' | 'project' | 'generation' | 'deployment';
/** DynamoDB actions a route's Lambda may call on the control-plane table (least privilege). */
export type DynamoAction = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Query' | 'ConditionCheckItem';

export interface RouteDefinition {
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/projects/{id}`. */
  readonly path: string;
  readonly summary: string;
  readonly tag: 'Service' | 'Auth' | 'Projects';
  /** `public`: no token; `user`: a verified control-plane access token. */
  readonly auth: 'public' | 'user';
  readonly rate: RateCategory | null;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** Present only on routes that take a JSON body: body parsing runs only there. */
  readonly body?: z.ZodType;
  readonly success: { readonly status: number; readonly description: string; readonly schema?: z.ZodType };
  /** Error statuses this route can answer besides the common ones (documented in the OpenAPI). */
  readonly errors: readonly number[];
  /** DynamoDB actions of the handler itself; rate-limited routes also get UpdateItem. */
  readonly dynamo: readonly DynamoAction[];
}

function route<const R extends RouteDefinition>(definition: R): R {
  return definition;
}

/** Routes that change several items read and write with a transaction (ConditionCheckItem etc.). */
export const CONTROL_PLANE_ROUTES = {
  health: route({
    id: 'health', method: 'GET', path: '/health', tag: 'Service', summary: 'Liveness check',
    auth: 'public', rate: null, success: { status: 200, description: 'The service answers', schema: s.HealthResponse },
    errors: [], dynamo: [],
  }),
  openApi: route({
    id: 'openApi', method: 'GET', path: '/openapi.json', tag: 'Service', summary: "The control plane's own OpenAPI 3.0 document",
    auth: 'public', rate: null, success: { status: 200, description: 'OpenAPI 3.0 document' }, errors: [], dynamo: [],
  }),
  signUp: route({
    id: 'signUp', method: 'POST', path: '/auth/signup', tag: 'Auth', summary: 'Create an account',
    auth: 'public', rate: 'auth', body: s.SignUpRequest,
    success: { status: 201, description: 'Account created', schema: s.SignUpResponse },
    errors: [400, 409, 429], dynamo: ['UpdateItem'],
  }),
  confirmSignUp: route({
    id: 'confirmSignUp', method: 'POST', path: '/auth/confirm', tag: 'Auth', summary: 'Confirm an account with the emailed code',
    auth: 'public', rate: 'auth', body: s.ConfirmRequest,
    success: { status: 200, description: 'Account confirmed', schema: s.MessageResponse },
    errors: [400, 429], dynamo: [],
  }),
  login: route({
    id: 'login', method: 'POST', path: '/auth/login', tag: 'Auth', summary: 'Sign in with email and password',
    auth: 'public', rate: 'auth', body: s.LoginRequest,
    success: { status: 200, description: 'Tokens', schema: s.TokensResponse },
    errors: [400, 401, 403, 429], dynamo: [],
  }),
  refresh: route({
    id: 'refresh', method: 'POST', path: '/auth/refresh', tag: 'Auth', summary: 'Exchange a refresh token for a new access token',
    auth: 'public', rate: 'auth', body: s.RefreshRequest,
    success: { status: 200, description: 'New tokens', schema: s.RefreshResponse },
    errors: [400, 401, 429], dynamo: [],
  }),
  forgotPassword: route({
    id: 'forgotPassword', method: 'POST', path: '/auth/forgot-password', tag: 'Auth', summary: 'Email a password reset code',
    auth: 'public', rate: 'auth', body: s.ForgotPasswordRequest,
    success: { status: 202, description: 'A code is sent if the account exists', schema: s.MessageResponse },
    errors: [400, 429], dynamo: [],
  }),
  resetPassword: route({
    id: 'resetPassword', method: 'POST', path: '/auth/reset-password', tag: 'Auth', summary: 'Set a new password with the emailed code',
    auth: 'public', rate: 'auth', body: s.ResetPasswordRequest,
    success: { status: 200, description: 'Password changed', schema: s.MessageResponse },
    errors: [400, 429], dynamo: [],
  }),
  me: route({
    id: 'me', method: 'GET', path: '/auth/me', tag: 'Auth', summary: 'The signed-in user',
    auth: 'user', rate: 'project', success: { status: 200, description: 'The user', schema: s.MeResponse },
    errors: [401, 429], dynamo: ['GetItem', 'UpdateItem'],
  }),
  listProjects: route({
    id: 'listProjects', method: 'GET', path: '/projects', tag: 'Projects', summary: 'List your projects (active, or archived with ?status=archived)',
    auth: 'user', rate: 'project', query: s.ListProjectsQuery,
    success: { status: 200, description: 'A page of projects', schema: s.ProjectList },
    errors: [400, 401, 429], dynamo: ['Query', 'GetItem', 'PutItem'],
  }),
  createProject: route({
    id: 'createProject', method: 'POST', path: '/projects', tag: 'Projects', summary: 'Create a project from a description',
    auth: 'user', rate: 'project', body: s.CreateProjectRequest,
    success: { status: 201, description: 'The project', schema: s.Project },
    errors: [400, 401, 429], dynamo: ['PutItem'],
  }),
  getProject: route({
    id: 'getProject', method: 'GET', path: '/projects/{id}', tag: 'Projects', summary: 'Read a project',
    auth: 'user', rate: 'project', params: s.ProjectIdParams,
    success: { status: 200, description: 'The project', schema: s.Project },
    errors: [401, 404, 429], dynamo: ['GetItem'],
  }),
  updateProject: route({
    id: 'updateProject', method: 'PATCH', path: '/projects/{id}', tag: 'Projects', summary: 'Rename a project or change its description',
    auth: 'user', rate: 'project', params: s.ProjectIdParams, body: s.UpdateProjectRequest,
    success: { status: 200, description: 'The updated project', schema: s.Project },
    errors: [400, 401, 404, 409, 429], dynamo: ['UpdateItem'],
  }),
  archiveProject: route({
    id: 'archiveProject', method: 'DELETE', path: '/projects/{id}', tag: 'Projects', summary: 'Archive a project (it stays readable)',
    auth: 'user', rate: 'project', params: s.ProjectIdParams,
    success: { status: 200, description: 'The archived project', schema: s.Project },
    errors: [401, 404, 429], dynamo: ['GetItem', 'UpdateItem'],
  }),
} as const satisfies Record<string, RouteDefinition>;

export type ControlPlaneRouteId = keyof typeof CONTROL_PLANE_ROUTES;
export const CONTROL_PLANE_ROUTE_LIST: readonly RouteDefinition[] = Object.values(CONTROL_PLANE_ROUTES);

/** `createProject` -> `create-project`. */
export function kebabCase(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** The handler file of a route, relative to the repository root (esbuild entry, local gateway module). */
export function handlerFile(route: Pick<RouteDefinition, 'id'>): string {
  return `lambdas/control-plane/handlers/${kebabCase(route.id)}.lambda.ts`;
}
