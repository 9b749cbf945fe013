/**
 * The wait phrases of a workflow sentence (workflow-reader.ts): "waits 3 days", "until its due
 * date", "up to 7 days for a manager to approve or reject it", "another 3 days", "a week before
 * it", "an hour later".
 */
import { findDuration, words } from '../offline-author/text';
import { snakeCase } from '../../text/case';
import { uniqueName, durationWords, type Draft } from './workflow-draft';
import { dateField, relatedDateField } from './workflow-record-fields';
import { AWAITED_NOUNS, TASK_VERBS, participle, verbLemma } from './workflow-phrases';
import type { WorkflowContext } from './workflow-reader';

export function wordNumber(w: string): number {
  return ({ one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 } as Record<string, number>)[w.toLowerCase()] ?? 1;
}

export function readWait(rest: string, draft: Draft, ctx: WorkflowContext): void {
  const d = findDuration(rest);
  const until = /^until\s+(.*)$/i.exec(rest);
  if (until) {
    const target = until[1]!;
    // ("wait until their 16th birthday": the date of birth, sixteen years on.)
    const birthday = /\b(\d+)(?:st|nd|rd|th)\s+birthday\b/i.exec(target);
    const born = birthday ? ctx.entities.find((e) => e.name === draft.entity)?.fields.find((f) => (f.type === 'date' || f.type === 'datetime') && /(?:^|_)(?:birth|dob|birthday|born)(?:_|$)/.test(f.name)) : undefined;
    if (birthday && born) {
      draft.steps.push({ kind: 'waitUntil', name: uniqueName(`wait_until_${born.name}`, draft.names), field: born.name, offset: `+P${birthday[1]}Y` });
      return;
    }
    const tokens = words(target.replace(/^.*?\b(?:before|after|prior to)\b/i, ''));
    // ("until 5 days before the race starts" on an entry: the race's start, through the entry's reference.)
    const related = relatedDateField(draft.entity, tokens, ctx);
    const field = related?.field ?? dateField(draft.entity, tokens.filter((w) => !['it', 'the', 'its', 'a', 'an', 'of'].includes(w) && !ctx.index.names.some((n) => snakeCase(n) === w)), ctx);
    if (!field) return;
    const offset = d && /\b(?:before|prior to)\b/i.test(target) ? `-${d.iso}` : d && /\bafter\b/i.test(target) ? `+${d.iso}` : undefined;
    draft.steps.push({ kind: 'waitUntil', name: uniqueName(`wait_until_${field}`, draft.names), field, ...(offset ? { offset } : {}), ...(related ? { via: related.via } : {}) });
    return;
  }
  if (!d) return;
  // "up to 7 days for a manager to approve or reject it" / "another 3 days" after such a wait.
  const forEvent = /\bfor\s+(?:.+?\s+)?to\s+(?:be\s+)?([a-z]+)(?:\s*(?:,|or|and)\s*([a-z]+))?(?:\s*(?:,|or|and)\s*([a-z]+))?/i.exec(rest);
  if (forEvent) {
    const events = [forEvent[1], forEvent[2], forEvent[3]].filter((w): w is string => !!w && !['it', 'them', 'the'].includes(w.toLowerCase())).map((w) => snakeCase(/(?:ed|en)$/.test(w) ? w : participle(verbLemma(w))));
    const who = /\bfor\s+(?:a|an|the|one of the|any)?\s*([a-z]+(?:\s+[a-z]+)?)\s+to\b/i.exec(rest);
    const person = who && !/^(?:it|them|someone|somebody)$/i.test(who[1]!) ? snakeCase(who[1]!) : events[0]!;
    if (who && person !== events[0]) draft.approvers.push(who[1]!);
    draft.steps.push({ kind: 'waitForEvent', name: uniqueName(`wait_for_${person}`, draft.names), events, timeout: d.iso });
    return;
  }
  const noun = /\bfor\s+(?:the|a|an|their|its)\s+([a-z]+)\b/i.exec(rest)?.[1]?.toLowerCase();
  if (noun && AWAITED_NOUNS[noun]) {
    const event = AWAITED_NOUNS[noun]!;
    draft.steps.push({ kind: 'waitForEvent', name: uniqueName(`wait_for_${event}`, draft.names), events: [event], timeout: d.iso });
    return;
  }
  const previous = [...draft.steps].reverse().find((step) => step.kind === 'waitForEvent');
  if (/\banother\b|\bmore\b/i.test(rest) && previous?.kind === 'waitForEvent') {
    // "it is escalated to the finance team and waits another 3 days": now the finance team decides.
    const target = /\bto\s+(?:the\s+)?([a-z]+(?:\s+[a-z]+)?)$/i.exec(draft.lastSegment ?? '');
    draft.steps.push({ ...previous, name: uniqueName(target ? `wait_for_${snakeCase(target[1]!)}` : previous.name, draft.names), timeout: d.iso });
    return;
  }
  draft.steps.push({ kind: 'wait', name: uniqueName(`wait_${durationWords(d)}`, draft.names), duration: d.iso });
}

