/**
 * Event handlers and scheduled jobs (issue 27): snake_case unique names; a handler's trigger as a
 * workflow's (a known entity, field and value, conditions the record can meet); a job's
 * schedule (EventBridge Scheduler's syntax, a rate of at least a minute, a date that occurs
 * again, a known IANA time zone: schedule-expression.ts) and its records (a declared entity,
 * conditions on indexed fields with values they can hold, as list filters: no Scan of an
 * organization; an age window that is not empty); and what the actions do, as a task's actions
 * (actions.ts), an action that needs a record refused in a job without records.
 */
import { isTimeZone, neverOccurs, parseScheduleExpression } from '../schedule-expression';
import { eventHandlersOf, schedulesOf, type IrEntity, type IrRecordQuery, type IrSchedule, type IrTaskAction } from '../ir';
import { SNAKE_NAME } from '../../vocabulary';
import { checkAction, checkTriggerConditions, valueProblem, type RecordWords } from './actions';
import type { ValidationContext } from './context';
import { checkEntityTrigger } from './workflows';

const CHANGED_RECORD: RecordWords = { noun: 'the changed record', without: 'a handler' };
const JOB_RECORD: RecordWords = { noun: 'a record', without: "a job without 'records'" };

export function checkEvents(ctx: ValidationContext, now: Date = new Date()): void {
  const handlers = eventHandlersOf(ctx.ir);
  checkNames(ctx, handlers, 'events', 'handler');
  handlers.forEach((handler, h) => {
    const path = `$.events[${h}]`;
    const subject = `handler ${handler.name}`;
    const entity = checkEntityTrigger(ctx, handler.on, `${path}.on`, subject);
    if (entity) checkTriggerConditions(ctx, handler.on, entity, `${path}.on`, subject);
    checkActions(ctx, handler.actions, entity, true, CHANGED_RECORD, path, subject);
    if (handler.on.event === 'deleted') {
      handler.actions.forEach((action, a) => {
        if (action.type === 'update') ctx.error(`${path}.actions[${a}]`, 'TASK_ACTION_INVALID', `${subject}: update changes the record, which the delete has removed`);
      });
    }
  });

  const jobs = schedulesOf(ctx.ir);
  checkNames(ctx, jobs, 'schedules', 'job');
  jobs.forEach((job, j) => {
    const path = `$.schedules[${j}]`;
    const subject = `job ${job.name}`;
    checkSchedule(ctx, job, path, subject, now);
    const entity = job.records ? checkRecords(ctx, job.records, `${path}.records`, subject) : undefined;
    checkActions(ctx, job.actions, entity, job.records !== undefined, JOB_RECORD, path, subject);
  });
}

/** The expression is read in the job's time zone, so a bad zone is reported alone, on its own path. */
function checkSchedule(ctx: ValidationContext, job: IrSchedule, path: string, subject: string, now: Date): void {
  if (!isTimeZone(job.timezone)) {
    ctx.error(`${path}.timezone`, 'SCHEDULE_INVALID', `${subject}: '${job.timezone}' is not an IANA time zone (e.g. UTC, Europe/Paris, America/New_York)`);
    return;
  }
  const read = parseScheduleExpression(job.expression, job.timezone);
  const never = read.ok ? neverOccurs(read.value, now) : read.error;
  if (never) ctx.error(`${path}.expression`, 'SCHEDULE_INVALID', read.ok ? `${subject}: '${job.expression}' ${never}` : `${subject}: ${never}`);
}

function checkNames(ctx: ValidationContext, items: ReadonlyArray<{ name: string }>, list: string, what: string): void {
  const first = new Map<string, number>();
  items.forEach((item, i) => {
    const path = `$.${list}[${i}].name`;
    if (!SNAKE_NAME.test(item.name)) ctx.error(path, 'INVALID_NAME', `${what} name '${item.name}' must be snake_case`);
    const seen = first.get(item.name);
    if (seen !== undefined) ctx.error(path, 'DUPLICATE_NAME', `${what} ${item.name} is declared twice (also $.${list}[${seen}])`);
    else first.set(item.name, i);
  });
}

function checkActions(ctx: ValidationContext, actions: readonly IrTaskAction[], entity: IrEntity | undefined, hasRecord: boolean, record: RecordWords, path: string, subject: string): void {
  actions.forEach((action, a) => checkAction({ ctx, entity, hasRecord, record }, action, `${path}.actions[${a}]`, subject));
}

/** The records of a job: read through an index within the organization, never a Scan. Returns the entity, when known. */
function checkRecords(ctx: ValidationContext, query: IrRecordQuery, path: string, subject: string): IrEntity | undefined {
  const entity = ctx.entities.get(query.entity);
  if (!entity) {
    ctx.error(`${path}.entity`, 'RECORD_QUERY_INVALID', `${subject} acts on ${query.entity}, which is not an entity of the project`);
    return undefined;
  }
  query.where?.forEach((condition, c) => {
    const at = `${path}.where[${c}]`;
    const field = entity.fields.find((f) => f.name === condition.field);
    if (!field) ctx.error(`${at}.field`, 'RECORD_QUERY_INVALID', `${subject}: ${entity.name} has no field '${condition.field}'`);
    else if (!field.indexed) {
      ctx.error(`${at}.field`, 'RECORD_QUERY_INVALID', `${subject}: ${entity.name}.${field.name} has no index, so the job could only find its records by reading them all; filter on an indexed field (an enum, a reference, a boolean or a unique field)`);
    } else {
      const wrong = valueProblem(field, condition.value, `${entity.name}.${field.name}`, true);
      if (wrong) ctx.error(`${at}.value`, 'RECORD_QUERY_INVALID', `${subject}: ${wrong}`);
    }
  });
  const age = query.age;
  if (age) {
    const { olderThanSeconds: older, newerThanSeconds: newer } = age;
    if (older === undefined && newer === undefined) ctx.error(`${path}.age`, 'RECORD_QUERY_INVALID', `${subject}: an age condition on ${age.field} needs olderThanSeconds or newerThanSeconds`);
    else if (older !== undefined && newer !== undefined && newer <= older) {
      ctx.error(`${path}.age`, 'RECORD_QUERY_INVALID', `${subject}: no record has ${age.field} older than ${older} s and within the last ${newer} s`);
    }
  }
  return entity;
}
