/**
 * The correction of one word: the known word (lexicon.ts) it is a near-miss of, when there is
 * exactly one best. English words that are near a known word but are words themselves (`theme`,
 * `suite`, `intro`) are listed in protected-words.ts and never corrected.
 */
import { boundedEditDistance } from './edit-distance';
import { KNOWN_WORDS } from './lexicon';
import { PROTECTED_WORDS } from './protected-words';
import { Remembered } from '../remembered';

/** Known words by length, so a word is only compared with those that can be close enough. */
const BY_LENGTH = new Map<number, string[]>();
for (const w of KNOWN_WORDS) {
  const bucket = BY_LENGTH.get(w.length) ?? [];
  bucket.push(w);
  BY_LENGTH.set(w.length, bucket);
}

const CORRECTIONS = new Remembered<string | undefined>();

/** `protect`: false only to list the words that would be corrected (generating protected-words.ts). */
export function correction(word: string, protect = true): string | undefined {
  if (word.length < 4) return undefined;
  if (!protect) return nearestKnown(word);
  return CORRECTIONS.of(word, (w) => (PROTECTED_WORDS.has(w) ? undefined : nearestKnown(w) ?? inflectedNearMiss(w)));
}

/** ("alergies": the plural of a near-miss of "allergy" is the plural of the known word.) */
function inflectedNearMiss(word: string): string | undefined {
  // ("allergys": a consonant and y made plural with s alone is the known word's plural in -ies.)
  const ys = /^(.{3,}[^aeiou])ys$/.exec(word);
  if (ys && KNOWN_WORDS.has(`${ys[1]}y`)) return `${ys[1]}ies`;
  if (isKnown(word)) return undefined;
  const plural = /^(.{3,}[^aeiou])ies$/.exec(word);
  if (plural) {
    const known = correction(`${plural[1]}y`);
    return known?.endsWith('y') ? `${known.slice(0, -1)}ies` : undefined;
  }
  const sibilant = /^(.{3,}(?:s|sh|ch|x))es$/.exec(word);
  const knownSibilant = sibilant ? correction(sibilant[1]!) : undefined;
  if (knownSibilant && /(?:s|sh|ch|x)$/.test(knownSibilant)) return `${knownSibilant}es`;
  // (Not "whereas", "status", "basis": an s after a, i, o or u is no plural's.)
  const simple = /^(.{4,}[^aiosu])s$/.exec(word);
  // (Not "noones" -> "nones": a short word is too easily another.)
  const known = simple ? correction(simple[1]!) : undefined;
  return known && known.length >= 5 ? `${known}s` : undefined;
}

/** The one known word nearest to `word` within the edit limit, if there is one. */
function nearestKnown(word: string): string | undefined {
  if (isKnown(word)) return undefined;
  const limit = word.length >= 8 ? 2 : 1;
  let best: string[] = [];
  let bestDistance = limit + 1;
  for (let len = word.length - limit; len <= word.length + limit; len += 1) {
    for (const candidate of BY_LENGTH.get(len) ?? []) {
      if (candidate[0] !== word[0]) continue;
      const d = boundedEditDistance(word, candidate, limit);
      if (d > limit || d > bestDistance) continue;
      if (limit === 1 && candidate.length === word.length && !isSwap(word, candidate)) continue;
      if (d < bestDistance) best = [];
      bestDistance = d;
      best.push(candidate);
    }
  }
  return best.length === 1 ? best[0] : undefined;
}

/** Is `a` `b` with two neighbouring letters swapped (rather than one letter changed)? */
function isSwap(a: string, b: string): boolean {
  return [...a].sort().join('') === [...b].sort().join('');
}

/** A known word, or a regular inflection of one (`bookings`, `cancelled`, `parking`). */
export function isKnown(word: string): boolean {
  if (KNOWN_WORDS.has(word)) return true;
  const stems = [
    word.replace(/s$/, ''), word.replace(/es$/, ''), word.replace(/ies$/, 'y'), word.replace(/ed$/, ''), word.replace(/d$/, ''),
    word.replace(/(.)\1ed$/, '$1'), word.replace(/ing$/, ''), word.replace(/ing$/, 'e'), word.replace(/(.)\1ing$/, '$1'),
    word.replace(/ly$/, ''), word.replace(/er$/, ''), word.replace(/ers$/, ''), word.replace(/ied$/, 'y'),
  ];
  return stems.some((s) => s !== word && s.length >= 2 && KNOWN_WORDS.has(s));
}

