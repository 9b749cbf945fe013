/**
 * The small languages inside the spec's cells and list items (yes/no, numbers, ranges, sizes,
 * notes flags, rights, triggers, step details), each with its reader and its writer side by side
 * so that they stay inverse: write(read(text)) is the canonical text, read(write(value)) the
 * value. Readers only fail when text cannot be mapped to the model at all; whether a value makes
 * sense (a known field, a valid duration) is decided by check-spec.ts.
 */
import type { EntityRights, SpecWorkflow } from './spec-model';
import { RIGHT_NAMES, TRIGGER_EVENTS, type RightName } from '../vocabulary';

export type Read<T> = { ok: true; value: T } | { ok: false; error: string };
const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = <T>(error: string): Read<T> => ({ ok: false, error });

/** Splits a comma (or other) separated list, trimming items and dropping empty ones. */
export function splitList(text: string, separator = ','): string[] {
  return text
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

// --- yes / no ---------------------------------------------------------------------------------

export function readYesNo(text: string): boolean | undefined {
  const word = text.trim().toLowerCase();
  if (word === 'yes') return true;
  if (word === 'no') return false;
  return undefined;
}

export const writeYesNo = (value: boolean): string => (value ? 'yes' : 'no');

// --- numbers and ranges -----------------------------------------------------------------------

/** A plain decimal number (`-3`, `2.5`, `1e6`); not `0x10`, `Infinity` or an empty string. */
export function readNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** String(n) is exact for doubles (Number(String(n)) === n), so a range survives a round trip. */
export const writeNumber = (value: number): string => String(value);

export interface Range {
  min?: number;
  max?: number;
}

/** `1..5`, `0..`, `..100`. */
export function readRange(text: string): Read<Range> {
  const parts = text.trim().split('..');
  const usage = `write a range as min..max, e.g. 1..5, 0.. or ..100 (got '${text.trim()}')`;
  if (parts.length !== 2) return fail(usage);
  const [low, high] = parts.map((part) => part.trim()) as [string, string];
  if (low === '' && high === '') return fail(usage);
  const min = low === '' ? undefined : readNumber(low);
  const max = high === '' ? undefined : readNumber(high);
  if ((low !== '' && min === undefined) || (high !== '' && max === undefined)) return fail(usage);
  const range: Range = {};
  if (min !== undefined) range.min = min;
  if (max !== undefined) range.max = max;
  return ok(range);
}

export function writeRange(range: Range): string {
  if (range.min === undefined && range.max === undefined) return '';
  return `${range.min === undefined ? '' : writeNumber(range.min)}..${range.max === undefined ? '' : writeNumber(range.max)}`;
}

// --- notes: flags and free text ---------------------------------------------------------------

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;
const UNITS: Record<string, number> = { b: 1, byte: 1, bytes: 1, kb: KB, mb: MB, gb: GB };

/** `max 10 MB` -> 10485760 (binary units); undefined when the item is not a size. */
export function readSize(item: string): number | undefined {
  const match = /^max\s+(\d+(?:\.\d+)?)\s*([a-z]+)$/i.exec(item.trim());
  if (!match) return undefined;
  const unit = UNITS[(match[2] as string).toLowerCase()];
  if (unit === undefined) return undefined;
  return Math.round(Number(match[1]) * unit);
}

/** The largest unit that divides the size: `max 10 MB`, `max 512 KB`, else bytes. */
export function writeSize(bytes: number): string {
  if (bytes % MB === 0) return `max ${bytes / MB} MB`;
  if (bytes % KB === 0) return `max ${bytes / KB} KB`;
  return `max ${bytes} bytes`;
}

export interface Notes {
  unique: boolean;
  maxBytes?: number;
  /** What is left once the flags are taken out, verbatim. */
  text?: string;
}

/** A notes item the parser understands (rather than free text). */
export const isNotesFlag = (item: string): boolean => item.trim().toLowerCase() === 'unique' || readSize(item) !== undefined;

/**
 * The Notes cell: comma-separated items; `unique` and `max <n> <unit>` are flags wherever they
 * stand, the other items are free text kept as written (their commas and spacing included).
 */
export function readNotes(cell: string): Notes {
  const notes: Notes = { unique: false };
  const rest: string[] = [];
  for (const segment of cell.split(',')) {
    const size = readSize(segment);
    if (segment.trim().toLowerCase() === 'unique') notes.unique = true;
    else if (size !== undefined) notes.maxBytes = size;
    else rest.push(segment);
  }
  const text = rest.join(',').trim();
  if (text !== '') notes.text = text;
  return notes;
}

/** Flags first, in a fixed order, then the free text. */
export function writeNotes(notes: { unique?: boolean; maxBytes?: number; text?: string }): string {
  const items: string[] = [];
  if (notes.unique) items.push('unique');
  if (notes.maxBytes !== undefined) items.push(writeSize(notes.maxBytes));
  if (notes.text) items.push(notes.text);
  return items.join(', ');
}

// --- rights -----------------------------------------------------------------------------------

/** A right's letter in the matrix: its first (c, r, u, d), in the vocabulary's order. */
type RightLetter = RightName extends `${infer Letter}${string}` ? Letter : never;
const letterOf = (right: RightName): RightLetter => right[0] as RightLetter;
const LETTER_ORDER: RightLetter[] = RIGHT_NAMES.map(letterOf);
const RIGHT_LETTERS = Object.fromEntries(RIGHT_NAMES.map((right) => [letterOf(right), right])) as Record<RightLetter, RightName>;
const RIGHTS_USAGE = "use '-' for none, letters c r u d (e.g. crud, cru, r), or items such as 'c, r:own, u:own'";

/**
 * A role matrix cell: `-`, `crud`, or comma-separated items where `:own` limits the letters of
 * its item to the user's own records (`cru, d:own`).
 */
export function readRights(cell: string): Read<EntityRights> {
  const text = cell.trim();
  if (text === '-') return ok({});
  if (text === '') return fail(`empty rights cell; ${RIGHTS_USAGE}`);
  const rights: EntityRights = {};
  for (const item of text.split(',')) {
    const [letters = '', scopeText, ...extra] = item.trim().split(':').map((part) => part.trim());
    const scope = scopeText === undefined || scopeText.toLowerCase() === 'all' ? 'all' : scopeText.toLowerCase() === 'own' ? 'own' : undefined;
    if (letters === '' || extra.length > 0 || scope === undefined) return fail(`rights '${text}' cannot be read; ${RIGHTS_USAGE}`);
    for (const letter of letters.toLowerCase()) {
      if (!(letter in RIGHT_LETTERS)) return fail(`unknown right '${letter}' in '${text}'; ${RIGHTS_USAGE}`);
      const right = RIGHT_LETTERS[letter as RightLetter];
      if (rights[right] !== undefined) return fail(`right '${letter}' given twice in '${text}'`);
      rights[right] = scope;
    }
  }
  return ok(rights);
}

/** `crud` when every right is on all records, else one item per letter: `c, r:own, u:own`. */
export function writeRights(rights: EntityRights): string {
  const present = LETTER_ORDER.filter((letter) => rights[RIGHT_LETTERS[letter]] !== undefined);
  if (present.length === 0) return '-';
  if (present.every((letter) => rights[RIGHT_LETTERS[letter]] === 'all')) return present.join('');
  return present.map((letter) => (rights[RIGHT_LETTERS[letter]] === 'own' ? `${letter}:own` : letter)).join(', ');
}

// --- triggers ---------------------------------------------------------------------------------

type Trigger = NonNullable<SpecWorkflow['trigger']>;
const TRIGGER_USAGE =
  "write '<Entity> created', '<Entity> updated', '<Entity> deleted', '<Entity> <field> = <value>' or 'manual', optionally followed by 'where <field> = <value> and ...'";

/** ` where ` before a `<field> =`: where a trigger's conditions begin (a value may hold the word itself). */
const WHERE = /\s+where\s+(?=[A-Za-z0-9_]+\s*=)/i;
/** ` and ` between two conditions. */
const AND = /\s+and\s+(?=[A-Za-z0-9_]+\s*=)/i;

/**
 * `Task created` | `Task status = done` | `manual` (read as no trigger), then optionally
 * `where severity = sev1 and plan = pro`. A field condition is a change made by an update, so
 * it is read with event `updated`.
 */
export function readTrigger(text: string): Read<Trigger | undefined> {
  const whole = text.trim();
  const where = WHERE.exec(whole);
  const trimmed = where ? whole.slice(0, where.index) : whole;
  const conditions: Array<{ field: string; value: string }> = [];
  for (const condition of where ? whole.slice(where.index + where[0].length).split(AND) : []) {
    const pair = /^([A-Za-z0-9_]+)\s*=\s*(\S.*)$/.exec(condition.trim());
    if (!pair) return fail(`trigger condition '${condition.trim()}' cannot be read; write 'where <field> = <value>'`);
    conditions.push({ field: pair[1] as string, value: (pair[2] as string).trim() });
  }
  const read = readTriggerEvent(trimmed);
  if (!read.ok || conditions.length === 0) return read;
  if (!read.value) return fail("a manual workflow has no record to check: 'where' goes with '<Entity> created', '... updated' or '... deleted'");
  return ok({ ...read.value, where: conditions });
}

function readTriggerEvent(trimmed: string): Read<Trigger | undefined> {
  if (trimmed.toLowerCase() === 'manual') return ok(undefined);
  const space = trimmed.search(/\s/);
  if (space < 0) return fail(`trigger '${trimmed}' cannot be read; ${TRIGGER_USAGE}`);
  const entity = trimmed.slice(0, space);
  const rest = trimmed.slice(space).trim();
  const event = TRIGGER_EVENTS.find((name) => name === rest.toLowerCase());
  if (event) return ok({ entity, event });
  const equals = rest.indexOf('=');
  const field = equals < 0 ? '' : rest.slice(0, equals).trim();
  const value = equals < 0 ? '' : rest.slice(equals + 1).trim();
  if (field === '' || /\s/.test(field) || value === '') return fail(`trigger '${trimmed}' cannot be read; ${TRIGGER_USAGE}`);
  return ok({ entity, event: 'updated', field, value });
}

export function writeTrigger(trigger: Trigger | undefined): string {
  if (!trigger) return 'manual';
  const event = trigger.field !== undefined ? `${trigger.entity} ${trigger.field} = ${trigger.value ?? ''}` : `${trigger.entity} ${trigger.event}`;
  const where = trigger.where ?? [];
  return where.length === 0 ? event : `${event} where ${where.map((c) => `${c.field} = ${c.value}`).join(' and ')}`;
}

// --- workflow steps ---------------------------------------------------------------------------

/** The kinds of step, in the order the format guide lists them; their Details are read in step-cells.ts. */
export const STEP_KINDS = ['wait', 'waitUntil', 'waitForEvent', 'waitForRecord', 'task'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

// --- rate limits ------------------------------------------------------------------------------

const WINDOW_UNITS: readonly [seconds: number, name: string][] = [
  [86_400, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** `60` -> `minute`, `900` -> `15 minutes`, `86400` -> `day`, `45` -> `45 seconds`: the largest unit that divides it. */
export function writeWindow(seconds: number): string {
  for (const [size, name] of WINDOW_UNITS) {
    if (seconds % size === 0) return seconds === size ? name : `${seconds / size} ${name}s`;
  }
  return `${seconds} seconds`;
}

/** `minute`, `1 minute`, `15 minutes`, `2 hours`, `day`, `30 seconds` -> seconds. */
export function readWindow(text: string): Read<number> {
  const match = /^(?:(\d+)\s+)?(second|minute|hour|day)s?$/i.exec(text.trim());
  if (!match) return fail(`'${text.trim()}' is not a window: write a number and a unit, e.g. minute, 15 minutes, hour, day`);
  const unit = WINDOW_UNITS.find(([, name]) => name === (match[2] as string).toLowerCase()) as [number, string];
  return ok(Number(match[1] ?? '1') * unit[0]);
}

/** `forgotPassword` -> `forgot password`: how a limit is named in the spec. */
export const writeRateLimitName = (name: string): string => name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);

/** `forgot password` (any case and spacing) -> `forgotPassword`, if it names one of `names`. */
export function readRateLimitName<T extends string>(text: string, names: readonly T[]): T | undefined {
  const words = text.trim().toLowerCase().split(/[\s_-]+/).join(' ');
  return names.find((name) => writeRateLimitName(name) === words);
}
