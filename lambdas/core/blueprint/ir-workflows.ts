/**
 * The workflows of the blueprint IR (issue 25): a trigger and named steps that may branch. Kept
 * apart from ir.ts (which re-exports everything here) because the flow has its own rules and its
 * own helpers, which the workflow engine, the validator and the design document share.
 *
 * Compatibility: blueprints deployed before branching exist (IR_VERSION 1 stays). Every field
 * added for branching is optional and its absence means what those blueprints meant: each step
 * goes on with the following one, the last ends `completed`, a waitForEvent timeout ends with
 * its `onTimeout` outcome when set, and a task without an action calls the outgoing endpoint
 * named like the task (taskAction below). The engine reads the flow through these helpers only,
 * so old and new blueprints run the same way.
 */
import * as z from 'zod';
import { TRIGGER_EVENTS } from '../vocabulary';

const Name = z.string().min(1);
const Seconds = z.int().nonnegative();

/** How a workflow that reaches its end without a named outcome finishes. */
export const COMPLETED_OUTCOME = 'completed';

/** Where a step leads: another step of the workflow by name, or the end with a named outcome (snake_case: `paid`, `rejected`). */
export const IrNext = z.union([z.strictObject({ step: Name }), z.strictObject({ end: Name })]);
export type IrNext = z.infer<typeof IrNext>;

/** A condition on the triggering record: the field holds the value (compared as text, as the trigger's own `value`). */
export const IrFieldCondition = z.strictObject({ field: Name, value: z.string() });
export type IrFieldCondition = z.infer<typeof IrFieldCondition>;

export const IrEntityTrigger = z.strictObject({
  entity: Name,
  /** With `field` and `value`: an update that sets the field to the value (`Ticket status = resolved`). */
  event: z.enum(TRIGGER_EVENTS),
  field: Name.optional(),
  value: z.string().optional(),
  /** Every condition must hold on the record for the workflow to start (`severity = sev1`). Absent: always. */
  where: z.array(IrFieldCondition).optional(),
});
export type IrEntityTrigger = z.infer<typeof IrEntityTrigger>;
/** Started only through `POST /workflows/{name}/start`. */
export const IrManualTrigger = z.strictObject({ manual: z.literal(true) });
export type IrManualTrigger = z.infer<typeof IrManualTrigger>;
export const IrTrigger = z.union([IrEntityTrigger, IrManualTrigger]);
export type IrTrigger = z.infer<typeof IrTrigger>;

/** What a waitForRecord step waits for, about the triggering record. */
export const IrRecordChange = z.discriminatedUnion('kind', [
  /** A record of `entity` is created whose reference field `field` points at the triggering record (a Reply with `ticket_id`). */
  z.strictObject({ kind: z.literal('created'), entity: Name, field: Name }),
  /** The triggering record's `field` is set to `value` (compared as text). */
  z.strictObject({ kind: z.literal('fieldSet'), field: Name, value: z.string() }),
]);
export type IrRecordChange = z.infer<typeof IrRecordChange>;

/** Who a notify action emails, always within the triggering record's organization. */
export const IrRecipient = z.union([
  /** Every member with the role. */
  z.strictObject({ role: Name }),
  /** The member a reference field of the triggering record points at. */
  z.strictObject({ field: Name }),
  /** The owner of the triggering record (its owner field). */
  z.strictObject({ owner: z.literal(true) }),
]);
export type IrRecipient = z.infer<typeof IrRecipient>;

/** A value a create action writes: a constant, or `from` a field of the triggering record (`id` for its id). */
export const IrCreateValue = z.strictObject({ field: Name, value: z.union([z.string(), z.number(), z.boolean()]).optional(), from: Name.optional() });
export type IrCreateValue = z.infer<typeof IrCreateValue>;

