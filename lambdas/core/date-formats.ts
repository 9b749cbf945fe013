/**
 * Dates, date-times and ISO 8601 durations as text: every pattern that reads one, written once.
 *
 * Two date-time grammars on purpose: a spec's default value may leave out the seconds (what
 * people write), while a generated API takes RFC 3339 (the OpenAPI `date-time` format: seconds
 * required, a zone required) and checks that every part is a real calendar value.
 */

/** A calendar date, `2025-01-31` (spec defaults, request bodies, OpenAPI `date`). */
export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date-time as a spec's default: seconds and fraction optional, a zone required. */
export const SPEC_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** RFC 3339 (the OpenAPI `date-time` format): seconds required, fraction optional, a zone required. */
export const RFC3339_DATE_TIME_PATTERN = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|([+-])(\d{2}):(\d{2}))$/;

/** What messages show as a valid example of each. */
export const DATE_EXAMPLE = '2025-01-31';
export const DATE_TIME_EXAMPLE = '2025-01-31T09:00:00Z';

/** A spec default of a `date` field: the shape, and a date JavaScript can read. */
export const isSpecDate = (text: string): boolean => DATE_PATTERN.test(text) && !Number.isNaN(Date.parse(text));
/** A spec default of a `datetime` field: the shape, and a date-time JavaScript can read. */
export const isSpecDateTime = (text: string): boolean => SPEC_DATE_TIME_PATTERN.test(text) && !Number.isNaN(Date.parse(text));

/** A real calendar date (2026-02-29 is not). */
export function isDate(text: string): boolean {
  const m = DATE_PATTERN.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  // Date.UTC maps years 0..99 to 1900..1999; their month lengths agree except February of leap years.
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = month === 2 ? (leap ? 29 : 28) : days;
  return day <= max;
}

/** An RFC 3339 date-time whose date, time and zone offset are all real. */
export function isDateTime(text: string): boolean {
  const m = RFC3339_DATE_TIME_PATTERN.exec(text);
  if (!m || !isDate(m[1]!)) return false;
  const [hour, minute, second] = [Number(m[2]), Number(m[3]), Number(m[4])];
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (m[7] !== undefined && (Number(m[8]) > 23 || Number(m[9]) > 59)) return false;
  return true;
}

// --- durations ----------------------------------------------------------------------------------

/** `P7D`, `PT24H`, `P1Y2M3DT4H5M6S`: each unit's number captured (years, months, weeks, days, hours, minutes, seconds). */
const DURATION_BODY = String.raw`P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?`;
/** An ISO 8601 duration as a spec writes one (no sign). */
export const ISO_DURATION_PATTERN = new RegExp(`^${DURATION_BODY}$`);
/** The same with an optional sign (a waitUntil offset, `-PT1H`): the sign is group 1, the units groups 2 to 8. */
export const SIGNED_ISO_DURATION_PATTERN = new RegExp(`^([+-])?${DURATION_BODY}$`);
