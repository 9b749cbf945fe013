/**
 * Damerau-Levenshtein distance (optimal string alignment: insertions, deletions, substitutions
 * and swaps of two neighbouring letters), with a bound so that comparing a word against a whole
 * lexicon stays cheap: the informal-writing normaliser only cares whether a word is within 1 or
 * 2 edits of a known one.
 */

/** The distance between `a` and `b`, or `limit + 1` as soon as it is sure to exceed `limit`. */
export function boundedEditDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a === b) return 0;
  const n = b.length;
  // Three rows: the one before the previous (for swaps), the previous, the current.
  let before = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return limit + 1;
    [before, prev, cur] = [prev, cur, before];
  }
  return Math.min(prev[n]!, limit + 1);
}
