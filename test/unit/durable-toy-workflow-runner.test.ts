/**
 * The toy workflow the local durable engine's tests drive (test/integration/local-durable-engine
 * .test.ts), run under the SDK's own LocalDurableTestRunner: the same result and the same step
 * runs, so the handler behaves the same on both. The runner skips waits and retry delays but not
 * callback timeouts (they run in real time there), so the reminder times out after one second.
 */
import { LocalDurableTestRunner, WaitingOperationStatus } from '@aws/durable-execution-sdk-js-testing';
import { withDurableExecution } from '@aws/durable-execution-sdk-js';
import { toyProbe, toyWorkflow } from '../support/durable-toy-workflow';

beforeAll(() => LocalDurableTestRunner.setupTestEnvironment({ skipTime: true }));
afterAll(() => LocalDurableTestRunner.teardownTestEnvironment());

describe('the toy durable workflow under LocalDurableTestRunner', () => {
  it('finishes with the result the local engine gives, each completed step run once', async () => {
    const probe = toyProbe();
    const runner = new LocalDurableTestRunner({ handlerFunction: withDurableExecution(toyWorkflow(probe)) });
    const running = runner.run({ payload: { orderId: 'order-1', reminderTimeoutSeconds: 1 } });
    const approval = runner.getOperation('approval');
    await approval.waitForData(WaitingOperationStatus.SUBMITTED);
    await approval.sendCallbackSuccess(JSON.stringify({ approved: true, by: 'ada' }));
    const execution = await running;

    expect(execution.getStatus()).toBe('SUCCEEDED');
    expect(execution.getResult()).toEqual({
      reserved: { orderId: 'order-1', items: 2 },
      charged: { paid: 42, attempt: 3 },
      approval: { approved: true, by: 'ada' },
      reminder: 'timed out',
      shipped: 'shipped order-1',
    });
    expect(probe.calls).toEqual({ reserve: 1, charge: 3, ship: 1 });
    expect(probe.callbackIds.get('approval')).toEqual(expect.any(String));
  });
});
