/**
 * The OpenAI-compatible spec author against a real HTTP server on loopback that records each
 * request and answers from a script: the request shape, success, the repair round-trip, HTTP
 * errors, a server that hangs (before or during the answer), and malformed answers.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenAiCompatibleAuthor, reasonForStatus } from '../../lambdas/adapters/spec-author/openai-compatible-author';
import { ManualClock } from '../../lambdas/core/clock';
import { renderError } from '../../lambdas/core/errors';
import { SPEC_FORMAT_GUIDE } from '../../lambdas/core/spec/format-guide';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { ModelCallError, type ModelFailureReason } from '../../lambdas/ports/spec-author';
import {
  DESCRIPTION,
  EDITED_SPEC,
  EDIT_EXPLANATION,
  INVALID_SPEC,
  PROJECT_NAME,
  VALID_SPEC,
  TAGS_EDITS,
  editsReply,
  fenced,
} from '../support/spec-author-fixtures';

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: { model: string; messages: { role: string; content: string }[]; max_tokens: number; temperature: number };
}

type Handler = (res: ServerResponse) => void;

const SECRET = 'org-SECRET-1234';
let server: Server;
let baseUrl: string;
let requests: RecordedRequest[] = [];
let script: Handler[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      const handler = script.shift() ?? ((r: ServerResponse) => json(500, { error: 'no scripted answer' })(r));
      handler(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

/** Answers left hanging by a test; their sockets are destroyed after it. */
const stalled: ServerResponse[] = [];

afterEach(() => {
  requests = [];
  script = [];
  // Only the stalled sockets: closing idle keep-alive ones would break the client's pooled connections.
  for (const res of stalled.splice(0)) res.socket?.destroy();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function json(status: number, body: unknown): Handler {
  return (res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

function raw(status: number, text: string, contentType = 'text/plain'): Handler {
  return (res) => {
    res.writeHead(status, { 'content-type': contentType });
    res.end(text);
  };
}

function completion(text: string, opts: { finish?: string; prompt?: number; completion?: number } = {}): Handler {
  return json(200, {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'whatever-the-server-says',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: opts.finish ?? 'stop' }],
    usage: { prompt_tokens: opts.prompt ?? 1000, completion_tokens: opts.completion ?? 500, total_tokens: (opts.prompt ?? 1000) + (opts.completion ?? 500) },
  });
}

/** Never answers. */
const hang: Handler = (res) => {
  stalled.push(res);
};

/** Sends the headers and half a body, then stalls. */
const stallMidBody: Handler = (res) => {
  stalled.push(res);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"choices": [');
};

let clock: ManualClock;
beforeEach(() => {
  clock = new ManualClock(Date.UTC(2025, 0, 1));
});

function author(props: Partial<ConstructorParameters<typeof OpenAiCompatibleAuthor>[0]> = {}): OpenAiCompatibleAuthor {
  return new OpenAiCompatibleAuthor({ baseUrl, apiKey: 'sk-test-key', model: 'gpt-4o-mini', clock, ...props });
}

const canonical = (md: string): string => {
  const parsed = parseSpec(md);
  if (!parsed.ok) throw new Error('fixture does not parse');
  return renderSpec(parsed.spec);
};

const draftInput = { projectName: PROJECT_NAME, description: DESCRIPTION };

async function failure(promise: Promise<unknown>): Promise<ModelCallError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ModelCallError);
    return err as ModelCallError;
  }
  throw new Error('expected a ModelCallError');
}

describe('OpenAiCompatibleAuthor request', () => {
  it('POSTs {baseUrl}/chat/completions with the bearer key, the system prompt, the description, the cap and temperature', async () => {
    script = [completion(fenced(VALID_SPEC))];
    await author({ baseUrl: `${baseUrl}/` }).draft(draftInput);

    expect(requests).toHaveLength(1);
    const req = requests[0] as RecordedRequest;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test-key');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: expect.stringContaining(SPEC_FORMAT_GUIDE.trim()) },
        { role: 'user', content: expect.stringContaining(DESCRIPTION) },
      ],
      max_tokens: 8192,
      temperature: 0.2,
    });
  });

  it('sends no authorization header without a key, and the configured token cap', async () => {
    script = [completion(fenced(VALID_SPEC))];
    await author({ apiKey: undefined, maxTokens: 1000 }).draft(draftInput);
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(requests[0]?.body.max_tokens).toBe(1000);
  });

  it('an edit sends the history, then the current spec and the message, and applies the structured edits of the reply', async () => {
    script = [completion(editsReply(TAGS_EDITS))];
    const result = await author().edit({
      projectName: PROJECT_NAME,
      currentSpec: VALID_SPEC,
      message: 'Books should have tags',
      history: [
        { role: 'user', content: 'Make the author optional' },
        { role: 'assistant', content: 'The author is optional now.' },
      ],
    });
    const messages = requests[0]?.body.messages ?? [];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[0]?.content).toContain('"edits"');
    expect(messages[1]?.content).toBe('Make the author optional');
    expect(messages[2]?.content).toBe('The author is optional now.');
    expect(messages[3]?.content).toContain(VALID_SPEC.trim());
    expect(messages[3]?.content).toContain('Books should have tags');
    expect(result).toEqual({
      content: canonical(EDITED_SPEC),
      assistantMessage: EDIT_EXPLANATION,
      usage: { provider: 'openai-compatible', model: 'gpt-4o-mini', inputTokens: 1000, outputTokens: 500, latencyMs: 0, costMicros: 150 + 300 },
    });
  });
});

