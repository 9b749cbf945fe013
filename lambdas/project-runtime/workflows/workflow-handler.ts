/**
 * THE interpreter of a project's workflows: one durable handler (`@aws/durable-execution-sdk-js`)
 * that runs an instance of any workflow of the blueprint, step by step, as the flow helpers of
 * ir-workflows.ts say. The same code runs as the project's durable Lambda function on AWS and in
 * the local durable engine; only the transport differs (ports/durable-executions.ts).
 *
 * Each IR step becomes durable operations that never run twice once completed:
 *   - `<step>:enter`   a step recording that the instance entered it (the admin view's current
 *                      step; a waitUntil also computes its delay here, once)
 *   - `<step>`         the work: `ctx.wait` (wait, waitUntil), `ctx.waitForCallback` (events and
 *                      record changes, with the step's timeout), `ctx.step` with the task's retry
 *                      strategy (tasks)
 *   - `<step>:done`    the completed step and its output for the admin view
 * A step visited again (a reminder loop through a wait) is named `<step>#<n>`, so names stay
 * unique and deterministic between replays. Renaming a step of a running workflow makes the
 * execution non-deterministic: step names are part of a deployed workflow's contract.
 */
import { CallbackTimeoutError, createRetryStrategy, defaultSerdes, DurableOperationError, type DurableContext } from '@aws/durable-execution-sdk-js';
import type { Clock } from '../../core/clock';
import { eventNext, nextOf, timeoutNextOf, type IrNext, type IrStep, type IrWorkflow } from '../../core/blueprint/ir-workflows';
import type { BlueprintIR } from '../../core/blueprint/ir';
import type { DurableExecutions } from '../../ports/durable-executions';
import type { WorkflowInstanceStatus, WorkflowInstanceStore, WorkflowRecordRef } from '../../ports/workflow-instances';
import { recordWaitKey } from './record-waits';

/** What a durable execution of a workflow instance is started with. */
export interface WorkflowExecutionInput {
  readonly instanceId: string;
  readonly workflow: string;
  readonly orgId: string | null;
  readonly input: Record<string, unknown>;
  readonly record?: WorkflowRecordRef;
}

/** What the execution ends with (also recorded on the instance). */
export interface WorkflowExecutionResult {
  readonly status: WorkflowInstanceStatus;
  readonly outcome?: string;
  readonly error?: string;
}

/** The instance a step works for. */
export interface WorkflowRun extends WorkflowExecutionInput {
  /** The durable operation's name: with the instance id, an idempotency key for what the step does. */
  readonly operation: string;
}

/** Runs a task's action (task-actions.ts); a throw is a failed attempt the step's retries cover. */
export interface TaskActionRunner {
  run(step: Extract<IrStep, { kind: 'task' }>, run: WorkflowRun): Promise<unknown>;
}

/** Reads the date a waitUntil step waits for (record-dates.ts): ISO text, or null when the record or field is empty. */
export interface WaitDateReader {
  dateOf(step: Extract<IrStep, { kind: 'waitUntil' }>, run: WorkflowExecutionInput): Promise<string | null>;
  /** Whether the change a waitForRecord step waits for has happened already (checked once its wait is recorded). */
  changeHappened(step: Extract<IrStep, { kind: 'waitForRecord' }>, run: WorkflowExecutionInput, since: string): Promise<boolean>;
}

export interface WorkflowHandlerServices {
  readonly ir: BlueprintIR;
  readonly instances: WorkflowInstanceStore;
  /** Resumes a wait with a signal that was waiting in the inbox. */
  readonly executions: Pick<DurableExecutions, 'sendCallbackSuccess'>;
  readonly actions: TaskActionRunner;
  readonly dates: WaitDateReader;
  readonly clock: Clock;
}

/** Durable waits are whole seconds, at least one. */
const waitSeconds = (seconds: number): number => Math.max(1, Math.ceil(seconds));

/** The durable handler of every workflow of `services.ir` (wrap it with `withDurableExecution`). */
export function workflowHandler(services: WorkflowHandlerServices) {
  return async (input: WorkflowExecutionInput, ctx: DurableContext): Promise<WorkflowExecutionResult> => {
    const workflow = services.ir.workflows.find((w) => w.name === input.workflow);
    const result = workflow ? await runFlow(services, workflow, input, ctx) : { status: 'failed' as const, error: `The blueprint has no workflow ${input.workflow}` };
    await ctx.step('end', () => services.instances.finish(input.orgId, input.instanceId, { ...result, at: services.clock.now().toISOString() }).then(() => null));
    return result;
  };
}

