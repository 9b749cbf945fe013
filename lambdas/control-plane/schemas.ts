/**
 * Request and response schemas of the control plane. The handlers validate with them and the
 * control plane's OpenAPI document is rendered from them (lambdas/control-plane/openapi.ts),
 * so a field is declared once. Request objects are strict: unknown fields are a 400.
 */
import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

const email = z.email({ error: 'must be a valid email address' }).max(254);
/** Length only: the password policy itself is checked by lambdas/core/password-policy.ts. */
const password = z.string().min(1, { error: 'is required' }).max(256);
const timestamp = z.iso.datetime();

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

export const ProjectStatus = z.enum(['active', 'archived']);
export const Project = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: ProjectStatus,
  createdAt: timestamp,
  updatedAt: timestamp,
  latestSpecVersion: z.int().nullable(),
  latestBlueprintId: z.string().nullable(),
  activeDeploymentId: z.string().nullable(),
  apiBaseUrl: z.string().nullable(),
});
export type Project = z.infer<typeof Project>;

const projectName = z.string().trim().min(1, { error: 'must not be empty' }).max(100);
const projectDescription = z.string().trim().min(1, { error: 'must not be empty' }).max(20000);

export const CreateProjectRequest = z.strictObject({ name: projectName, description: projectDescription });
export const UpdateProjectRequest = z
  .strictObject({ name: projectName.optional(), description: projectDescription.optional() })
  .refine((body) => body.name !== undefined || body.description !== undefined, {
    error: 'give name, description or both',
  });

export const ProjectIdParams = z.strictObject({ id: z.string().min(1).max(64) });

const limit = z.coerce
  .number({ error: 'must be an integer' })
  .int({ error: 'must be an integer' })
  .min(1, { error: 'must be at least 1' })
  .max(MAX_PAGE_SIZE, { error: `must be at most ${MAX_PAGE_SIZE}` });
export const ListProjectsQuery = z.strictObject({
  status: ProjectStatus.optional(),
  limit: limit.optional(),
  cursor: z.string().min(1).max(2048).optional(),
});
export const ProjectList = z.object({ items: z.array(Project), nextCursor: z.string().nullable() });

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
} as const;
export type SchemaName = keyof typeof NAMED_SCHEMAS;
