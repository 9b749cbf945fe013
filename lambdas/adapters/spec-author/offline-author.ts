/**
 * The offline spec author: the local default, no language model. Descriptions and chat edits
 * go through the deterministic author in lambdas/core/spec/offline-author; the result is
 * rendered in the canonical format. Usage is still reported (provider `offline`, cost 0), with
 * token counts estimated the way model tokenizers roughly count (4 characters a token), so the
 * usage endpoints look the same whichever author runs.
 */
import type { Clock } from '../../core/clock';
import { systemClock } from '../../core/clock';
import { InternalError } from '../../core/errors';
import { describeDraft } from '../../core/spec/draft-summary';
import { authorSpec, editSpec } from '../../core/spec/offline-author';
import { parseSpec } from '../../core/spec/parse-spec';
import { renderSpec } from '../../core/spec/render-spec';
import type { DraftInput, DraftResult, EditInput, EditResult, ModelUsage, SpecAuthorPort } from '../../ports/spec-author';

export const OFFLINE_PROVIDER = 'offline';
export const OFFLINE_MODEL = 'bgs-offline-author-1';

const estimateTokens = (...texts: string[]) => texts.reduce((sum, t) => sum + Math.ceil(t.length / 4), 0);

export class OfflineAuthor implements SpecAuthorPort {
  readonly provider = OFFLINE_PROVIDER;
  readonly model = OFFLINE_MODEL;
  constructor(private readonly clock: Clock = systemClock) {}

  async draft(input: DraftInput): Promise<DraftResult> {
    const started = this.clock.now().getTime();
    const spec = authorSpec({ name: input.projectName, description: input.description });
    const content = renderSpec(spec);
    const assistantMessage = describeDraft(spec);
    return { content, assistantMessage, usage: this.usage(started, estimateTokens(input.projectName, input.description), estimateTokens(content, assistantMessage)) };
  }

  async edit(input: EditInput): Promise<EditResult> {
    const started = this.clock.now().getTime();
    const parsed = parseSpec(input.currentSpec);
    // Saved specs are validated on apply (and a draft without entities parses too), so this means stored data is damaged: a server fault.
    if (!parsed.ok) throw new InternalError('The saved spec does not parse');
    const result = editSpec(parsed.spec, input.message);
    const content = result.understood ? renderSpec(result.spec) : input.currentSpec;
    return {
      content,
      assistantMessage: result.summary,
      usage: this.usage(started, estimateTokens(input.currentSpec, input.message), estimateTokens(content, result.summary)),
    };
  }

  private usage(started: number, inputTokens: number, outputTokens: number): ModelUsage {
    return { provider: this.provider, model: this.model, inputTokens, outputTokens, costMicros: 0, latencyMs: this.clock.now().getTime() - started };
  }
}
