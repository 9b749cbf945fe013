/**
 * Small pieces of English the generated texts (OpenAPI descriptions, the design document, error
 * messages, validation reports) share, written once.
 */
/** `Task` -> `a Task`, `ExpenseReport` -> `an ExpenseReport`. */
export const withArticle = (name: string): string => `${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name}`;

/** Free text as a sentence: trimmed, a capital first, a full stop last unless it ends with one (never blank). */
export const sentence = (text: string): string => {
  const t = text.trim();
  const capital = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(t) ? capital : `${capital}.`;
};

/** `1 error`, `3 errors`. */
export const countOf = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Text cut to at most `max` characters, ending in `...` when cut. */
export const truncate = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

/** 3600 -> `1 hour`, 2592000 -> `30 days`, 90 -> `90 seconds`: the largest unit that divides it. */
export function durationText(seconds: number): string {
  const units: [number, string][] = [
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  for (const [size, name] of units) {
    if (seconds >= size && seconds % size === 0) return countOf(seconds / size, name);
  }
  return `${seconds} seconds`;
}

/** 10485760 -> `10 MB`, 524288 -> `512 KB`, 1000 -> `1000 bytes` (binary units, as the spec writes them). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}
