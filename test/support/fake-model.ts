/**
 * A language model on loopback that speaks the OpenAI-compatible chat completions API (what
 * the service's `openai` author provider calls), answering what a test scripts, after as long as
 * a real model would take to read the prompt and write the answer at a given token rate. Used by
 * the HTTP tests of model edits and by the chat bench. Tokens are estimated at 4 characters each,
 * the usual figure for English text and Markdown.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

export interface FakeModelCall {
  readonly system: string;
  readonly messages: ReadonlyArray<{ role: 'user' | 'assistant'; content: string }>;
  /** The request text of the last user turn, between `<<<REQUEST` and `REQUEST>>>` (an edit), or '' (a draft). */
  readonly request: string;
  /** An edit asks for structured edits; a draft for the whole spec. */
  readonly kind: 'draft' | 'edit';
  /** How many calls of this conversation's request came before (0: first answer, 1: the repair). */
  readonly attempt: number;
}

/** How fast the model reads and writes: what a time-to-answer is made of. */
export interface TokenRate {
  /** Time to the first token besides reading the prompt (queueing, network). */
  readonly firstTokenMs: number;
  readonly inputTokensPerSecond: number;
  readonly outputTokensPerSecond: number;
}

/** Answers at once (tests of behaviour, not of time). */
export const INSTANT: TokenRate = { firstTokenMs: 0, inputTokensPerSecond: Infinity, outputTokensPerSecond: Infinity };

export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/** Milliseconds a model at `rate` takes to read `inputTokens` and write `outputTokens`. */
export function answerTimeMs(rate: TokenRate, inputTokens: number, outputTokens: number): number {
  return rate.firstTokenMs + (inputTokens / rate.inputTokensPerSecond) * 1000 + (outputTokens / rate.outputTokensPerSecond) * 1000;
}

export interface FakeModel {
  /** For `BGS_OPENAI_BASE_URL`. */
  readonly baseUrl: string;
  /** Every call, in order, with what it was answered and its token counts. */
  readonly calls: Array<FakeModelCall & { answer: string; inputTokens: number; outputTokens: number }>;
  /** The handler environment that points the service's author at this model. */
  env(timeoutMs?: number): Record<string, string>;
  stop(): Promise<void>;
}

const REQUEST = /<<<REQUEST\n([\s\S]*?)\nREQUEST>>>/;

/**
 * @param rate how fast it reads and writes (default: at once)
 * @param slowdown a factor each answer's time is multiplied by (a busy endpoint; default 1)
 */
export async function startFakeModel(answer: (call: FakeModelCall) => string, rate: TokenRate = INSTANT, slowdown: () => number = () => 1): Promise<FakeModel> {
  const calls: FakeModel['calls'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: Array<{ role: string; content: string }> };
        const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
        const messages = body.messages.filter((m) => m.role !== 'system') as FakeModelCall['messages'];
        // The request is the last user turn with the markers (an edit) or the first turn (a draft); a repair follows it.
        const asked = Math.max(0, messages.map((m) => REQUEST.test(m.content)).lastIndexOf(true));
        const request = REQUEST.exec(messages[asked]?.content ?? '')?.[1] ?? '';
        const kind = system.includes('"edits"') ? 'edit' : 'draft';
        const attempt = messages.slice(asked).filter((m) => m.role === 'assistant').length;
        const call: FakeModelCall = { system, messages, request, kind, attempt };
        const text = answer(call);
        const inputTokens = estimateTokens(body.messages.map((m) => m.content).join('\n'));
        const outputTokens = estimateTokens(text);
        calls.push({ ...call, answer: text, inputTokens, outputTokens });
        await delay(answerTimeMs(rate, inputTokens, outputTokens) * slowdown());
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ choices: [{ message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage: { prompt_tokens: inputTokens, completion_tokens: outputTokens } }),
        );
      })().catch((error: unknown) => res.writeHead(500).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    baseUrl,
    calls,
    env: (timeoutMs = 25_000) => ({ BGS_AUTHOR_PROVIDER: 'openai', BGS_OPENAI_BASE_URL: baseUrl, BGS_OPENAI_MODEL: 'fake-model', BGS_AUTHOR_TIMEOUT_MS: String(timeoutMs) }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
