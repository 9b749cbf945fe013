/**
 * One batch of stream records handed to the changes' consumer, and what of it is done: what the
 * local reader stores as its position and what a Lambda reports as the record to retry from.
 * Both readers share it so they cannot disagree on which records a failure sends back.
 *
 * Records that are no record change (record-change-parser.ts) are done as soon as everything
 * before them is; a record that cannot be read fails like a consumer's failure, at its place.
 */
import type { RecordChange, RecordChangeBatchConsumer } from '../../ports/record-changes';
import { recordChangeOf, type StreamRecordImages } from './record-change-parser';

export interface DeliveredBatch {
  /** The sequence number of the last record done (handed on and acknowledged, or ignored); absent: none. */
  readonly doneUpTo?: string;
  /** Whether any change was handed on and acknowledged (so a position is worth storing). */
  readonly acknowledged: boolean;
  /** The sequence number of the first record not done: it and every later one come again. */
  readonly retryFrom?: string;
  readonly error?: unknown;
}

interface ReadRecord {
  readonly sequenceNumber: string;
  readonly change: RecordChange | null;
}

/** Both shapes a stream record comes in (the Streams API's, a Lambda event's) have this much. */
interface SequencedRecord {
  readonly dynamodb?: { readonly SequenceNumber?: string | undefined } | undefined;
}

/** The records read as changes, up to the first that cannot be read. */
function readRecords<R extends SequencedRecord>(records: readonly R[], imagesOf: (record: R) => StreamRecordImages) {
  const read: ReadRecord[] = [];
  for (const record of records) {
    try {
      const images = imagesOf(record);
      read.push({ sequenceNumber: images.sequenceNumber, change: recordChangeOf(images) });
    } catch (error) {
      return { read, unreadable: { sequenceNumber: record.dynamodb?.SequenceNumber ?? '', error } };
    }
  }
  return { read, unreadable: undefined };
}

/** Hands the batch's changes to `consume` (once, in stream order) and says what is done. */
export async function deliverStreamRecords<R extends SequencedRecord>(
  records: readonly R[],
  imagesOf: (record: R) => StreamRecordImages,
  consume: RecordChangeBatchConsumer,
): Promise<DeliveredBatch> {
  const { read, unreadable } = readRecords(records, imagesOf);
  const changes = read.flatMap((record) => (record.change ? [record.change] : []));
  let handled = changes.length;
  let error: unknown = unreadable?.error;
  if (changes.length > 0) {
    try {
      const outcome = await consume(changes);
      if (outcome.handled < changes.length) ({ handled, error } = outcome);
    } catch (thrown) {
      // A consumer that throws instead of reporting: nothing of the batch is known to be done.
      handled = 0;
      error = thrown;
    }
  }
  // The first record not done: the change at `handled`, else the unreadable one, else none.
  const firstFailed = handled < changes.length ? read.findIndex((record) => record.change === changes[handled]) : read.length;
  const done = read.slice(0, firstFailed);
  const retryFrom = firstFailed < read.length ? read[firstFailed]!.sequenceNumber : unreadable?.sequenceNumber;
  return {
    ...(done.length > 0 ? { doneUpTo: done[done.length - 1]!.sequenceNumber } : {}),
    acknowledged: done.some((record) => record.change !== null),
    ...(retryFrom !== undefined ? { retryFrom, error } : {}),
  };
}
