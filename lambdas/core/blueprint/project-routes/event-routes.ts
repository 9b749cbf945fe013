/**
 * The event routes of a generated API (issue 27), present when the blueprint has event handlers
 * or scheduled jobs: an organization's admins list the runs that failed every attempt (parked)
 * and try one again. Handlers and jobs run without a request; these routes are how their
 * failures are seen.
 */
import { eventHandlersOf, schedulesOf } from '../ir';
import type { RouteBuilder } from './route-builder';
import { NEXT_CURSOR, TIMESTAMP, objectSchema, responseObject } from './schema-parts';

/** Run ids: `h-<handler>-<digest>` or `s-<job>-<occurrence>`, bounded. */
const RUN_ID_MAX_LENGTH = 160;

/** Whether the blueprint has anything these routes are about. */
export const hasEvents = (ir: RouteBuilder['ir']): boolean => eventHandlersOf(ir).length > 0 || schedulesOf(ir).length > 0;

export function defineEventSchemas(b: RouteBuilder): void {
  const names = [...eventHandlersOf(b.ir).map((h) => h.name), ...schedulesOf(b.ir).map((s) => s.name)];
  b.define(
    'EventFailure',
    responseObject(
      {
        id: { type: 'string' },
        kind: { type: 'string', enum: ['handler', 'schedule'], description: 'An event handler (one change) or a scheduled job (one occurrence).' },
        name: { type: 'string', enum: names, description: "The handler's or the job's name." },
        status: { type: 'string', enum: ['parked', 'retrying', 'running', 'succeeded'] },
        attempts: { type: 'integer' },
        error: { type: 'string', nullable: true, description: 'Why the last attempt failed.' },
        record: responseObject({ entity: { type: 'string' }, id: { type: 'string' } }, ['entity', 'id']),
        occurrence: { ...TIMESTAMP, description: "The job's occurrence (scheduled jobs)." },
        next_attempt_at: { ...TIMESTAMP, nullable: true },
        created_at: TIMESTAMP,
        updated_at: TIMESTAMP,
      },
      ['id', 'kind', 'name', 'status', 'attempts', 'created_at', 'updated_at'],
    ),
  );
  b.define('EventFailureList', responseObject({ items: { type: 'array', items: b.ref('EventFailure') }, next_cursor: NEXT_CURSOR }, ['items', 'next_cursor']));
}

export function eventRoutes(b: RouteBuilder): void {
  const admin = { kind: 'events' as const, tag: 'Event administration', level: 'admin' as const };
  b.add(
    {
      ...admin,
      id: 'events.failures.list',
      operationId: 'listEventFailures',
      method: 'GET',
      path: '/admin/events/failures',
      action: 'events.failures.list',
      summary: "List the organization's event handler and scheduled job runs that failed every attempt, newest first",
      request: { query: b.pageQuery({}) },
    },
    { status: 200, description: 'A page of parked runs', schema: b.ref('EventFailureList') },
    [400, 403],
  );
  b.add(
    {
      ...admin,
      id: 'events.failures.retry',
      operationId: 'retryEventFailure',
      method: 'POST',
      path: '/admin/events/failures/{id}/retry',
      action: 'events.failures.retry',
      summary: 'Try a parked run again now, with a new round of attempts',
      request: { params: objectSchema({ id: { type: 'string', minLength: 1, maxLength: RUN_ID_MAX_LENGTH, description: 'The run id.' } }, ['id']) },
    },
    { status: 202, description: 'The run waits for its next attempt', schema: b.ref('EventFailure') },
    [403, 404, [409, 'The run is not parked: it succeeded, or waits for an attempt already (CONFLICT)']],
  );
}