/** What a task does. */
export const IrTaskAction = z.discriminatedUnion('type', [
  /** Sets fields of the triggering record (null clears one). */
  z.strictObject({ type: z.literal('update'), set: z.array(z.strictObject({ field: Name, value: z.union([z.string(), z.number(), z.boolean(), z.null()]) })) }),
  /** Creates a record of `entity`, in the triggering record's organization; once per instance and step. */
  z.strictObject({ type: z.literal('create'), entity: Name, values: z.array(IrCreateValue) }),
  /** Emails the recipients. */
  z.strictObject({ type: z.literal('notify'), to: IrRecipient, subject: z.string(), message: z.string() }),
  /** Calls the outgoing endpoint of that name, which the project's owner sets on the control plane. */
  z.strictObject({ type: z.literal('call'), endpoint: Name }),
  /** Starts another workflow of the project with the triggering record as its input. */
  z.strictObject({ type: z.literal('start'), workflow: Name }),
]);
export type IrTaskAction = z.infer<typeof IrTaskAction>;

/** Where a step goes when it is done. Absent: the following step; after the last one, the end `completed`. */
const next = IrNext.optional();

export const IrStep = z.discriminatedUnion('kind', [
  /** Sleep a fixed time. */
  z.strictObject({ kind: z.literal('wait'), name: Name, seconds: Seconds, next }),
  /**
   * Sleep until a date/datetime field of the triggering record, shifted by a signed offset
   * (`due_at - PT1H` -> -3600). With `via` (a reference field of the triggering record) the
   * field is the referenced record's (an enrolment waiting for its course's `starts_at`).
   */
  z.strictObject({ kind: z.literal('waitUntil'), name: Name, field: Name, offsetSeconds: z.int(), via: Name.optional(), next }),
  /**
   * Wait for one of `events` (`POST /workflows/{id}/signal`) at most `timeoutSeconds`. An event
   * listed in `on` goes where it says, any other one to `next`. On timeout: `timeoutNext`; absent,
   * the end with the outcome `onTimeout` when set (blueprints from before branching), else `next`.
   */
  z.strictObject({
    kind: z.literal('waitForEvent'),
    name: Name,
    events: z.array(Name),
    timeoutSeconds: Seconds,
    onTimeout: z.string().optional(),
    on: z.array(z.strictObject({ event: Name, next: IrNext })).optional(),
    timeoutNext: IrNext.optional(),
    next,
  }),
  /** Wait at most `timeoutSeconds` for a change about the triggering record; when it comes: `next`, on timeout: `timeoutNext` (absent: `next`). */
  z.strictObject({ kind: z.literal('waitForRecord'), name: Name, timeoutSeconds: Seconds, change: IrRecordChange, next, timeoutNext: IrNext.optional() }),
  /**
   * A unit of work run once to completion (never twice once completed): its `action` (see
   * taskAction for an absent one). On failure it is retried `retries` times, the first retry
   * after `backoffSeconds`, each next delay doubled (Step Functions' defaults: 0 retries, 1 s, rate 2).
   */
  z.strictObject({ kind: z.literal('task'), name: Name, retries: z.int().nonnegative(), backoffSeconds: Seconds, action: IrTaskAction.optional(), next }),
]);
export type IrStep = z.infer<typeof IrStep>;
export type IrStepKind = IrStep['kind'];

export const IrWorkflow = z.strictObject({
  /** snake_case; `POST /workflows/{name}/start`. */
  name: Name,
  description: z.string().optional(),
  trigger: IrTrigger,
  steps: z.array(IrStep),
});
export type IrWorkflow = z.infer<typeof IrWorkflow>;

// --- the flow ---------------------------------------------------------------------------------

/**
 * What a task does. Tasks of blueprints from before actions existed were named units of work
 * whose doing lay outside the project, so an absent action calls the outgoing endpoint named
 * like the task (the owner sets its URL on the control plane): never a silent no-op.
 */
export function taskAction(step: Extract<IrStep, { kind: 'task' }>): IrTaskAction {
  return step.action ?? { type: 'call', endpoint: step.name };
}

/**
 * The branch points of a step, as the spec and the IR both write them (the spec's steps have
 * the same keys), so one set of flow rules serves both.
 */