describe('OpenAiCompatibleAuthor replies', () => {
  it('a valid reply gives the canonical spec and usage priced from the table', async () => {
    script = [completion(`Here you go:\n\n${fenced(VALID_SPEC, 'md')}`, { prompt: 1234, completion: 567 })];
    const result = await author().draft(draftInput);
    expect(result.content).toBe(canonical(VALID_SPEC));
    // gpt-4o-mini: $0.15 / $0.60 per 1M: 185.1 + 340.2 = 525.3 -> 525
    expect(result.usage).toEqual({ provider: 'openai-compatible', model: 'gpt-4o-mini', inputTokens: 1234, outputTokens: 567, latencyMs: 0, costMicros: 525 });
  });

  it('a self-hosted model costs 0 unless priced; a server without usage meters 0 tokens', async () => {
    script = [completion(fenced(VALID_SPEC))];
    expect((await author({ model: 'llama-3.1-8b-instruct' }).draft(draftInput)).usage.costMicros).toBe(0);
    script = [completion(fenced(VALID_SPEC))];
    const priced = await author({ model: 'llama-3.1-8b-instruct', pricing: { 'llama-3.1-8b-instruct': { inputUsdPerMillion: 1, outputUsdPerMillion: 2 } } }).draft(draftInput);
    expect(priced.usage.costMicros).toBe(1000 + 1000);
    script = [json(200, { choices: [{ message: { role: 'assistant', content: fenced(VALID_SPEC) }, finish_reason: 'stop' }] })];
    expect((await author().draft(draftInput)).usage).toMatchObject({ inputTokens: 0, outputTokens: 0, costMicros: 0 });
  });

  it('accepts content given as an array of text parts', async () => {
    const whole = fenced(VALID_SPEC);
    script = [json(200, { choices: [{ message: { role: 'assistant', content: [{ type: 'text', text: whole.slice(0, 40) }, { type: 'text', text: whole.slice(40) }] }, finish_reason: 'stop' }] })];
    expect((await author().draft(draftInput)).content).toBe(canonical(VALID_SPEC));
  });

  it('repairs an invalid reply once with the parse errors; usage is summed', async () => {
    script = [completion(fenced(INVALID_SPEC), { prompt: 1000, completion: 400 }), completion(fenced(VALID_SPEC), { prompt: 1500, completion: 450 })];
    const result = await author().draft(draftInput);
    expect(result.content).toBe(canonical(VALID_SPEC));
    expect(requests).toHaveLength(2);
    const repair = requests[1]?.body.messages ?? [];
    expect(repair.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(repair[2]?.content).toBe(fenced(INVALID_SPEC));
    expect(repair[3]?.content).toMatch(/^Your spec has these errors: .*line 19: /);
    expect(result.usage).toMatchObject({ inputTokens: 2500, outputTokens: 850 });
  });

  it('fails with a metered 503 when the repair is invalid too', async () => {
    script = [completion(fenced(INVALID_SPEC), { prompt: 1000, completion: 400 }), completion(fenced(INVALID_SPEC), { prompt: 1500, completion: 400 })];
    const err = await failure(author().draft(draftInput));
    expect(requests).toHaveLength(2);
    expect(err.message).toBe('The language model returned an invalid spec');
    expect(err.reason).toBe('invalid_output');
    expect(err.usage).toMatchObject({ inputTokens: 2500, outputTokens: 800, costMicros: 375 + 480 });
  });

  it("finish_reason 'length' is a truncated reply: repaired once, then a failure", async () => {
    script = [completion(fenced(VALID_SPEC), { finish: 'length' }), completion(fenced(VALID_SPEC))];
    await author().draft(draftInput);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body.messages[3]?.content).toContain('cut off');

    script = [completion('```markdown\n# Reading', { finish: 'length' }), completion('```markdown\n# Reading', { finish: 'length' })];
    const err = await failure(author().draft(draftInput));
    expect(err.reason).toBe('invalid_output');
    expect(err.usage).toMatchObject({ inputTokens: 2000, outputTokens: 1000 });
  });

  it("finish_reason 'content_filter' and refusals fail at once, metered", async () => {
    script = [completion('', { finish: 'content_filter' })];
    const filtered = await failure(author().draft(draftInput));
    expect(filtered.reason).toBe('refused');
    expect(filtered.usage.inputTokens).toBe(1000);
    script = [json(200, { choices: [{ message: { role: 'assistant', content: null, refusal: 'I cannot' }, finish_reason: 'stop' }] })];
    expect((await failure(author().draft(draftInput))).reason).toBe('refused');
    expect(requests).toHaveLength(2);
  });
});