/** "the day", "a week", "48 hours": the time a wait is relative by. */
export function relativeAmount(amount: string): ReturnType<typeof findDuration> {
  // ("the night before", "the evening before", "the morning after": a day.)
  const bare = amount.replace(/^the\s+/i, '').replace(/^(?:night|evening|morning|afternoon)$/i, 'day');
  return /^(?:day|week|month)$/i.test(bare) ? { iso: `P1${bare[0]!.toUpperCase()}`, n: 1, unit: bare, index: 0, length: bare.length } : findDuration(bare);
}

/**
 * A wait until a time before the date the words name ("its due date", "the event", "it starts";
 * none: the record's one date), of the record or of one it refers to; false when no date fits.
 */
export function waitUntilBefore(d: { iso: string }, named: string[], draft: Draft, ctx: WorkflowContext): boolean {
  const hint = named.filter((w) => !['it', 'the', 'its', 'their', 'a', 'an', 'of'].includes(w) && !ctx.index.names.some((n) => snakeCase(n) === w));
  // ("two hours before the session" on a booking: the session's date, through the booking's reference.)
  const related = relatedDateField(draft.entity, named, ctx);
  const field = related?.field ?? dateField(draft.entity, hint, ctx);
  if (!field) return false;
  draft.steps.push({ kind: 'waitUntil', name: uniqueName(`wait_until_${field}`, draft.names), field, offset: `-${d.iso}`, ...(related ? { via: related.via } : {}) });
  return true;
}

/**
 * A step said as a time relative to the record's date ("a week before it remind everyone", "two
 * hours before the start time send a text"), or after the step before ("an hour later email
 * them"); "again the day before" repeats the last action after its wait. Returns the words of the
 * action that follows ('' for none), or undefined when the segment is no such step.
 */
export function readRelativeStep(segment: string, draft: Draft, ctx: WorkflowContext): string | undefined {
  const m = /^(again\s+)?((?:the\s+)?(?:day|week|month)|(?:\d+|an?|one|two|three|four|five|six|seven|ten|twelve|twenty|thirty|forty-eight)\s+[a-z]+)\s+(before|prior to|later)\b\s*(.*)$/i.exec(segment);
  const d = m ? relativeAmount(m[2]!) : undefined;
  if (!m || !d) return undefined;
  const tokens = m[4]!.split(/\s+/).filter(Boolean);
  let at = 0;
  if (m[3]!.toLowerCase() === 'later') draft.steps.push({ kind: 'wait', name: uniqueName(`wait_${durationWords(d)}`, draft.names), duration: d.iso });
  else {
    // The words up to the action name the date ("it", "its due date", "the event"); none: the record's one date.
    // ("8 weeks before their licence expires, send ...": a verb said of the date, "expires", is no action; an action is bare.)
    const action = (w: string) => TASK_VERBS.has(verbLemma(w)) && !(at > 0 && !TASK_VERBS.has(w) && /s$/.test(w));
    while (at < tokens.length && !action(tokens[at]!.replace(/[,.]$/, ''))) at += 1;
    if (!waitUntilBefore(d, words(tokens.slice(0, at).join(' ')), draft, ctx)) return undefined;
  }
  const action = tokens.slice(at).join(' ').replace(/^,\s*/, '');
  const repeated = [...draft.steps].reverse().find((step) => step.kind === 'task');
  if (m[1] && !action && repeated) draft.steps.push({ ...repeated, name: uniqueName(repeated.name, draft.names) });
  return action;
}
