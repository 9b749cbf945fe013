/**
 * People the text says are users of the system, in an aside: "one staff member (a user of the
 * system)", "the tester, who is one of the garage's users". Such a noun names who a record refers
 * to (a reference to a user), never a record type of its own, whatever the noun is.
 */
import { snakeCase } from '../../text/case';

const USERS = String.raw`(?:a|an|one of (?:the|our|its|their)(?:\s+[a-z']+)?)\s+(?:[a-z]+\s+)?(?:users?|accounts?|logins?)\b`;
const NOUN = String.raw`([a-z]+(?:\s+[a-z]+)?)`;
const ASIDES = [
  // "one staff member (a user of the system)"
  new RegExp(String.raw`\b${NOUN}\s*\((?:(?:who|which) (?:is|are) |they're |it's |must be |always )?${USERS}[^)]*\)`, 'gi'),
  // "the tester, who is one of the garage's users"
  new RegExp(String.raw`\b${NOUN},?\s+who\s+(?:is|are|must be|has to be)\s+(?:always\s+)?${USERS}`, 'gi'),
];
const LEADING = /^(?:one|a|an|the|each|every|any|their|its|our)\s+/i;

/** The snake_case nouns the text calls users ("staff_member", "tester"). */
export function userNouns(text: string): Set<string> {
  const out = new Set<string>();
  for (const re of ASIDES) {
    for (const m of text.matchAll(re)) {
      const noun = m[1]!.trim().replace(LEADING, '');
      if (noun) out.add(snakeCase(noun));
    }
  }
  return out;
}