describe('OpenAiCompatibleAuthor failures', () => {
  it.each<[string, Handler, ModelFailureReason]>([
    ['429', json(429, { error: { message: `Rate limit reached for ${SECRET}` } }), 'throttled'],
    ['500', json(500, { error: { message: `internal ${SECRET}` } }), 'unavailable'],
    ['502 with an HTML page', raw(502, `<html>bad gateway ${SECRET}</html>`, 'text/html'), 'unavailable'],
    ['503', json(503, { error: { message: 'overloaded' } }), 'unavailable'],
    ['401', json(401, { error: { message: `Incorrect API key sk-te****key for ${SECRET}` } }), 'denied'],
    ['404 (unknown model)', json(404, { error: { message: 'model not found' } }), 'denied'],
    ['400 (context too long)', json(400, { error: { message: 'maximum context length' } }), 'refused'],
    ['malformed JSON', raw(200, `{"choices": [ ${SECRET}`, 'application/json'), 'unavailable'],
    ['JSON without choices', json(200, { object: 'chat.completion', usage: { prompt_tokens: 10, completion_tokens: 0 } }), 'unavailable'],
    ['empty choices', json(200, { choices: [] }), 'unavailable'],
    ['JSON null', raw(200, 'null', 'application/json'), 'unavailable'],
    ['a redirect (not followed)', (res: ServerResponse) => {
      res.writeHead(307, { location: `http://${SECRET}.example.com/v1/chat/completions` });
      res.end();
    }, 'unavailable'],
  ])('%s -> a 503 ModelCallError without the server text', async (_label, handler, reason) => {
    script = [handler];
    const err = await failure(author().draft(draftInput));
    expect(requests).toHaveLength(1);
    expect(err.statusCode).toBe(503);
    expect(err.code).toBe('MODEL_UNAVAILABLE');
    expect(err.reason).toBe(reason);
    expect(err.message).not.toContain(SECRET);
    expect(JSON.stringify(renderError(err).body)).not.toContain(SECRET);
    expect(err.usage).toMatchObject({ provider: 'openai-compatible', model: 'gpt-4o-mini' });
  });

  it('missing choices still meters the tokens the server reports', async () => {
    script = [json(200, { usage: { prompt_tokens: 10, completion_tokens: 2 } })];
    expect((await failure(author().draft(draftInput))).usage).toMatchObject({ inputTokens: 10, outputTokens: 2 });
  });

  it('a hanging server fails at the deadline', async () => {
    script = [hang];
    const started = Date.now();
    const err = await failure(author({ timeoutMs: 200 }).draft(draftInput));
    const elapsed = Date.now() - started;
    expect(err.reason).toBe('timeout');
    expect(err.message).toBe('The language model took too long to answer; try again');
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(1_500);
    expect(requests).toHaveLength(1);
  }, 5_000);

  it('a server that stalls in the middle of its answer fails at the deadline', async () => {
    script = [stallMidBody];
    const started = Date.now();
    const err = await failure(author({ timeoutMs: 200 }).draft(draftInput));
    expect(err.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  }, 5_000);

  it('one deadline covers the repair: a hanging repair fails with the first call metered', async () => {
    script = [completion(fenced(INVALID_SPEC), { prompt: 1000, completion: 400 }), hang];
    const err = await failure(author({ timeoutMs: 300 }).draft(draftInput));
    expect(requests).toHaveLength(2);
    expect(err.reason).toBe('timeout');
    expect(err.usage).toMatchObject({ inputTokens: 1000, outputTokens: 400 });
  }, 5_000);

  it('a refused connection is unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await failure(author({ baseUrl: `http://127.0.0.1:${port}/v1` }).draft(draftInput));
    expect(err.reason).toBe('unavailable');
  });

  it('classifies statuses', () => {
    expect([429, 408, 504, 401, 403, 404, 400, 413, 422, 500, 502, 503, 418].map(reasonForStatus)).toEqual([
      'throttled',
      'timeout',
      'timeout',
      'denied',
      'denied',
      'denied',
      'refused',
      'refused',
      'refused',
      'unavailable',
      'unavailable',
      'unavailable',
      'unavailable',
    ]);
  });

  it('refuses bad settings at construction', () => {
    expect(() => author({ baseUrl: 'not a url' })).toThrow(/baseUrl/);
    expect(() => author({ baseUrl: 'ftp://example.com' })).toThrow(/baseUrl/);
    expect(() => author({ model: '' })).toThrow(/model id/);
    expect(() => author({ timeoutMs: -1 })).toThrow(/timeoutMs/);
  });
});
