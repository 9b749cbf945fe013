/**
 * The edit half of the model authors: the prompt that asks for structured edits
 * (core/spec/edits) rather than the whole spec, and the check of a reply: the JSON found, read
 * with the edit schema and applied to the current spec, all or nothing. A few hundred output
 * tokens instead of several thousand is what keeps a chat edit of a large spec within API
 * Gateway's 30 s. A reply that holds a whole spec in Markdown instead (a model that ignores the
 * format) is still accepted when it parses: the user asked for a change, and that is one.
 */
import { applySpecEdits } from '../../core/spec/edits/apply-edits';
import { EDIT_LANGUAGE_GUIDE } from '../../core/spec/edits/edit-guide';
import { SpecEditReply } from '../../core/spec/edits/spec-edit';
import type { SpecDocument } from '../../core/spec/spec-model';
import type { EditInput } from '../../ports/spec-author';
import { COMMON_RULES, ROLE, alternateTurns, checkReply, cut, extractFencedBlocks, formatProblems, oneLine, specFormatSection, type ModelPrompt, type ReplyCheck, type SpecProblem } from './prompts';

/** Older chat adds little to an edit and costs input tokens on every call. */
export const MAX_HISTORY_TURNS = 20;
/** The contract's chat message limit; longer history entries are cut. */
const MAX_TURN_CHARS = 8_000;
/** The assistant's chat reply is a few sentences; a runaway one is cut. */
const MAX_MESSAGE_CHARS = 1_000;

/** The explanation shown when an edit reply has none. */
export const DEFAULT_EDIT_MESSAGE = 'I updated the spec as you asked.';

const EDIT_RULES = `Change only what the message asks for. A new entity needs rights for the roles that use it (set_rights) \
and its reference fields; a removed or renamed part is followed through by the service (references, rights, triggers), so do not repeat those.`;

export function buildEditSystemPrompt(): string {
  return [ROLE, specFormatSection(), COMMON_RULES, EDIT_RULES, EDIT_LANGUAGE_GUIDE].join('\n\n');
}

export function buildEditPrompt(input: EditInput): ModelPrompt {
  const request = [
    `The current spec of the project "${oneLine(input.projectName)}":`,
    '',
    '```markdown',
    input.currentSpec.trim(),
    '```',
    '',
    'My request, verbatim, between the markers:',
    '<<<REQUEST',
    input.message.trim(),
    'REQUEST>>>',
  ].join('\n');
  const history = input.history.slice(-MAX_HISTORY_TURNS).map((t) => ({ role: t.role, content: cut(t.content, MAX_TURN_CHARS) }));
  return { system: buildEditSystemPrompt(), messages: alternateTurns([...history, { role: 'user', content: request }]) };
}

export function buildEditRepairRequest(problems: readonly SpecProblem[], truncated: boolean): string {
  const head = truncated ? 'Your reply was cut off at the output limit.' : `Your edits cannot be applied: ${formatProblems(problems)}.`;
  return `${head}\n\nReply with the corrected JSON object in one \`\`\`json fenced block: every edit to the spec as it was before your reply (not only the fixes), and the message.`;
}

/** The JSON object of a reply: a ```json block, else any fenced block or the whole text that reads as an object. */
function jsonOf(text: string): { found: false } | { found: true; value: unknown; error?: string } {
  const blocks = extractFencedBlocks(text);
  const candidates = [...blocks.filter((b) => b.info === 'json'), ...blocks.filter((b) => b.info !== 'json' && b.body.trim().startsWith('{'))].map((b) => b.body);
  const bare = text.trim();
  if (bare.startsWith('{')) candidates.push(bare);
  if (candidates.length === 0) return { found: false };
  let error = '';
  for (const candidate of candidates) {
    try {
      return { found: true, value: JSON.parse(candidate) };
    } catch (err) {
      error = (err as Error).message;
    }
  }
  return { found: true, value: undefined, error: `the JSON does not parse (${error})` };
}

/**
 * Checks an edit reply against the current spec: the edits read and applied (content is the
 * edited spec, canonical), or what keeps them from applying. Truncated replies are never taken.
 */
export function checkEditReply(text: string, truncated: boolean, current: SpecDocument): ReplyCheck {
  const json = jsonOf(text);
  if (!json.found) {
    // A whole spec in Markdown is an answer too; anything else is asked again in the edit format.
    const whole = checkReply(text, truncated);
    if (whole.ok || /```(markdown|md)\b|^# \S/m.test(text)) return whole;
    return { ok: false, problems: [{ line: 0, message: 'the reply holds no JSON object of edits' }], explanation: '' };
  }
  if (truncated) return { ok: false, problems: [{ line: 0, message: 'the reply was cut off at the output token limit' }], explanation: '' };
  if (json.error) return { ok: false, problems: [{ line: 0, message: json.error }], explanation: '' };
  const reply = SpecEditReply.safeParse(json.value);
  if (!reply.success) {
    const problems = reply.error.issues.map((issue) => ({ line: 0, message: `${issue.path.join('.') || 'the reply'}: ${issue.message}` }));
    return { ok: false, problems, explanation: '' };
  }
  const explanation = cut(reply.data.message.trim(), MAX_MESSAGE_CHARS);
  const applied = applySpecEdits(current, reply.data.edits);
  if (!applied.ok) return { ok: false, problems: applied.problems.map((message) => ({ line: 0, message })), explanation };
  const removed = applied.removed.length > 0 ? ` Removed with it: ${applied.removed.join(', ')}.` : '';
  return { ok: true, content: applied.content, explanation: `${explanation}${removed}`.trim() };
}
