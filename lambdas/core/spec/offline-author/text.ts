/**
 * Text handling for the offline author: clauses, list items, tokens, name casing, singular and
 * plural, numbers and durations (sentences: ../author/sentences.ts). Nothing here knows about specs.
 */
import pluralize from 'pluralize';
import { snakeCase } from '../../text/case';
import { Remembered } from '../author/remembered';

/**
 * Splits `text` at separators outside parentheses, brackets and double quotes. `sep` is tried at
 * every position of the lower-cased text and answers the separator's length there (0: none).
 */
export function splitTopLevel(text: string, sep: (lower: string, at: number) => number): string[] {
  const lower = text.toLowerCase();
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '(' || ch === '[')) depth += 1;
    else if (!quoted && (ch === ')' || ch === ']')) depth = Math.max(0, depth - 1);
    if (depth > 0 || quoted) continue;
    const len = sep(lower, i);
    if (len > 0) {
      parts.push(text.slice(start, i));
      start = i + len;
      i = start - 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** A separator matcher for a regex anchored at the position (use the sticky flag `y`). */
export function sepRegex(re: RegExp): (lower: string, at: number) => number {
  return (lower, at) => {
    re.lastIndex = at;
    const m = re.exec(lower);
    return m ? m[0].length : 0;
  };
}

/** Words of a text, lower-cased: letters, digits, inner hyphens and apostrophes; `'s` dropped. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+(?:['-][a-z0-9]+)*/g) ?? []).map((w) => w.replace(/'s$/, ''));
}

/** `LineItem` -> ['line', 'item']. */
export function nameWords(pascalOrSnake: string): string[] {
  return snakeCase(pascalOrSnake).split('_').filter(Boolean);
}

const NOT_PLURALIZED = new Set(['data', 'media', 'news', 'series', 'species', 'status', 'address', 'canvas', 'access', 'analysis', 'bus', 'gas', 'business', 'process', 'class', 'boss', 'glass', 'progress', 'this', 'is', 'was', 'has', 'does', 'its', 'as', 'us', 'yes', 'plus', 'less', 'bonus', 'campus', 'census', 'virus', 'focus', 'thesis', 'basis', 'axis']);

/** Singulars already found: pluralize tries its rules in turn, and the author asks about the same words again and again. */
const SINGULARS = new Remembered<string>(20_000);

export function singular(word: string): string {
  const w = word.toLowerCase();
  if (NOT_PLURALIZED.has(w) || w.length <= 3) return w;
  return SINGULARS.of(w, (x) => pluralize.singular(x));
}

export function plural(word: string): string {
  const w = word.toLowerCase();
  if (w === 'data' || w === 'media' || w === 'news' || w === 'series') return w;
  return pluralize.plural(w);
}

export function isPluralWord(word: string): boolean {
  const w = word.toLowerCase();
  if (NOT_PLURALIZED.has(w) || w.length <= 3) return false;
  return singular(w) !== w;
}

/** The singular of a phrase: its last word made singular. */
export function singularPhrase(ws: string[]): string[] {
  if (ws.length === 0) return ws;
  return [...ws.slice(0, -1), singular(ws[ws.length - 1]!)];
}

export function pluralPhrase(ws: string[]): string[] {
  if (ws.length === 0) return ws;
  return [...ws.slice(0, -1), plural(ws[ws.length - 1]!)];
}

const SMALL_NUMBERS: Record<string, number> = {
  zero: 0, a: 1, an: 1, one: 1, single: 1, two: 2, couple: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
  thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100,
};

/** `7`, `seven`, `a` -> 7, 7, 1; undefined for anything else. */
export function parseNumber(token: string): number | undefined {
  const t = token.toLowerCase().trim();
  if (/^-?\d+(?:\.\d+)?$/.test(t)) return Number(t);
  return SMALL_NUMBERS[t];
}

/** The number-word alternation used inside regexes. */
export const NUMBER_RE = `(?:\\d+(?:\\.\\d+)?|${Object.keys(SMALL_NUMBERS).filter((k) => k !== 'couple').join('|')})`;
export const UNIT_RE = '(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|business days?|working days?|weeks?|months?|years?)';

/** Matches `7 days`, `an hour`, `24 hours`, `half an hour`; group 1 number, group 2 unit. */
export const DURATION_RE = new RegExp(`\\b(${NUMBER_RE})[ -](?:(?:more|extra|further|additional|whole|full|clear)\\s+)?(${UNIT_RE})\\b`, 'i');

/** ISO 8601 duration of `n` `unit`s (`7`, `days` -> P7D; `24`, `hours` -> PT24H). */
export function isoDuration(n: number, unit: string): string {
  const u = unit.toLowerCase().replace(/^(?:business|working) /, '');
  const v = Math.max(0, Math.round(n));
  if (/^s/.test(u)) return `PT${v}S`;
  if (/^mi/.test(u)) return `PT${v}M`;
  if (/^h/.test(u)) return `PT${v}H`;
  if (/^d/.test(u)) return `P${v}D`;
  if (/^w/.test(u)) return `P${v}W`;
  if (/^mo/.test(u)) return `P${v}M`;
  return `P${v}Y`;
}

/** `7 days` (or `seven days`) anywhere in the text -> P7D. */
export function findDuration(text: string): { iso: string; n: number; unit: string; index: number; length: number } | undefined {
  const half = /\bhalf an? (hour|day|minute)\b/i.exec(text);
  const m = DURATION_RE.exec(text);
  if (half && (!m || half.index < m.index)) {
    const unit = half[1]!.toLowerCase();
    const iso = unit === 'hour' ? 'PT30M' : unit === 'day' ? 'PT12H' : 'PT30S';
    return { iso, n: 0.5, unit, index: half.index, length: half[0].length };
  }
  if (!m) return undefined;
  const n = parseNumber(m[1]!);
  if (n === undefined) return undefined;
  return { iso: isoDuration(n, m[2]!), n, unit: m[2]!.toLowerCase(), index: m.index, length: m[0].length };
}

/** Values of an enumeration as written: `USD` stays, `High` -> `high`, `in progress` -> `in_progress`. */
export function enumValue(raw: string): string {
  const t = raw.trim().replace(/^["']|["']$/g, '').trim();
  if (/^[A-Z0-9]{2,}$/.test(t)) return t;
  return snakeCase(t);
}

/** `and`, `or`, commas and slashes between values: `low, medium or high` -> 3 values. */
export function splitValues(text: string): string[] {
  return text
    .split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and\/or|or|and)\s+|\s*\/\s*/i)
    .map((v) => v.trim().replace(/^(?:either|one of|or|and)\s+/i, '').replace(/[.;:]+$/, '').trim())
    .filter((v) => v.length > 0);
}

/** Deep copy of plain JSON data. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
