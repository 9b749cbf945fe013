/**
 * Request and response schemas of the control plane. The handlers validate with them and the
 * control plane's OpenAPI document is rendered from them (lambdas/control-plane/openapi.ts),
 * so a field is declared once. Request objects are strict: unknown fields are a 400.
 */
import * as z from 'zod';
import { MAX_CURSOR_LENGTH } from '../core/cursor';
import { DOCS_LINK_LIFETIME_SECONDS } from '../core/api-reference/docs-link-lifetime';
import { ACCOUNT_QUOTA_NAMES, ACCOUNT_QUOTA_WARNING_CODE } from '../core/deploy/account-quotas';
import { ChatMessage, ChatRole, Project, ProjectStatus, Spec, SpecStatus, UsageRecord, timestamp } from '../core/control-plane-records';

// The records the stores keep and the API answers are declared once, in core (ports use them too).
export { ChatMessage, ChatRole, Project, ProjectStatus, Spec, SpecStatus, UsageRecord };
import { MAX_SPEC_BYTES } from '../ports/spec-repository';
import { pathId } from '../shared/middleware/validate-request';
import {
  ENDPOINT_NAME_PATTERN,
  MAX_ENDPOINT_NAME_LENGTH,
  MAX_ENDPOINT_SECRET_LENGTH,
  MAX_ENDPOINT_URL_LENGTH,
  MIN_ENDPOINT_SECRET_LENGTH,
} from '../core/outgoing/endpoint';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

const email = z.email({ error: 'must be a valid email address' }).max(254);
/** Length only: the password policy itself is checked by lambdas/core/password-policy.ts. */
const password = z.string().min(1, { error: 'is required' }).max(256);

export const ErrorResponse = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const HealthResponse = z.object({ status: z.literal('ok') });

export const SignUpRequest = z.strictObject({ email, password });
export const SignUpResponse = z.object({ userId: z.string(), email: z.string(), confirmed: z.boolean() });

export const ConfirmRequest = z.strictObject({ email, code: z.string().min(1).max(64) });
export const MessageResponse = z.object({ message: z.string() });

export const LoginRequest = z.strictObject({ email, password });
export const TokensResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  idToken: z.string(),
  expiresIn: z.int(),
});

export const RefreshRequest = z.strictObject({ refreshToken: z.string().min(1).max(8192) });
export const RefreshResponse = z.object({ accessToken: z.string(), idToken: z.string(), expiresIn: z.int() });

export const ForgotPasswordRequest = z.strictObject({ email });
export const ResetPasswordRequest = z.strictObject({
  email,
  code: z.string().min(1).max(64),
  newPassword: password,
});

export const MeResponse = z.object({ id: z.string(), email: z.string(), createdAt: timestamp });


const projectName = z.string().trim().min(1, { error: 'must not be empty' }).max(100);
const projectDescription = z.string().trim().min(1, { error: 'must not be empty' }).max(20000);

export const CreateProjectRequest = z.strictObject({ name: projectName, description: projectDescription });
export const UpdateProjectRequest = z
  .strictObject({ name: projectName.optional(), description: projectDescription.optional() })
  .refine((body) => body.name !== undefined || body.description !== undefined, {
    error: 'give name, description or both',
  });

/**
 * Ids the control plane gives out (projects, blueprints, deployments: UUIDs). In a path, a value
 * of another shape names nothing that exists: 404 before any storage call (validate-request).
 */
const resourceId = (what: string) =>
  pathId(
    z
      .string()
      .max(36)
      .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, { error: `must be a ${what} id` }),
  );
const projectId = resourceId('project');
const blueprintId = resourceId('blueprint');
const deploymentId = resourceId('deployment');

export const ProjectIdParams = z.strictObject({ projectId });

/**
 * A whole number in a query or path, written as plain decimal digits: `1e1`, `0x10`, ` 10`,
 * `+5` and `10.0` are refused (z.coerce would take them). Published as an integer.
 */
const decimal = (min: number, max: number, what = 'a whole number') =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^[0-9]{1,16}$/.test(value) ? Number(value) : value),
    z
      .int({ error: `must be ${what} written in decimal digits` })
      .min(min, { error: `must be at least ${min}` })
      .max(max, { error: `must be at most ${max}` }),
  );
const limit = decimal(1, MAX_PAGE_SIZE);
const cursor = z.string().min(1).max(MAX_CURSOR_LENGTH);
export const ListProjectsQuery = z.strictObject({
  status: ProjectStatus.optional(),
  limit: limit.optional(),
  cursor: cursor.optional(),
});
export const ProjectList = z.object({ items: z.array(Project), nextCursor: z.string().nullable() });

