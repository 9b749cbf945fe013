/**
 * File fields: content types from format words (`PDF or images`, `JPEG or PNG`) and size limits
 * (`up to 10 MB`, `max 5 MB`; binary units as the spec format reads them).
 */
import type { SpecField } from '../spec-model';
import { WORD_BESIDE_FORMAT } from '../author/fields/field-words';
import { CONTENT_TYPES, DEFAULT_MAX_FILE_BYTES, FILE_WORDS, SIZE_UNITS } from './lexicon';
import { singular } from './text';

const MAX_FILE_BYTES = 5 * 1073741824;
const SIZE_RE = /(?:\b(?:up to|max(?:imum)?(?: of)?|max\.|at most|no (?:larger|bigger) than|under|less than|limited to|not exceeding|smaller than)\s+|<=?\s*)?(\d+(?:\.\d+)?)\s*(kb|kib|mb|mib|gb|gib|kilobytes?|megabytes?|gigabytes?)\b(?:\s+(?:max(?:imum)?|or less|at most|each|per file|limit))?/i;

/** The first size limit in a text: bytes and where it was found. */
export function findSize(text: string): { bytes: number; index: number; length: number } | undefined {
  const m = SIZE_RE.exec(text);
  if (!m) return undefined;
  const unit = SIZE_UNITS[m[2]!.toLowerCase()];
  if (!unit) return undefined;
  // At most 5 GiB: the largest object a single presigned upload can write.
  return { bytes: Math.min(Math.max(1, Math.round(Number(m[1]) * unit)), MAX_FILE_BYTES), index: m.index, length: m[0].length };
}

const FORMAT_WORD = new RegExp(String.raw`\b(?:pdfs?|jpe?gs?|pngs?|gifs?|webp|svgs?|heic|csvs?|docx?|xlsx?|pptx?|mp4s?|mp3s?|wav|zips?)\b|${WORD_BESIDE_FORMAT}`, 'gi');

/** Does the text name a file format by its acronym (PDF, PNG, ...)? */
export function hasFormatWord(text: string): boolean {
  return new RegExp(FORMAT_WORD.source, 'i').test(text);
}

/**
 * Content types named in a text. With `all`, generic words (images, videos) count too; without,
 * only format acronyms do (a `profile photo` names a field, not a format list).
 */
export function findContentTypes(text: string, all: boolean): { types: string[]; rest: string } {
  const lower = ` ${text.toLowerCase()} `;
  const scanned = all ? lower : ` ${(lower.match(FORMAT_WORD) ?? []).join(' ')} `;
  const types: string[] = [];
  // Spans are found on the whole text and blanked afterwards: a format word read beside another
  // ("PDF or Word") is still beside it when its pattern runs.
  const blanked = lower.split('');
  for (const [re, cts] of CONTENT_TYPES) {
    if (!new RegExp(re.source).test(scanned)) continue;
    if (all) for (const m of lower.matchAll(new RegExp(re.source, 'g'))) blanked.fill(' ', m.index, m.index + m[0].length);
    for (const ct of cts) if (!types.includes(ct)) types.push(ct);
  }
  let rest = all ? blanked.join('') : lower.replace(FORMAT_WORD, ' ');
  if (types.length > 0) rest = rest.replace(/\b(?:or|and|files?|only|formats?|accepted|allowed)\b/g, ' ');
  return { types, rest: rest.replace(/\s+/g, ' ') };
}

/** Default content types for a file field from its own words (`photo` -> images). */
export function fileWordTypes(ws: string[]): string[] {
  for (const w of [...ws].reverse()) {
    const types = FILE_WORDS[singular(w)];
    if (types) return types;
  }
  return FILE_WORDS.file!;
}

export function fileConstraintsOf(types: string[], maxBytes: number | undefined, defaults: string[]): NonNullable<SpecField['file']> {
  return { contentTypes: types.length > 0 ? [...types] : [...defaults], maxBytes: maxBytes ?? DEFAULT_MAX_FILE_BYTES };
}
