/**
 * The local change reader over a scripted stream (DynamoDB Local never splits a shard on its
 * own): a parent shard is read to its end before its children, positions are stored only for
 * acknowledged changes, and an idle reader backs off through the injected sleep.
 */
import { DescribeTableCommand, PutItemCommand, QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, GetRecordsCommand, GetShardIteratorCommand, TrimmedDataAccessException, type _Record, type DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { StreamReader } from '../../lambdas/adapters/record-changes/stream-reader';
import type { RecordChange } from '../../lambdas/ports/record-changes';

const AT = new Date('2026-03-01T10:00:00.000Z');
const record = (sequence: string, pk: string, id: string): _Record => ({
  eventID: `e${sequence}`,
  eventName: 'INSERT',
  dynamodb: { SequenceNumber: sequence, ApproximateCreationDateTime: AT, Keys: { PK: { S: pk }, SK: { S: id } }, NewImage: { PK: { S: pk }, SK: { S: id }, id: { S: id } } },
});

/** Shards by id: parent, records, and whether it is closed (read to its end: no next iterator). */
const SHARDS: Record<string, { parent?: string; records: _Record[]; closed: boolean }> = {
  // Listed child first: the reader must order them by lineage, not by listing.
  child: { parent: 'parent', records: [record('3', 'E#Task', 'c')], closed: false },
  parent: { records: [record('1', 'E#Task', 'a'), record('2', 'U#Task#title#a', 'U')], closed: true },
};

function fakes(trimmedReads = 0) {
  let refusals = trimmedReads;
  const stored: Array<{ shard: string; sequence: string }> = [];
  const client = {
    send: async (command: unknown) => {
      if (command instanceof DescribeTableCommand) return { Table: { StreamSpecification: { StreamEnabled: true }, LatestStreamArn: 'arn:stream', LatestStreamLabel: 'label' } };
      if (command instanceof QueryCommand) return { Items: [] };
      if (command instanceof PutItemCommand) {
        stored.push({ shard: command.input.Item!.SK!.S!, sequence: command.input.Item!.sequenceNumber!.S! });
        return {};
      }
      throw new Error(`unexpected ${String(command)}`);
    },
  } as unknown as DynamoDBClient;
  const streams = {
    send: async (command: unknown) => {
      if (command instanceof DescribeStreamCommand) {
        return { StreamDescription: { Shards: Object.entries(SHARDS).map(([id, shard]) => ({ ShardId: id, ParentShardId: shard.parent })) } };
      }
      if (command instanceof GetShardIteratorCommand) return { ShardIterator: `${command.input.ShardId}:0` };
      if (command instanceof GetRecordsCommand) {
        // (The records an iterator points at, trimmed while it waited: DynamoDB Local under load.)
        if (refusals-- > 0) throw new TrimmedDataAccessException({ message: 'The operation attempted to read past the oldest stream record in a shard.', $metadata: {} });
        const [id, read] = command.input.ShardIterator!.split(':') as [string, string];
        const shard = SHARDS[id]!;
        const records = read === '0' ? shard.records : [];
        return { Records: records, NextShardIterator: shard.closed && read === '1' ? undefined : `${id}:1` };
      }
      throw new Error(`unexpected ${String(command)}`);
    },
  } as unknown as DynamoDBStreamsClient;
  return { client, streams, stored };
}

/**
 * Runs a reader over the fakes until it has paused `pauses` times (idle), then stops it: what it
 * handed on, the pauses it asked for, the positions it stored and the errors it reported.
 */
async function readUntilIdle(trimmedReads: number, pauses: number) {
  const { client, streams, stored } = fakes(trimmedReads);
  const seen: RecordChange[] = [];
  const errors: unknown[] = [];
  const asked: number[] = [];
  const reader = new StreamReader({
    client,
    streams,
    tableName: 'table',
    consume: async (changes) => {
      seen.push(...changes);
      return { handled: changes.length };
    },
    idleDelayMs: { first: 10, max: 40 },
    sleep: async (ms: number) => {
      asked.push(ms);
      await new Promise((resolve) => setImmediate(resolve));
    },
    onError: (error) => void errors.push(error),
  });
  reader.start();
  while (asked.length < pauses) await new Promise((resolve) => setImmediate(resolve));
  await reader.stop();
  return { seen, errors, pauses: asked, stored };
}

describe('StreamReader over a split stream', () => {
  it('reads a parent to its end before its child, stores acknowledged positions only, and backs off when idle', async () => {
    const { seen, errors, pauses, stored } = await readUntilIdle(0, 5);
    expect(errors).toEqual([]);
    expect(seen.map((c) => c.recordId)).toEqual(['a', 'c']);
    // The parent's batch ends with a claim (no change): the position covers it too.
    expect(stored).toEqual([
      { shard: 'parent', sequence: '2' },
      { shard: 'child', sequence: '3' },
    ]);
    expect(pauses.slice(0, 4)).toEqual([10, 20, 40, 40]);
  });
});

describe('StreamReader when a read finds its records trimmed', () => {
  it('takes a new iterator and goes on, reporting nothing, when it happens now and then', async () => {
    const { seen, errors } = await readUntilIdle(2, 8);
    expect(seen.map((c) => c.recordId)).toEqual(['a', 'c']);
    expect(errors).toEqual([]);
  });

  it('reports it when every new iterator is refused too', async () => {
    const { errors } = await readUntilIdle(1000, 8);
    expect(errors[0]).toBeInstanceOf(TrimmedDataAccessException);
  });
});