// ---------------------------------------------------------------- specifications and chat

export const MAX_CHAT_MESSAGE_CHARS = 8000;
export const MAX_SPEC_CHARS = 200_000;
export const DEFAULT_HISTORY_LIMIT = 50;
export const MAX_HISTORY_LIMIT = 200;

const chatText = z
  .string({ error: 'must be a string' })
  .max(MAX_CHAT_MESSAGE_CHARS, { error: `must be at most ${MAX_CHAT_MESSAGE_CHARS} characters` })
  .refine((text) => text.trim().length > 0, { error: 'must not be empty' });


export const SpecResponse = z.object({ spec: Spec, project: z.object({ id: z.string(), name: z.string() }) });

export const ChatRequest = z.strictObject({ message: chatText });
export const ChatDraft = z.object({
  spec: z.string(),
  previousSpec: z.string(),
  assistantMessage: z.string(),
  currentVersion: z.int(),
  conversationId: z.string(),
});

export const ApplyRequest = z.strictObject({
  content: z
    .string()
    .max(MAX_SPEC_CHARS, { error: `must be at most ${MAX_SPEC_CHARS} characters` })
    .refine((text) => text.trim().length > 0, { error: 'must not be empty' })
    .meta({ description: `The spec in the canonical Markdown format: at most ${MAX_SPEC_CHARS} characters and ${MAX_SPEC_BYTES} bytes in UTF-8 (more bytes -> 413 PAYLOAD_TOO_LARGE).` }),
  lastUserMessage: z.string().max(MAX_CHAT_MESSAGE_CHARS).optional(),
  baseVersion: z.int().min(1).optional(),
});
export const ApplyResponse = z.object({ spec: Spec, message: z.string() });

export const ChatHistoryQuery = z.strictObject({ limit: decimal(1, MAX_HISTORY_LIMIT).optional() });
export const ChatHistory = z.object({ conversationId: z.string(), messages: z.array(ChatMessage) });
export const PostChatMessageRequest = z.strictObject({ role: ChatRole, content: chatText });
export const PostChatMessageResponse = z.object({ message: ChatMessage, conversationId: z.string() });

export const SpecVersionSummary = Spec.omit({ content: true }).extend({ contentLength: z.int() });
export const SpecVersionList = z.object({ items: z.array(SpecVersionSummary), nextCursor: z.string().nullable() });
export const ListSpecVersionsQuery = z.strictObject({ limit: limit.optional(), cursor: cursor.optional() });
/** Versions are stored as 8 digits (keys.ts): a larger number cannot exist (400, as any version off its shape). */
export const SpecVersionParams = z.strictObject({ projectId, version: decimal(1, 99_999_999, 'a version number') });

// ---------------------------------------------------------------- blueprints

export const BlueprintStatus = z.enum(['processing', 'completed', 'failed']);
export const BlueprintSummary = z.object({ id: z.string(), projectId: z.string(), status: BlueprintStatus, createdAt: timestamp });
export const GenerationStarted = z.object({
  blueprint: BlueprintSummary,
  specVersion: z.int(),
  message: z.string(),
  /** Path of the status endpoint: /blueprints/{blueprintId}/status */
  statusUrl: z.string(),
});
export const GenerationStatus = z.object({
  blueprintId: z.string(),
  status: BlueprintStatus,
  currentStep: z.string(),
  progress: z.int().min(0).max(100),
  startedAt: timestamp,
  completedAt: timestamp.nullable(),
  error: z.string().nullable(),
});
export const ValidationIssue = z.object({ path: z.string(), code: z.string(), message: z.string() });
export const ValidationReport = z.object({ valid: z.boolean(), errors: z.array(ValidationIssue), warnings: z.array(ValidationIssue) });
export const Blueprint = z.object({
  id: z.string(),
  projectId: z.string(),
  specVersion: z.int(),
  status: BlueprintStatus,
  currentStep: z.string(),
  progress: z.int(),
  startedAt: timestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
  completedAt: timestamp.nullable(),
  error: z.string().nullable(),
  /** The intermediate representation, as far as it was built (null before the resolve step). */
  ir: z.record(z.string(), z.unknown()).nullable(),
  validation: ValidationReport.nullable(),
});
export const BlueprintIdParams = z.strictObject({ blueprintId });
export const GenerationStatusParams = z.strictObject({ projectId, blueprintId });
export const PromptRequest = z.strictObject({ prompt: chatText });
export const OpenApiQuery = z.strictObject({ format: z.enum(['json', 'yaml']).optional() });

