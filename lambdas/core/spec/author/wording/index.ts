/**
 * Informal writing made plain before it is read: abbreviations and text-speak spelled out
 * (`pics` -> pictures, `w/o` -> without, `every1` -> everyone) and near-misses of known words
 * corrected (`adress` -> address), word by word, keeping every other character. People writing
 * quickly describe backends this way, and the readers after it match words exactly.
 *
 * A correction needs: a word of 4+ letters that is not known (nor an inflection of a known word),
 * not a number, not a proper name of the text (capitalised inside a sentence), the same first
 * letter as the known word, at most 1 edit for 4-7 letters (an inserted, missing or swapped
 * letter: a changed letter too often makes another real word, `berth` -> `birth`) and at most
 * 2 for 8+, and one best candidate.
 */
import { boundedEditDistance } from './edit-distance';
import { ABBREVIATIONS, KNOWN_WORDS } from './lexicon';

/** Known words by length, so a word is only compared with those that can be close enough. */
const BY_LENGTH = new Map<number, string[]>();
for (const w of KNOWN_WORDS) {
  const bucket = BY_LENGTH.get(w.length) ?? [];
  bucket.push(w);
  BY_LENGTH.set(w.length, bucket);
}

/** Tokens: slash pairs (`y/n`, `w/o`), `no.`, words with inner apostrophes or hyphens, `&`. */
const TOKEN = /[A-Za-z0-9]+(?:\/[A-Za-z0-9]*)+|\bno\.(?=\s+[a-z(]|\s*\()|[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*|(?<=\s)&(?=\s)/g;

export function normalizeInformal(text: string): string {
  const names = properNames(text);
  return text.replace(TOKEN, (token, offset: number) => {
    const lower = token.toLowerCase();
    const abbreviation = ABBREVIATIONS[lower];
    if (abbreviation !== undefined && !(token !== lower && token.length > 1 && names.has(lower))) {
      // Single letters only when they stand alone as words (`u`, `r`, `n`), not inside `A, B or C`.
      if (token.length === 1 && token !== lower) return token;
      return matchCase(token, abbreviation);
    }
    if (!/^[A-Za-z]+$/.test(token) || names.has(lower)) return token;
    if (token !== lower && !sentenceStart(text, offset)) return token;
    const fixed = correction(lower);
    return fixed ? matchCase(token, fixed) : token;
  });
}

/** The known word a near-miss stands for, if there is exactly one best. */
function correction(word: string): string | undefined {
  if (word.length < 4 || isKnown(word)) return undefined;
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
function isKnown(word: string): boolean {
  if (KNOWN_WORDS.has(word)) return true;
  const stems = [
    word.replace(/s$/, ''), word.replace(/es$/, ''), word.replace(/ies$/, 'y'), word.replace(/ed$/, ''), word.replace(/d$/, ''),
    word.replace(/(.)\1ed$/, '$1'), word.replace(/ing$/, ''), word.replace(/ing$/, 'e'), word.replace(/(.)\1ing$/, '$1'),
    word.replace(/ly$/, ''), word.replace(/er$/, ''), word.replace(/ers$/, ''), word.replace(/ied$/, 'y'),
  ];
  return stems.some((s) => s !== word && s.length >= 2 && KNOWN_WORDS.has(s));
}

/** Words the text writes capitalised inside a sentence: names (`Ana`, `Ben`), kept as written. */
function properNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/[A-Z][a-z]+/g)) {
    if (!sentenceStart(text, m.index) && !/[A-Za-z]/.test(text[m.index - 1] ?? '')) names.add(m[0].toLowerCase());
  }
  return names;
}

/** Does the word at `offset` begin a sentence, a line, a bullet, a cell or a heading? */
function sentenceStart(text: string, offset: number): boolean {
  const before = text.slice(Math.max(0, offset - 12), offset);
  return /(?:^|[.!?:;|#*\-(>"]\s*|\n\s*)$/.test(before) || offset === 0;
}

/** `Pics` -> `Pictures`, `PICS` -> `PICTURES`, `pics` -> `pictures`. */
function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase() && /[A-Z]/.test(original)) return replacement.toUpperCase();
  if (/^[A-Z]/.test(original)) return replacement[0]!.toUpperCase() + replacement.slice(1);
  return replacement;
}
