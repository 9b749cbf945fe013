/**
 * What a project keeps about its workflow instances, beside the durable execution that runs each
 * one (ports/durable-executions.ts): the instance as its users and admins see it (status, current
 * step, completed steps with outputs, history), the callback a waiting step can be resumed with,
 * signals that arrived before their wait started (the inbox), and record waits keyed by the change
 * they wait for. The same on AWS and locally: the project's own table.
 */
import type { CursorKey } from '../core/cursor';
import type { KeyedPage } from './keyed-page';

/** What an instance can be (CONTRACT "Workflows"); the route manifest publishes the same list. */
export const WORKFLOW_INSTANCE_STATUSES = ['running', 'waiting', 'succeeded', 'failed', 'cancelled', 'timed_out'] as const;
export type WorkflowInstanceStatus = (typeof WORKFLOW_INSTANCE_STATUSES)[number];
/** The statuses an instance never leaves. */
export const ENDED_STATUSES: readonly WorkflowInstanceStatus[] = ['succeeded', 'failed', 'cancelled', 'timed_out'];
export const isEnded = (status: WorkflowInstanceStatus): boolean => ENDED_STATUSES.includes(status);

/** The record a triggered instance started from (its organization is the instance's). */
export interface WorkflowRecordRef {
  readonly entity: string;
  readonly id: string;
}

export interface WorkflowHistoryEntry {
  readonly at: string;
  /** `started`, `step_started`, `waiting`, `step_completed`, `signal`, `timed_out`, `ended`, `cancelled`. */
  readonly type: string;
  readonly step?: string;
  readonly message?: string;
}

export interface WorkflowInstance {
  readonly id: string;
  readonly workflow: string;
  /** The organization it belongs to (null: a single-tenant project). */
  readonly orgId: string | null;
  readonly status: WorkflowInstanceStatus;
  /** How it ended (`completed`, `paid`, `rejected`, ...), once it has. */
  readonly outcome?: string;
  readonly currentStep: string | null;
  /** What the current step waits for: signal events, or a record change in words. */
  readonly waitingFor: readonly string[];
  readonly input: Record<string, unknown>;
  readonly record?: WorkflowRecordRef;
  /** Who started it through the API (absent: a record change did). */
  readonly startedBy?: string;
  readonly error?: string;
  readonly history: readonly WorkflowHistoryEntry[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface CompletedWorkflowStep {
  readonly name: string;
  readonly output: unknown;
  readonly completedAt: string;
}

export interface NewWorkflowInstance {
  readonly id: string;
  readonly workflow: string;
  readonly orgId: string | null;
  readonly input: Record<string, unknown>;
  readonly record?: WorkflowRecordRef;
  readonly startedBy?: string;
  readonly at: string;
}

/** A signal kept until its wait starts. */
export interface InboxSignal {
  readonly event: string;
  readonly data: Record<string, unknown>;
}

/** What delivering a signal did. */
export type SignalDelivery =
  /** The instance waits for it now: resume its callback with `{ event, data }`. */
  | { readonly kind: 'resume'; readonly callbackId: string }
  /** The instance is not waiting for it yet: kept in the inbox for the wait that will. */
  | { readonly kind: 'queued' };

/** A waiting instance found by the record change it waits for. */
export interface RecordWaiter {
  readonly instanceId: string;
  readonly orgId: string | null;
  readonly callbackId: string;
}

export interface WorkflowInstanceStore {
  /**
   * Creates the instance unless one with its id exists (`exists`: a redelivered change, a repeated
   * start), counting it among the running instances; `full` when `maxRunning` are running already.
   */
  create(instance: NewWorkflowInstance, maxRunning: number): Promise<'created' | 'exists' | 'full'>;
  get(orgId: string | null, id: string): Promise<WorkflowInstance | null>;
  completedSteps(orgId: string | null, id: string): Promise<CompletedWorkflowStep[]>;
  /** An organization's instances, newest first, optionally of one status. */
  list(orgId: string | null, query: { status?: WorkflowInstanceStatus; limit: number; startKey?: CursorKey }): Promise<KeyedPage<WorkflowInstance>>;
  /** The instances a record started, newest first. */
  listForRecord(orgId: string | null, record: WorkflowRecordRef, query: { limit: number; startKey?: CursorKey }): Promise<KeyedPage<WorkflowInstance>>;
  /** The instance enters a step: running, or waiting for `waitingFor`. No-op once ended. */
  enterStep(orgId: string | null, id: string, step: string, state: { status: 'running' | 'waiting'; waitingFor?: readonly string[]; at: string }): Promise<void>;
  /** A completed step and its output, under its sequence number (a repeat is a no-op). */
  completeStep(orgId: string | null, id: string, seq: number, step: CompletedWorkflowStep): Promise<void>;
  /** The instance ends (once: false when it had ended already), and stops counting as running. */
  finish(orgId: string | null, id: string, end: { status: WorkflowInstanceStatus; outcome?: string; error?: string; at: string }): Promise<boolean>;
  /**
   * The current step waits for `events` with `callbackId`: recorded on the instance, then a signal
   * already in the inbox for one of them is taken out and returned (the caller resumes with it).
   */
  awaitSignal(orgId: string | null, id: string, wait: { step: string; events: readonly string[]; callbackId: string; at: string }): Promise<InboxSignal | null>;
  /** Hands a signal to the waiting step, or keeps it for a later one; throws when the instance ended. */
  deliverSignal(orgId: string | null, id: string, signal: InboxSignal & { at: string }): Promise<SignalDelivery>;
  /** The current step waits for the record change `waitKey` (record-waits.ts spells it). */
  awaitRecordChange(orgId: string | null, id: string, waitKey: string, callbackId: string): Promise<void>;
  /** The instances waiting for `waitKey`; each is removed as it is returned (one resume per wait). */
  takeRecordWaiters(orgId: string | null, waitKey: string): Promise<RecordWaiter[]>;
}
