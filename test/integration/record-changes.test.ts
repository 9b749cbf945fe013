/**
 * Record changes from DynamoDB Local's stream (issue 25 item 4): a project table streams new and
 * old images (a table from before gets its stream on mount), and the local reader hands on its
 * record changes in order, once acknowledged never again (also across a restart), and a failed
 * one again until it is handled. The Streams API goes through the verifying front, which still
 * refuses other credentials.
 */
import { randomBytes } from 'node:crypto';
import { CreateTableCommand, DescribeTableCommand, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand } from '@aws-sdk/client-dynamodb-streams';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ensureProjectTable, ensureProjectTableStream, projectTableInput } from '../../lambdas/adapters/project-data/project-table';
import { memberKey, orgPrefix, recordKey, uniqueKey } from '../../lambdas/adapters/project-data/project-table-keys';
import { generateSigningCredentials, readLocalCredentials } from '../../lambdas/adapters/local-credentials';
import { localStreamsClient, StreamReader } from '../../lambdas/adapters/record-changes/stream-reader';
import type { RecordChange, RecordChangeBatchConsumer } from '../../lambdas/ports/record-changes';
import { testCredentialsFile, testDynamoClient, testDynamoEndpoint } from '../support/dynamo';

const client = testDynamoClient();
const doc = DynamoDBDocumentClient.from(client);
const streams = localStreamsClient(testDynamoEndpoint(), readLocalCredentials(testCredentialsFile()).dynamodb);
const readers: StreamReader[] = [];

afterAll(async () => {
  await Promise.all(readers.map((reader) => reader.stop()));
  streams.destroy();
  client.destroy();
});

const newTableName = () => `rc-${randomBytes(4).toString('hex')}`;

async function streamOf(tableName: string) {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  return Table?.StreamSpecification;
}

/** A reader that polls often (tests wait milliseconds, not seconds), and its failures. */
function reader(tableName: string, consume: RecordChangeBatchConsumer): { reader: StreamReader; errors: unknown[] } {
  const errors: unknown[] = [];
  const started = new StreamReader({ client, streams, tableName, consume, idleDelayMs: { first: 5, max: 40 }, onError: (error) => errors.push(error) });
  readers.push(started);
  started.start();
  return { reader: started, errors };
}

/** A consumer that keeps what it acknowledged. */
function collector(): { consume: RecordChangeBatchConsumer; seen: RecordChange[] } {
  const seen: RecordChange[] = [];
  return {
    seen,
    consume: async (changes) => {
      seen.push(...changes);
      return { handled: changes.length };
    },
  };
}

async function until(what: string, condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Long enough for the reader to have polled several times at its longest pause. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

const task = (id: string, title: string) => ({ id, title, owner_id: 'u1', created_at: '2026-03-01T09:00:00.000Z', updated_at: '2026-03-01T09:00:00.000Z' });

describe('the project table stream', () => {
  it('is on for a new table, and turned on (once) for a table from before streams', async () => {
    const fresh = newTableName();
    await ensureProjectTable(client, fresh);
    expect(await streamOf(fresh)).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });

    const old = newTableName();
    const { StreamSpecification: _, ...before } = projectTableInput(old);
    await client.send(new CreateTableCommand(before));
    await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: old });
    expect(await streamOf(old)).toBeUndefined();
    await ensureProjectTableStream(client, old);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: old }));
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    await ensureProjectTableStream(client, old);
    await ensureProjectTable(client, old);
    // The same stream: turning it on again would have started a new one.
    expect((await client.send(new DescribeTableCommand({ TableName: old }))).Table?.LatestStreamArn).toBe(Table?.LatestStreamArn);
  });

  it('is refused to other credentials by the front, as DynamoDB is', async () => {
    const tableName = newTableName();
    await ensureProjectTable(client, tableName);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const ours = await streams.send(new DescribeStreamCommand({ StreamArn: Table!.LatestStreamArn! }));
    expect(ours.StreamDescription?.StreamStatus).toBe('ENABLED');
    const other = localStreamsClient(testDynamoEndpoint(), generateSigningCredentials());
    try {
      await expect(other.send(new DescribeStreamCommand({ StreamArn: Table!.LatestStreamArn! }))).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    } finally {
      other.destroy();
    }
  });
});