// ---------------------------------------------------------------- the interactive API reference

/** A file name under `/_static/` (only the API reference's own are served: core/api-reference/api-reference-assets.ts). */
export const StaticAssetParams = z.strictObject({ asset: z.string().min(1).max(100).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: 'must be a file name' }) });
export const DocsLinkQuery = z.strictObject({
  /** How long the link lasts, in seconds. */
  expiresIn: decimal(DOCS_LINK_LIFETIME_SECONDS.min, DOCS_LINK_LIFETIME_SECONDS.max, 'a number of seconds').optional(),
});
export const DocsLinkResponse = z.object({ url: z.string(), expiresAt: timestamp });
export const SharedDocsQuery = z.strictObject({ token: z.string().min(1).max(2048) });

// ---------------------------------------------------------------- deployments

export const DeploymentStatus = z.enum(['pending', 'in_progress', 'succeeded', 'failed', 'destroyed']);
export const DeploymentKind = z.enum(['deploy', 'rollback', 'destroy']);
export const DeploymentLogLine = z.object({ at: timestamp, level: z.enum(['info', 'warn', 'error']), message: z.string() });
export const Deployment = z.object({
  id: z.string(),
  projectId: z.string(),
  blueprintId: z.string(),
  status: DeploymentStatus,
  kind: DeploymentKind,
  /** Where the deployed API answers (a full URL); null until the deployment succeeds. */
  apiBaseUrl: z.string().nullable(),
  logs: z.array(DeploymentLogLine),
  /** Set on a deploy or rollback sent with `allowDataLoss: true`. */
  allowDataLoss: z.boolean().optional(),
  /** Set on a destroy sent with `deleteData: true`. */
  deleteData: z.boolean().optional(),
  /** A destroy on AWS: the table, bucket and user pool it kept (the next deploy imports them again). */
  kept: z.array(z.object({ logicalId: z.string(), resourceType: z.string(), physicalId: z.string() })).optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Deployment = z.infer<typeof Deployment>;
/** List items leave the logs out (as spec version lists leave out content): read them at the statusUrl. */
export const DeploymentSummary = Deployment.omit({ logs: true });
/** Something a deploy or preview goes ahead despite: the account nears one of its quotas (lambdas/core/deploy/account-quotas.ts). */
export const DeploymentWarning = z.object({
  code: z.enum([ACCOUNT_QUOTA_WARNING_CODE]),
  /** Which quota (`iamRoles`, `httpApis`, `userPools`, `stacks`, `tables`, `buckets`). */
  quota: z.enum(ACCOUNT_QUOTA_NAMES),
  /** What the deployed projects take, this one included. */
  used: z.int(),
  /** The quota's figure: the operator's (`-c bgs:accountQuotas=`), or AWS's default. */
  limit: z.int(),
  message: z.string(),
});
/** Present only when there is something to warn about. */
const deploymentWarnings = z.array(DeploymentWarning).optional();
export const DeploymentStarted = z.object({
  deployment: Deployment,
  /** Full URL of GET /deployments/{deploymentId}, to poll. */
  statusUrl: z.string(),
  warnings: deploymentWarnings,
});
/** Deploy even when changes lose data (otherwise 409 DATA_LOSS names them; the preview shows them first). */
const allowDataLoss = z.boolean({ error: 'must be true or false' }).optional();
/** POST /projects/{projectId}/validate: a dry run of a deploy (CONTRACT "Control plane"). */
export const PreviewRequest = z.strictObject({
  /** Default: the project's latest completed blueprint. */
  blueprintId: z
    .string({ error: 'must be a blueprint id' })
    .min(1, { error: 'must not be empty' })
    .max(64, { error: 'must be at most 64 characters' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'must be a blueprint id' })
    .optional(),
});
export const DeployRequest = PreviewRequest.extend({ allowDataLoss });
/** POST /projects/{projectId}/rollback (CONTRACT "Control plane"). */
export const RollbackRequest = z.strictObject({
  /** Default: the succeeded deployment before the active one. */
  deploymentId: z
    .string({ error: 'must be a deployment id' })
    .min(1, { error: 'must not be empty' })
    .max(64, { error: 'must be at most 64 characters' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'must be a deployment id' })
    .optional(),
  allowDataLoss,
});
/** DELETE /projects/{projectId}/stack (CONTRACT "Control plane"). */
export const DestroyRequest = z.strictObject({
  /** Remove the project's table, bucket and user pool too (default: they are kept, and a later deploy finds them again). */
  deleteData: z.boolean({ error: 'must be true or false' }).optional(),
});
export const DeploymentChange = z.object({
  action: z.enum(['add', 'modify', 'remove']),
  /** The resource's logical id in the project's stack; for stored records (`BGS::Records`), the entity or `Entity.field`. */
  logicalId: z.string(),
  /** Its CloudFormation type (`AWS::ApiGatewayV2::Route`), or `BGS::Records` for what happens to stored records. */
  resourceType: z.string(),
  /** The change loses data: a deploy refuses it (409 DATA_LOSS) without `allowDataLoss: true`. */
  destructive: z.boolean(),
  /** Why it loses data, or what the deploy does so that it does not. */
  reason: z.string().optional(),
});
export const DeploymentPreview = z.object({
  blueprintId: z.string(),
  /** Removals, then modifications, then additions, against the blueprint deployed now (none: everything is added). */
  changes: z.array(DeploymentChange),
  summary: z.string(),
  warnings: deploymentWarnings,
});
export const DeploymentIdParams = z.strictObject({ deploymentId });
export const ListDeploymentsQuery = z.strictObject({ limit: limit.optional(), cursor: cursor.optional() });
export const DeploymentList = z.object({ items: z.array(DeploymentSummary), nextCursor: z.string().nullable() });

// ---------------------------------------------------------------- usage

export const UsageSummary = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  usage: z.object({
    totalCalls: z.int(),
    inputTokens: z.int(),
    outputTokens: z.int(),
    totalCostCents: z.int(),
    totalCostFormatted: z.string(),
  }),
});
export const UsageRecentQuery = z.strictObject({ limit: limit.optional() });
export const UsageRecent = z.object({ items: z.array(UsageRecord) });

