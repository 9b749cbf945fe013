/**
 * What both language-model authors share: prompts, the reply format and its robust extraction,
 * validation and the repair request, the error type, and exact integer cost arithmetic.
 */
import {
  DEFAULT_MAX_TOKENS,
  DEFAULT_TIMEOUT_MS,
  TEMPERATURE,
  alternateTurns,
  buildDraftPrompt,
  buildDraftRepairRequest,
  buildDraftSystemPrompt,
  checkReply,
  extractReply,
  formatProblems,
} from '../../lambdas/adapters/spec-author/prompts';
import { MAX_HISTORY_TURNS, buildEditPrompt, buildEditRepairRequest, buildEditSystemPrompt } from '../../lambdas/adapters/spec-author/edit-reply';
import { EDIT_LANGUAGE_GUIDE } from '../../lambdas/core/spec/edits/edit-guide';
import {
  DEFAULT_PRICES,
  baseModelId,
  costMicros,
  costOf,
  microsPerMillion,
  parsePriceTable,
  priceFor,
} from '../../lambdas/adapters/spec-author/pricing';
import { ModelUnavailableError, renderError } from '../../lambdas/core/errors';
import { SPEC_FORMAT_GUIDE } from '../../lambdas/core/spec/format-guide';
import { parseSpec } from '../../lambdas/core/spec/parse-spec';
import { renderSpec } from '../../lambdas/core/spec/render-spec';
import { ModelCallError, type ModelUsage } from '../../lambdas/ports/spec-author';
import {
  DESCRIPTION,
  EDITED_SPEC,
  EDIT_EXPLANATION,
  INVALID_SPEC,
  PROJECT_NAME,
  VALID_SPEC,
  editReply,
  fenced,
} from '../support/spec-author-fixtures';

const canonical = (md: string): string => {
  const parsed = parseSpec(md);
  if (!parsed.ok) throw new Error(`fixture does not parse: ${JSON.stringify(parsed.errors)}`);
  return renderSpec(parsed.spec);
};

describe('fixtures', () => {
  it('the hand-written specs are valid canonical specs and the broken one is not', () => {
    expect(parseSpec(VALID_SPEC).ok).toBe(true);
    expect(parseSpec(EDITED_SPEC).ok).toBe(true);
    const invalid = parseSpec(INVALID_SPEC);
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(invalid.errors.some((e) => e.line === 19)).toBe(true);
  });
});

