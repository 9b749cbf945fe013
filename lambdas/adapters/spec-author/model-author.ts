/**
 * The base of the model authors (Bedrock, OpenAI-compatible): a draft asks for the whole spec
 * (prompts.ts), an edit for structured edits of the current one (edit-reply.ts); both run under
 * runAuthoring's deadline and one repair round-trip.
 */
import { describeDraft } from '../../core/spec/draft-summary';
import { parseSpecOrThrow } from '../../core/spec/parse-spec';
import type { DraftInput, DraftResult, EditInput, EditResult, SpecAuthorPort } from '../../ports/spec-author';
import { DEFAULT_EDIT_MESSAGE, buildEditPrompt, buildEditRepairRequest, checkEditReply } from './edit-reply';
import { DRAFT_RULES, buildDraftPrompt, runAuthoring, type AuthorSettings, type ModelCall, type ReplyRules } from './prompts';

/**
 * What the model adapters share: the prompts, the one repair round-trip, the deadline and the
 * usage; each adapter supplies only its provider call.
 */
export abstract class ModelAuthor implements SpecAuthorPort {
  abstract readonly provider: string;
  abstract readonly model: string;
  protected abstract readonly settings: AuthorSettings;
  protected abstract readonly call: ModelCall;

  async draft(input: DraftInput): Promise<DraftResult> {
    const result = await runAuthoring(buildDraftPrompt(input), DRAFT_RULES, this.settings, this.call);
    // What was understood is stated from the spec itself, the same way whichever author wrote it
    // (runAuthoring returns only content that parses).
    return { content: result.content, assistantMessage: describeDraft(parseSpecOrThrow(result.content)), usage: result.usage };
  }

  async edit(input: EditInput): Promise<EditResult> {
    // The edits apply to the spec as it is; it parses (it was saved), and the read is the same for both calls.
    const current = parseSpecOrThrow(input.currentSpec);
    const rules: ReplyRules = { check: (text, truncated) => checkEditReply(text, truncated, current), repairRequest: buildEditRepairRequest };
    const result = await runAuthoring(buildEditPrompt(input), rules, this.settings, this.call);
    return { content: result.content, assistantMessage: result.explanation || DEFAULT_EDIT_MESSAGE, usage: result.usage };
  }
}
