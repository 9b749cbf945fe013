/**
 * The spec author port: what BGS needs of whatever writes specifications. It turns a plain
 * description into a spec in the canonical Markdown format (lambdas/core/spec) and applies a
 * chat message to an existing spec. Three adapters implement it: the offline author (the local
 * default, no model), Bedrock (Converse API) and any OpenAI-compatible chat endpoint.
 *
 * Every call reports its usage, so the caller can meter it (contract "Usage"). A call that
 * fails throws ModelCallError, which carries the usage of what was spent before the failure:
 * a failed or timed-out model call answers 503 MODEL_UNAVAILABLE and is still metered.
 */
import { ModelUnavailableError } from '../core/errors';

export interface ModelUsage {
  /** `offline`, `bedrock`, `openai-compatible`, ... */
  provider: string;
  /** The model id as configured (e.g. a Bedrock model or inference-profile id). */
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** Wall time of the whole operation, repair round-trip included. */
  latencyMs: number;
  /** Exact cost in micro-dollars (USD * 1e6), an integer, so many small calls add up exactly. */
  costMicros: number;
}

export interface DraftInput {
  projectName: string;
  /** The user's plain-language description of the backend. */
  description: string;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface EditInput {
  projectName: string;
  /** The current spec, canonical Markdown. */
  currentSpec: string;
  /** The user's chat message asking for the change. */
  message: string;
  /** Recent chat of the project's conversation, oldest first (the new message not included). */
  history: ChatTurn[];
}

export interface DraftResult {
  /** Canonical Markdown that parseSpec accepts (possibly a draft with no entity yet). */
  content: string;
  /**
   * The first assistant message of the project's conversation: what was understood, and the
   * phrases that were not (the spec's open questions) with a request to rephrase them.
   * describeDraft (core/spec/draft-summary.ts) of the drafted spec, whichever author wrote it.
   */
  assistantMessage: string;
  usage: ModelUsage;
}

export interface EditResult {
  /** The full updated spec, canonical Markdown that parseSpec accepts. */
  content: string;
  /** A short explanation of the change, shown to the user as the assistant's chat reply. */
  assistantMessage: string;
  usage: ModelUsage;
}

export interface SpecAuthorPort {
  readonly provider: string;
  readonly model: string;
  /** Writes a spec from a description. Throws ModelCallError (503) when the model fails. */
  draft(input: DraftInput): Promise<DraftResult>;
  /** Applies a chat message to the current spec. Throws ModelCallError (503) when the model fails. */
  edit(input: EditInput): Promise<EditResult>;
}

/**
 * Why a model call failed, for logs and metrics only (the client sees one generic 503):
 * `throttled` (provider rate limit), `unavailable` (provider down or erroring), `timeout`
 * (our deadline or the provider's), `denied` (credentials, permissions, unknown model: a
 * configuration problem), `refused` (the provider rejected the request or filtered the
 * answer), `invalid_output` (no valid spec even after the repair round-trip).
 */
export type ModelFailureReason = 'throttled' | 'unavailable' | 'timeout' | 'denied' | 'refused' | 'invalid_output';

/**
 * Thrown when the model fails or times out; carries the usage so the failed call is still
 * metered. The message is safe to show (it never contains provider text, which may echo
 * prompts or account details); the provider's error is kept in `cause` for the server log.
 */
export class ModelCallError extends ModelUnavailableError {
  readonly reason: ModelFailureReason;

  constructor(
    message: string,
    readonly usage: ModelUsage,
    options: { reason?: ModelFailureReason; cause?: unknown } = {},
  ) {
    super(message);
    this.reason = options.reason ?? 'unavailable';
    if (options.cause !== undefined) this.cause = options.cause;
  }
}
