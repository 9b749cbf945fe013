/**
 * The AWS side of record changes: the handler a Lambda event source mapping on the project
 * table's stream invokes (with ReportBatchItemFailures on, and the function's handler exported
 * from this factory). A failed change is reported as its stream record's sequence number, so
 * Lambda keeps what came before it and retries from it; records before it are never delivered
 * again, the same promise the local reader (stream-reader.ts) keeps.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { RecordChange, RecordChangeBatchConsumer } from '../../ports/record-changes';
import { deliverStreamRecords } from './change-delivery';
import { recordChangeOf } from './record-change-parser';
import { imagesOfLambdaRecord } from './stream-record-images';

/** The record changes of a Lambda stream event (non-record items left out), in stream order. */
export function recordChangesOfStreamEvent(event: DynamoDBStreamEvent): RecordChange[] {
  return event.Records.flatMap((record) => {
    const change = recordChangeOf(imagesOfLambdaRecord(record));
    return change ? [change] : [];
  });
}

export interface StreamEventHandlerOptions {
  /** Told why a batch stopped (the function's logger). @default console.error */
  readonly onFailure?: (error: unknown, retryFrom: string) => void;
}

export function createStreamEventHandler(consume: RecordChangeBatchConsumer, options: StreamEventHandlerOptions = {}): (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse> {
  const onFailure = options.onFailure ?? ((error, retryFrom) => console.error(`record changes: retrying from ${retryFrom}`, error));
  return async (event) => {
    const delivered = await deliverStreamRecords(event.Records, imagesOfLambdaRecord, consume);
    if (delivered.retryFrom === undefined) return { batchItemFailures: [] };
    onFailure(delivered.error, delivered.retryFrom);
    return { batchItemFailures: [{ itemIdentifier: delivered.retryFrom }] };
  };
}
