/**
 * A workflow while the offline author reads it (workflow-reader.ts), and how its steps are named:
 * shared by the reader and the wait phrases (workflow-waits.ts).
 */
import type { SpecWorkflow, WorkflowStep } from '../spec-model';
import { snakeCase } from '../../text/case';
import type { WorkflowHints } from './workflow-branches';

export interface Draft {
  entity: string;
  trigger: NonNullable<SpecWorkflow['trigger']>;
  steps: WorkflowStep[];
  names: Set<string>;
  /** What the workflow is about, for its name ("an approval workflow", "send a reminder"). */
  keyword?: string;
  /** People a wait is for ("for a supervisor to approve"): roles that decide on the record. */
  approvers: string[];
  /** What tasks make of the record ("is escalated", "are ordered"): states it can reach. */
  outcomes: string[];
  /** The segment read before the current one. */
  lastSegment?: string;
  /** The state the trigger names ("submitted"), the first of the status values a decision implies. */
  state?: string;
  /** Retries stated before their task ("(up to 3 retries), then notify"). */
  pendingRetries?: number;
  text: string;
  hints: WorkflowHints;
  /** The index of the sentence that opened it. */
  sentence?: number;
}

/** A step name not taken yet in the workflow (`wait_3_days`, `wait_3_days_2`). */
/** A workflow's name: its record, then what it is about ("kit_officer" for a Kit, the record's name said once). */
export function workflowName(entity: string, keyword: string | undefined): string {
  const record = snakeCase(entity);
  const about = keyword ?? 'workflow';
  return about.startsWith(`${record}_`) ? about : `${record}_${about}`;
}

export function uniqueName(base: string, taken: Set<string>): string {
  let name = snakeCase(base) || 'step';
  for (let n = 2; taken.has(name); n += 1) name = `${snakeCase(base)}_${n}`;
  taken.add(name);
  return name;
}

/** `<n> <units>` as a step name part: `3_days`. */
export const durationWords = (d: { n: number; unit: string }) => `${d.n}_${d.unit.replace(/s$/, '')}${d.n === 1 ? '' : 's'}`;