export interface FlowStep {
  kind: string;
  name: string;
  next?: IrNext | undefined;
  on?: ReadonlyArray<{ event: string; next: IrNext }> | undefined;
  timeoutNext?: IrNext | undefined;
  onTimeout?: string | undefined;
}

/** Where step `index` goes when it is done and names no `next`: the following step, or the end `completed`. */
export function defaultNext(steps: readonly FlowStep[], index: number): IrNext {
  const following = steps[index + 1];
  return following ? { step: following.name } : { end: COMPLETED_OUTCOME };
}

/** Where step `index` goes when it is done (a wait's time is up, a task succeeded, a waited-for record change came). */
export function nextOf(steps: readonly FlowStep[], index: number): IrNext {
  return steps[index]?.next ?? defaultNext(steps, index);
}

/** Where a waitForEvent step goes when `event` comes. */
export function eventNext(steps: readonly FlowStep[], index: number, event: string): IrNext {
  return steps[index]?.on?.find((branch) => branch.event === event)?.next ?? nextOf(steps, index);
}

/** Where a waitForEvent or waitForRecord step goes when its timeout passes. */
export function timeoutNextOf(steps: readonly FlowStep[], index: number): IrNext {
  const step = steps[index];
  if (step?.timeoutNext) return step.timeoutNext;
  if (step?.onTimeout !== undefined) return { end: step.onTimeout };
  return nextOf(steps, index);
}

/** What can make a step go somewhere, for descriptions and checks. */
export type FlowExit = { when: 'done' } | { when: 'event'; event: string } | { when: 'timeout' };

/** Every way out of step `index`, with where it leads (a waitForEvent's listed branches first, then its default and timeout). */
export function exitsOf(steps: readonly FlowStep[], index: number): Array<{ exit: FlowExit; next: IrNext }> {
  const step = steps[index];
  if (!step) return [];
  const exits: Array<{ exit: FlowExit; next: IrNext }> = [];
  for (const branch of step.on ?? []) exits.push({ exit: { when: 'event', event: branch.event }, next: branch.next });
  exits.push({ exit: { when: 'done' }, next: nextOf(steps, index) });
  if (step.kind === 'waitForEvent' || step.kind === 'waitForRecord') exits.push({ exit: { when: 'timeout' }, next: timeoutNextOf(steps, index) });
  return exits;
}

/** Kinds whose step takes time: a loop through one of them cannot spin. */
const WAITING_KINDS = new Set(['wait', 'waitUntil', 'waitForEvent', 'waitForRecord']);

/**
 * A loop of steps none of which waits (a task that leads back to itself through tasks), as the
 * step names in order, or undefined. Such a loop would run forever without pause; a loop that
 * passes a wait is a legitimate reminder cycle.
 */
export function loopWithoutWait(steps: readonly FlowStep[]): string[] | undefined {
  const indexOf = new Map(steps.map((step, i) => [step.name, i]));
  const state = new Map<number, 'open' | 'done'>();
  const path: number[] = [];
  const visit = (i: number): string[] | undefined => {
    state.set(i, 'open');
    path.push(i);
    for (const { next } of exitsOf(steps, i)) {
      if (!('step' in next)) continue;
      const j = indexOf.get(next.step);
      if (j === undefined || WAITING_KINDS.has(steps[j]!.kind)) continue;
      if (state.get(j) === 'open') return path.slice(path.indexOf(j)).map((k) => steps[k]!.name);
      if (state.get(j) === undefined) {
        const found = visit(j);
        if (found) return found;
      }
    }
    path.pop();
    state.set(i, 'done');
    return undefined;
  };
  for (let i = 0; i < steps.length; i += 1) {
    if (WAITING_KINDS.has(steps[i]!.kind) || state.has(i)) continue;
    const found = visit(i);
    if (found) return found;
  }
  return undefined;
}

/** `pay`, `end paid`: a target as the spec and the design document write it. */
export const writeNext = (next: IrNext): string => ('step' in next ? next.step : `end ${next.end}`);
