/**
 * The event routes of a generated project API (issue 27): an organization's admins list the runs
 * of event handlers and scheduled jobs that failed every attempt, and try one again. Runs belong
 * to the caller's organization: another one's id is not found. A deployment without an event-job
 * queue answers 501 with the contract's error body.
 */
import { decodeCursor, encodeCursor } from '../../core/cursor';
import { ConflictError, NotFoundError, NotImplementedError } from '../../core/errors';
import type { HandlerResult } from '../../shared/http-types';
import type { EventRun } from '../../ports/event-runs';
import type { ActionInput } from '../action-input';
import type { EventRuntime } from '../runtime-services';
import { unparkRun } from '../events/event-runner';
import { allowedCaller } from './access';
import { pageLimit } from './paging';

function runtimeOf(input: ActionInput): EventRuntime {
  const runtime = input.services.events;
  if (!runtime) throw new NotImplementedError('Event handlers and scheduled jobs do not run in this deployment: its runtime has no event-job queue');
  return runtime;
}

/** A run as the API shows it (snake_case, nothing internal). */
export function eventRunBody(run: EventRun): Record<string, unknown> {
  return {
    id: run.id,
    kind: run.kind,
    name: run.name,
    status: run.status,
    attempts: run.attempts,
    error: run.error ?? null,
    ...(run.record ? { record: run.record } : {}),
    ...(run.occurrence ? { occurrence: run.occurrence } : {}),
    next_attempt_at: run.nextAttemptAt ?? null,
    created_at: run.createdAt,
    updated_at: run.updatedAt,
  };
}

export const eventActions = {
  'events.failures.list': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await allowedCaller(input);
    const runtime = runtimeOf(input);
    const { limit, cursor } = pageLimit(input.query, input.services.ir.limits);
    const scope = `${input.services.projectId}/${caller.orgId ?? '-'}/events/failures`;
    const page = await runtime.runs.listParked(caller.orgId, limit, cursor ? decodeCursor(cursor, scope, runtime.cursorSecret) : undefined);
    return { body: { items: page.items.map(eventRunBody), next_cursor: page.lastKey ? encodeCursor(page.lastKey, scope, runtime.cursorSecret) : null } };
  },

  'events.failures.retry': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await allowedCaller(input);
    const runtime = runtimeOf(input);
    const id = input.params.id ?? '';
    const unparked = await unparkRun({ ir: input.services.ir, runs: runtime.runs, queue: runtime.queue }, caller.orgId, id);
    if (unparked) return { status: 202, body: eventRunBody(unparked) };
    const run = await runtime.runs.get(caller.orgId, id);
    if (!run) throw new NotFoundError(`No event run ${id} in this organization`);
    throw new ConflictError(`The run ${id} is ${run.status}, not parked: only a run that failed every attempt can be retried`);
  },
};