describe('prompts', () => {
  it('the system prompt holds the role, the whole format guide and the reply format of its mode', () => {
    const draft = buildDraftSystemPrompt();
    const edit = buildEditSystemPrompt();
    for (const system of [draft, edit]) {
      expect(system).toContain('specification author of BGS');
      expect(system).toContain(SPEC_FORMAT_GUIDE.trim());
      expect(system).toContain('server-owned fields');
    }
    expect(draft).toContain('```markdown');
    expect(draft).toContain('Write nothing before or after the block');
    // An edit answers with structured edits, not the whole spec.
    expect(edit).toContain(EDIT_LANGUAGE_GUIDE);
    expect(edit).toContain('```json');
    expect(edit).not.toContain('complete updated spec');
  });

  it('a draft is one user message with the project name and the description verbatim', () => {
    const prompt = buildDraftPrompt({ projectName: ` ${PROJECT_NAME}\n`, description: DESCRIPTION });
    expect(prompt.system).toBe(buildDraftSystemPrompt());
    expect(prompt.messages).toHaveLength(1);
    expect(prompt.messages[0]?.role).toBe('user');
    expect(prompt.messages[0]?.content).toContain(`# ${PROJECT_NAME}`);
    expect(prompt.messages[0]?.content).toContain(DESCRIPTION);
  });

  it('an edit replays the history, then asks with the current spec and the message', () => {
    const prompt = buildEditPrompt({
      projectName: PROJECT_NAME,
      currentSpec: VALID_SPEC,
      message: 'Add tags to books',
      history: [
        { role: 'user', content: 'Make ratings optional' },
        { role: 'assistant', content: 'Ratings are optional now.' },
      ],
    });
    expect(prompt.system).toBe(buildEditSystemPrompt());
    expect(prompt.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(prompt.messages[0]?.content).toBe('Make ratings optional');
    const last = prompt.messages[2]?.content ?? '';
    expect(last).toContain(fenced(VALID_SPEC));
    expect(last).toContain('Add tags to books');
  });

  it('keeps only the most recent history and cuts over-long turns', () => {
    const history = Array.from({ length: 50 }, (_, i) => ({ role: i % 2 === 0 ? ('user' as const) : ('assistant' as const), content: `turn ${i} ${'x'.repeat(i === 49 ? 20_000 : 0)}` }));
    const prompt = buildEditPrompt({ projectName: PROJECT_NAME, currentSpec: VALID_SPEC, message: 'hi', history });
    // 20 turns kept (30..49); turn 30 is user, so alternation holds and the request follows turn 49 (assistant).
    expect(prompt.messages).toHaveLength(MAX_HISTORY_TURNS + 1);
    expect(prompt.messages[0]?.content).toBe('turn 30');
    expect(prompt.messages[MAX_HISTORY_TURNS - 1]?.content.length).toBeLessThanOrEqual(8_000);
  });

  it('turns alternate and start with the user whatever the stored history looks like', () => {
    expect(
      alternateTurns([
        { role: 'assistant', content: 'Welcome!' },
        { role: 'user', content: 'one' },
        { role: 'user', content: 'two' },
        { role: 'assistant', content: '   ' },
        { role: 'assistant', content: 'done' },
        { role: 'user', content: 'three' },
      ]),
    ).toEqual([
      { role: 'user', content: 'one\n\ntwo' },
      { role: 'assistant', content: 'done' },
      { role: 'user', content: 'three' },
    ]);
    // A history ending with an unanswered user message merges into the request.
    const prompt = buildEditPrompt({ projectName: PROJECT_NAME, currentSpec: VALID_SPEC, message: 'again', history: [{ role: 'user', content: 'lost' }] });
    expect(prompt.messages).toHaveLength(1);
    expect(prompt.messages[0]?.content).toMatch(/^lost\n\n/);
  });

  it('the repair request lists the errors and asks for the full corrected spec, or the full corrected list of edits', () => {
    const draft = buildDraftRepairRequest([{ line: 19, message: 'unknown type integr' }, { line: 0, message: 'missing section' }], false);
    expect(draft).toContain('Your spec has these errors: line 19: unknown type integr; missing section.');
    expect(draft).toContain('corrected full spec');
    const edit = buildEditRepairRequest([{ line: 0, message: 'edit 2 (rename_field): Book has no field titel' }], false);
    expect(edit).toContain('Your edits cannot be applied: edit 2 (rename_field): Book has no field titel.');
    expect(edit).toContain('every edit to the spec as it was');
    expect(buildDraftRepairRequest([], true)).toContain('cut off');
    const many = Array.from({ length: 25 }, (_, i) => ({ line: i + 1, message: 'bad' }));
    expect(formatProblems(many)).toMatch(/line 20: bad; and 5 more$/);
  });

  it('defaults: 8192 output tokens, temperature 0.2, 25 s deadline', () => {
    expect(DEFAULT_MAX_TOKENS).toBe(8192);
    expect(TEMPERATURE).toBe(0.2);
    expect(DEFAULT_TIMEOUT_MS).toBe(25_000);
  });
});

describe('extractReply', () => {
  const spec = VALID_SPEC;

  it.each([
    ['a ```markdown fence alone', fenced(spec)],
    ['text before and after the fence', `Here is your spec:\n\n${fenced(spec)}\n\nLet me know if you want changes.`],
    ['a ```md fence', fenced(spec, 'md')],
    ['a bare ``` fence', fenced(spec, '')],
    ['a ```Markdown fence with attributes', `\`\`\`Markdown title="spec"\n${spec}\`\`\``],
    ['a ~~~ fence', `~~~markdown\n${spec}~~~`],
    ['a four-backtick fence', `\`\`\`\`markdown\n${spec}\`\`\`\``],
    ['CRLF line ends', fenced(spec).replace(/\n/g, '\r\n')],
    ['no fence, the spec starting with its title', spec],
    ['no fence, a sentence before the title', `Sure, here it is.\n\n${spec}`],
    ['a sketch block before the final spec', `\`\`\`json\n{"draft": true}\n\`\`\`\n\n${fenced(spec)}`],
  ])('finds the spec with %s', (_label, reply) => {
    const extracted = extractReply(reply);
    expect(extracted.spec).toBe(VALID_SPEC);
    expect(checkReply(reply, false)).toEqual({ ok: true, content: canonical(VALID_SPEC), explanation: expect.any(String) });
  });

  it('takes the explanation after the fence, else before it', () => {
    expect(extractReply(editReply(EDITED_SPEC)).explanation).toBe(EDIT_EXPLANATION);
    expect(extractReply(`${EDIT_EXPLANATION}\n\n${fenced(EDITED_SPEC)}`).explanation).toBe(EDIT_EXPLANATION);
    expect(extractReply(`${fenced(EDITED_SPEC)}\n\nExplanation: ${EDIT_EXPLANATION}`).explanation).toBe(EDIT_EXPLANATION);
    expect(extractReply(fenced(EDITED_SPEC)).explanation).toBe('');
    expect(extractReply(`${fenced(EDITED_SPEC)}\n\n${'long '.repeat(1000)}`).explanation.length).toBeLessThanOrEqual(1000);
  });

  it('the last block holding a spec wins', () => {
    expect(extractReply(`${fenced(VALID_SPEC)}\n\nActually:\n\n${fenced(EDITED_SPEC)}`).spec).toBe(EDITED_SPEC);
  });

  it('an unclosed fence (a cut-off reply) runs to the end', () => {
    expect(extractReply(`\`\`\`markdown\n${VALID_SPEC}`).spec).toBe(VALID_SPEC);
  });

  it('a reply without anything spec-like has no spec', () => {
    expect(extractReply('I cannot help with that.')).toEqual({ spec: undefined, explanation: 'I cannot help with that.' });
    const check = checkReply('I cannot help with that.', false);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problems[0]?.message).toContain('no spec');
  });
});

