/**
 * The runs of event handlers and scheduled jobs (issue 27): what happened to each, so that a
 * change delivered twice runs a handler once, a failed run is retried with backoff and then
 * parked, and an organization's admins see the parked runs and try them again
 * (`GET /admin/events/failures`, `POST /admin/events/failures/{id}/retry`).
 *
 * A run is identified by what caused it: a handler's run by the handler and the change's id, a
 * job's by the job, the occurrence and the organization. Attempts are claimed with a condition
 * on the count so far, so two deliveries of one retry job cannot both run it.
 */
import type { CursorKey } from '../core/cursor';
import type { KeyedPage } from './keyed-page';

export type EventRunKind = 'handler' | 'schedule';
/** running: an attempt is under way; retrying: waits for its next attempt; parked: out of attempts, waits for an admin. */
export type EventRunStatus = 'running' | 'succeeded' | 'retrying' | 'parked';

export interface EventRun {
  readonly id: string;
  readonly orgId: string | null;
  readonly kind: EventRunKind;
  /** The handler's or the job's name. */
  readonly name: string;
  readonly status: EventRunStatus;
  /** Attempts made so far (the one under way included). */
  readonly attempts: number;
  /** Attempts this run may make before it is parked (an admin's retry grants a new round). */
  readonly maxAttempts: number;
  /** What the run acts on: a handler's changed record, a job's occurrence. */
  readonly record?: { readonly entity: string; readonly id: string };
  readonly occurrence?: string;
  /** The change's id (handlers) . */
  readonly changeId?: string;
  /** The record as the change left it (before it, for a delete): what a retry acts with once the record is gone. */
  readonly input: Readonly<Record<string, unknown>>;
  readonly error?: string;
  readonly nextAttemptAt?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type NewEventRun = Omit<EventRun, 'status' | 'updatedAt' | 'error' | 'nextAttemptAt'>;

/** How an attempt ended. */
export type AttemptOutcome = { readonly status: 'succeeded' } | { readonly status: 'retrying'; readonly error: string; readonly nextAttemptAt: string } | { readonly status: 'parked'; readonly error: string };

export interface EventRunStore {
  get(orgId: string | null, runId: string): Promise<EventRun | null>;
  /** Records a run's first attempt as it ends (or, `running`, as it begins); false when the run exists already (a repeated change or occurrence). */
  recordFirst(run: NewEventRun, outcome: AttemptOutcome | { readonly status: 'running' }): Promise<boolean>;
  /**
   * Claims the next attempt of a run that waits for one (`attempts` as read); null when another
   * claim came first or it waits no more. With `staleSince`: of a run whose attempt has been
   * `running` since then (its process died), unless it moved meanwhile.
   */
  claimAttempt(orgId: string | null, runId: string, attempts: number, options?: { readonly staleSince: string }): Promise<EventRun | null>;
  /** Ends the attempt under way. */
  finish(orgId: string | null, runId: string, outcome: AttemptOutcome): Promise<void>;
  /** The organization's parked runs, newest first. */
  listParked(orgId: string | null, limit: number, cursor?: CursorKey): Promise<KeyedPage<EventRun>>;
  /** An admin's retry: a parked run waits for its next attempt now, with a new round of attempts; null when it is not parked. */
  unpark(orgId: string | null, runId: string, maxAttempts: number): Promise<EventRun | null>;
}
