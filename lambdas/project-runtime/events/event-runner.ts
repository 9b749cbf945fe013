/**
 * Runs event handlers and scheduled jobs (ir-events.ts), on AWS and locally alike:
 *
 *   a change      every handler whose trigger it matches runs its actions once: a run item per
 *                 (handler, change) records how it went, so a change delivered again finds it
 *                 and runs nothing; a handler's failure never fails the change's delivery (the
 *                 other consumers, the API call that caused it): the run is retried later
 *   an occurrence a job runs for one organization once: its run item is claimed before it runs
 *   a failure     the run waits for its next attempt (the retry policy's backoff) through the
 *                 event-job queue; out of attempts it is parked, for the organization's admins
 *                 to see and retry (event-actions.ts)
 *
 * The actions are the workflow task actions (task-actions.ts), which are safe to repeat: a retry
 * after a partial attempt does again what was done (an update writes the same values, a create
 * names the same record, a call carries the same delivery id) — except notify, which may mail
 * twice. Records a handler writes carry its mark, so its own change does not run it again and a
 * chain of handlers and workflows stops at MAX_CHAIN_DEPTH.
 */
import { createHash } from 'node:crypto';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { BlueprintIR, IrEntity, IrEventHandler, IrSchedule, IrTaskAction } from '../../core/blueprint/ir';
import { eventHandlersOf, retryDelaySeconds, retryPolicyOf, schedulesOf } from '../../core/blueprint/ir';
import type { Clock } from '../../core/clock';
import { EventJobDeferredError, type EventJob, type EventJobQueue } from '../../ports/event-jobs';
import type { AttemptOutcome, EventRun, EventRunStore, NewEventRun } from '../../ports/event-runs';
import type { RecordChange, RecordChangeConsumer } from '../../ports/record-changes';
import type { TaskActionRunner } from '../workflows/workflow-handler';
import { MAX_CHAIN_DEPTH, triggers } from '../workflows/workflow-change-consumers';
import { readWorkflowMark } from '../workflows/workflow-mark';
import { queryRecords, type RecordQueryReader } from './record-query';

/** A handler's mark on what it writes is `on.<handler>`: no workflow (snake_case) can bear that name. */
export const handlerMarkName = (handler: string): string => `on.${handler}`;
export const scheduleMarkName = (schedule: string): string => `at.${schedule}`;

/** How long an attempt may be `running` before a retry job takes it over (longer than any function that runs one: 5 minutes). */
export const RUN_LEASE_MS = 10 * 60_000;
/** How long a retry job that came too soon waits before it comes again. */
const DEFER_SECONDS = 30;

/** Records a `notify role` of a job lists in its one email. */
export const SUMMARY_RECORDS = 50;
/** Records one run of a job acts on, at most (the rest wait for the next occurrence). */
export const MAX_RECORDS_PER_RUN = 1000;

export interface EventRunnerServices {
  readonly ir: BlueprintIR;
  readonly runs: EventRunStore;
  readonly queue: EventJobQueue;
  readonly actions: TaskActionRunner;
  readonly records: RecordQueryReader;
  readonly clock: Clock;
  readonly logger: Logger;
}

/**
 * An admin's retry of a parked run: a new round of attempts (its handler's or job's retry policy),
 * the first one now. Null when the run is not parked (unknown, or not failed). The runtime's
 * routes call this with the store and the queue only: no actions run in the request.
 */
export async function unparkRun(services: Pick<EventRunnerServices, 'ir' | 'runs' | 'queue'>, orgId: string | null, runId: string): Promise<EventRun | null> {
  const run = await services.runs.get(orgId, runId);
  if (!run || run.status !== 'parked') return null;
  const unparked = await services.runs.unpark(orgId, runId, run.attempts + retryPolicyOf(definitionOf(services.ir, run) ?? {}).retries + 1);
  if (unparked) await services.queue.send({ kind: 'runRetry', orgId, runId }, 0);
  return unparked;
}

/** The handler or job a run belongs to; undefined once a new blueprint dropped it. */
function definitionOf(ir: BlueprintIR, run: Pick<EventRun, 'kind' | 'name'>): IrEventHandler | IrSchedule | undefined {
  return run.kind === 'handler' ? eventHandlersOf(ir).find((h) => h.name === run.name) : schedulesOf(ir).find((s) => s.name === run.name);
}

/** The id of a handler's run for one change (the same on every delivery of that change). */
export const handlerRunId = (handler: string, changeId: string): string => `h-${handler}-${digest(changeId)}`;
/** The id of a job's run for one occurrence (ISO time) within an organization's partition. */
export const scheduleRunId = (schedule: string, occurrence: string): string => `s-${schedule}-${occurrence.replace(/[^0-9TZ]/g, '')}`;

