/**
 * An item that only says what the item before it is, said after a comma: "a trade discount, a
 * percentage between 0 and 30", "a deposit, an amount up to 200". It is that item's
 * parenthesis (its type and bounds), no field of its own.
 */
// (Not "a number of seats", nor "an amount" alone: each is a field of its own; "a percentage" is a field's kind alone.)
const SAYS_WHAT_IT_IS = /^(?:an?\s+)(?:(?:percentage|whole number|number|decimal|amount|sum|figure|integer)(?:\s+(?:between|from|up to|of up to|of at most|no more than|at most|at least|under|over|out of)\b.*|\s*\([^()]*\))|percentage)$/i;

export function mergeAppositives(items: readonly string[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    const before = out.at(-1);
    if (before !== undefined && !/\)\s*$/.test(before) && SAYS_WHAT_IT_IS.test(item.trim())) out[out.length - 1] = `${before} (${item.trim()})`;
    else out.push(item);
  }
  return out;
}
