/**
 * The local reader of a project table's record changes: what the Lambda event source mapping
 * does on AWS (stream-event-handler.ts), done by polling DynamoDB Local's stream with the
 * DynamoDB Streams API through the verifying front (same endpoint and credentials as DynamoDB).
 *
 * - Every shard is read, a parent before its children (a child's records come after all of its
 *   parent's), so the changes of one record are handed on in the order they were made.
 * - Batches go to one consumer (createChangeDispatcher); the shard's position is stored in the
 *   table (stream-positions.ts) only after the consumer acknowledged, so a restart resumes after
 *   the last change handed on. A failure sends the failed change and every later one again after
 *   a pause (at least once: consumers dedupe by changeId).
 * - Idle, it polls less and less often (first .. max delay), and at once again on activity.
 * - stop() lets the batch in flight finish (handed on, position stored) before it resolves;
 *   settled() resolves once everything written before it was called is handed on (the local
 *   service's idle(), so a test sees a change's effects and the reader's position write).
 *
 * The stream is the table's latest (DescribeTable); a project's mount turns it on
 * (ensureProjectTableStream). A position older than what the stream still keeps (stopped for
 * longer than its retention) is reported, and reading goes on from the oldest record kept.
 */
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import { setTimeout as delay } from 'node:timers/promises';
import type { RecordChangeBatchConsumer, RecordChangeReader } from '../../ports/record-changes';
import { LOCAL_REGION, type SigningCredentials } from '../local-credentials';
import { deliverStreamRecords } from './change-delivery';
import { imagesOfStreamsApiRecord } from './stream-record-images';
import { loadStreamPositions, storeStreamPosition } from './stream-positions';

/** A Streams client of the local stores (their front, their credentials, the pinned region). */
export function localStreamsClient(endpoint: string, credentials: SigningCredentials): DynamoDBStreamsClient {
  return new DynamoDBStreamsClient({ endpoint, region: LOCAL_REGION, credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey } });
}

export interface StreamReaderProps {
  /** Reads the table's stream ARN and keeps the positions in the table. */
  readonly client: DynamoDBClient;
  readonly streams: DynamoDBStreamsClient;
  readonly tableName: string;
  readonly consume: RecordChangeBatchConsumer;
  /** The pause after an idle poll, doubling up to max. @default { first: 200, max: 2000 } */
  readonly idleDelayMs?: { readonly first: number; readonly max: number };
  /** How the reader waits (tests pass a faster one); must settle when the signal aborts. @default a timer */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Told of failures (a consumer's, DynamoDB Local's); the reader goes on. @default console.error */
  readonly onError?: (error: unknown) => void;
  /** Records per GetRecords (at most 1000). @default 100 */
  readonly batchSize?: number;
}

/** Refused reads of trimmed records in a row before the error is reported (each takes a new iterator). */
const MAX_TRIMMED_READS = 3;

interface ShardState {
  readonly shardId: string;
  readonly parentShardId: string | undefined;
  /** The last sequence number done (handed on and acknowledged, or not a record change). */
  doneUpTo: string | undefined;
  iterator: string | undefined;
  /** Closed and read to its end: its children may be read. */
  finished: boolean;
  /** GetRecords calls in a row refused as reading trimmed records (see readShard). */
  trimmedReads?: number;
}

interface StreamState {
  readonly arn: string;
  readonly label: string;
  /** The positions stored when the reader started, by shard. */
  readonly stored: ReadonlyMap<string, string>;
  readonly shards: Map<string, ShardState>;
}

// Unref'd: a reader polling in the background never keeps its process alive by itself.
const defaultSleep = (ms: number, signal: AbortSignal): Promise<void> => delay(ms, undefined, { signal, ref: false }).catch(() => undefined);

export class StreamReader implements RecordChangeReader {
  /** Ends the current pause (a new one each time): stop() and settled() cut it short. */
  private pause = new AbortController();
  private running: Promise<void> | undefined;
  private stopping = false;
  /** Polls begun so far; a settled() waiter needs an idle poll begun after it asked. */
  private pollsBegun = 0;
  private waiters: Array<{ readonly afterPoll: number; readonly resolve: () => void }> = [];
  private stream: StreamState | undefined;
  /** Shards may have changed (at start, when one is read to its end): list them again. */
  private listShards = true;

  constructor(private readonly props: StreamReaderProps) {}

  start(): void {
    if (this.running || this.stopping) return;
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.pause.abort();
    await this.running;
    this.releaseWaiters(Infinity);
  }

