/**
 * The Bedrock spec author against a mocked Bedrock runtime client: the exact Converse requests,
 * how replies are validated and repaired once, how usage and cost add up over both calls, and
 * how every failure (Bedrock exceptions, truncation, filtering, our deadline) becomes a metered
 * 503 ModelCallError that never shows the provider's text.
 */
import {
  AccessDeniedException,
  BedrockRuntimeClient,
  ConverseCommand,
  InternalServerException,
  ModelNotReadyException,
  ModelTimeoutException,
  ResourceNotFoundException,
  ServiceQuotaExceededException,
  ServiceUnavailableException,
  ThrottlingException,
  ValidationException,
  type ConverseCommandInput,
  type ConverseCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { BedrockAuthor } from '../../lambdas/adapters/spec-author/bedrock-author';
import { ManualClock } from '../../lambdas/core/clock';
import { renderError } from '../../lambdas/core/errors';
import { SPEC_FORMAT_GUIDE } from '../../lambdas/core/spec/format-guide';
import { describeDraft } from '../../lambdas/core/spec/draft-summary';
import { parseSpec, parseSpecOrThrow } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { ModelCallError, type ModelFailureReason } from '../../lambdas/ports/spec-author';
import {
  DESCRIPTION,
  EDITED_SPEC,
  EDIT_EXPLANATION,
  INVALID_SPEC,
  PROJECT_NAME,
  TAGS_EDITS,
  VALID_SPEC,
  editReply,
  editsReply,
  fenced,
} from '../support/spec-author-fixtures';
import { EDIT_LANGUAGE_GUIDE } from '../../lambdas/core/spec/edits/edit-guide';

const MODEL_ID = 'us.anthropic.claude-sonnet-4-20250514-v1:0'; // $3 / $15 per 1M tokens
const SECRET = 'arn:aws:iam::123456789012:role/secret-role';

const bedrock = mockClient(BedrockRuntimeClient);
const client = new BedrockRuntimeClient({ region: 'us-east-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' } });
let clock: ManualClock;
const timers: NodeJS.Timeout[] = [];

beforeEach(() => {
  bedrock.reset();
  clock = new ManualClock(Date.UTC(2025, 0, 1));
});
afterEach(() => {
  for (const t of timers.splice(0)) clearTimeout(t);
});

function author(props: Partial<ConstructorParameters<typeof BedrockAuthor>[0]> = {}): BedrockAuthor {
  return new BedrockAuthor({ client, modelId: MODEL_ID, clock, ...props });
}

function reply(text: string, opts: { stopReason?: ConverseCommandOutput['stopReason']; inputTokens?: number; outputTokens?: number } = {}): ConverseCommandOutput {
  const inputTokens = opts.inputTokens ?? 1234;
  const outputTokens = opts.outputTokens ?? 567;
  return {
    $metadata: { httpStatusCode: 200 },
    output: { message: { role: 'assistant', content: [{ text }] } },
    stopReason: opts.stopReason ?? 'end_turn',
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
    metrics: { latencyMs: 1 },
  };
}

const canonical = (md: string): string => {
  const parsed = parseSpec(md);
  if (!parsed.ok) throw new Error('fixture does not parse');
  return renderSpec(parsed.spec);
};

const inputOf = (i: number): ConverseCommandInput => bedrock.commandCalls(ConverseCommand)[i]?.args[0].input as ConverseCommandInput;

/** The options `client.send(command, options)` got (the mock's typings only know the command). */
const sendOptions = (i: number) => (bedrock.call(i).args as unknown[])[1] as { abortSignal?: AbortSignal } | undefined;

const delayed = <T>(ms: number, value: T): Promise<T> =>
  new Promise((resolve) => {
    timers.push(setTimeout(() => resolve(value), ms));
  });

async function failure(promise: Promise<unknown>): Promise<ModelCallError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ModelCallError);
    return err as ModelCallError;
  }
  throw new Error('expected a ModelCallError');
}

