/**
 * Which record type the words of a workflow sentence name (workflow-reader.ts and
 * workflow-steps.ts): by its name, or by the first word of a compound name alone; and the
 * sentences that name one by their shape alone ("Show opened", "Every entry starts as ...").
 */
import { snakeCase } from '../../text/case';
import { words } from '../offline-author/text';
import type { Draft } from './workflow-draft';
import { verbLemma } from './workflow-phrases';
import type { WorkflowContext } from './workflow-reader';

/**
 * The first record type mentioned in words, with where. Failing a name, the first word of one
 * compound name alone ("after a service" for ServiceRecord, "a pickup" for PickupRequest), when
 * no other record type starts with it.
 */
export function mentionIn(tokens: string[], ctx: WorkflowContext) {
  const named = ctx.index.mentions(tokens)[0];
  // ("an attendance record is marked absent": the word "record" after a record type's name is part of it.)
  if (named && /^(?:record|records|entry|entries)$/.test(tokens[named.end] ?? '')) return { ...named, end: named.end + 1 };
  if (named) return named;
  for (let i = 0; i < tokens.length; i += 1) {
    const word = tokens[i]!.replace(/s$/, '');
    // ("a new fault" for a FaultReport: the first word of its name, after a determiner or "new".)
    if (word.length < 4 || (i > 0 && !/^(?:a|an|the|each|every|any|its|their|his|her|my|our|your|new)$/.test(tokens[i - 1]!))) continue;
    const owners = ctx.index.names.filter((n) => snakeCase(n).split('_')[0] === word);
    if (owners.length === 1 && snakeCase(owners[0]!).includes('_')) return { entity: owners[0]!, start: i, end: i + 1, plural: false, head: true };
  }
  return undefined;
}

/** The words naming a record type ("MaintenanceRequest": maintenance, request), which an act on the record itself uses. */
export const recordWords = (entity: string): string[] => snakeCase(entity).split('_');

/** "Entry made", "Show opened": a sentence of a record's words and the state it reaches, and nothing else. */
export function stateHeading(sentence: string, ctx: WorkflowContext): { record: string; state: string } | undefined {
  const tokens = words(sentence.trim().replace(/^\d+[.)]\s*/, ''));
  const m = mentionIn(tokens, ctx);
  const state = tokens[tokens.length - 1] ?? '';
  if (!m || m.start !== 0 || m.end !== tokens.length - 1 || !(/(?:ed|en)$/.test(state) || verbLemma(state) !== state)) return undefined;
  return { record: tokens.slice(0, m.end).join(' '), state };
}

/** "Every entry starts as pending payment": the record type (as its words) that begins in a state. */
export function startsInState(sentence: string, ctx: WorkflowContext): string | undefined {
  const m = /^(?:every|each|a|an|any|all)\s+(?:new\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(?:starts?|begins?)\s+(?:out\s+|off\s+)?(?:as|in)\b/i.exec(sentence.trim());
  const named = m ? mentionIn(words(m[1]!), ctx) : undefined;
  return named ? m![1] : undefined;
}

/** "Approved reports are paid by calling the payment step": the workflow's record, by its state, goes on. */
export function continuesAbout(text: string, last: Draft, ctx: WorkflowContext): boolean {
  const tokens = words(text);
  const m = mentionIn(tokens, ctx);
  return !!m && m.entity === last.entity && m.start === 1 && /(?:ed|en)$/.test(tokens[0]!) && ['is', 'are', 'get', 'gets'].includes(tokens[m.end] ?? '');
}
