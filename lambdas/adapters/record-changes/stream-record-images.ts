/**
 * The two shapes one DynamoDB stream record arrives in, brought to one (StreamRecordImages):
 * the Streams API's (the local reader: Dates, binaries as bytes) and a Lambda event's (epoch
 * seconds, binaries as base64). Images become plain values as the document client reads items
 * (numbers as numbers, lists and maps as arrays and objects, sets as Sets), so a consumer sees a
 * record exactly as the record store wrote it.
 */
import type { _Record as StreamsApiRecord, AttributeValue as StreamsApiValue } from '@aws-sdk/client-dynamodb-streams';
import type { AttributeValue as LambdaValue, DynamoDBRecord } from 'aws-lambda';
import { PROJECT_TABLE_KEYS } from '../project-data/project-table';
import { parseEntityPartition } from '../project-data/project-table-keys';
import type { StreamRecordImages } from './record-change-parser';

type AnyValue = StreamsApiValue | LambdaValue;

const bytes = (value: Uint8Array | string): Uint8Array => (typeof value === 'string' ? Buffer.from(value, 'base64') : value);

/** One attribute value as a plain value. */
function plainValue(value: AnyValue): unknown {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.NULL !== undefined) return null;
  if (value.L !== undefined) return (value.L as AnyValue[]).map(plainValue);
  if (value.M !== undefined) return plainImage(value.M as Record<string, AnyValue>);
  if (value.B !== undefined) return bytes(value.B);
  if (value.SS !== undefined) return new Set(value.SS);
  if (value.NS !== undefined) return new Set(value.NS.map(Number));
  if (value.BS !== undefined) return new Set((value.BS as Array<Uint8Array | string>).map(bytes));
  // The Streams client reads an empty map (`{"M":{}}`) as a value with no member at all.
  if (Object.keys(value).length === 0) return {};
  throw new Error(`an attribute value of an unknown type (${Object.keys(value).join(', ')})`);
}

function plainImage(image: Readonly<Record<string, AnyValue>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, plainValue(value)]));
}

interface CommonRecord {
  readonly eventID?: string | undefined;
  readonly eventName?: string | undefined;
  readonly dynamodb?:
    | {
        readonly SequenceNumber?: string | undefined;
        readonly Keys?: Record<string, AnyValue> | undefined;
        readonly OldImage?: Record<string, AnyValue> | undefined;
        readonly NewImage?: Record<string, AnyValue> | undefined;
      }
    | undefined;
}

const EVENT_NAMES = new Set(['INSERT', 'MODIFY', 'REMOVE']);

function imagesOf(record: CommonRecord, approximateCreationTime: Date | undefined): StreamRecordImages {
  const stream = record.dynamodb;
  const eventName = record.eventName;
  // DynamoDB sets all of these on every record; one without them is not a DynamoDB stream record.
  if (!record.eventID || !stream?.SequenceNumber || !stream.Keys || !eventName || !EVENT_NAMES.has(eventName) || !approximateCreationTime) {
    throw new Error(`not a DynamoDB stream record (event ${String(record.eventID)}, sequence ${String(stream?.SequenceNumber)})`);
  }
  const keys = plainImage(stream.Keys);
  // Only a record's images are read (every other item of the table is not a record change).
  const pk = keys[PROJECT_TABLE_KEYS.partitionKey];
  const isRecord = typeof pk === 'string' && parseEntityPartition(pk) !== null;
  return {
    eventId: record.eventID,
    sequenceNumber: stream.SequenceNumber,
    eventName: eventName as StreamRecordImages['eventName'],
    keys,
    ...(isRecord && stream.OldImage ? { oldImage: plainImage(stream.OldImage) } : {}),
    ...(isRecord && stream.NewImage ? { newImage: plainImage(stream.NewImage) } : {}),
    approximateCreationTime,
  };
}

/** A record read with the Streams API (GetRecords). */
export const imagesOfStreamsApiRecord = (record: StreamsApiRecord): StreamRecordImages => imagesOf(record, record.dynamodb?.ApproximateCreationDateTime);

/** A record of a Lambda DynamoDB stream event (ApproximateCreationDateTime in epoch seconds). */
export function imagesOfLambdaRecord(record: DynamoDBRecord): StreamRecordImages {
  const seconds = record.dynamodb?.ApproximateCreationDateTime;
  return imagesOf(record, seconds === undefined ? undefined : new Date(seconds * 1000));
}