const digest = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, 22);

export class EventRunner {
  constructor(private readonly services: EventRunnerServices) {}

  /** The record-change consumer of the handlers (none when the blueprint has no handlers). */
  changeConsumer(): RecordChangeConsumer {
    return async (change) => {
      for (const handler of eventHandlersOf(this.services.ir)) {
        if (triggers(handler.on, change) && !this.ownOrTooDeep(handler, change)) await this.onChange(handler, change);
      }
    };
  }

  /** Runs a job's occurrence for one organization, once; false when it ran already. */
  async runOccurrence(schedule: IrSchedule, occurrence: string, orgId: string | null): Promise<boolean> {
    const run: NewEventRun = {
      id: scheduleRunId(schedule.name, occurrence),
      orgId,
      kind: 'schedule',
      name: schedule.name,
      attempts: 1,
      maxAttempts: retryPolicyOf(schedule).retries + 1,
      occurrence,
      input: {},
      createdAt: this.now(),
    };
    if (!(await this.services.runs.recordFirst(run, { status: 'running' }))) return false;
    // Should this process die during the attempt, the run is taken over once its lease is past (retry).
    await this.services.queue.send({ kind: 'runRetry', orgId, runId: run.id }, RUN_LEASE_MS / 1000 + 60);
    await this.services.runs.finish(orgId, run.id, await this.attempt({ ...run, status: 'running', updatedAt: run.createdAt }));
    return true;
  }

  /**
   * One queued retry of a run (a `runRetry` job). The job is queued before the failed attempt's
   * outcome is recorded (so no crash in between leaves a run waiting with no job): one that comes
   * while that attempt is still recorded is deferred; one that finds an attempt `running` past
   * RUN_LEASE_MS takes over from the process that died in it.
   */
  async retry(job: Extract<EventJob, { kind: 'runRetry' }>): Promise<void> {
    const run = await this.services.runs.get(job.orgId, job.runId);
    if (!run) throw new EventJobDeferredError(`The run ${job.runId} is not recorded yet`, DEFER_SECONDS);
    const now = this.services.clock.now().getTime();
    if (run.status === 'running') {
      if (now - Date.parse(run.updatedAt) < RUN_LEASE_MS) throw new EventJobDeferredError(`The run ${job.runId} has an attempt under way`, DEFER_SECONDS);
      const taken = await this.services.runs.claimAttempt(job.orgId, job.runId, run.attempts, { staleSince: run.updatedAt });
      if (taken) await this.services.runs.finish(job.orgId, job.runId, await this.attempt(taken));
      return;
    }
    if (run.status !== 'retrying') return;
    const wait = run.nextAttemptAt ? Date.parse(run.nextAttemptAt) - now : 0;
    // Early (a queue that delays at most 15 minutes hands a later job in before its time): send it on.
    if (wait > 1000) return this.services.queue.send(job, Math.ceil(wait / 1000));
    const claimed = await this.services.runs.claimAttempt(job.orgId, job.runId, run.attempts);
    if (!claimed) return;
    await this.services.runs.finish(job.orgId, job.runId, await this.attempt(claimed));
  }

  private async onChange(handler: IrEventHandler, change: RecordChange): Promise<void> {
    const id = handlerRunId(handler.name, change.changeId);
    if (await this.services.runs.get(change.orgId, id)) return;
    const mark = readWorkflowMark(change.writtenBy);
    const image = change.kind === 'deleted' ? change.before : change.after;
    const run: EventRun = {
      id,
      orgId: change.orgId,
      kind: 'handler',
      name: handler.name,
      status: 'running',
      attempts: 1,
      maxAttempts: retryPolicyOf(handler).retries + 1,
      record: { entity: change.entity, id: change.recordId },
      changeId: change.changeId,
      input: { record: { ...(image ?? {}) }, event: `${change.entity}.${change.kind}`, ...(mark ? { chainDepth: mark.depth + 1 } : {}) },
      createdAt: this.now(),
      updatedAt: this.now(),
    };
    const outcome = await this.attempt(run);
    // A second delivery of the change that raced this one recorded first: its outcome stands.
    await this.services.runs.recordFirst(run, outcome);
  }

