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
import { correction } from './correct';
import { ABBREVIATIONS } from './lexicon';
import { Remembered } from '../remembered';

/** Tokens: slash pairs (`y/n`, `w/o`), `no.`, words with inner apostrophes or hyphens, `&`. */
const TOKEN = /[A-Za-z0-9]+(?:\/[A-Za-z0-9]*)+|\bno\.(?=\s+[a-z(]|\s*\()|[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*|(?<=\s)&(?=\s)/g;

/** A currency sign on a bound: "between £1 and £200", "£5 to £20", "up to $50", "at most €30". */
const BOUND_MONEY = /(\b(?:between|from|to|and|up to|at most|no more than|not more than|under|over|at least|max(?:imum)?|min(?:imum)?|than)\s+|^|[\s(])[£$€](?=\d)/gi;

const NORMALIZEINFORMAL_READINGS = new Remembered<string>();
export function normalizeInformal(text: string): string {
  return NORMALIZEINFORMAL_READINGS.of(text, normalizeInformalOnce);
}

function normalizeInformalOnce(text: string): string {
  const names = properNames(text);
  // ("no of windows": the number of windows; "phone no": the phone number; "see there own jobs": "their", typed as "there".)
  // ("between £1 and £200", "up to $50": a bound is its number; the money is in the field's name.)
  // ("machine its for": the apostrophe left out of "it's".)
  // ("capped at 100,000 words": the comma groups the digits of one number, it separates nothing.)
  // ("we've got 30 members at the mo": the moment, not the month.)
  return text.replace(/\b(at|for)\s+the\s+mo\b/gi, '$1 the moment').replace(/\b(\d{1,3}),(\d{3})(?:,(\d{3}))?\b(?![.,]\d)/g, (_m, a: string, b: string, c?: string) => `${a}${b}${c ?? ''}`).replace(/\bno\s+of\b/gi, 'number of').replace(/\bthere\s+own\b/gi, 'their own').replace(/\b(upload|uploads|see|sees|update|updates|add|adds|log|logs|book|books|bring|brings|manage|manages|edit|edits|view|views|cancel|cancels|pay|pays|change|changes|record|records|check|checks|submit|submits|enter|enters|keep|keeps|track|tracks|for|of|with|before|b4|after|about|on|to)\s+there\s+(?!is\b|are\b|was\b|were\b|will\b|too\b|as\b|and\b|or\b|[.,;:!?])(?=[a-z])/gi, '$1 their ').replace(/\b(phone|flight|house|account|reference|order|invoice|policy|serial|part|membership|mobile|contact|tel|telephone|job|booking|room|table|seat|plot|pitch|stall)\s+no\b(?!\.)/gi, '$1 number').replace(/\b([Ii])ts\s+(?=(?:for|not|been|got|going)\b)/g, "$1t's ").replace(BOUND_MONEY, '$1').replace(TOKEN, (token, offset: number) => {
    const lower = token.toLowerCase();
    const abbreviation = ABBREVIATIONS[lower];
    // ("the HR administrator": an acronym in capitals is a name, not text-speak for "hour".)
    // ("the pH (0 to 14)": a word in mixed case, a lower-case letter then capitals, is a term as written, not text-speak for "phone".)
    const acronym = /^[A-Z]{2,3}$/.test(token) || /^[a-z][A-Z]+$/.test(token);
    if (abbreviation !== undefined && !acronym && !(token !== lower && token.length > 1 && names.has(lower))) {
      // Single letters only when they stand alone as words (`u`, `r`, `n`), not inside `A, B or C`.
      if (token.length === 1 && token !== lower) return token;
      return matchCase(token, abbreviation);
    }
    // "recieved/in work/ready": each word of a slash list is a word of its own.
    if (token.includes('/')) return token.split('/').map((part) => (/^[a-z]{4,}$/.test(part) ? (correction(part) ?? part) : part)).join('/');
    if (!/^[A-Za-z]+$/.test(token) || names.has(lower)) return token;
    if (token !== lower && !sentenceStart(text, offset)) return token;
    const fixed = correction(lower);
    return fixed ? matchCase(token, fixed) : token;
  });
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
