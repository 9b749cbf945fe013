/**
 * `## Scheduled jobs` (optional): one `### job_name` part each, with an optional description,
 * `- Schedule: cron(...)` or `rate(...)`, an optional `- Time zone:` (UTC when absent), optional
 * `- Records: <Entity> where ...`, one or more `- Do:` lines and an optional `- Retries:`
 * (read with the handlers' readPart).
 */
import { readRecordQuery } from '../event-cells';
import type { Section } from '../spec-blocks';
import { RECORDS_KEY, SCHEDULE_KEY, TIME_ZONE_KEY } from '../spec-layout';
import type { SpecSchedule } from '../spec-model';
import type { ParseContext } from './context';
import { partsOf, readPart } from './events';

export function readSchedules(section: Section | undefined, ctx: ParseContext): SpecSchedule[] | undefined {
  const parts = partsOf(section, 'job', ctx);
  return parts?.map((sub, j) => readSchedule(sub, `schedules.${j}`, ctx));
}

function readSchedule(sub: Section, path: string, ctx: ParseContext): SpecSchedule {
  const name = sub.heading.text;
  const subject = `job ${name}`;
  const part = readPart(sub, path, subject, [SCHEDULE_KEY, TIME_ZONE_KEY, RECORDS_KEY], ctx);
  const schedule = part.values.get(SCHEDULE_KEY);
  if (!schedule) ctx.error(sub.no, `${subject} needs '- ${SCHEDULE_KEY}: cron(<minutes> <hours> <day-of-month> <month> <day-of-week> <year>)' or 'rate(<n> <minutes|hours|days>)'`);
  else ctx.at(`${path}.expression`, schedule.no);
  const timezone = part.values.get(TIME_ZONE_KEY);
  if (timezone) ctx.at(`${path}.timezone`, timezone.no);
  if (!schedule) ctx.mute(`${path}.expression`);
  const recordsItem = part.values.get(RECORDS_KEY);
  const records = recordsItem ? readRecordQuery(recordsItem.value) : undefined;
  if (recordsItem && records) {
    ctx.at(`${path}.records`, recordsItem.no);
    if (!records.ok) ctx.error(recordsItem.no, `${subject}: ${records.error}`);
    // Actions on the records cannot be judged without them.
    if (!records.ok || ctx.unreadEntities.has(records.value.entity)) ['records', 'actions'].forEach((key) => ctx.mute(`${path}.${key}`));
  }
  return {
    name,
    ...(part.description !== undefined ? { description: part.description } : {}),
    expression: schedule?.value ?? '',
    ...(timezone ? { timezone: timezone.value } : {}),
    ...(records?.ok ? { records: records.value } : {}),
    actions: part.actions,
    ...(part.retry ? { retry: part.retry } : {}),
  };
}
