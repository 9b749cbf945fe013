/**
 * A small durable workflow of the tests' own, run by the local durable engine and by the SDK's
 * LocalDurableTestRunner to show the handler behaves the same on both: steps with outputs, a step
 * that fails twice and then succeeds under a retry strategy, a 7-day wait, a callback completed
 * by a sender and another that times out. It counts how often each step body runs (a completed
 * step must never run again) and hands callback ids to the test through `callbackIds`.
 */
import { CallbackTimeoutError, createRetryStrategy, defaultSerdes, JitterStrategy, type DurableExecutionHandler } from '@aws/durable-execution-sdk-js';

export interface ToyInput {
  readonly orderId: string;
  /** How long the reminder callback waits before timing out. */
  readonly reminderTimeoutSeconds: number;
}

export interface ToyResult {
  readonly reserved: { orderId: string; items: number };
  readonly charged: { paid: number; attempt: number };
  readonly approval: unknown;
  readonly reminder: 'answered' | 'timed out';
  readonly shipped: string;
}

export interface ToyProbe {
  /** Runs of each step body. */
  readonly calls: { reserve: number; charge: number; ship: number };
  /** Callback ids by callback name, as the submitters received them. */
  readonly callbackIds: Map<string, string>;
}

export const TOY_CHARGE_FAILURES = 2;
export const TOY_RETRY_DELAY_SECONDS = 10;
export const TOY_WAIT_DAYS = 7;
export const TOY_APPROVAL_TIMEOUT_HOURS = 24;

export function toyProbe(): ToyProbe {
  return { calls: { reserve: 0, charge: 0, ship: 0 }, callbackIds: new Map() };
}

export function toyWorkflow(probe: ToyProbe): DurableExecutionHandler<ToyInput, ToyResult> {
  return async (event, ctx) => {
    const reserved = await ctx.step('reserve', async () => {
      probe.calls.reserve += 1;
      return { orderId: event.orderId, items: 2 };
    });
    const charged = await ctx.step(
      'charge',
      async () => {
        probe.calls.charge += 1;
        if (probe.calls.charge <= TOY_CHARGE_FAILURES) throw new Error(`card declined (attempt ${probe.calls.charge})`);
        return { paid: 42, attempt: probe.calls.charge };
      },
      { retryStrategy: createRetryStrategy({ maxAttempts: 5, initialDelay: { seconds: TOY_RETRY_DELAY_SECONDS }, backoffRate: 1, jitter: JitterStrategy.NONE }) },
    );
    await ctx.wait('cool-off', { days: TOY_WAIT_DAYS });
    const approval = await ctx.waitForCallback(
      'approval',
      async (callbackId) => {
        probe.callbackIds.set('approval', callbackId);
      },
      { timeout: { hours: TOY_APPROVAL_TIMEOUT_HOURS }, serdes: defaultSerdes },
    );
    let reminder: ToyResult['reminder'];
    try {
      await ctx.waitForCallback(
        'reminder',
        async (callbackId) => {
          probe.callbackIds.set('reminder', callbackId);
        },
        { timeout: { seconds: event.reminderTimeoutSeconds } },
      );
      reminder = 'answered';
    } catch (err) {
      if (!(err instanceof CallbackTimeoutError)) throw err;
      reminder = 'timed out';
    }
    const shipped = await ctx.step('ship', async () => {
      probe.calls.ship += 1;
      return `shipped ${reserved.orderId}`;
    });
    return { reserved, charged, approval, reminder, shipped };
  };
}
