/**
 * The spec's event handlers and scheduled jobs into the IR (part of buildBlueprint): durations in
 * seconds, action values typed by the field they go into (with build-workflows.ts's helpers, as
 * for a task's action), the time zone UTC when the spec gives none. Faithful, not judgmental: a
 * value that does not fit its field stays as written, for validate-blueprint/ to report.
 */
import { DEFAULT_TIME_ZONE } from '../spec/spec-layout';
import type { SpecDocument, SpecEventHandler, SpecRecordQuery, SpecRetry, SpecSchedule } from '../spec/spec-model';
import { buildAction, buildEntityTrigger, fieldTyper, seconds, type FieldTyper } from './build-workflows';
import { DEFAULT_EVENT_BACKOFF_SECONDS, type IrEventHandler, type IrRecordQuery, type IrRetryPolicy, type IrSchedule } from './ir';

/** The handlers of the spec, or undefined when it has none (the IR leaves the key out). */
export function buildEventHandlers(spec: SpecDocument): IrEventHandler[] | undefined {
  const typer = fieldTyper(spec);
  const handlers = (spec.events ?? []).map((handler) => buildHandler(handler, typer));
  return handlers.length > 0 ? handlers : undefined;
}

/** The jobs of the spec, or undefined when it has none. */
export function buildSchedules(spec: SpecDocument): IrSchedule[] | undefined {
  const typer = fieldTyper(spec);
  const jobs = (spec.schedules ?? []).map((job) => buildSchedule(job, typer));
  return jobs.length > 0 ? jobs : undefined;
}

function buildHandler(handler: SpecEventHandler, typer: FieldTyper): IrEventHandler {
  const where = `handler ${handler.name}`;
  return {
    name: handler.name,
    ...(handler.description !== undefined ? { description: handler.description } : {}),
    on: buildEntityTrigger(handler.on),
    actions: handler.actions.map((action) => buildAction(action, handler.on.entity, typer)),
    ...(handler.retry !== undefined ? { retry: buildRetry(handler.retry, where) } : {}),
  };
}

function buildSchedule(job: SpecSchedule, typer: FieldTyper): IrSchedule {
  const where = `job ${job.name}`;
  return {
    name: job.name,
    ...(job.description !== undefined ? { description: job.description } : {}),
    expression: job.expression.trim(),
    timezone: job.timezone ?? DEFAULT_TIME_ZONE,
    ...(job.records !== undefined ? { records: buildRecordQuery(job.records, where) } : {}),
    actions: job.actions.map((action) => buildAction(action, job.records?.entity, typer)),
    ...(job.retry !== undefined ? { retry: buildRetry(job.retry, where) } : {}),
  };
}

/** Conditions compared as text (as a trigger's); the age bounds in seconds. */
function buildRecordQuery(query: SpecRecordQuery, where: string): IrRecordQuery {
  const age = query.age;
  return {
    entity: query.entity,
    ...(query.where !== undefined ? { where: query.where.map((c) => ({ field: c.field, value: c.value })) } : {}),
    ...(age !== undefined
      ? {
          age: {
            field: age.field,
            ...(age.olderThan !== undefined ? { olderThanSeconds: seconds(age.olderThan, `${where}, records`) } : {}),
            ...(age.within !== undefined ? { newerThanSeconds: seconds(age.within, `${where}, records`) } : {}),
          },
        }
      : {}),
  };
}

/** A backoff left out is the default's (30 s), so `- Retries: 2` changes only the count. */
function buildRetry(retry: SpecRetry, where: string): IrRetryPolicy {
  return { retries: retry.retries, backoffSeconds: retry.backoff === undefined ? DEFAULT_EVENT_BACKOFF_SECONDS : seconds(retry.backoff, `${where}, retries`) };
}