describe('BedrockAuthor.draft', () => {
  it('sends one Converse request: the guide in the system prompt, the description, the token cap and temperature', async () => {
    bedrock.on(ConverseCommand).callsFake(() => {
      clock.advance(1500);
      return reply(fenced(VALID_SPEC));
    });
    const result = await author().draft({ projectName: PROJECT_NAME, description: DESCRIPTION });

    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(1);
    const input = inputOf(0);
    expect(input).toEqual({
      modelId: MODEL_ID,
      system: [{ text: expect.stringContaining(SPEC_FORMAT_GUIDE.trim()) }],
      messages: [{ role: 'user', content: [{ text: expect.stringContaining(DESCRIPTION) }] }],
      inferenceConfig: { maxTokens: 8192, temperature: 0.2 },
    });
    expect(input.messages?.[0]?.content?.[0]?.text).toContain(`# ${PROJECT_NAME}`);
    // The deadline travels with the request, so the SDK cancels the HTTP call.
    expect(sendOptions(0)).toEqual({ abortSignal: expect.any(AbortSignal) });

    expect(result).toEqual({
      content: canonical(VALID_SPEC),
      // The draft's account for the conversation, written from the parsed spec (draft-summary.ts).
      assistantMessage: describeDraft(parseSpecOrThrow(canonical(VALID_SPEC))),
      usage: { provider: 'bedrock', model: MODEL_ID, inputTokens: 1234, outputTokens: 567, latencyMs: 1500, costMicros: 3702 + 8505 },
    });
    expect(parseSpec(result.content).ok).toBe(true);
  });

  it('uses the configured token cap and price table; an unknown model costs 0', async () => {
    bedrock.on(ConverseCommand).resolves(reply(fenced(VALID_SPEC), { inputTokens: 1_000_000, outputTokens: 1_000_000 }));
    const priced = await author({ modelId: 'my.custom-model', maxTokens: 2048, pricing: { 'my.custom-model': { inputUsdPerMillion: 1, outputUsdPerMillion: 2 } } }).draft({
      projectName: PROJECT_NAME,
      description: DESCRIPTION,
    });
    expect(inputOf(0).inferenceConfig).toEqual({ maxTokens: 2048, temperature: 0.2 });
    expect(priced.usage.costMicros).toBe(3_000_000);
    const unknown = await author({ modelId: 'my.custom-model' }).draft({ projectName: PROJECT_NAME, description: DESCRIPTION });
    expect(unknown.usage).toMatchObject({ inputTokens: 1_000_000, outputTokens: 1_000_000, costMicros: 0 });
  });

  it.each([
    ['text before and after the fence', `Here is the spec you asked for.\n\n${fenced(VALID_SPEC)}\n\nTell me what to change.`],
    ['a ```md fence', fenced(VALID_SPEC, 'md')],
    ['a ```markdown fence', fenced(VALID_SPEC, 'markdown')],
    ['no fence, the spec starting with "# "', VALID_SPEC],
    ['the text split over several content blocks', 'SPLIT'],
  ])('accepts a reply with %s without a repair', async (_label, text) => {
    if (text === 'SPLIT') {
      const whole = fenced(VALID_SPEC);
      const cut = Math.floor(whole.length / 2);
      bedrock.on(ConverseCommand).resolves({ ...reply(''), output: { message: { role: 'assistant', content: [{ text: whole.slice(0, cut) }, { text: whole.slice(cut) }] } } });
    } else {
      bedrock.on(ConverseCommand).resolves(reply(text));
    }
    const result = await author().draft({ projectName: PROJECT_NAME, description: DESCRIPTION });
    expect(result.content).toBe(canonical(VALID_SPEC));
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(1);
  });

  it('repairs an invalid reply once: the errors go back, usage is summed over both calls', async () => {
    bedrock
      .on(ConverseCommand)
      .resolvesOnce(reply(fenced(INVALID_SPEC), { inputTokens: 1000, outputTokens: 400 }))
      .resolvesOnce(reply(fenced(VALID_SPEC), { inputTokens: 1500, outputTokens: 450 }));
    const result = await author().draft({ projectName: PROJECT_NAME, description: DESCRIPTION });

    expect(result.content).toBe(canonical(VALID_SPEC));
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(2);
    const first = inputOf(0);
    const repair = inputOf(1);
    expect(repair.system).toEqual(first.system);
    expect(repair.messages).toHaveLength(3);
    expect(repair.messages?.[0]).toEqual(first.messages?.[0]);
    expect(repair.messages?.[1]).toEqual({ role: 'assistant', content: [{ text: fenced(INVALID_SPEC) }] });
    expect(repair.messages?.[2]?.role).toBe('user');
    expect(repair.messages?.[2]?.content?.[0]?.text).toMatch(/^Your spec has these errors: .*line 19: /);
    expect(repair.messages?.[2]?.content?.[0]?.text).toContain('corrected full spec');
    expect(result.usage).toMatchObject({ inputTokens: 2500, outputTokens: 850, costMicros: 2500 * 3 + 850 * 15 });
  });

  it('fails with a metered 503 when the repair is invalid too', async () => {
    bedrock
      .on(ConverseCommand)
      .resolvesOnce(reply(fenced(INVALID_SPEC), { inputTokens: 1000, outputTokens: 400 }))
      .resolvesOnce(reply('I could not fix it, sorry.', { inputTokens: 1500, outputTokens: 20 }));
    const err = await failure(author().draft({ projectName: PROJECT_NAME, description: DESCRIPTION }));

    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(2);
    expect(err.message).toBe('The language model returned an invalid spec');
    expect(err.reason).toBe('invalid_output');
    expect(err.usage).toEqual({ provider: 'bedrock', model: MODEL_ID, inputTokens: 2500, outputTokens: 420, latencyMs: 0, costMicros: 2500 * 3 + 420 * 15 });
    expect(renderError(err)).toMatchObject({ statusCode: 503, body: { code: 'MODEL_UNAVAILABLE', error: 'The language model returned an invalid spec' } });
  });

  it('treats a reply cut off at max_tokens as invalid, even if it parses, and repairs it once', async () => {
    bedrock
      .on(ConverseCommand)
      .resolvesOnce(reply(fenced(VALID_SPEC), { stopReason: 'max_tokens', outputTokens: 8192 }))
      .resolvesOnce(reply(fenced(VALID_SPEC), { outputTokens: 300 }));
    const result = await author().draft({ projectName: PROJECT_NAME, description: DESCRIPTION });
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(2);
    expect(inputOf(1).messages?.[2]?.content?.[0]?.text).toContain('cut off at the output limit');
    expect(result.usage).toMatchObject({ inputTokens: 2468, outputTokens: 8492 });
  });

  it('fails after two truncated replies', async () => {
    bedrock.on(ConverseCommand).resolves(reply('```markdown\n# Reading list\n\n## Overview', { stopReason: 'max_tokens', outputTokens: 8192 }));
    const err = await failure(author().draft({ projectName: PROJECT_NAME, description: DESCRIPTION }));
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(2);
    expect(err.reason).toBe('invalid_output');
    expect(err.usage).toMatchObject({ inputTokens: 2468, outputTokens: 16384 });
  });

  it('an empty reply is repaired with a placeholder turn (Converse refuses empty content)', async () => {
    bedrock
      .on(ConverseCommand)
      .resolvesOnce({ ...reply(''), output: { message: { role: 'assistant', content: [] } } })
      .resolvesOnce(reply(fenced(VALID_SPEC)));
    await author().draft({ projectName: PROJECT_NAME, description: DESCRIPTION });
    expect(inputOf(1).messages?.[1]).toEqual({ role: 'assistant', content: [{ text: '(empty reply)' }] });
  });

  it.each<[ConverseCommandOutput['stopReason']]>([['content_filtered'], ['guardrail_intervened'], ['model_context_window_exceeded']])(
    'stop reason %s fails at once (a repair would not help), metered',
    async (stopReason) => {
      bedrock.on(ConverseCommand).resolves(reply('', { stopReason, inputTokens: 900, outputTokens: 3 }));
      const err = await failure(author().draft({ projectName: PROJECT_NAME, description: DESCRIPTION }));
      expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(1);
      expect(err.reason).toBe('refused');
      expect(err.usage).toMatchObject({ inputTokens: 900, outputTokens: 3, costMicros: 2700 + 45 });
    },
  );

  it('a response without an output message is a failure, metered', async () => {
    bedrock.on(ConverseCommand).resolves({ ...reply(''), output: undefined });
    const err = await failure(author().draft({ projectName: PROJECT_NAME, description: DESCRIPTION }));
    expect(err.reason).toBe('unavailable');
    expect(err.usage.inputTokens).toBe(1234);
  });
});

