/**
 * The spec's event handlers and scheduled jobs, checked (part of checkSpec): names, a handler's
 * trigger (as a workflow's), a job's time zone and the shape of its schedule (the schedule
 * itself is read by validate-blueprint/events.ts), its records (a known entity, conditions on
 * fields a job can read through an index, with values they can hold, an age on created_at or
 * updated_at), what the actions do (as tasks' actions: check-workflows.ts) and the retries.
 * Checks that depend on the record report at the action's `field` detail, as workflows do, so
 * the parser can mute them when the trigger or the records could not be read.
 */
import { isTimeZone } from '../blueprint/schedule-expression';
import { checkAction, checkTrigger, checkValue, DURATION_HINT, type ActionScope, type At } from './check-workflows';
import { checkFreeText, type Report, type TextBounds } from './check-text';
import { isScalarType, parseFieldType } from './field-type';
import { DEFAULT_TIME_ZONE, DO_KEY, ON_KEY, RECORDS_KEY, RETRIES_KEY, SCHEDULE_KEY, TIME_ZONE_KEY } from './spec-layout';
import type { SpecDocument, SpecEntity, SpecRecordQuery, SpecRetry, SpecTaskAction } from './spec-model';
import { ISO_DURATION_PATTERN } from '../date-formats';
import { IrRetryPolicy } from '../blueprint/ir';
import { SNAKE_NAME } from '../vocabulary';

/** A description ends at the first item of its part. */
const HANDLER_TEXT: TextBounds = { headingsUpTo: 3, tables: true, itemKeys: [ON_KEY, DO_KEY, RETRIES_KEY] };
const JOB_TEXT: TextBounds = { headingsUpTo: 3, tables: true, itemKeys: [SCHEDULE_KEY, TIME_ZONE_KEY, RECORDS_KEY, DO_KEY, RETRIES_KEY] };
const MAX_RETRIES = IrRetryPolicy.shape.retries.maxValue ?? 10;

export function checkEvents(spec: SpecDocument, entities: Map<string, SpecEntity>, report: Report): void {
  checkNames(spec.events ?? [], 'events', 'handler', report);
  (spec.events ?? []).forEach((handler, h) => {
    const path = `events.${h}`;
    const subject = `handler ${handler.name}`;
    checkFreeText(handler.description, `${path}.description`, `${subject} description`, HANDLER_TEXT, report);
    const source = checkTrigger(handler.on, entities, `${path}.on`, subject, report);
    const scope: ActionScope = { spec, entities, source, hasRecord: true, record: { noun: 'the changed record', fix: '' } };
    checkActions(handler.actions, scope, path, subject, report);
    if (handler.on.event === 'deleted') {
      handler.actions.forEach((action, a) => {
        if (action.type === 'update') report(`${path}.actions.${a}.field`, `${subject}: update changes the record, which the delete has removed`);
      });
    }
    checkRetry(handler.retry, `${path}.retry`, subject, report);
  });

  checkNames(spec.schedules ?? [], 'schedules', 'job', report);
  (spec.schedules ?? []).forEach((job, j) => {
    const path = `schedules.${j}`;
    const subject = `job ${job.name}`;
    checkFreeText(job.description, `${path}.description`, `${subject} description`, JOB_TEXT, report);
    const timezone = job.timezone ?? DEFAULT_TIME_ZONE;
    if (!isTimeZone(timezone)) report(`${path}.timezone`, `${subject}: '${timezone}' is not an IANA time zone (e.g. UTC, Europe/Paris, America/New_York)`);
    // Its shape only: the fields, the rate's unit and whether the date ever comes are read when the
    // blueprint is validated (validate-blueprint/events.ts), which keeps the calendar library out
    // of the routes that only parse specs (their bundles).
    if (!SCHEDULE_SHAPE.test(job.expression.trim())) {
      report(`${path}.expression`, `${subject}: '${job.expression}' is neither cron(<minutes> <hours> <day-of-month> <month> <day-of-week> <year>) nor rate(<n> <minutes|hours|days>)`);
    }
    const source = job.records ? checkRecords(job.records, entities, `${path}.records`, subject, report) : undefined;
    const scope: ActionScope = { spec, entities, source, hasRecord: job.records !== undefined, record: { noun: 'a record', fix: `the job needs '- ${RECORDS_KEY}: <Entity> where ...'` } };
    checkActions(job.actions, scope, path, subject, report);
    checkRetry(job.retry, `${path}.retry`, subject, report);
  });
}

