/**
 * The one place record changes fan out: each change goes to every registered consumer
 * (workflow triggers, record waits, later event handlers), one change at a time in stream order,
 * so a consumer sees the changes of one record in the order they were made. The batch stops at
 * the first change a consumer failed: it and every later change come again (the stream's
 * readers retry from there), to every consumer, which dedupe by changeId.
 */
import type { ChangeBatchOutcome, RecordChange, RecordChangeBatchConsumer, RecordChangeConsumer } from '../../ports/record-changes';

export interface NamedChangeConsumer {
  /** For the failure's message (`workflow triggers`). */
  readonly name: string;
  readonly consume: RecordChangeConsumer;
}

/** Why a change was not handled: which consumers failed on it, with their errors as causes. */
export class ChangeNotHandledError extends Error {
  constructor(
    readonly change: RecordChange,
    readonly failures: ReadonlyArray<{ readonly consumer: string; readonly error: unknown }>,
  ) {
    super(`${change.kind} ${change.entity} ${change.recordId} (change ${change.changeId}) failed in ${failures.map((f) => f.consumer).join(', ')}`, {
      cause: failures[0]?.error,
    });
    this.name = 'ChangeNotHandledError';
  }
}

export function createChangeDispatcher(consumers: readonly NamedChangeConsumer[]): RecordChangeBatchConsumer {
  return async (changes): Promise<ChangeBatchOutcome> => {
    for (const [index, change] of changes.entries()) {
      // Every consumer gets the change even when another fails, so one failing consumer does
      // not hold the others back more than the retry it causes.
      const settled = await Promise.allSettled(consumers.map((consumer) => consumer.consume(change)));
      const failures = settled.flatMap((result, i) => (result.status === 'rejected' ? [{ consumer: consumers[i]!.name, error: result.reason as unknown }] : []));
      if (failures.length > 0) return { handled: index, error: new ChangeNotHandledError(change, failures) };
    }
    return { handled: changes.length };
  };
}
