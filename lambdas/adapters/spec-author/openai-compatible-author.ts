/**
 * The spec author on any OpenAI-compatible chat completions endpoint (OpenAI itself, or a
 * self-hosted model behind vLLM, Ollama, llama.cpp, LiteLLM ...): POST {baseUrl}/chat/completions.
 * Prompts, reply validation, the repair round-trip, the deadline and usage accounting are shared
 * with the Bedrock author (prompts.ts); this file only translates one call and classifies errors.
 */
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

export interface OpenAiCompatibleAuthorProps {
  /** The API root, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:8000/v1`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <key>` when given (self-hosted servers often need none). */
  apiKey?: string;
  model: string;
  /** Output token cap per call (`max_tokens`). @default 8192 */
  maxTokens?: number;
  /** Deadline of a whole draft or edit, repair included. @default 25_000 (under API Gateway's 30 s) */
  timeoutMs?: number;
  /** @default the global fetch */
  fetch?: typeof fetch;
  /** Prices consulted before the defaults (pricing.ts); a self-hosted model costs 0 unless listed. */
  pricing?: PriceTable;
  /** Measures latency. @default the system clock */
  clock?: Clock;
}

/** How an HTTP error status is classified (anything else: `unavailable`). */
export function reasonForStatus(status: number): ModelFailureReason {
  if (status === 429) return 'throttled';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 401 || status === 403 || status === 404) return 'denied';
  if (status === 400 || status === 413 || status === 422) return 'refused';
  return 'unavailable';
}

/** How much of an error body is kept in `cause` for the log. */
const MAX_LOGGED_BODY = 500;

export class OpenAiCompatibleAuthor extends ModelAuthor {
  readonly provider = 'openai-compatible';
  readonly model: string;
  private readonly url: string;
  private readonly apiKey: string | undefined;
  private readonly fetchImpl: typeof fetch;
  protected readonly settings: AuthorSettings;

  constructor(props: OpenAiCompatibleAuthorProps) {
    super();
    let base: URL;
    try {
      base = new URL(props.baseUrl);
    } catch {
      throw new Error('openai-compatible author: baseUrl is not a URL');
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('openai-compatible author: baseUrl must be http(s)');
    this.url = `${props.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.apiKey = props.apiKey?.trim() || undefined;
    this.model = props.model;
    // Looked up per call, so the global can be replaced after construction (and is never called unbound).
    this.fetchImpl = props.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.settings = authorSettings(this.provider, props.model, props);
  }

  protected readonly call = async (prompt: ModelPrompt, options: ModelCallOptions): Promise<ModelReply> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    const body = JSON.stringify({
      model: this.model,
      messages: [{ role: 'system', content: prompt.system }, ...prompt.messages.map((m) => ({ role: m.role, content: m.content }))],
      max_tokens: options.maxTokens,
      temperature: options.temperature,
    });
    let status: number;
    let text: string;
    try {
      // The deadline signal also aborts reading the body, so a server that stalls mid-answer is cut off too.
      // No redirects: a base URL that redirects is misconfigured, and following one re-sends the prompt (and key) elsewhere.
      const res = await this.fetchImpl(this.url, { method: 'POST', headers, body, signal: options.signal, redirect: 'error' });
      status = res.status;
      text = await res.text();
    } catch (err) {
      throw new ProviderCallFailure(options.signal.aborted ? 'timeout' : 'unavailable', 'chat completions request failed', { cause: err });
    }
    if (status < 200 || status > 299) {
      // The body stays in `cause` (log only): servers echo prompts and account details in errors.
      throw new ProviderCallFailure(reasonForStatus(status), `chat completions answered HTTP ${status}`, {
        cause: new Error(`HTTP ${status}: ${text.slice(0, MAX_LOGGED_BODY)}`),
      });
    }
    return readReply(text);
  };
}

interface Completion {
  choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

function readReply(text: string): ModelReply {
  let json: Completion;
  try {
    json = JSON.parse(text) as Completion;
  } catch (err) {
    throw new ProviderCallFailure('unavailable', 'chat completions answered with something other than JSON', { cause: err });
  }
  if (json === null || typeof json !== 'object') throw new ProviderCallFailure('unavailable', 'chat completions answered with a non-object');
  // Some self-hosted servers omit usage; the call then meters 0 tokens rather than failing.
  const spent = { inputTokens: count(json.usage?.prompt_tokens), outputTokens: count(json.usage?.completion_tokens) };
  const choice = Array.isArray(json.choices) ? json.choices[0] : undefined;
  if (!choice || typeof choice !== 'object' || !choice.message) {
    throw new ProviderCallFailure('unavailable', 'chat completions answered without choices', spent);
  }
  if (choice.finish_reason === 'content_filter' || (typeof choice.message.refusal === 'string' && choice.message.refusal !== '')) {
    throw new ProviderCallFailure('refused', `chat completions refused (finish_reason ${String(choice.finish_reason)})`, spent);
  }
  return { text: contentText(choice.message.content), truncated: choice.finish_reason === 'length', ...spent };
}

/** `content` is a string, or (some servers) an array of parts `{ type: 'text', text }`. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : '')).join('');
  }
  return '';
}

function count(n: unknown): number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}
