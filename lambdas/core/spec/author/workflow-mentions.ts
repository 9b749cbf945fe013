/**
 * Which record type the words of a workflow sentence name (workflow-reader.ts and
 * workflow-steps.ts): by its name, or by the first word of a compound name alone.
 */
import { snakeCase } from '../../text/case';
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