async function runFlow(services: WorkflowHandlerServices, workflow: IrWorkflow, input: WorkflowExecutionInput, ctx: DurableContext): Promise<WorkflowExecutionResult> {
  const { steps } = workflow;
  const visits = new Map<string, number>();
  let index = 0;
  let seq = 0;
  for (;;) {
    const step = steps[index]!;
    const visit = (visits.get(step.name) ?? 0) + 1;
    visits.set(step.name, visit);
    const operation = visit === 1 ? step.name : `${step.name}#${visit}`;
    const run: WorkflowRun = { ...input, operation };
    let taken: { next: IrNext; output: unknown; timedOut: boolean };
    try {
      taken = await runStep(services, steps, index, run, ctx);
    } catch (err) {
      // A task that failed every attempt, or a callback that failed: the instance fails, with why.
      if (err instanceof DurableOperationError) return { status: 'failed', error: `Step ${step.name} failed: ${err.message}` };
      throw err;
    }
    seq += 1;
    const done = seq;
    await ctx.step(`${operation}:done`, () =>
      services.instances.completeStep(input.orgId, input.instanceId, done, { name: step.name, output: taken.output ?? null, completedAt: services.clock.now().toISOString() }).then(() => null),
    );
    if ('end' in taken.next) return { status: taken.timedOut ? 'timed_out' : 'succeeded', outcome: taken.next.end };
    const target = taken.next.step;
    index = steps.findIndex((s) => s.name === target);
    // The validator refuses unknown targets; a blueprint that slipped past it fails loudly, not in a loop.
    if (index < 0) return { status: 'failed', error: `Step ${step.name} leads to ${target}, which the workflow does not have` };
  }
}

async function runStep(
  services: WorkflowHandlerServices,
  steps: readonly IrStep[],
  index: number,
  run: WorkflowRun,
  ctx: DurableContext,
): Promise<{ next: IrNext; output: unknown; timedOut: boolean }> {
  const step = steps[index]!;
  const { instances, clock } = services;
  const enter = (status: 'running' | 'waiting', waitingFor?: readonly string[]) =>
    instances.enterStep(run.orgId, run.instanceId, step.name, { status, ...(waitingFor ? { waitingFor } : {}), at: clock.now().toISOString() });
  const done = (output: unknown) => ({ next: nextOf(steps, index), output, timedOut: false });
  switch (step.kind) {
    case 'wait': {
      await ctx.step(`${run.operation}:enter`, () => enter('waiting', [`${step.seconds} s`]).then(() => null));
      await ctx.wait(run.operation, { seconds: waitSeconds(step.seconds) });
      return done(null);
    }
    case 'waitUntil': {
      // The delay is computed once, in a step: a replay must wait the same time, not recompute from a later now.
      const delay = await ctx.step(`${run.operation}:enter`, async () => {
        const date = await services.dates.dateOf(step, run);
        await enter('waiting', [date ? `until ${date}` : 'a date the record does not have']);
        if (!date) return 0;
        return (Date.parse(date) + step.offsetSeconds * 1000 - clock.now().getTime()) / 1000;
      });
      // A date already past (or absent) does not wait.
      if (delay > 0) await ctx.wait(run.operation, { seconds: waitSeconds(delay) });
      return done({ waited: delay > 0 });
    }
    case 'waitForEvent': {
      await ctx.step(`${run.operation}:enter`, () => enter('waiting', step.events).then(() => null));
      try {
        const signal = await ctx.waitForCallback<{ event: string; data?: unknown }>(
          run.operation,
          async (callbackId) => {
            const early = await instances.awaitSignal(run.orgId, run.instanceId, { step: step.name, events: step.events, callbackId, at: clock.now().toISOString() });
            if (early) await services.executions.sendCallbackSuccess(callbackId, early);
          },
          { timeout: { seconds: waitSeconds(step.timeoutSeconds) }, serdes: defaultSerdes },
        );
        const event = signal?.event ?? '';
        return { next: eventNext(steps, index, event), output: { event, data: signal?.data ?? {} }, timedOut: false };
      } catch (err) {
        if (err instanceof CallbackTimeoutError) return { next: timeoutNextOf(steps, index), output: { timedOut: true }, timedOut: true };
        throw err;
      }
    }
    case 'waitForRecord': {
      const key = recordWaitKey(step.change, run);
      const since = await ctx.step(`${run.operation}:enter`, async () => {
        await enter('waiting', [describeChange(step)]);
        return clock.now().toISOString();
      });
      try {
        const change = await ctx.waitForCallback<{ change?: string }>(
          run.operation,
          async (callbackId) => {
            await instances.awaitRecordChange(run.orgId, run.instanceId, key, callbackId);
            // A change that came before the wait was recorded resumes it now (the taking is once either way).
            if (await services.dates.changeHappened(step, run, since)) {
              const waiters = await instances.takeRecordWaiters(run.orgId, key);
              const mine = waiters.find((w) => w.instanceId === run.instanceId);
              if (mine) await services.executions.sendCallbackSuccess(mine.callbackId, { change: describeChange(step) });
            }
          },
          { timeout: { seconds: waitSeconds(step.timeoutSeconds) }, serdes: defaultSerdes },
        );
        return done(change ?? {});
      } catch (err) {
        if (err instanceof CallbackTimeoutError) return { next: timeoutNextOf(steps, index), output: { timedOut: true }, timedOut: true };
        throw err;
      }
    }
    case 'task': {
      await ctx.step(`${run.operation}:enter`, () => enter('running').then(() => null));
      const output = await ctx.step(run.operation, async () => (await services.actions.run(step, run)) ?? null, {
        retryStrategy: createRetryStrategy({ maxAttempts: step.retries + 1, initialDelay: { seconds: waitSeconds(step.backoffSeconds) }, backoffRate: 2 }),
      });
      return done(output);
    }
  }
}

/** What a waitForRecord step waits for, in words (the admin view and the record's workflow list show it). */
export function describeChange(step: Extract<IrStep, { kind: 'waitForRecord' }>): string {
  const change = step.change;
  return change.kind === 'created' ? `a new ${change.entity} for this record` : `${change.field} = ${change.value}`;
}
