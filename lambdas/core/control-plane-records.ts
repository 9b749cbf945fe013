/**
 * The control plane's records as its stores keep them and its API answers them, declared ONCE as
 * zod schemas: the ports (lambdas/ports/*-repository.ts) take their types from here, and the
 * control plane's response schemas and OpenAPI components (lambdas/control-plane/schemas.ts) are
 * these same schemas. Pure: core imports nothing outside itself.
 */
import * as z from 'zod';

/** An ISO 8601 instant, as every record writes its times. */
export const timestamp = z.iso.datetime();

export const ProjectStatus = z.enum(['active', 'archived']);
export type ProjectStatus = z.infer<typeof ProjectStatus>;

/**
 * Where version 1 of a project's spec stands. A language model writes it after the project is
 * created (it may need longer than a request lasts): `writing`, then `ready` or `failed`. The
 * offline author writes it with the project (`ready` at once); a project from before this field
 * existed reads as `ready`, and so does every project that has a spec version.
 */
export const SpecStatus = z.enum(['writing', 'ready', 'failed']);
export type SpecStatus = z.infer<typeof SpecStatus>;

/** A project as stored and answered (its `apiBaseUrl` as stored: a path until presented). */
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
  specStatus: SpecStatus.meta({
    description:
      'Version 1 of the spec: `writing` while a language model writes it from the description (spec reads, chat, apply and prompts answer 409 NOT_READY until it is `ready`), ' +
      'then `ready`, or `failed` (see specError: a spec saved with POST /projects/{projectId}/spec/apply becomes version 1 and makes the project ready)',
  }),
  specError: z.string().nullable().meta({ description: 'Why writing version 1 failed (specStatus `failed`); null otherwise' }),
});
export type Project = z.infer<typeof Project>;

/** One version of a project's spec. */
export const Spec = z.object({
  id: z.string(),
  projectId: z.string(),
  version: z.int(),
  content: z.string(),
  lastUserMessage: z.string().nullable(),
  createdAt: timestamp,
});
export type Spec = z.infer<typeof Spec>;

export const ChatRole = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof ChatRole>;

/** One message of a project's conversation with the spec assistant. */
export const ChatMessage = z.object({ id: z.string(), role: ChatRole, content: z.string(), createdAt: timestamp });
export type ChatMessage = z.infer<typeof ChatMessage>;

export const UsageOutcome = z.enum(['succeeded', 'failed']);
export type UsageOutcome = z.infer<typeof UsageOutcome>;

/** One model call as recorded and answered (`GET /usage/recent`). */
export const UsageRecord = z.object({
  id: z.string(),
  operation: z.string(),
  provider: z.string(),
  model: z.string(),
  inputTokens: z.int(),
  outputTokens: z.int(),
  /** Exact cost in cents (fractional: costs are kept in micro-dollars). */
  costCents: z.number(),
  latencyMs: z.int(),
  projectId: z.string().nullable(),
  /** `failed` when the model call failed (still metered). */
  outcome: UsageOutcome,
  createdAt: timestamp,
});
export type UsageRecord = z.infer<typeof UsageRecord>;
