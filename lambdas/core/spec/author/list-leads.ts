/**
 * The line that leads a list of fields below it ("An audition application holds:", "For each
 * squad we need:"), and the record type it names, also when it names it by the sentence before
 * ("We call them recipients. For each one we need:").
 */
import { topicOf } from './statement-wording';
import { introducedTopic, keptAs } from './topics';

/** "An audition application holds:", "For each squad we need:": the record type a list of fields below is of. */
export function listLead(text: string): string | undefined {
  const t = text.trim();
  const m = /(?:^|[.!?]\s+)(?:an?|each|every|the)\s+([a-z][a-z -]{1,40}?)\s+(?:holds|has|have|records|contains|includes|needs|keeps|stores|carries|lists|shows|gets)(?:\s+(?:the following|these|this|its|their))?\s*:$/i.exec(t)
    ?? /(?:^|[.!?]\s+)for\s+(?:each|every|a|an|the)\s+([a-z][a-z -]{1,40}?)\s*,?\s+(?:we|you|they|i)\s+(?:keep|need|record|store|track|want|hold|note|collect|ask for)(?:\s+the following)?\s*:$/i.exec(t);
  // ("We call them recipients. For each one we need:": one of what the sentence before named.)
  const before = m && /^(?:one|each one|of them)$/i.test(m[1]!.trim()) ? t.slice(0, m.index).trim().split(/[.!?]\s+/).pop() ?? '' : '';
  const named = before ? keptAs(before) ?? introducedTopic(before, true) : undefined;
  return named ? topicOf(named) : m ? topicOf(m[1]!) : undefined;
}

/** "The status goes like this:", "Its stages are:", "The states:": a list of the record's states follows. */
const STATES_LEAD = /(?:^|[.!?]\s+)(?:the|its|their|a\s+[a-z]+['’]s)\s+(?:status(?:es)?|states?|stages?)\s*(?:(?:goes|go|works?|runs?|is|are|moves?|can\s+be)\s*)?(?:like\s+this|as\s+follows|one\s+of(?:\s+these)?|through\s+these)?\s*:$/i;

/**
 * "The status goes like this:" over "- **enquiry**: someone has asked; - **provisional**: ...":
 * the states, each a bullet's label, said as one sentence ("The status is enquiry, provisional or
 * confirmed"); undefined when the lead or a bullet is anything else.
 */
export function statesListed(lead: string, labels: readonly string[]): string | undefined {
  if (!STATES_LEAD.test(lead.trim()) || labels.length < 2) return undefined;
  const states = labels.map((label) => /^\s*(?:\*\*)?([a-z][a-z -]{0,30}?)(?:\*\*)?\s*(?:[:;,.]|\s[-–—]\s|$)/i.exec(label)?.[1]?.trim());
  if (states.some((s) => s === undefined || s.split(/\s+/).length > 3)) return undefined;
  return `The status is ${states.slice(0, -1).join(', ')} or ${states.at(-1)}`;
}