  /**
   * Resolves once a poll begun after this call read no records: every change written before
   * it is handed on and its position stored, or the reader is stuck on a failure it reported
   * (a consumer's, DynamoDB Local's), so a caller never waits forever. A stopped reader is settled.
   */
  settled(): Promise<void> {
    if (!this.running || this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push({ afterPoll: this.pollsBegun, resolve });
      this.pause.abort();
    });
  }

  private releaseWaiters(idlePoll: number): void {
    const ready = this.waiters.filter((waiter) => waiter.afterPoll < idlePoll);
    this.waiters = this.waiters.filter((waiter) => waiter.afterPoll >= idlePoll);
    for (const waiter of ready) waiter.resolve();
  }

  private async run(): Promise<void> {
    const { first, max } = this.props.idleDelayMs ?? { first: 200, max: 2000 };
    const sleep = this.props.sleep ?? defaultSleep;
    let idlePolls = 0;
    while (!this.stopping) {
      const poll = ++this.pollsBegun;
      let progressed = false;
      try {
        progressed = await this.poll();
      } catch (error) {
        this.report(error);
      }
      if (progressed) {
        idlePolls = 0;
        continue;
      }
      this.releaseWaiters(poll);
      // A waiter that came during the poll wants another poll, not a pause.
      if (this.waiters.length > 0) continue;
      this.pause = new AbortController();
      await sleep(Math.min(first * 2 ** idlePolls, max), this.pause.signal);
      idlePolls += 1;
    }
  }

  private report(error: unknown): void {
    (this.props.onError ?? ((e: unknown) => console.error(`record changes of ${this.props.tableName}:`, e)))(error);
  }

  /** One round over the readable shards; whether any records came (then poll again at once). */
  private async poll(): Promise<boolean> {
    const stream = (this.stream ??= await this.openStream());
    if (this.listShards) await this.refreshShards(stream);
    let readAny = false;
    for (const shard of this.readableShards(stream)) {
      if (this.stopping) break;
      if (await this.readShard(stream, shard)) readAny = true;
    }
    return readAny;
  }

  private async openStream(): Promise<StreamState> {
    const { Table } = await this.props.client.send(new DescribeTableCommand({ TableName: this.props.tableName }));
    if (!Table?.StreamSpecification?.StreamEnabled || !Table.LatestStreamArn || !Table.LatestStreamLabel) {
      throw new Error(`${this.props.tableName} has no stream: mounting the project turns it on (ensureProjectTableStream)`);
    }
    const stored = await loadStreamPositions(this.props.client, this.props.tableName, Table.LatestStreamLabel);
    return { arn: Table.LatestStreamArn, label: Table.LatestStreamLabel, stored, shards: new Map() };
  }

  private async refreshShards(stream: StreamState): Promise<void> {
    const listed: Shard[] = [];
    let exclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await this.props.streams.send(new DescribeStreamCommand({ StreamArn: stream.arn, ExclusiveStartShardId: exclusiveStartShardId }));
      listed.push(...(StreamDescription?.Shards ?? []));
      exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
    for (const shard of listed) {
      if (!shard.ShardId || stream.shards.has(shard.ShardId)) continue;
      stream.shards.set(shard.ShardId, { shardId: shard.ShardId, parentShardId: shard.ParentShardId, doneUpTo: stream.stored.get(shard.ShardId), iterator: undefined, finished: false });
    }
    // A shard DynamoDB no longer lists has been trimmed: its children need not wait for it.
    const ids = new Set(listed.map((shard) => shard.ShardId));
    for (const id of [...stream.shards.keys()]) if (!ids.has(id)) stream.shards.delete(id);
    this.listShards = false;
  }

  /** Unfinished shards whose parent is read to its end (or trimmed, or never had one). */
  private readableShards(stream: StreamState): ShardState[] {
    const readable = [...stream.shards.values()].filter((shard) => {
      if (shard.finished) return false;
      const parent = shard.parentShardId === undefined ? undefined : stream.shards.get(shard.parentShardId);
      return !parent || parent.finished;
    });
    if (readable.length === 0) this.listShards = true;
    return readable;
  }

  /** Reads one batch of a shard and hands it on; whether records came and were all done. */
  private async readShard(stream: StreamState, shard: ShardState): Promise<boolean> {
    try {
      shard.iterator ??= await this.iteratorOf(stream, shard);
      if (shard.iterator === undefined) return this.finish(shard);
      const page = await this.props.streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: this.props.batchSize ?? 100 }));
      shard.trimmedReads = 0;
      const records = page.Records ?? [];
      if (records.length > 0) {
        const delivered = await deliverStreamRecords(records, imagesOfStreamsApiRecord, this.props.consume);
        if (delivered.doneUpTo !== undefined) {
          // Stored only when a change was acknowledged: the records it skips otherwise are no
          // changes (read again after a restart, harmlessly), and the reader's own write is one.
          if (delivered.acknowledged) await storeStreamPosition(this.props.client, this.props.tableName, stream.label, shard.shardId, delivered.doneUpTo);
          shard.doneUpTo = delivered.doneUpTo;
        }
        if (delivered.retryFrom !== undefined) {
          shard.iterator = undefined;
          this.report(delivered.error);
          return false;
        }
      }
      shard.iterator = page.NextShardIterator;
      if (shard.iterator === undefined) return this.finish(shard);
      return records.length > 0;
    } catch (error) {
      // Whatever failed, the shard goes on after what is known to be done.
      shard.iterator = undefined;
      if (error instanceof ExpiredIteratorException) return true;
      // An iterator whose records were trimmed while it waited (DynamoDB Local under load does it
      // within seconds): a new one from the position done, which says when changes were really lost.
      if (error instanceof TrimmedDataAccessException && (shard.trimmedReads = (shard.trimmedReads ?? 0) + 1) <= MAX_TRIMMED_READS) return true;
      throw error;
    }
  }

  /** A closed shard read to its end: its children come next, so list the shards again. */
  private finish(shard: ShardState): boolean {
    shard.finished = true;
    this.listShards = true;
    return true;
  }

  private async iteratorOf(stream: StreamState, shard: ShardState): Promise<string | undefined> {
    const base = { StreamArn: stream.arn, ShardId: shard.shardId };
    const fromStart = async () => (await this.props.streams.send(new GetShardIteratorCommand({ ...base, ShardIteratorType: 'TRIM_HORIZON' }))).ShardIterator;
    if (shard.doneUpTo === undefined) return fromStart();
    try {
      const { ShardIterator } = await this.props.streams.send(new GetShardIteratorCommand({ ...base, ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: shard.doneUpTo }));
      return ShardIterator;
    } catch (error) {
      if (!(error instanceof TrimmedDataAccessException)) throw error;
      // Stopped for longer than the stream keeps records: what came after the position is gone.
      this.report(new Error(`${this.props.tableName}: changes after ${shard.doneUpTo} in ${shard.shardId} were trimmed before they were read; going on from the oldest kept`));
      return fromStart();
    }
  }
}