describe('BedrockAuthor.edit', () => {
  const input = {
    projectName: PROJECT_NAME,
    currentSpec: VALID_SPEC,
    message: 'Books should have tags',
    history: [
      { role: 'user' as const, content: 'Make the author optional' },
      { role: 'assistant' as const, content: 'The author is optional now.' },
    ],
  };

  it('sends the history, then the current spec and the message; applies the structured edits of the reply', async () => {
    bedrock.on(ConverseCommand).resolves(reply(editsReply(TAGS_EDITS)));
    const result = await author().edit(input);

    const sent = inputOf(0);
    expect(sent.system?.[0]?.text).toContain(SPEC_FORMAT_GUIDE.trim());
    expect(sent.system?.[0]?.text).toContain(EDIT_LANGUAGE_GUIDE);
    expect(sent.messages?.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent.messages?.[0]?.content).toEqual([{ text: 'Make the author optional' }]);
    expect(sent.messages?.[1]?.content).toEqual([{ text: 'The author is optional now.' }]);
    const request = sent.messages?.[2]?.content?.[0]?.text ?? '';
    expect(request).toContain(VALID_SPEC.trim());
    expect(request).toContain('Books should have tags');
    expect(sent.inferenceConfig).toEqual({ maxTokens: 8192, temperature: 0.2 });

    expect(result).toEqual({
      content: canonical(EDITED_SPEC),
      assistantMessage: EDIT_EXPLANATION,
      usage: expect.objectContaining({ provider: 'bedrock', inputTokens: 1234, outputTokens: 567 }),
    });
  });

  it('a reply with the whole edited spec in Markdown instead is taken too', async () => {
    bedrock.on(ConverseCommand).resolves(reply(editReply(EDITED_SPEC)));
    const result = await author().edit(input);
    expect(result.content).toBe(canonical(EDITED_SPEC));
    expect(result.assistantMessage).toBe(EDIT_EXPLANATION);
  });

  it('a reply without a message still gets an assistant message', async () => {
    bedrock.on(ConverseCommand).resolves(reply(editsReply(TAGS_EDITS, '')));
    const result = await author().edit(input);
    expect(result.assistantMessage).toBe('I updated the spec as you asked.');
  });

  it('edits that cannot be applied are sent back once with what is wrong; the corrected list applies to the spec as it was', async () => {
    bedrock
      .on(ConverseCommand)
      .resolvesOnce(reply(editsReply([...TAGS_EDITS, { op: 'rename_field', entity: 'Book', field: 'titel', to: 'name' }])))
      .resolvesOnce(reply(editsReply(TAGS_EDITS)));
    const result = await author().edit(input);
    expect(result.content).toBe(canonical(EDITED_SPEC));
    expect(inputOf(1).messages).toHaveLength(5);
    const repair = inputOf(1).messages?.[4]?.content?.[0]?.text ?? '';
    expect(repair).toContain('edit 2 (rename_field): Book has no field titel (fields: title, author, rating, tags)');
    expect(result.usage.inputTokens).toBe(2468);
  });

  it('edits still wrong after the repair answer 503 invalid_output, metered, and change nothing', async () => {
    bedrock.on(ConverseCommand).resolves(reply(editsReply([{ op: 'add_field', entity: 'Shelf', field: { name: 'x', type: 'string', required: true } }])));
    const err = await failure(author().edit(input));
    expect(err.reason).toBe('invalid_output');
    expect(err.usage.inputTokens).toBe(2468);
  });
});