  /** One attempt of a run, ending in its outcome (a failure schedules the next attempt or parks the run). */
  private async attempt(run: EventRun): Promise<AttemptOutcome> {
    try {
      if (run.kind === 'handler') await this.handlerActions(run);
      else await this.scheduleActions(run);
      return { status: 'succeeded' };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      this.services.logger.warn(`The ${run.kind === 'handler' ? 'event handler' : 'scheduled job'} ${run.name} failed (attempt ${run.attempts} of ${run.maxAttempts})`, { runId: run.id, error });
      if (run.attempts >= run.maxAttempts) return { status: 'parked', error };
      const delay = retryDelaySeconds(retryPolicyOf(definitionOf(this.services.ir, run) ?? {}), run.attempts);
      const outcome: AttemptOutcome = { status: 'retrying', error, nextAttemptAt: new Date(this.services.clock.now().getTime() + delay * 1000).toISOString() };
      // Queued before the outcome is recorded: a crash in between leaves a job, which takes the stale attempt over (retry).
      await this.services.queue.send({ kind: 'runRetry', orgId: run.orgId, runId: run.id }, delay);
      return outcome;
    }
  }

  private async handlerActions(run: EventRun): Promise<void> {
    const handler = eventHandlersOf(this.services.ir).find((h) => h.name === run.name);
    // Its blueprint was replaced by one without it: nothing is left to do.
    if (!handler) return;
    for (const [i, action] of handler.actions.entries()) {
      await this.runAction(action, { instanceId: run.id, workflow: handlerMarkName(handler.name), orgId: run.orgId, input: run.input, ...(run.record ? { record: run.record } : {}), operation: `action-${i + 1}` });
    }
  }

  private async scheduleActions(run: EventRun): Promise<void> {
    const schedule = schedulesOf(this.services.ir).find((s) => s.name === run.name);
    if (!schedule) return;
    const base = { workflow: scheduleMarkName(schedule.name), orgId: run.orgId, input: { occurrence: run.occurrence } };
    if (!schedule.records) {
      for (const [i, action] of schedule.actions.entries()) await this.runAction(action, { ...base, instanceId: run.id, operation: `action-${i + 1}` });
      return;
    }
    const entity = this.entity(schedule.records.entity);
    const matched = await queryRecords(this.services.records, entity, schedule.records, run.orgId, this.services.clock.now(), MAX_RECORDS_PER_RUN);
    for (const [i, action] of schedule.actions.entries()) {
      if (action.type === 'notify' && 'role' in action.to) {
        // One email per run for a role, listing the records (a summary), not one per record.
        await this.runAction({ ...action, message: summaryOf(action.message, entity, matched) }, { ...base, instanceId: run.id, operation: `action-${i + 1}` });
        continue;
      }
      for (const record of matched) {
        await this.runAction(action, { ...base, input: { ...base.input, record }, instanceId: `${run.id}-${String(record.id)}`, record: { entity: entity.name, id: String(record.id) }, operation: `action-${i + 1}` });
      }
    }
  }

  private runAction(action: IrTaskAction, run: Parameters<TaskActionRunner['run']>[1]): Promise<unknown> {
    return this.services.actions.run({ kind: 'task', name: run.operation, retries: 0, backoffSeconds: 0, action }, run);
  }

  /** A change the handler itself wrote, or the end of a long chain of event-made changes. */
  private ownOrTooDeep(handler: IrEventHandler, change: RecordChange): boolean {
    const mark = readWorkflowMark(change.writtenBy);
    return mark !== null && (mark.workflow === handlerMarkName(handler.name) || mark.depth >= MAX_CHAIN_DEPTH);
  }

  private entity(name: string): IrEntity {
    const entity = this.services.ir.entities.find((e) => e.name === name);
    if (!entity) throw new Error(`The blueprint has no entity ${name}`);
    return entity;
  }

  private now(): string {
    return this.services.clock.now().toISOString();
  }
}

/** The email text of a job's summary: its message, then how many records and the first SUMMARY_RECORDS of them. */
function summaryOf(message: string, entity: IrEntity, records: ReadonlyArray<Record<string, unknown>>): string {
  const label = entity.fields.find((f) => !f.serverOwned && (f.type === 'string' || f.type === 'email'))?.name;
  const lines = records.slice(0, SUMMARY_RECORDS).map((r) => `- ${entity.name} ${String(r.id)}${label && typeof r[label] === 'string' ? `: ${r[label] as string}` : ''}`);
  const more = records.length > SUMMARY_RECORDS ? [`... and ${records.length - SUMMARY_RECORDS} more`] : [];
  return [message, '', `${records.length} ${entity.name} record${records.length === 1 ? '' : 's'}:`, ...lines, ...more].join('\n');
}
