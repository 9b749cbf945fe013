/**
 * THE route manifest of the control plane: one entry per route. From it come
 *  - the API Gateway routes and one Lambda per route (lib/control-plane/control-plane-api.ts),
 *  - the local gateway's routing (local/gateway.ts),
 *  - the control plane's OpenAPI document (lambdas/control-plane/openapi.ts),
 *  - each handler's validation, auth and rate category (lambdas/shared/route-handler.ts).
 * Adding a route is one entry here plus its handler file
 * `lambdas/control-plane/handlers/<kebab-case id>.lambda.ts`.
 */
import type * as z from 'zod';
import { kebabCase } from '../core/text/case';
import * as s from './schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Rate categories of CONTRACT.md ("Rate limits"); `null` routes are not limited. */
export type RateCategory = 'auth' | 'project' | 'generation' | 'deployment';
/** DynamoDB actions a route's Lambda may call on the control-plane table (least privilege). */
export type DynamoAction = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Query' | 'ConditionCheckItem';
/** Secrets Manager actions a route may call on the endpoint secrets (`bgs/endpoints/*`, core/outgoing/endpoint.ts). */
export type EndpointSecretAction = 'CreateSecret' | 'DeleteSecret';

export interface RouteDefinition {
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/projects/{id}`. */
  readonly path: string;
  readonly summary: string;
  readonly tag: 'Service' | 'Auth' | 'Projects' | 'Specs' | 'Blueprints' | 'Deployments' | 'Artifacts' | 'Usage' | 'Endpoints';
  /** `public`: no token; `user`: a verified control-plane access token. */
  readonly auth: 'public' | 'user';
  readonly rate: RateCategory | null;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** Present only on routes that take a JSON body: body parsing runs only there. */
  readonly body?: z.ZodType;
  /**
   * The body may be left out (every field of it is optional): an empty body reads as `{}`,
   * so `POST .../deploy` works without one. A body that is sent is still parsed and checked.
   */
  readonly bodyOptional?: boolean;
  readonly success: {
    readonly status: number;
    readonly description: string;
    readonly schema?: z.ZodType;
    /** Media types of a non-JSON answer (documents), for the OpenAPI. */
    readonly mediaTypes?: readonly string[];
  };
  /** Error statuses this route can answer besides the common ones (documented in the OpenAPI). */
  readonly errors: readonly number[];
  /** DynamoDB actions of the handler itself; rate-limited routes also get UpdateItem. */
  readonly dynamo: readonly DynamoAction[];
  /** The route calls the spec author (a language model on AWS): it may invoke the model. */
  readonly usesModel?: boolean;
  /**
   * The route calls Cognito as the app client for its caller (signup, confirm, login, refresh,
   * forgot and reset password): it hands Cognito the caller's context (shared/caller-context.ts;
   * its header is in the OpenAPI) and, on AWS, may read the client's secret
   * (cognito-idp:DescribeUserPoolClient on the pool), which Cognito needs to take the caller's address.
   */
  readonly appClient?: boolean;
  /** The route starts blueprint generations (Step Functions on AWS). */
  readonly startsGeneration?: boolean;
  /**
   * The route starts the spec writer (version 1 written by a language model in the background):
   * on AWS it invokes the writer function asynchronously (spec-writing/spec-writer-function.ts).
   */
  readonly startsSpecWriter?: boolean;
  /** The route starts deployments (the deployment state machine on AWS). */
  readonly startsDeployment?: boolean;
  /**
   * The route previews a deploy (the deployer's preview or data-loss check): on AWS it invokes the
   * synthesis function and reads project stacks and project tables.
   */
  readonly previewsStacks?: boolean;
  /** The route writes endpoint secrets: on AWS exactly these Secrets Manager actions on the `bgs/endpoints/` names. */
  readonly endpointSecrets?: readonly EndpointSecretAction[];
}

/**
 * The DynamoDB actions a route may call on the control-plane table: exactly its `dynamo` list,
 * plus UpdateItem when it is rate limited (the limiter is an atomic counter: `ADD count :one`).
 * Sorted and without duplicates. Its IAM policy (lib/control-plane/route-function.ts) and, locally,
 * its client's guard (table-action-guard.ts) are both made from this.
 */
export function routeTableActions(route: Pick<RouteDefinition, 'dynamo' | 'rate'>): string[] {
  const actions = new Set<string>(route.dynamo);
  if (route.rate !== null) actions.add('UpdateItem');
  return [...actions].sort();
}

/** The handler of the API's `$default` route (404 / 405 for requests no route takes), outside the manifest. */
export const UNMATCHED_ROUTE_HANDLER_FILE = 'lambdas/control-plane/unmatched-route.lambda.ts';

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
    errors: [400, 409, 429, 503], dynamo: ['UpdateItem'], appClient: true,
  }),
  confirmSignUp: route({
    id: 'confirmSignUp', method: 'POST', path: '/auth/confirm', tag: 'Auth', summary: 'Confirm an account with the emailed code',
    auth: 'public', rate: 'auth', body: s.ConfirmRequest,
    success: { status: 200, description: 'Account confirmed', schema: s.MessageResponse },
    errors: [400, 429], dynamo: [], appClient: true,
  }),
  login: route({
    id: 'login', method: 'POST', path: '/auth/login', tag: 'Auth', summary: 'Sign in with email and password',
    auth: 'public', rate: 'auth', body: s.LoginRequest,
    success: { status: 200, description: 'Tokens', schema: s.TokensResponse },
    errors: [400, 401, 403, 429], dynamo: [], appClient: true,
  }),
  refresh: route({
    id: 'refresh', method: 'POST', path: '/auth/refresh', tag: 'Auth', summary: 'Exchange a refresh token for a new access token',
    auth: 'public', rate: 'auth', body: s.RefreshRequest,
    success: { status: 200, description: 'New tokens', schema: s.RefreshResponse },
    errors: [400, 401, 429], dynamo: [], appClient: true,
  }),
  forgotPassword: route({
    id: 'forgotPassword', method: 'POST', path: '/auth/forgot-password', tag: 'Auth', summary: 'Email a password reset code',
    auth: 'public', rate: 'auth', body: s.ForgotPasswordRequest,
    success: { status: 202, description: 'A code is sent if the account exists', schema: s.MessageResponse },
    errors: [400, 429, 503], dynamo: [], appClient: true,
  }),
  resetPassword: route({
    id: 'resetPassword', method: 'POST', path: '/auth/reset-password', tag: 'Auth', summary: 'Set a new password with the emailed code',
    auth: 'public', rate: 'auth', body: s.ResetPasswordRequest,
    success: { status: 200, description: 'Password changed', schema: s.MessageResponse },
    errors: [400, 429], dynamo: [], appClient: true,
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
    id: 'createProject', method: 'POST', path: '/projects', tag: 'Projects',
    summary:
      'Create a project from a description. Its spec version 1 is written from the description: by the offline author with the project (specStatus `ready`); ' +
      'by a language model after it, as it may need longer than a request lasts (specStatus `writing`, then `ready` or `failed`: poll GET /projects/{projectId})',
    auth: 'user', rate: 'project', body: s.CreateProjectRequest,
    success: { status: 201, description: 'The project', schema: s.Project },
    // The offline author writes version 1 in the request; a model never does (the writer function calls it), so no usesModel.
    errors: [400, 401, 429, 503], dynamo: ['PutItem', 'UpdateItem'], startsSpecWriter: true,
  }),
  getProject: route({
    id: 'getProject', method: 'GET', path: '/projects/{projectId}', tag: 'Projects', summary: 'Read a project',
    auth: 'user', rate: 'project', params: s.ProjectIdParams,
    success: { status: 200, description: 'The project', schema: s.Project },
    errors: [401, 404, 429], dynamo: ['GetItem'],
  }),
  updateProject: route({
    id: 'updateProject', method: 'PATCH', path: '/projects/{projectId}', tag: 'Projects', summary: 'Rename a project or change its description',
    auth: 'user', rate: 'project', params: s.ProjectIdParams, body: s.UpdateProjectRequest,
    success: { status: 200, description: 'The updated project', schema: s.Project },
    errors: [400, 401, 404, 409, 429], dynamo: ['UpdateItem'],
  }),
  archiveProject: route({
    id: 'archiveProject', method: 'DELETE', path: '/projects/{projectId}', tag: 'Projects', summary: 'Archive a project (it stays readable)',
    auth: 'user', rate: 'project', params: s.ProjectIdParams,
    success: { status: 200, description: 'The archived project', schema: s.Project },
    // ConditionCheckItem: no deployment of the project may be running while it is archived (a deployed one is refused: 409).
    errors: [401, 404, 409, 429], dynamo: ['GetItem', 'UpdateItem', 'ConditionCheckItem'],
  }),
  getSpec: route({
    id: 'getSpec', method: 'GET', path: '/projects/{projectId}/spec', tag: 'Specs', summary: 'The latest saved spec of a project',
    auth: 'user', rate: 'project', params: s.ProjectIdParams,
    success: { status: 200, description: 'The spec and its project', schema: s.SpecResponse },
    // 409 NOT_READY while version 1 is being written, or after writing it failed.
    errors: [401, 404, 409, 429], dynamo: ['GetItem'],
  }),
  chatSpec: route({
    id: 'chatSpec', method: 'POST', path: '/projects/{projectId}/spec/chat', tag: 'Specs',
    summary: 'Ask the assistant for a change: answers a draft (nothing is saved; both messages join the conversation)',
    auth: 'user', rate: 'project', params: s.ProjectIdParams, body: s.ChatRequest,
    success: { status: 200, description: 'A draft of the changed spec', schema: s.ChatDraft },
    errors: [400, 401, 404, 409, 429, 503], dynamo: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], usesModel: true,
  }),
  applySpec: route({
    id: 'applySpec', method: 'POST', path: '/projects/{projectId}/spec/apply', tag: 'Specs',
    summary: 'Save a spec (canonical Markdown) as the next version',
    auth: 'user', rate: 'project', params: s.ProjectIdParams, body: s.ApplyRequest,
    success: { status: 201, description: 'The new version', schema: s.ApplyResponse },
    errors: [400, 401, 404, 409, 422, 429], dynamo: ['GetItem', 'PutItem', 'UpdateItem', 'ConditionCheckItem'],
  }),
  chatHistory: route({
    id: 'chatHistory', method: 'GET', path: '/projects/{projectId}/spec/chat/history', tag: 'Specs',
    summary: "The project's conversation, oldest first (the latest `limit` messages)",
    auth: 'user', rate: 'project', params: s.ProjectIdParams, query: s.ChatHistoryQuery,
    success: { status: 200, description: 'The conversation', schema: s.ChatHistory },
    errors: [400, 401, 404, 429], dynamo: ['GetItem', 'Query'],
  }),
  postChatMessage: route({
    id: 'postChatMessage', method: 'POST', path: '/projects/{projectId}/spec/chat/message', tag: 'Specs',
    summary: 'Add a message to the conversation (e.g. an assistant note from another tool)',
    auth: 'user', rate: 'project', params: s.ProjectIdParams, body: s.PostChatMessageRequest,
    success: { status: 201, description: 'The stored message', schema: s.PostChatMessageResponse },
    errors: [400, 401, 404, 409, 429], dynamo: ['GetItem', 'PutItem'],
  }),
  listSpecVersions: route({
    id: 'listSpecVersions', method: 'GET', path: '/projects/{projectId}/spec/versions', tag: 'Specs',
    summary: 'Saved versions, newest first (without their content)',
    auth: 'user', rate: 'project', params: s.ProjectIdParams, query: s.ListSpecVersionsQuery,
    success: { status: 200, description: 'A page of versions', schema: s.SpecVersionList },
    errors: [400, 401, 404, 409, 429], dynamo: ['GetItem', 'Query', 'PutItem'],
  }),
  getSpecVersion: route({
    id: 'getSpecVersion', method: 'GET', path: '/projects/{projectId}/spec/versions/{version}', tag: 'Specs',
    summary: 'One saved version with its content',
    auth: 'user', rate: 'project', params: s.SpecVersionParams,
    success: { status: 200, description: 'The version', schema: s.Spec },
    errors: [400, 401, 404, 409, 429], dynamo: ['GetItem'],
  }),
  generateBlueprint: route({
    id: 'generateBlueprint', method: 'POST', path: '/projects/{projectId}/spec/generate-blueprint', tag: 'Blueprints',
    summary: 'Start generating a blueprint from the latest saved spec (asynchronous: poll statusUrl)',
    auth: 'user', rate: 'generation', params: s.ProjectIdParams,
    success: { status: 202, description: 'Generation started', schema: s.GenerationStarted },
    errors: [401, 404, 409, 429], dynamo: ['GetItem', 'PutItem'], startsGeneration: true,
  }),
  generationStatus: route({
    id: 'generationStatus', method: 'GET', path: '/projects/{projectId}/spec/generation-status/{blueprintId}', tag: 'Blueprints',
    summary: 'Status of a blueprint generation', auth: 'user', rate: 'project', params: s.GenerationStatusParams,
    success: { status: 200, description: 'The status', schema: s.GenerationStatus },
    errors: [401, 404, 429], dynamo: ['GetItem'],
  }),
  createBlueprintFromPrompt: route({
    id: 'createBlueprintFromPrompt', method: 'POST', path: '/projects/{projectId}/blueprints', tag: 'Blueprints',
    summary: 'Apply a prompt to the spec as a chat edit, save it as the next version, and start generating',
    auth: 'user', rate: 'generation', params: s.ProjectIdParams, body: s.PromptRequest,
    success: { status: 202, description: 'Generation started', schema: s.GenerationStarted },
    errors: [400, 401, 404, 409, 422, 429, 503], dynamo: ['GetItem', 'PutItem', 'UpdateItem', 'Query'], usesModel: true, startsGeneration: true,
  }),
  getBlueprint: route({
    id: 'getBlueprint', method: 'GET', path: '/blueprints/{blueprintId}', tag: 'Blueprints',
    summary: 'A blueprint with its intermediate representation inline', auth: 'user', rate: 'project', params: s.BlueprintIdParams,
    success: { status: 200, description: 'The blueprint', schema: s.Blueprint },
    errors: [401, 404, 429], dynamo: ['GetItem'],
  }),
  blueprintStatus: route({
    id: 'blueprintStatus', method: 'GET', path: '/blueprints/{blueprintId}/status', tag: 'Blueprints',
    summary: 'Status of a blueprint generation (the statusUrl)', auth: 'user', rate: 'project', params: s.BlueprintIdParams,
    success: { status: 200, description: 'The status', schema: s.GenerationStatus },
    errors: [401, 404, 429], dynamo: ['GetItem'],
  }),
  validateBlueprint: route({
    id: 'validateBlueprint', method: 'POST', path: '/blueprints/{blueprintId}/validate', tag: 'Blueprints',
    summary: 'Validate a blueprint again and store the report', auth: 'user', rate: 'project', params: s.BlueprintIdParams,
    success: { status: 200, description: 'The validation report', schema: s.ValidationReport },
    errors: [401, 404, 409, 429], dynamo: ['GetItem', 'UpdateItem'],
  }),
  validationReport: route({
    id: 'validationReport', method: 'GET', path: '/blueprints/{blueprintId}/validation-report', tag: 'Blueprints',
    summary: 'The last validation report of a blueprint', auth: 'user', rate: 'project', params: s.BlueprintIdParams,
    success: { status: 200, description: 'The validation report', schema: s.ValidationReport },
    errors: [401, 404, 409, 429], dynamo: ['GetItem'],
  }),
  openApiArtifact: route({
    id: 'openApiArtifact', method: 'GET', path: '/projects/{projectId}/artifacts/openapi', tag: 'Artifacts',
    summary: "The project API's OpenAPI 3.0 description (JSON; ?format=yaml for YAML)",
    auth: 'user', rate: 'project', params: s.ProjectIdParams, query: s.OpenApiQuery,
    success: { status: 200, description: 'OpenAPI 3.0 document', mediaTypes: ['application/json', 'application/yaml'] },
    errors: [400, 401, 404, 409, 429], dynamo: ['GetItem'],
  }),
  openApiYamlArtifact: route({
    id: 'openApiYamlArtifact', method: 'GET', path: '/projects/{projectId}/artifacts/openapi.yaml', tag: 'Artifacts',
    summary: "The project API's OpenAPI 3.0 description as YAML", auth: 'user', rate: 'project', params: s.ProjectIdParams,
    success: { status: 200, description: 'OpenAPI 3.0 document (YAML)', mediaTypes: ['application/yaml'] },
    errors: [401, 404, 409, 429], dynamo: ['GetItem'],
  }),
  designDocArtifact: route({
    id: 'designDocArtifact', method: 'GET', path: '/projects/{projectId}/artifacts/design-doc', tag: 'Artifacts',
    summary: 'The design document (Markdown)', auth: 'user', rate: 'project', params: s.ProjectIdParams,
    success: { status: 200, description: 'Design document', mediaTypes: ['text/markdown'] },
    errors: [401, 404, 409, 429], dynamo: ['GetItem'],
  }),
  cdkArtifact: route({
    id: 'cdkArtifact', method: 'GET', path: '/projects/{projectId}/artifacts/cdk', tag: 'Artifacts',
    summary: "A standalone CDK app of the project's stack (zip): its constructs and sources, the blueprint, the prebuilt code, a README and CI",
    auth: 'user', rate: 'project', params: s.ProjectIdParams,
    success: { status: 200, description: 'The CDK app (zip archive)', mediaTypes: ['application/zip'] },
    errors: [401, 404, 409, 429], dynamo: ['GetItem'],
  }),
  sdkPythonArtifact: route({
    id: 'sdkPythonArtifact', method: 'GET', path: '/projects/{projectId}/artifacts/sdk/python', tag: 'Artifacts',
    summary: "A Python client of the project's API (zip): a standard-library package for Python 3.9+ with typed models and one method per operation",
    auth: 'user', rate: 'project', params: s.ProjectIdParams,
    success: { status: 200, description: 'The Python SDK (zip archive); X-BGS-Newer-Blueprint names a completed blueprint not yet deployed', mediaTypes: ['application/zip'] },
    errors: [401, 404, 409, 429], dynamo: ['GetItem'],
  }),
  sdkTypescriptArtifact: route({
    id: 'sdkTypescriptArtifact', method: 'GET', path: '/projects/{projectId}/artifacts/sdk/typescript', tag: 'Artifacts',
    summary: "A TypeScript client of the project's API (zip): an ESM package with declarations, fetch-based, no runtime dependency",
    auth: 'user', rate: 'project', params: s.ProjectIdParams,
    success: { status: 200, description: 'The TypeScript SDK (zip archive); X-BGS-Newer-Blueprint names a completed blueprint not yet deployed', mediaTypes: ['application/zip'] },
    errors: [401, 404, 409, 429], dynamo: ['GetItem'],
  }),
  docsArtifact: route({
    id: 'docsArtifact', method: 'GET', path: '/projects/{projectId}/artifacts/docs', tag: 'Artifacts',
    summary: "The project's interactive API reference (HTML, swagger-ui served by this service: works offline); \"Try it out\" calls the project's address",
    auth: 'user', rate: 'project', params: s.ProjectIdParams,
    success: { status: 200, description: 'The API reference page; X-BGS-Newer-Blueprint names a completed blueprint not yet deployed', mediaTypes: ['text/html'] },
    errors: [401, 404, 409, 429], dynamo: ['GetItem'],
  }),
  docsLinkArtifact: route({
    id: 'docsLinkArtifact', method: 'GET', path: '/projects/{projectId}/artifacts/docs-link', tag: 'Artifacts',
    summary: 'A signed, expiring public address of the API reference, for a browser (which cannot send the bearer token when it opens a link)',
    auth: 'user', rate: 'project', params: s.ProjectIdParams, query: s.DocsLinkQuery,
    success: { status: 200, description: 'The link and when it expires', schema: s.DocsLinkResponse },
    errors: [401, 404, 409, 429], dynamo: ['GetItem', 'PutItem'],
  }),
  sharedDocs: route({
    id: 'sharedDocs', method: 'GET', path: '/docs/{projectId}', tag: 'Artifacts',
    summary: 'The API reference at its signed public address (the url of docs-link): no bearer token, the token in the query instead',
    auth: 'public', rate: 'project', params: s.ProjectIdParams, query: s.SharedDocsQuery,
    success: { status: 200, description: 'The API reference page', mediaTypes: ['text/html'] },
    errors: [403, 404, 409, 429], dynamo: ['GetItem', 'PutItem'],
  }),
  apiReferenceAsset: route({
    id: 'apiReferenceAsset', method: 'GET', path: '/_static/{asset}', tag: 'Artifacts',
    summary: "A script, style sheet or icon of the API reference, public so a browser loads it without the bearer token; names carry their version, so answers are cached for good",
    auth: 'public', rate: null, params: s.StaticAssetParams,
    success: { status: 200, description: 'The file', mediaTypes: ['text/javascript', 'text/css', 'image/png'] },
    errors: [404], dynamo: [],
  }),
  deployProject: route({
    id: 'deployProject', method: 'POST', path: '/projects/{projectId}/deploy', tag: 'Deployments',
    summary: "Deploy a completed blueprint (default: the project's latest) as the project's API (asynchronous: poll statusUrl)",
    auth: 'user', rate: 'deployment', params: s.ProjectIdParams, body: s.DeployRequest, bodyOptional: true,
    success: { status: 202, description: 'Deployment started', schema: s.DeploymentStarted },
    // DeleteItem: a deployment that cannot be started is ended at once, releasing the project's lock.
    errors: [400, 401, 404, 409, 429, 503], dynamo: ['GetItem', 'PutItem', 'ConditionCheckItem', 'UpdateItem', 'DeleteItem'],
    startsDeployment: true, previewsStacks: true,
  }),
  rollbackProject: route({
    id: 'rollbackProject', method: 'POST', path: '/projects/{projectId}/rollback', tag: 'Deployments',
    summary: 'Deploy again the blueprint of an earlier succeeded deployment (default: the one before the active one; asynchronous: poll statusUrl)',
    auth: 'user', rate: 'deployment', params: s.ProjectIdParams, body: s.RollbackRequest, bodyOptional: true,
    success: { status: 202, description: 'Rollback started', schema: s.DeploymentStarted },
    // Query: the project's deployments, newest first, to find the one before the active one.
    errors: [400, 401, 404, 409, 429, 503], dynamo: ['GetItem', 'Query', 'PutItem', 'ConditionCheckItem', 'UpdateItem', 'DeleteItem'],
    startsDeployment: true, previewsStacks: true,
  }),
  destroyProjectStack: route({
    id: 'destroyProjectStack', method: 'DELETE', path: '/projects/{projectId}/stack', tag: 'Deployments',
    summary: "Take the project's API down (its data is kept unless deleteData is true; asynchronous: poll statusUrl)",
    auth: 'user', rate: 'deployment', params: s.ProjectIdParams, body: s.DestroyRequest, bodyOptional: true,
    success: { status: 202, description: 'Destroy started', schema: s.DeploymentStarted },
    // As a deploy: the lock, the deployment and its pending mark in one transaction; DeleteItem ends one that cannot start.
    errors: [400, 401, 404, 409, 429, 503], dynamo: ['GetItem', 'PutItem', 'ConditionCheckItem', 'UpdateItem', 'DeleteItem'],
    startsDeployment: true,
  }),
  previewDeployment: route({
    id: 'previewDeployment', method: 'POST', path: '/projects/{projectId}/validate', tag: 'Deployments',
    summary: "Dry run of a deploy: what deploying a completed blueprint (default: the project's latest) would change in the project's stack; nothing is deployed",
    auth: 'user', rate: 'project', params: s.ProjectIdParams, body: s.PreviewRequest, bodyOptional: true,
    success: { status: 200, description: 'The changes a deploy would make', schema: s.DeploymentPreview },
    errors: [400, 401, 404, 409, 429, 503], dynamo: ['GetItem'], previewsStacks: true,
  }),
  getDeployment: route({
    id: 'getDeployment', method: 'GET', path: '/deployments/{deploymentId}', tag: 'Deployments',
    summary: 'A deployment with its status and logs (the statusUrl)', auth: 'user', rate: 'project', params: s.DeploymentIdParams,
    success: { status: 200, description: 'The deployment', schema: s.Deployment },
    errors: [401, 404, 429], dynamo: ['GetItem'],
  }),
  listDeployments: route({
    id: 'listDeployments', method: 'GET', path: '/projects/{projectId}/deployments', tag: 'Deployments',
    summary: "A project's deployments, newest first (without their logs)",
    auth: 'user', rate: 'project', params: s.ProjectIdParams, query: s.ListDeploymentsQuery,
    success: { status: 200, description: 'A page of deployments', schema: s.DeploymentList },
    errors: [400, 401, 404, 429], dynamo: ['GetItem', 'Query', 'PutItem'],
  }),
  usageMe: route({
    id: 'usageMe', method: 'GET', path: '/usage/me', tag: 'Usage', summary: 'Your language-model usage: calls, tokens, cost',
    auth: 'user', rate: 'project', success: { status: 200, description: 'Totals', schema: s.UsageSummary },
    errors: [401, 429], dynamo: ['GetItem'],
  }),
  usageRecent: route({
    id: 'usageRecent', method: 'GET', path: '/usage/recent', tag: 'Usage', summary: 'Your latest language-model calls, newest first',
    auth: 'user', rate: 'project', query: s.UsageRecentQuery,
    success: { status: 200, description: 'Recent calls', schema: s.UsageRecent },
    errors: [400, 401, 429], dynamo: ['Query'],
  }),
  putEndpoint: route({
    id: 'putEndpoint', method: 'PUT', path: '/projects/{projectId}/endpoints/{name}', tag: 'Endpoints',
    summary: "Create or change an outgoing endpoint (a URL workflow steps call, signed with its secret). Without `secret` a stored one is kept; `secret: null` removes it",
    auth: 'user', rate: 'project', params: s.EndpointParams, body: s.PutEndpointRequest,
    success: { status: 200, description: 'The endpoint (its secret is never answered)', schema: s.Endpoint },
    // Query: a new endpoint is refused past the project's limit. The secret is written before the
    // item names it, and the replaced one deleted after.
    errors: [400, 401, 404, 409, 429, 503], dynamo: ['GetItem', 'Query', 'PutItem'], endpointSecrets: ['CreateSecret', 'DeleteSecret'],
  }),
  listEndpoints: route({
    id: 'listEndpoints', method: 'GET', path: '/projects/{projectId}/endpoints', tag: 'Endpoints',
    summary: "The project's outgoing endpoints, by name (secrets never answered: `hasSecret` says whether one is set)",
    auth: 'user', rate: 'project', params: s.ProjectIdParams,
    success: { status: 200, description: 'The endpoints', schema: s.EndpointList },
    errors: [401, 404, 429], dynamo: ['GetItem', 'Query'],
  }),
  deleteEndpoint: route({
    id: 'deleteEndpoint', method: 'DELETE', path: '/projects/{projectId}/endpoints/{name}', tag: 'Endpoints',
    summary: 'Remove an outgoing endpoint and its secret',
    auth: 'user', rate: 'project', params: s.EndpointParams,
    success: { status: 204, description: 'Removed' },
    errors: [400, 401, 404, 429, 503], dynamo: ['GetItem', 'DeleteItem'], endpointSecrets: ['DeleteSecret'],
  }),
} as const satisfies Record<string, RouteDefinition>;

export type ControlPlaneRouteId = keyof typeof CONTROL_PLANE_ROUTES;
export const CONTROL_PLANE_ROUTE_LIST: readonly RouteDefinition[] = Object.values(CONTROL_PLANE_ROUTES);

/** The handler file of a route, relative to the repository root (esbuild entry, local gateway module). */
export function handlerFile(route: Pick<RouteDefinition, 'id'>): string {
  return `lambdas/control-plane/handlers/${kebabCase(route.id)}.lambda.ts`;
}
