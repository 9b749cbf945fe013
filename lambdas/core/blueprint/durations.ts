/**
 * ISO 8601 durations of a spec (`P7D`, `PT24H`, `P1Y2M3DT4H5M6S`, signed offsets `-PT1H`) as
 * whole seconds for the IR. Calendar units are fixed so a duration means the same number of
 * seconds on every day it is read: a year is 365 days, a month 30 days, a week 7 days.
 * (The workflow limit is 366 days, so `P1Y` fits.)
 */
import { SIGNED_ISO_DURATION_PATTERN } from '../date-formats';

export const SECONDS_PER = { year: 365 * 86400, month: 30 * 86400, week: 7 * 86400, day: 86400, hour: 3600, minute: 60, second: 1 } as const;

/** Seconds of a duration (negative with a leading `-`), or undefined when the text is not one. */
export function durationSeconds(text: string): number | undefined {
  const m = SIGNED_ISO_DURATION_PATTERN.exec(text.trim());
  if (!m) return undefined;
  const n = (i: number) => (m[i] === undefined ? 0 : Number(m[i]));
  const total =
    n(2) * SECONDS_PER.year +
    n(3) * SECONDS_PER.month +
    n(4) * SECONDS_PER.week +
    n(5) * SECONDS_PER.day +
    n(6) * SECONDS_PER.hour +
    n(7) * SECONDS_PER.minute +
    n(8) * SECONDS_PER.second;
  return m[1] === '-' && total !== 0 ? -total : total;
}
