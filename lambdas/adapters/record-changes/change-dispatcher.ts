/**
 * The one place record changes fan out: each change goes to every registered consumer (workflow
 * triggers, record waits, event handlers, webhooks). The changes of one record are handed on one
 * after another in stream order, so a consumer sees them in the order they were made; changes of
 * different records go on at once, PARALLEL_RECORDS records at a time (what the order of a
 * batch's records says about the order of their writes is nothing a consumer may rely on: each
 * write was already committed on its own).
 *
 * A change a consumer failed stops its record's later changes in the batch; the batch reports the
 * first change in stream order that is not done: it and every later change come again (the
 * stream's readers retry from there), to every consumer, which dedupe by changeId (a later change
 * of another record that was handed on meanwhile comes again too).
 */
import type { ChangeBatchOutcome, RecordChange, RecordChangeBatchConsumer, RecordChangeConsumer } from '../../ports/record-changes';

/** Records whose changes are handed on at once. */
export const PARALLEL_RECORDS = 16;

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

const recordKey = (change: RecordChange): string => `${change.orgId ?? ''}#${change.entity}#${change.recordId}`;

export interface ChangeDispatcherOptions {
  /** @default PARALLEL_RECORDS */
  readonly parallelRecords?: number;
}

export function createChangeDispatcher(consumers: readonly NamedChangeConsumer[], options: ChangeDispatcherOptions = {}): RecordChangeBatchConsumer {
  /** Every consumer gets the change even when another fails, so one failing consumer does not hold the others back more than the retry it causes. */
  const handOn = async (change: RecordChange): Promise<ChangeNotHandledError | undefined> => {
    const settled = await Promise.allSettled(consumers.map((consumer) => consumer.consume(change)));
    const failures = settled.flatMap((result, i) => (result.status === 'rejected' ? [{ consumer: consumers[i]!.name, error: result.reason as unknown }] : []));
    return failures.length > 0 ? new ChangeNotHandledError(change, failures) : undefined;
  };
  return async (changes): Promise<ChangeBatchOutcome> => {
    const byRecord = new Map<string, number[]>();
    for (const [index, change] of changes.entries()) {
      const key = recordKey(change);
      const indexes = byRecord.get(key);
      if (indexes) indexes.push(index);
      else byRecord.set(key, [index]);
    }
    const records = [...byRecord.values()];
    /** The first change not done of each record that failed (its later ones were not handed on). */
    const failed = new Map<number, ChangeNotHandledError>();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < records.length) {
        const indexes = records[next]!;
        next += 1;
        for (const index of indexes) {
          const error = await handOn(changes[index]!);
          if (error) {
            failed.set(index, error);
            break;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.parallelRecords ?? PARALLEL_RECORDS, records.length) }, worker));
    if (failed.size === 0) return { handled: changes.length };
    // The first change not done in stream order is a failed one: a change left out comes after its record's failed one.
    const first = Math.min(...failed.keys());
    return { handled: first, error: failed.get(first) };
  };
}