describe('checkReply', () => {
  it('accepts a valid spec and returns it canonical', () => {
    const check = checkReply(editReply(EDITED_SPEC), false);
    expect(check).toEqual({ ok: true, content: canonical(EDITED_SPEC), explanation: EDIT_EXPLANATION });
    if (check.ok) expect(parseSpec(check.content).ok).toBe(true);
  });

  it('reports the parse errors of an invalid spec with their lines', () => {
    const check = checkReply(fenced(INVALID_SPEC), false);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problems).toContainEqual(expect.objectContaining({ line: 19 }));
  });

  it('never accepts a truncated reply, even one that parses', () => {
    const check = checkReply(fenced(VALID_SPEC), true);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problems[0]?.message).toContain('cut off');
  });
});

describe('ModelCallError', () => {
  const usage: ModelUsage = { provider: 'bedrock', model: 'm', inputTokens: 1, outputTokens: 2, latencyMs: 3, costMicros: 4 };

  it('is a 503 MODEL_UNAVAILABLE that carries the usage, the reason and the cause', () => {
    const cause = new Error('provider said: account 123456789012');
    const err = new ModelCallError('The language model is busy; try again shortly', usage, { reason: 'throttled', cause });
    expect(err).toBeInstanceOf(ModelUnavailableError);
    expect(err.statusCode).toBe(503);
    expect(err.code).toBe('MODEL_UNAVAILABLE');
    expect(err.usage).toEqual(usage);
    expect(err.reason).toBe('throttled');
    expect(err.cause).toBe(cause);
    expect(renderError(err)).toMatchObject({ statusCode: 503, body: { error: 'The language model is busy; try again shortly', code: 'MODEL_UNAVAILABLE' } });
    expect(new ModelCallError('x', usage).reason).toBe('unavailable');
  });
});

