/**
 * The spec author on Amazon Bedrock, through the Converse API (one request shape for every
 * model family, usage reported in the response). Prompts, reply validation, the repair
 * round-trip, the deadline and usage accounting are shared with the OpenAI-compatible author
 * (prompts.ts); this file only translates one call and classifies Bedrock's errors.
 */
import { ConverseCommand, type BedrockRuntimeClient, type ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import type { Clock } from '../../core/clock';
import type { ModelFailureReason } from '../../ports/spec-author';
import type { PriceTable } from './pricing';
import {
  ProviderCallFailure,
  authorSettings,
  type AuthorSettings,
  type ModelCallOptions,
  type ModelPrompt,
  type ModelReply,
} from './prompts';
import { ModelAuthor } from './model-author';

export interface BedrockAuthorProps {
  client: BedrockRuntimeClient;
  /** A model id or inference-profile id/ARN, e.g. `us.anthropic.claude-sonnet-4-20250514-v1:0`. */
  modelId: string;
  /** Output token cap per call. @default 8192 */
  maxTokens?: number;
  /** Deadline of a whole draft or edit, repair included. @default 25_000 (under API Gateway's 30 s) */
  timeoutMs?: number;
  /** Prices consulted before the defaults (pricing.ts). */
  pricing?: PriceTable;
  /** Measures latency. @default the system clock */
  clock?: Clock;
}

/**
 * Bedrock's exceptions (and the SDK's own) by name: instanceof would miss errors of another copy
 * of the SDK, and the names are the documented contract.
 */
export const BEDROCK_ERRORS: Readonly<Record<string, ModelFailureReason>> = {
  ThrottlingException: 'throttled',
  ServiceQuotaExceededException: 'throttled',
  TooManyRequestsException: 'throttled',
  ServiceUnavailableException: 'unavailable',
  InternalServerException: 'unavailable',
  ModelErrorException: 'unavailable',
  ModelNotReadyException: 'unavailable',
  ModelTimeoutException: 'timeout',
  TimeoutError: 'timeout',
  AbortError: 'timeout',
  RequestTimeout: 'timeout',
  // Configuration problems: missing model access, wrong region or model id, bad credentials.
  AccessDeniedException: 'denied',
  ResourceNotFoundException: 'denied',
  UnrecognizedClientException: 'denied',
  ExpiredTokenException: 'denied',
  InvalidSignatureException: 'denied',
  CredentialsProviderError: 'denied',
  // The request itself was refused (e.g. input over the model's context window).
  ValidationException: 'refused',
};

export class BedrockAuthor extends ModelAuthor {
  readonly provider = 'bedrock';
  readonly model: string;
  private readonly client: BedrockRuntimeClient;
  protected readonly settings: AuthorSettings;

  constructor(props: BedrockAuthorProps) {
    super();
    this.client = props.client;
    this.model = props.modelId;
    this.settings = authorSettings(this.provider, props.modelId, props);
  }

  protected readonly call = async (prompt: ModelPrompt, options: ModelCallOptions): Promise<ModelReply> => {
    const command = new ConverseCommand({
      modelId: this.model,
      system: [{ text: prompt.system }],
      messages: prompt.messages.map((m) => ({ role: m.role, content: [{ text: m.content }] })),
      inferenceConfig: { maxTokens: options.maxTokens, temperature: options.temperature },
    });
    let response: ConverseCommandOutput;
    try {
      response = await this.client.send(command, { abortSignal: options.signal });
    } catch (err) {
      const name = (err as { name?: unknown } | undefined)?.name;
      // hasOwn: an error named `constructor` or `toString` must not find Object.prototype members.
      const reason = typeof name === 'string' && Object.hasOwn(BEDROCK_ERRORS, name) ? (BEDROCK_ERRORS[name] as ModelFailureReason) : 'unavailable';
      // The provider's message stays in `cause` (server log only): it may name the account or echo input.
      throw new ProviderCallFailure(reason, `Bedrock Converse failed: ${typeof name === 'string' ? name : 'unknown error'}`, { cause: err });
    }
    return readReply(response);
  };
}

function readReply(response: ConverseCommandOutput): ModelReply {
  const inputTokens = response.usage?.inputTokens ?? 0;
  const outputTokens = response.usage?.outputTokens ?? 0;
  const spent = { inputTokens, outputTokens };
  switch (response.stopReason) {
    case 'content_filtered':
    case 'guardrail_intervened':
    case 'model_context_window_exceeded':
      throw new ProviderCallFailure('refused', `Bedrock stopped: ${response.stopReason}`, spent);
    default:
      break;
  }
  const message = response.output?.message;
  if (!message) throw new ProviderCallFailure('unavailable', 'Bedrock answered without an output message', spent);
  // Reasoning models add reasoningContent blocks; only the text blocks are the answer.
  const text = (message.content ?? []).map((block) => block.text ?? '').join('');
  return { text, truncated: response.stopReason === 'max_tokens', inputTokens, outputTokens };
}