/** `cron(...)` with six fields, or `rate(...)`. */
const SCHEDULE_SHAPE = /^(?:cron\(\s*\S+(?:\s+\S+){5}\s*\)|rate\(\s*\d+\s+[a-z]+\s*\))$/i;

function checkNames(items: ReadonlyArray<{ name: string }>, list: string, what: string, report: Report): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (!SNAKE_NAME.test(item.name)) report(`${list}.${i}`, `${what} name '${item.name}' must be snake_case (e.g. ${what === 'job' ? 'close_stale_deals' : 'notify_owner_on_win'})`);
    if (seen.has(item.name)) report(`${list}.${i}`, `${what} ${item.name} is declared twice`);
    seen.add(item.name);
  });
}

function checkActions(actions: readonly SpecTaskAction[], scope: ActionScope, path: string, subject: string, report: Report): void {
  if (actions.length === 0) report(`${path}.actions`, `${subject} needs at least one '- ${DO_KEY}: <action>' line`);
  actions.forEach((action, a) => {
    const at: At = (message, detail) => report(detail ? `${path}.actions.${a}.${detail}` : `${path}.actions.${a}`, `${subject}, action ${a + 1}: ${message}`);
    checkAction(action, scope, at);
  });
}

function checkRetry(retry: SpecRetry | undefined, path: string, subject: string, report: Report): void {
  if (!retry) return;
  if (!Number.isInteger(retry.retries) || retry.retries < 0 || retry.retries > MAX_RETRIES) report(path, `${subject}: retries must be a whole number from 0 to ${MAX_RETRIES} (got ${retry.retries})`);
  if (retry.backoff !== undefined && !ISO_DURATION_PATTERN.test(retry.backoff)) report(path, `${subject}: backoff '${retry.backoff}' is not ${DURATION_HINT}`);
}

/**
 * A job's records: a declared entity, conditions on fields it can read through an index (enums,
 * references, booleans and unique fields get one, as list filters do), an age with durations.
 * Returns the entity, when known.
 */
function checkRecords(query: SpecRecordQuery, entities: Map<string, SpecEntity>, path: string, subject: string, report: Report): SpecEntity | undefined {
  const at = (message: string) => report(path, `${subject}, records: ${message}`);
  const entity = entities.get(query.entity);
  if (!entity) {
    at(`'${query.entity}' is not an entity of the spec (entities: ${[...entities.keys()].join(', ')})`);
    return undefined;
  }
  for (const condition of query.where ?? []) {
    const field = entity.fields.find((candidate) => candidate.name === condition.field);
    const type = field ? parseFieldType(field.type) : undefined;
    if (!field) at(`${entity.name} has no field '${condition.field}'`);
    else if (!(type?.kind === 'ref' || isScalarType(type, 'enum', 'boolean') || (field.unique && !isScalarType(type, 'text')))) {
      at(`${entity.name}.${field.name} is ${field.type}; a job reads its records through an index, so a condition is on an enum, a reference, a boolean or a unique field`);
    } else checkValue(field, condition.value, `${entity.name}.${field.name}`, at);
  }
  const age = query.age;
  if (age) {
    if (age.olderThan === undefined && age.within === undefined) at(`an age condition on ${age.field} needs 'older than <duration>' or 'within <duration>'`);
    for (const duration of [age.olderThan, age.within]) if (duration !== undefined && !ISO_DURATION_PATTERN.test(duration)) at(`'${duration}' is not ${DURATION_HINT}`);
  }
  return entity;
}