describe('pricing', () => {
  const sonnet = { inputUsdPerMillion: 3, outputUsdPerMillion: 15 };

  it('computes exact integer micro-dollars', () => {
    expect(costMicros(sonnet, 1234, 0)).toBe(3702);
    expect(costMicros(sonnet, 0, 1000)).toBe(15_000);
    expect(costMicros(sonnet, 1234, 567)).toBe(3702 + 8505);
    expect(costMicros(sonnet, 0, 0)).toBe(0);
    expect(Number.isInteger(costMicros({ inputUsdPerMillion: 0.035, outputUsdPerMillion: 0.14 }, 12_345, 6_789))).toBe(true);
  });

  it('sums input and output before one half-up rounding to the micro-dollar', () => {
    const haiku = { inputUsdPerMillion: 0.25, outputUsdPerMillion: 1.25 };
    expect(costMicros(haiku, 1, 0)).toBe(0); // 0.25
    expect(costMicros(haiku, 2, 0)).toBe(1); // 0.5 rounds up
    expect(costMicros(haiku, 1, 1)).toBe(2); // 0.25 + 1.25 = 1.5
    expect(costMicros({ inputUsdPerMillion: 0.035, outputUsdPerMillion: 0.14 }, 1_000_000, 1_000_000)).toBe(175_000);
  });

  it('many small calls add up exactly', () => {
    let total = 0;
    let floatTotal = 0;
    for (let i = 0; i < 10_000; i++) {
      total += costMicros(sonnet, 1234, 567);
      floatTotal += (1234 * 3 + 567 * 15) / 1e6; // what float dollars would do
    }
    expect(total).toBe(122_070_000); // $122.07 exactly
    expect(Number.isSafeInteger(total)).toBe(true);
    expect(floatTotal).not.toBe(122.07); // the drift integer micro-dollars avoid
  });

  it('huge token counts stay exact (BigInt intermediate)', () => {
    expect(costMicros({ inputUsdPerMillion: 75, outputUsdPerMillion: 75 }, 2 ** 40, 0)).toBe(Number((2n ** 40n * 75_000_000n + 500_000n) / 1_000_000n));
  });

  it('converts prices to integer micro-dollars per million and refuses what cannot be exact', () => {
    expect(microsPerMillion(3)).toBe(3_000_000n);
    expect(microsPerMillion(0.035)).toBe(35_000n);
    expect(microsPerMillion(0.8)).toBe(800_000n);
    expect(() => microsPerMillion(-1)).toThrow();
    expect(() => microsPerMillion(0.0000001)).toThrow();
    expect(() => microsPerMillion(Number.NaN)).toThrow();
    for (const price of Object.values(DEFAULT_PRICES)) {
      expect(() => microsPerMillion(price.inputUsdPerMillion)).not.toThrow();
      expect(() => microsPerMillion(price.outputUsdPerMillion)).not.toThrow();
    }
  });

  it('looks models up by id, then by base id without an inference-profile prefix or ARN path', () => {
    expect(baseModelId('us.anthropic.claude-sonnet-4-20250514-v1:0')).toBe('anthropic.claude-sonnet-4-20250514-v1:0');
    expect(baseModelId('global.anthropic.claude-sonnet-4-20250514-v1:0')).toBe('anthropic.claude-sonnet-4-20250514-v1:0');
    expect(baseModelId('arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.amazon.nova-pro-v1:0')).toBe('amazon.nova-pro-v1:0');
    expect(priceFor('us.anthropic.claude-sonnet-4-20250514-v1:0')).toEqual(sonnet);
    expect(priceFor('gpt-4o-mini')).toEqual({ inputUsdPerMillion: 0.15, outputUsdPerMillion: 0.6 });
  });

  it('an unknown model costs 0; a configured table wins over the defaults', () => {
    expect(priceFor('my-local-llama')).toBeUndefined();
    expect(costOf('my-local-llama', 10_000, 10_000)).toBe(0);
    const table = { 'my-local-llama': { inputUsdPerMillion: 0.5, outputUsdPerMillion: 1 }, 'gpt-4o': { inputUsdPerMillion: 1, outputUsdPerMillion: 1 } };
    expect(costOf('my-local-llama', 10_000, 10_000, table)).toBe(15_000);
    expect(costOf('gpt-4o', 1_000_000, 0, table)).toBe(1_000_000);
  });

  it('parses a price table from configuration and fails loudly on a bad one', () => {
    expect(parsePriceTable(undefined)).toEqual({});
    expect(parsePriceTable('  ')).toEqual({});
    expect(parsePriceTable('{"m":{"inputUsdPerMillion":0.5,"outputUsdPerMillion":1.5}}')).toEqual({ m: { inputUsdPerMillion: 0.5, outputUsdPerMillion: 1.5 } });
    expect(() => parsePriceTable('{')).toThrow(/not JSON/);
    expect(() => parsePriceTable('{"m":{"inputUsdPerMillion":-1,"outputUsdPerMillion":1}}')).toThrow(/Invalid price table/);
    expect(() => parsePriceTable('{"m":{"input":1}}')).toThrow(/Invalid price table/);
    expect(() => parsePriceTable('{"m":{"inputUsdPerMillion":0.0000001,"outputUsdPerMillion":1}}')).toThrow(/Invalid price/);
  });
});
