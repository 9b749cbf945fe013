/**
 * "their own stuff", said of people who are a record type too: their own record and the records
 * that refer to one, named, so the rights reader reads them as their own.
 */
import { nameWords, plural, singular } from './text';
import type { RightsContext } from './rights';

/** "their own stuff", "their own records": whatever of the records is theirs, said without naming them. */
// (Not "their own details": what of themselves, said next if at all.)
const OWN_STUFF = /\btheir\s+own\s+(?:stuff|things|records|data|bits|everything)\b/i;

/**
 * ("Clients can see their own stuff only", clients a record type too: their own client record and
 * the records that refer to one, their bookings.) Unchanged when the people are no record type.
 */
export function theirOwnStuff(clause: string, ctx: RightsContext): string {
  if (!OWN_STUFF.test(clause)) return clause;
  const who = /^\s*(?:the\s+|our\s+|all\s+)?([a-z]+)\b/i.exec(clause)?.[1];
  const entity = who ? ctx.index.resolve([singular(who.toLowerCase())]) : undefined;
  if (!entity) return clause;
  const named = [entity, ...(ctx.referrers?.(entity) ?? [])].map((name) => {
    const ws = nameWords(name);
    return [...ws.slice(0, -1), plural(ws.at(-1)!)].join(' ');
  });
  return clause.replace(OWN_STUFF, `their own ${named.join(' and ')}`);
}