/**
 * Outgoing endpoints (CONTRACT "Outgoing endpoints"; rules in core/outgoing/endpoint.ts). The URL
 * is checked against the deployment's address policy by the use case (it depends on configuration).
 * `secret` absent keeps the stored one, `null` removes it. Printable ASCII without spaces, so every
 * receiver's language reads it the same.
 */
export const EndpointParams = z.strictObject({
  projectId,
  name: z.string().max(MAX_ENDPOINT_NAME_LENGTH).regex(ENDPOINT_NAME_PATTERN, { error: 'must be snake_case (a-z, 0-9, single underscores between words)' }),
});
export const PutEndpointRequest = z.strictObject({
  url: z.string().min(1).max(MAX_ENDPOINT_URL_LENGTH),
  secret: z.string().min(MIN_ENDPOINT_SECRET_LENGTH).max(MAX_ENDPOINT_SECRET_LENGTH).regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' }).nullable().optional(),
});
export const Endpoint = z.object({ name: z.string(), url: z.string(), hasSecret: z.boolean(), updatedAt: timestamp });
export const EndpointList = z.object({ items: z.array(Endpoint) });

/** Schemas published under components.schemas of the control plane's OpenAPI, by name. */
export const NAMED_SCHEMAS = {
  Error: ErrorResponse,
  Health: HealthResponse,
  SignUpRequest,
  SignUpResponse,
  ConfirmRequest,
  Message: MessageResponse,
  LoginRequest,
  Tokens: TokensResponse,
  RefreshRequest,
  RefreshResponse,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  Me: MeResponse,
  Project,
  CreateProjectRequest,
  UpdateProjectRequest,
  ProjectList,
  Spec,
  SpecResponse,
  ChatRequest,
  ChatDraft,
  ApplyRequest,
  ApplyResponse,
  ChatMessage,
  ChatHistory,
  PostChatMessageRequest,
  PostChatMessageResponse,
  SpecVersionSummary,
  SpecVersionList,
  UsageSummary,
  UsageRecord,
  UsageRecent,
  GenerationStarted,
  GenerationStatus,
  ValidationReport,
  Blueprint,
  PromptRequest,
  Deployment,
  DeploymentSummary,
  DeploymentStarted,
  DeployRequest,
  DeploymentList,
  DeploymentChange,
  DeploymentPreview,
  RollbackRequest,
  DestroyRequest,
  Endpoint,
  EndpointList,
  PutEndpointRequest,
} as const;
export type SchemaName = keyof typeof NAMED_SCHEMAS;
