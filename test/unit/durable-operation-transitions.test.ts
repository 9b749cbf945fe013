/**
 * The local durable engine's operation transitions (pure): what a checkpoint's updates, a due
 * time and a sender do to an operation, and the wire shape the SDK replays.
 */
import type { OperationUpdate } from '@aws/durable-execution-sdk-js';
import { applyUpdate, CALLBACK_TIMED_OUT, completeCallback, elapse, pendingDue } from '../../lambdas/adapters/durable/local/operation-transitions';
import { toOperationView, toWireOperation, type StoredOperation } from '../../lambdas/adapters/durable/local/stored-operation';

const NOW = Date.parse('2026-03-01T00:00:00.000Z');
const context = { now: NOW, seq: 4, newCallbackId: () => 'cb-1' };
const update = (u: Partial<OperationUpdate>): OperationUpdate => ({ Id: 'op1', Type: 'STEP', Action: 'START', ...u }) as OperationUpdate;

describe('operation transitions', () => {
  it('a wait starts with its end time and a due item; its due time makes it SUCCEEDED', () => {
    const effect = applyUpdate(undefined, update({ Type: 'WAIT', Name: 'cool-off', WaitOptions: { WaitSeconds: 604_800 } }), context);
    expect(effect.operation).toMatchObject({ id: 'op1', name: 'cool-off', type: 'WAIT', status: 'STARTED', seq: 4, scheduledEndAt: NOW + 604_800_000 });
    expect(effect.schedule).toEqual({ dueAt: NOW + 604_800_000, operationId: 'op1', kind: 'wait' });
    expect(elapse(effect.operation, 'wait', NOW + 1)).toMatchObject({ status: 'SUCCEEDED', endedAt: NOW + 1 });
    expect(elapse(effect.operation, 'retry', NOW + 1)).toBeUndefined();
    // A repeated START changes nothing.
    expect(applyUpdate(effect.operation, update({ Type: 'WAIT', WaitOptions: { WaitSeconds: 1 } }), context)).toEqual({ operation: effect.operation });
  });

  it('a step retried counts attempts, is PENDING until due, READY then, and counts the successful attempt too', () => {
    const started = applyUpdate(undefined, update({ Name: 'charge' }), context).operation;
    const retried = applyUpdate(started, update({ Action: 'RETRY', Error: { ErrorMessage: 'declined' }, StepOptions: { NextAttemptDelaySeconds: 10 } }), context);
    expect(retried.operation).toMatchObject({ status: 'PENDING', attempt: 1, nextAttemptAt: NOW + 10_000, error: { ErrorMessage: 'declined' } });
    expect(retried.schedule).toEqual({ dueAt: NOW + 10_000, operationId: 'op1', kind: 'retry' });
    const ready = elapse(retried.operation, 'retry', NOW + 10_000)!;
    expect(ready.status).toBe('READY');
    const again = applyUpdate(ready, update({}), context).operation;
    expect(again.status).toBe('STARTED');
    const done = applyUpdate(again, update({ Action: 'SUCCEED', Payload: '{"paid":42}' }), context).operation;
    expect(done).toMatchObject({ status: 'SUCCEEDED', attempt: 2, result: '{"paid":42}', endedAt: NOW });
    expect(pendingDue(done)).toBeUndefined();
  });

  it('a callback gets an id and a timeout; a sender completes it once; the timeout only while it waits', () => {
    const effect = applyUpdate(undefined, update({ Type: 'CALLBACK', CallbackOptions: { TimeoutSeconds: 30 } }), context);
    expect(effect).toMatchObject({ newCallbackId: 'cb-1', operation: { callbackId: 'cb-1', timeoutAt: NOW + 30_000 }, schedule: { kind: 'callback-timeout', dueAt: NOW + 30_000 } });
    const answered = completeCallback(effect.operation, { result: '"yes"' }, NOW + 5)!;
    expect(answered).toMatchObject({ status: 'SUCCEEDED', result: '"yes"' });
    expect(completeCallback(answered, { result: '"again"' }, NOW + 6)).toBeUndefined();
    expect(elapse(answered, 'callback-timeout', NOW + 30_000)).toBeUndefined();
    expect(elapse(effect.operation, 'callback-timeout', NOW + 30_000)).toMatchObject({ status: 'TIMED_OUT', error: CALLBACK_TIMED_OUT });
    // Without a timeout nothing is scheduled.
    expect(applyUpdate(undefined, update({ Type: 'CALLBACK' }), context).schedule).toBeUndefined();
  });

  it('a cancelled callback takes its timeout back; an EXECUTION update ends the execution', () => {
    const started = applyUpdate(undefined, update({ Type: 'CALLBACK', CallbackOptions: { TimeoutSeconds: 30 } }), context).operation;
    expect(applyUpdate(started, update({ Type: 'CALLBACK', Action: 'CANCEL' }), context)).toMatchObject({ operation: { status: 'CANCELLED' }, unschedule: { kind: 'callback-timeout', dueAt: NOW + 30_000 } });
    const input: StoredOperation = { id: 'x', type: 'EXECUTION', status: 'STARTED', seq: 0, startedAt: NOW };
    expect(applyUpdate(input, update({ Type: 'EXECUTION', Action: 'SUCCEED', Payload: '"big"' }), context).endsExecution).toEqual({ status: 'SUCCEEDED', result: '"big"' });
  });

  it('the wire shape carries each type its details, timestamps as ISO strings; the view hides callback ids', () => {
    const callback: StoredOperation = { id: 'c', parentId: 'p', name: 'approval', type: 'CALLBACK', status: 'STARTED', seq: 2, startedAt: NOW, callbackId: 'secret', timeoutAt: NOW + 1000 };
    expect(toWireOperation(callback)).toEqual({ Id: 'c', ParentId: 'p', Name: 'approval', Type: 'CALLBACK', Status: 'STARTED', StartTimestamp: '2026-03-01T00:00:00.000Z', CallbackDetails: { CallbackId: 'secret' } });
    expect(toWireOperation({ id: 'x', type: 'EXECUTION', status: 'STARTED', seq: 0, startedAt: NOW, input: '{"a":1}' }).ExecutionDetails).toEqual({ InputPayload: '{"a":1}' });
    const view = toOperationView(callback);
    expect(JSON.stringify(view)).not.toContain('secret');
    expect(view.dueAt).toBe('2026-03-01T00:00:01.000Z');
  });
});