describe('BedrockAuthor failures', () => {
  const opts = { $metadata: {}, message: `User ${SECRET} is not authorized` };
  it.each<[string, () => Error, ModelFailureReason]>([
    ['ThrottlingException', () => new ThrottlingException(opts), 'throttled'],
    ['ServiceQuotaExceededException', () => new ServiceQuotaExceededException(opts), 'throttled'],
    ['ServiceUnavailableException', () => new ServiceUnavailableException(opts), 'unavailable'],
    ['InternalServerException', () => new InternalServerException(opts), 'unavailable'],
    ['ModelNotReadyException', () => new ModelNotReadyException(opts), 'unavailable'],
    ['ModelTimeoutException', () => new ModelTimeoutException(opts), 'timeout'],
    ['AccessDeniedException', () => new AccessDeniedException(opts), 'denied'],
    ['ResourceNotFoundException', () => new ResourceNotFoundException(opts), 'denied'],
    ['ValidationException', () => new ValidationException(opts), 'refused'],
    ['a network error', () => Object.assign(new Error(`connect ECONNREFUSED ${SECRET}`), { code: 'ECONNREFUSED' }), 'unavailable'],
    ['an error named like an Object member', () => Object.assign(new Error(SECRET), { name: 'toString' }), 'unavailable'],
  ])('%s -> a 503 ModelCallError that keeps the provider text in cause only', async (_name, makeError, reason) => {
    const providerError = makeError();
    bedrock.on(ConverseCommand).rejects(providerError);
    const err = await failure(author().draft({ projectName: PROJECT_NAME, description: DESCRIPTION }));
    expect(err.statusCode).toBe(503);
    expect(err.code).toBe('MODEL_UNAVAILABLE');
    expect(err.reason).toBe(reason);
    expect(err.message).not.toContain(SECRET);
    expect(JSON.stringify(renderError(err).body)).not.toContain(SECRET);
    expect((err.cause as Error).cause).toBe(providerError);
    expect(err.usage).toMatchObject({ provider: 'bedrock', model: MODEL_ID, inputTokens: 0, outputTokens: 0, costMicros: 0 });
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(1);
  });

  it('a failure of the repair call carries the usage of the first call', async () => {
    bedrock
      .on(ConverseCommand)
      .resolvesOnce(reply(fenced(INVALID_SPEC), { inputTokens: 1000, outputTokens: 400 }))
      .rejectsOnce(new ThrottlingException({ $metadata: {}, message: 'slow down' }));
    const err = await failure(author().edit({ projectName: PROJECT_NAME, currentSpec: VALID_SPEC, message: 'tags', history: [] }));
    expect(err.reason).toBe('throttled');
    expect(err.usage).toMatchObject({ inputTokens: 1000, outputTokens: 400, costMicros: 3000 + 6000 });
  });

  it('a model slower than the deadline fails when the deadline passes, and the request is aborted', async () => {
    // The mock ignores the abort signal, as a stuck SDK retry loop would: the deadline must still hold.
    bedrock.on(ConverseCommand).callsFake(() => delayed(2_000, reply(fenced(VALID_SPEC))));
    const started = Date.now();
    const err = await failure(author({ timeoutMs: 150 }).draft({ projectName: PROJECT_NAME, description: DESCRIPTION }));
    const elapsed = Date.now() - started;
    const signal = sendOptions(0)?.abortSignal;
    expect(err.reason).toBe('timeout');
    expect(err.message).toBe('The language model took too long to answer; try again');
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(1_000);
    expect(signal?.aborted).toBe(true);
    expect(err.usage).toMatchObject({ inputTokens: 0, outputTokens: 0 });
  }, 5_000);

  it('one deadline covers the repair too: a slow repair fails at the overall deadline with the first call metered', async () => {
    bedrock
      .on(ConverseCommand)
      .callsFakeOnce(() => delayed(100, reply(fenced(INVALID_SPEC), { inputTokens: 1000, outputTokens: 400 })))
      .callsFakeOnce(() => delayed(2_000, reply(fenced(VALID_SPEC))));
    const started = Date.now();
    const err = await failure(author({ timeoutMs: 300 }).draft({ projectName: PROJECT_NAME, description: DESCRIPTION }));
    const elapsed = Date.now() - started;
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(2);
    expect(err.reason).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1_000);
    expect(err.usage).toMatchObject({ inputTokens: 1000, outputTokens: 400 });
  }, 5_000);

  it('refuses bad settings at construction', () => {
    expect(() => author({ modelId: ' ' })).toThrow(/model id/);
    expect(() => author({ maxTokens: 0 })).toThrow(/maxTokens/);
    expect(() => author({ maxTokens: 1.5 })).toThrow(/maxTokens/);
    expect(() => author({ timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => author({ pricing: { m: { inputUsdPerMillion: -3, outputUsdPerMillion: 15 } } })).toThrow(/Invalid price/);
  });
});
