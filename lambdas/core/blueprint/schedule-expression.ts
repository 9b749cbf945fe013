/**
 * A scheduled job's expression (ir-events.ts IrSchedule.expression) in EventBridge Scheduler's
 * syntax, read once for everyone: validation (an impossible schedule is refused before it is
 * deployed), the design document, and the local scheduler (its next occurrence). On AWS the
 * text goes to the schedule unchanged, so what is accepted here must be what Scheduler accepts:
 *
 *   cron(<minutes> <hours> <day-of-month> <month> <day-of-week> <year>)
 *     six fields; day-of-week 1-7 = SUN-SAT (or SUN..SAT); exactly one of day-of-month and
 *     day-of-week is `?`; L, W and # as Scheduler reads them; read in the job's time zone.
 *   rate(<n> minute|minutes|hour|hours|day|days)
 *     singular unit for 1, plural above.
 *
 * Occurrences of a cron are computed with croner (7-part patterns, Quartz weekday numbering,
 * day-of-month AND day-of-week; as Scheduler does, a time a spring-forward skips is not run that
 * day, and a time an autumn fall-back repeats runs once). A rate has no calendar
 * anchor on AWS (it counts from the schedule's creation); here it counts from 1970-01-01T00:00Z,
 * so `rate(1 day)` runs at midnight UTC and `rate(6 hours)` at 00, 06, 12 and 18 UTC.
 */
import { Cron } from 'croner';

export interface ScheduleExpression {
  readonly kind: 'cron' | 'rate';
  /** The first occurrence strictly after `after`; null when there is none any more (a cron limited to past years). */
  next(after: Date): Date | null;
  /** The latest occurrence at or before `at`, looked for at most `lookBackMs` back; null when none. */
  latestAtOrBefore(at: Date, lookBackMs: number): Date | null;
}

export type ScheduleRead = { ok: true; value: ScheduleExpression } | { ok: false; error: string };

const RATE_UNITS: Readonly<Record<string, number>> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** Whether `zone` is an IANA time zone this runtime knows (`UTC`, `Europe/Paris`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.trim() !== '';
  } catch {
    return false;
  }
}

export function parseScheduleExpression(expression: string, timezone: string): ScheduleRead {
  const text = expression.trim();
  if (!isTimeZone(timezone)) return { ok: false, error: `'${timezone}' is not an IANA time zone (e.g. UTC, Europe/Paris, America/New_York)` };
  const rate = /^rate\((.*)\)$/i.exec(text);
  if (rate) return readRate(rate[1]!.trim());
  const cron = /^cron\((.*)\)$/i.exec(text);
  if (cron) return readCron(cron[1]!.trim(), timezone);
  return { ok: false, error: `'${expression}' is neither cron(<minutes> <hours> <day-of-month> <month> <day-of-week> <year>) nor rate(<n> <minutes|hours|days>)` };
}

function readRate(body: string): ScheduleRead {
  const match = /^(\d+)\s+(minute|minutes|hour|hours|day|days)$/.exec(body);
  if (!match) return { ok: false, error: `rate(${body}): write rate(<whole number> <minute|minutes|hour|hours|day|days>), e.g. rate(5 minutes), rate(1 day)` };
  const value = Number(match[1]);
  const unit = match[2]!;
  if (value < 1) return { ok: false, error: `rate(${body}): the rate must be at least 1` };
  const singular = !unit.endsWith('s');
  if (value === 1 && !singular) return { ok: false, error: `rate(${body}): with 1 the unit is singular (rate(1 ${unit.slice(0, -1)}))` };
  if (value > 1 && singular) return { ok: false, error: `rate(${body}): above 1 the unit is plural (rate(${value} ${unit}s))` };
  const period = value * RATE_UNITS[singular ? unit : unit.slice(0, -1)]!;
  return {
    ok: true,
    value: {
      kind: 'rate',
      next: (after) => new Date((Math.floor(after.getTime() / period) + 1) * period),
      latestAtOrBefore: (at, lookBackMs) => {
        const latest = Math.floor(at.getTime() / period) * period;
        return at.getTime() - latest <= lookBackMs ? new Date(latest) : null;
      },
    },
  };
}

/** The fields of a Scheduler cron, for messages. */
const CRON_FIELDS = ['minutes', 'hours', 'day-of-month', 'month', 'day-of-week', 'year'] as const;
/** What each field may hold besides numbers and names (Scheduler's table). */
const CRON_CHARACTERS: readonly RegExp[] = [/^[0-9,\-*/]+$/, /^[0-9,\-*/]+$/, /^[0-9,\-*?/LW]+$/, /^[0-9A-Za-z,\-*/]+$/, /^[0-9A-Za-z,\-*?/L#]+$/, /^[0-9,\-*/]+$/];

function readCron(body: string, timezone: string): ScheduleRead {
  const fields = body.split(/\s+/).filter((f) => f !== '');
  const usage = 'cron(<minutes> <hours> <day-of-month> <month> <day-of-week> <year>), e.g. cron(0 2 * * ? *) for 02:00 every day';
  if (fields.length !== 6) return { ok: false, error: `cron(${body}) has ${fields.length} fields; write ${usage}` };
  for (const [i, field] of fields.entries()) {
    if (!CRON_CHARACTERS[i]!.test(field)) return { ok: false, error: `cron(${body}): the ${CRON_FIELDS[i]} field '${field}' holds a character Scheduler does not allow there` };
  }
  const [minutes, hours, dom, month, dow, year] = fields as [string, string, string, string, string, string];
  if ((dom === '?') === (dow === '?')) return { ok: false, error: `cron(${body}): exactly one of day-of-month and day-of-week is '?' (cron(0 8 ? * MON *) for Mondays, cron(0 8 1 * ? *) for the 1st)` };
  let cron: Cron;
  try {
    // Seconds 0 first (croner's 7-part form), Quartz weekdays (1 = Sunday, as Scheduler), both day fields must hold ('?' is '*').
    cron = new Cron(`0 ${minutes} ${hours} ${dom} ${month} ${dow} ${year}`, { timezone, mode: '7-part', alternativeWeekdays: true, domAndDow: true, paused: true });
  } catch (err) {
    return { ok: false, error: `cron(${body}): ${err instanceof Error ? err.message : String(err)}` };
  }
  const next = (after: Date): Date | null => {
    let occurrence = cron.nextRun(after);
    // croner moves a time that a spring-forward skips (02:30 in New York on its change day) past
    // the gap; Scheduler skips that day's run. The moved time does not match the pattern: skip it.
    for (let guard = 0; occurrence && !cron.match(occurrence) && guard < 10; guard += 1) occurrence = cron.nextRun(occurrence);
    return occurrence;
  };
  return {
    ok: true,
    value: {
      kind: 'cron',
      next,
      latestAtOrBefore: (at, lookBackMs) => {
        // Walk forward from the start of the window: the last occurrence not after `at`.
        let found: Date | null = null;
        let cursor = new Date(at.getTime() - lookBackMs - 1);
        for (let guard = 0; guard < 100_000; guard += 1) {
          const occurrence = next(cursor);
          if (!occurrence || occurrence.getTime() > at.getTime()) break;
          found = occurrence;
          cursor = occurrence;
        }
        return found;
      },
    },
  };
}

/**
 * Whether the schedule ever occurs from `from` on, and if not why (an impossible date such as
 * the 31st of February, or years in the past): what validation refuses.
 */
export function neverOccurs(schedule: ScheduleExpression, from: Date): string | undefined {
  return schedule.next(from) === null ? 'it never occurs (no such date, or only in past years)' : undefined;
}
