import { neverOccurs, parseScheduleExpression, type ScheduleExpression } from '../../lambdas/core/blueprint/schedule-expression';

const read = (expression: string, timezone = 'UTC'): ScheduleExpression => {
  const result = parseScheduleExpression(expression, timezone);
  if (!result.ok) throw new Error(result.error);
  return result.value;
};
const nextOf = (expression: string, after: string, timezone = 'UTC'): string | undefined => read(expression, timezone).next(new Date(after))?.toISOString();

describe('schedule expressions (EventBridge Scheduler syntax)', () => {
  it.each([
    ['cron(0 2 * * ? *)', '2026-11-26T10:00:00.000Z', '2026-11-27T02:00:00.000Z'],
    ['cron(0 2 * * ? *)', '2026-11-26T01:59:00.000Z', '2026-11-26T02:00:00.000Z'],
    // Day-of-week 1-7 is SUN-SAT, as Scheduler reads it: 2 is Monday.
    ['cron(0 8 ? * 2 *)', '2026-11-26T10:00:00.000Z', '2026-11-30T08:00:00.000Z'],
    ['cron(0 8 ? * MON *)', '2026-11-26T10:00:00.000Z', '2026-11-30T08:00:00.000Z'],
    ['cron(0 0 L * ? *)', '2026-11-26T10:00:00.000Z', '2026-11-30T00:00:00.000Z'],
    ['cron(0 9 ? * 6#3 *)', '2026-11-26T10:00:00.000Z', '2026-12-18T09:00:00.000Z'],
    ['rate(1 day)', '2026-11-26T10:00:00.000Z', '2026-11-27T00:00:00.000Z'],
    ['rate(5 minutes)', '2026-11-26T10:00:00.000Z', '2026-11-26T10:05:00.000Z'],
    ['rate(6 hours)', '2026-11-26T10:00:00.000Z', '2026-11-26T12:00:00.000Z'],
  ])('%s after %s is %s', (expression, after, expected) => {
    expect(nextOf(expression, after)).toBe(expected);
  });

  it('reads a cron in its time zone, across a daylight saving change', () => {
    // 08:00 in Paris is 07:00 UTC in winter, 06:00 UTC in summer.
    expect(nextOf('cron(0 8 ? * MON *)', '2026-11-26T10:00:00Z', 'Europe/Paris')).toBe('2026-11-30T07:00:00.000Z');
    expect(nextOf('cron(0 8 ? * MON *)', '2026-06-02T10:00:00Z', 'Europe/Paris')).toBe('2026-06-08T06:00:00.000Z');
    // 02:30 does not exist in New York on 2026-03-08: that day is skipped, not run twice.
    const days = [nextOf('cron(30 2 * * ? *)', '2026-03-07T12:00:00Z', 'America/New_York'), nextOf('cron(30 2 * * ? *)', '2026-03-09T12:00:00Z', 'America/New_York')];
    expect(days).toEqual(['2026-03-09T06:30:00.000Z', '2026-03-10T06:30:00.000Z']);
  });

  it('finds the latest occurrence at or before a time (what a restart catches up on)', () => {
    const daily = read('cron(0 2 * * ? *)');
    expect(daily.latestAtOrBefore(new Date('2026-11-26T10:00:00Z'), 86_400_000)?.toISOString()).toBe('2026-11-26T02:00:00.000Z');
    expect(daily.latestAtOrBefore(new Date('2026-11-26T10:00:00Z'), 3_600_000)).toBeNull();
    expect(daily.latestAtOrBefore(new Date('2026-11-26T02:00:00Z'), 60_000)?.toISOString()).toBe('2026-11-26T02:00:00.000Z');
  });

  it('says which schedules never occur', () => {
    expect(neverOccurs(read('cron(0 0 31 2 ? *)'), new Date('2026-01-01T00:00:00Z'))).toMatch(/never occurs/);
    expect(neverOccurs(read('cron(0 0 1 * ? 2020)'), new Date('2026-01-01T00:00:00Z'))).toMatch(/never occurs/);
    expect(neverOccurs(read('cron(0 0 29 2 ? *)'), new Date('2026-01-01T00:00:00Z'))).toBeUndefined();
  });

  it.each([
    ['cron(0 8 * * MON *)', 'UTC', /exactly one of day-of-month and day-of-week is '\?'/],
    ['cron(0 8 ? * ? *)', 'UTC', /exactly one of/],
    ['cron(0 2 * *)', 'UTC', /has 4 fields/],
    ['cron(61 0 * * ? *)', 'UTC', /minute/],
    ['cron(0 2 * * ? *)', 'Mars/Base', /not an IANA time zone/],
    ['rate(1 days)', 'UTC', /singular/],
    ['rate(5 minute)', 'UTC', /plural/],
    ['rate(0 minutes)', 'UTC', /at least 1/],
    ['rate(30 seconds)', 'UTC', /minute\|minutes/],
    ['every day', 'UTC', /neither cron/],
  ])('refuses %s in %s', (expression, timezone, error) => {
    const result = parseScheduleExpression(expression, timezone);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(error);
  });
});