describe('the local change reader', () => {
  it('hands on the record changes in order with their images, and nothing else', async () => {
    const tableName = newTableName();
    await ensureProjectTable(client, tableName);
    const key = recordKey('', 'Task', 't1');
    await doc.send(new PutCommand({ TableName: tableName, Item: { ...key, ...task('t1', 'Write'), GSI1PK: 'Task#title#Write', GSI1SK: 'x', _refs_Comment_task: 0 } }));
    await doc.send(new PutCommand({ TableName: tableName, Item: { ...uniqueKey('', 'Task', 'title', 'Write'), recordId: 't1' } }));
    await doc.send(new PutCommand({ TableName: tableName, Item: { ...memberKey(null, 'u1'), role: 'admin' } }));
    // A reference counter alone: no change of the record.
    await doc.send(new UpdateCommand({ TableName: tableName, Key: key, UpdateExpression: 'ADD #c :one', ExpressionAttributeNames: { '#c': '_refs_Comment_task' }, ExpressionAttributeValues: { ':one': 1 } }));
    await doc.send(new UpdateCommand({ TableName: tableName, Key: key, UpdateExpression: 'SET title = :t', ExpressionAttributeValues: { ':t': 'Written' } }));
    await doc.send(new DeleteCommand({ TableName: tableName, Key: key }));
    const orgKey = recordKey(orgPrefix('org-1'), 'Invoice', 'i1');
    await doc.send(new PutCommand({ TableName: tableName, Item: { ...orgKey, id: 'i1', org_id: 'org-1' } }));

    const { consume, seen } = collector();
    const { errors } = reader(tableName, consume);
    await until('four changes came', () => seen.length >= 4);
    await settle();
    expect(errors).toEqual([]);
    expect(seen.map((c) => [c.kind, c.entity, c.orgId, c.recordId])).toEqual([
      ['created', 'Task', null, 't1'],
      ['updated', 'Task', null, 't1'],
      ['deleted', 'Task', null, 't1'],
      ['created', 'Invoice', 'org-1', 'i1'],
    ]);
    expect(seen[0]!.after).toEqual(task('t1', 'Write'));
    expect(seen[1]).toMatchObject({ before: task('t1', 'Write'), after: task('t1', 'Written') });
    expect(seen[2]!.before).toEqual(task('t1', 'Written'));
    expect(new Set(seen.map((c) => c.changeId)).size).toBe(4);
  });

  it('resumes after a restart with the next change: nothing acknowledged comes again', async () => {
    const tableName = newTableName();
    await ensureProjectTable(client, tableName);
    await doc.send(new PutCommand({ TableName: tableName, Item: { ...recordKey('', 'Task', 'a'), ...task('a', 'A') } }));
    const first = collector();
    const one = reader(tableName, first.consume);
    await until('the first change came', () => first.seen.length === 1);
    await one.reader.stop();

    await doc.send(new PutCommand({ TableName: tableName, Item: { ...recordKey('', 'Task', 'b'), ...task('b', 'B') } }));
    const second = collector();
    const two = reader(tableName, second.consume);
    await until('the next change came', () => second.seen.length >= 1);
    await settle();
    expect(second.seen.map((c) => c.recordId)).toEqual(['b']);
    expect([...one.errors, ...two.errors]).toEqual([]);
  });

  it('hands a failed change on again until it is handled, also after a restart; the ones before it never again', async () => {
    const tableName = newTableName();
    await ensureProjectTable(client, tableName);
    for (const id of ['a', 'b', 'c']) await doc.send(new PutCommand({ TableName: tableName, Item: { ...recordKey('', 'Task', id), ...task(id, id) } }));

    // Acknowledges `a`, fails on `b` every time.
    const handed: string[] = [];
    const failing: RecordChangeBatchConsumer = async (changes) => {
      handed.push(...changes.map((c) => c.recordId));
      const failed = changes.findIndex((c) => c.recordId === 'b');
      return failed < 0 ? { handled: changes.length } : { handled: failed, error: new Error('b is not welcome') };
    };
    const one = reader(tableName, failing);
    await until('b failed twice', () => one.errors.length >= 2);
    await one.reader.stop();
    expect(handed[0]).toBe('a');
    expect(handed.filter((id) => id === 'a')).toHaveLength(1);
    expect(one.errors[0]).toEqual(new Error('b is not welcome'));

    const second = collector();
    const two = reader(tableName, second.consume);
    await until('b and c came', () => second.seen.length >= 2);
    await settle();
    expect(second.seen.map((c) => c.recordId)).toEqual(['b', 'c']);
    expect(two.errors).toEqual([]);
  });

  it('settles once every change written before is handed on and its position stored', async () => {
    const tableName = newTableName();
    await ensureProjectTable(client, tableName);
    const { consume, seen } = collector();
    const { reader: started, errors } = reader(tableName, consume);
    await started.settled();
    for (const id of ['a', 'b']) {
      await doc.send(new PutCommand({ TableName: tableName, Item: { ...recordKey('', 'Task', id), ...task(id, id) } }));
      await started.settled();
      expect(seen.map((c) => c.recordId)).toEqual(id === 'a' ? ['a'] : ['a', 'b']);
    }
    await started.stop();
    await started.settled();
    // Its position is stored: a new reader hands on nothing.
    const after = collector();
    const next = reader(tableName, after.consume);
    await next.reader.settled();
    expect(after.seen).toEqual([]);
    expect([...errors, ...next.errors]).toEqual([]);
  });

  it('stops only once the batch in flight is handed on and its position stored', async () => {
    const tableName = newTableName();
    await ensureProjectTable(client, tableName);
    await doc.send(new PutCommand({ TableName: tableName, Item: { ...recordKey('', 'Task', 'a'), ...task('a', 'A') } }));
    let release: () => void = () => undefined;
    const arrived: string[] = [];
    const slow: RecordChangeBatchConsumer = async (changes) => {
      arrived.push(...changes.map((c) => c.recordId));
      await new Promise<void>((resolve) => (release = resolve));
      return { handled: changes.length };
    };
    const one = reader(tableName, slow);
    await until('the batch is in the consumer', () => arrived.length === 1);
    let stopped = false;
    const stopping = one.reader.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    release();
    await stopping;

    const after = collector();
    reader(tableName, after.consume);
    await settle();
    expect(after.seen).toEqual([]);
  });
});
