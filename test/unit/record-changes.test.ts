/**
 * Record changes (issue 25 item 4): a stream record -> the record change it is (records only,
 * internal attributes stripped), one dispatcher to every consumer, and the Lambda handler's
 * report of where to retry from.
 */
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { RecordChange, RecordChangeBatchConsumer } from '../../lambdas/ports/record-changes';
import { recordChangeOf, type StreamRecordImages } from '../../lambdas/adapters/record-changes/record-change-parser';
import { ChangeNotHandledError, createChangeDispatcher } from '../../lambdas/adapters/record-changes/change-dispatcher';
import { createStreamEventHandler, recordChangesOfStreamEvent } from '../../lambdas/adapters/record-changes/stream-event-handler';
import { imagesOfLambdaRecord, imagesOfStreamsApiRecord } from '../../lambdas/adapters/record-changes/stream-record-images';
import {
  DEPLOYED_BLUEPRINT_KEY,
  FIRST_ADMIN_KEY,
  WORKFLOWS_RUNNING_KEY,
  durableCallbackKey,
  durableExecutionKey,
  durableOperationKey,
  emailPointerKey,
  grantKey,
  invitationKey,
  memberKey,
  memberPointerKey,
  orgIdOfPrefix,
  orgKey,
  orgPrefix,
  rateCounterKey,
  recordKey,
  streamPositionKey,
  uniqueKey,
  workflowInstanceKey,
  workflowRecordWaitKey,
  workflowStepKey,
} from '../../lambdas/adapters/project-data/project-table-keys';

const AT = new Date('2026-03-01T10:00:00.000Z');
const TASK = { id: 't1', title: 'Write', done: false, tags: ['a'], meta: { n: 1 }, owner_id: 'u1', created_at: '2026-03-01T09:00:00.000Z', updated_at: '2026-03-01T09:00:00.000Z' };
const INTERNAL = { GSI1PK: 'Task#done#false', GSI1SK: '2026-03-01T09:00:00.000Z#t1', _refs_Comment_task: 2, _ttl: 123 };

let sequence = 0;
function streamRecord(eventName: StreamRecordImages['eventName'], key: { PK: string; SK: string }, images: { old?: object; new?: object }): StreamRecordImages {
  sequence += 1;
  return {
    eventId: `event-${sequence}`,
    sequenceNumber: String(sequence).padStart(21, '0'),
    eventName,
    keys: key,
    ...(images.old ? { oldImage: { ...key, ...images.old } } : {}),
    ...(images.new ? { newImage: { ...key, ...images.new } } : {}),
    approximateCreationTime: AT,
  };
}

describe('recordChangeOf', () => {
  const key = recordKey('', 'Task', 't1');

  it('reads an insert, a modify and a remove as created, updated and deleted, with the record fields only', () => {
    const after = { ...TASK, title: 'Written', updated_at: '2026-03-01T09:30:00.000Z' };
    expect(recordChangeOf(streamRecord('INSERT', key, { new: { ...TASK, ...INTERNAL } }))).toEqual({
      changeId: expect.stringMatching(/^event-/),
      entity: 'Task',
      orgId: null,
      recordId: 't1',
      kind: 'created',
      after: TASK,
      at: AT.toISOString(),
    });
    const updated = recordChangeOf(streamRecord('MODIFY', key, { old: { ...TASK, ...INTERNAL }, new: { ...after, ...INTERNAL } }));
    expect(updated).toMatchObject({ kind: 'updated', before: TASK, after });
    const deleted = recordChangeOf(streamRecord('REMOVE', key, { old: { ...after, ...INTERNAL } }));
    expect(deleted).toMatchObject({ kind: 'deleted', before: after });
    expect(deleted).not.toHaveProperty('after');
  });

  it("names a multi-tenant record's organization", () => {
    const change = recordChangeOf(streamRecord('INSERT', recordKey(orgPrefix('org-7'), 'Invoice', 'i1'), { new: { id: 'i1', org_id: 'org-7' } }));
    expect(change).toMatchObject({ entity: 'Invoice', orgId: 'org-7', recordId: 'i1' });
    expect(orgIdOfPrefix('')).toBeNull();
    expect(() => orgIdOfPrefix('X#')).toThrow(/not an organization/);
  });

  it('ignores every item that is not a record: members, pointers, counters, grants, claims, the blueprint, its own positions, workflows and the durable engine', () => {
    const others = [
      memberKey(null, 'u1'),
      memberKey('org-7', 'u1'),
      memberPointerKey('u1'),
      emailPointerKey('ada@example.org'),
      orgKey(null),
      orgKey('org-7'),
      invitationKey('code'),
      FIRST_ADMIN_KEY,
      DEPLOYED_BLUEPRINT_KEY,
      grantKey('org-7', 'Task', 't1', 'f1'),
      uniqueKey('', 'Task', 'title', 'Write'),
      rateCounterKey('auth-login', 'hash', 60, 0),
      streamPositionKey('2026-03-01T00:00:00.000', 'shardId-1'),
      workflowInstanceKey('org-7', 'w1'),
      workflowStepKey(null, 'w1', 1),
      workflowRecordWaitKey('org-7', 'Task#t1', 'w1'),
      WORKFLOWS_RUNNING_KEY,
      durableExecutionKey('w1'),
      durableOperationKey('w1', 'op1'),
      durableCallbackKey('cb1'),
    ];
    for (const key of others) expect(recordChangeOf(streamRecord('INSERT', key, { new: { any: 1 } }))).toBeNull();
  });

  it('ignores a modify that changed no field (a reference counter, an index key written by a migration)', () => {
    expect(recordChangeOf(streamRecord('MODIFY', key, { old: TASK, new: { ...TASK, _refs_Comment_task: 3, GSI2PK: 'x' } }))).toBeNull();
  });
});

describe('the two shapes of a stream record', () => {
  const image = { PK: { S: 'E#Task' }, SK: { S: 't1' }, n: { N: '1.5' }, ok: { BOOL: true }, none: { NULL: true }, l: { L: [{ S: 'a' }, { M: { x: { N: '2' } } }] }, ss: { SS: ['b'] } };
  const plain = { PK: 'E#Task', SK: 't1', n: 1.5, ok: true, none: null, l: ['a', { x: 2 }], ss: new Set(['b']) };

  it('reads a Streams API record and a Lambda record alike', () => {
    const fromApi = imagesOfStreamsApiRecord({ eventID: 'e1', eventName: 'INSERT', dynamodb: { SequenceNumber: '1', Keys: { PK: image.PK, SK: image.SK }, NewImage: image, ApproximateCreationDateTime: AT } });
    const fromLambda = imagesOfLambdaRecord({ eventID: 'e1', eventName: 'INSERT', dynamodb: { SequenceNumber: '1', Keys: { PK: image.PK, SK: image.SK }, NewImage: image, ApproximateCreationDateTime: AT.getTime() / 1000 } });
    expect(fromApi).toEqual(fromLambda);
    expect(fromApi.newImage).toEqual(plain);
    expect(fromApi.approximateCreationTime).toEqual(AT);
  });

  it('refuses a record without what DynamoDB always sets', () => {
    expect(() => imagesOfLambdaRecord({ eventID: 'e1', eventName: 'INSERT', dynamodb: { Keys: { PK: { S: 'E#Task' } } } })).toThrow(/not a DynamoDB stream record/);
  });
});

function change(recordId: string, n: number): RecordChange {
  return { changeId: `c${n}`, entity: 'Task', orgId: null, recordId, kind: 'updated', at: AT.toISOString() };
}

describe('createChangeDispatcher', () => {
  it('hands each change to every consumer, in order', async () => {
    const seen: string[] = [];
    const dispatch = createChangeDispatcher([
      { name: 'triggers', consume: async (c) => void seen.push(`triggers ${c.changeId}`) },
      { name: 'waits', consume: async (c) => void seen.push(`waits ${c.changeId}`) },
    ]);
    expect(await dispatch([change('a', 1), change('a', 2)])).toEqual({ handled: 2 });
    expect(seen).toEqual(['triggers c1', 'waits c1', 'triggers c2', 'waits c2']);
  });

  it('reports the first change a consumer failed, after every consumer had it, and says which; other records went on', async () => {
    const waits: string[] = [];
    const dispatch = createChangeDispatcher([
      {
        name: 'triggers',
        consume: async (c) => {
          if (c.changeId === 'c2') throw new Error('store down');
        },
      },
      { name: 'waits', consume: async (c) => void waits.push(c.changeId) },
    ]);
    const outcome = await dispatch([change('a', 1), change('b', 2), change('a', 3)]);
    expect(outcome.handled).toBe(1);
    expect(outcome.error).toBeInstanceOf(ChangeNotHandledError);
    expect((outcome.error as Error).message).toMatch(/updated Task b \(change c2\) failed in triggers/);
    expect((outcome.error as Error).cause).toEqual(new Error('store down'));
    // Record a's changes do not wait for record b's: c3 was handed on (it comes again with c2, and consumers dedupe).
    expect([...waits].sort()).toEqual(['c1', 'c2', 'c3']);
  });

  it("hands one record's changes on in order, stops them at its failed one, and runs other records at once", async () => {
    const seen: string[] = [];
    let inFlight = 0;
    let most = 0;
    const dispatch = createChangeDispatcher(
      [
        {
          name: 'slow',
          consume: async (c) => {
            inFlight += 1;
            most = Math.max(most, inFlight);
            await new Promise((resolve) => setTimeout(resolve, 5));
            inFlight -= 1;
            if (c.changeId === 'c4') throw new Error('refused');
            seen.push(c.changeId);
          },
        },
      ],
      { parallelRecords: 3 },
    );
    // a: c1 c4 c6; b: c2 c5; c: c3; d: c7
    const batch = [change('a', 1), change('b', 2), change('c', 3), change('a', 4), change('b', 5), change('a', 6), change('d', 7)];
    const outcome = await dispatch(batch);
    expect(outcome.handled).toBe(3);
    expect(seen.filter((id) => ['c1', 'c4', 'c6'].includes(id))).toEqual(['c1']);
    expect(seen.filter((id) => ['c2', 'c5'].includes(id))).toEqual(['c2', 'c5']);
    expect([...seen].sort()).toEqual(['c1', 'c2', 'c3', 'c5', 'c7']);
    expect(most).toBe(3);
  });
});

describe('the Lambda stream handler', () => {
  const lambdaRecord = (n: number, pk: string, eventName: 'INSERT' | 'MODIFY' = 'INSERT'): DynamoDBRecord => ({
    eventID: `e${n}`,
    eventName,
    dynamodb: {
      SequenceNumber: String(n),
      ApproximateCreationDateTime: AT.getTime() / 1000,
      Keys: { PK: { S: pk }, SK: { S: `r${n}` } },
      NewImage: { PK: { S: pk }, SK: { S: `r${n}` }, id: { S: `r${n}` } },
    },
  });
  const event: DynamoDBStreamEvent = { Records: [lambdaRecord(1, 'E#Task'), lambdaRecord(2, 'U#Task#title#x'), lambdaRecord(3, 'E#Task'), lambdaRecord(4, 'E#Task')] };

  it('turns an event into its record changes', () => {
    expect(recordChangesOfStreamEvent(event).map((c) => [c.changeId, c.kind, c.recordId])).toEqual([
      ['e1', 'created', 'r1'],
      ['e3', 'created', 'r3'],
      ['e4', 'created', 'r4'],
    ]);
  });

  it('reports nothing when every change is handled', async () => {
    const handler = createStreamEventHandler(async (changes) => ({ handled: changes.length }));
    expect(await handler(event)).toEqual({ batchItemFailures: [] });
  });

  it("reports the first failed change's sequence number, so Lambda retries from it", async () => {
    const failures: unknown[] = [];
    const consume: RecordChangeBatchConsumer = async () => ({ handled: 1, error: new Error('no') });
    const handler = createStreamEventHandler(consume, { onFailure: (error) => failures.push(error) });
    expect(await handler(event)).toEqual({ batchItemFailures: [{ itemIdentifier: '3' }] });
    expect(failures).toEqual([new Error('no')]);
  });

  it('retries the whole batch from its first change when the consumer throws', async () => {
    const handler = createStreamEventHandler(
      async () => {
        throw new Error('boom');
      },
      { onFailure: () => undefined },
    );
    expect(await handler(event)).toEqual({ batchItemFailures: [{ itemIdentifier: '1' }] });
  });

  it('retries from a record it cannot read, after handing on the changes before it', async () => {
    const handed: string[] = [];
    const broken: DynamoDBRecord = { eventID: 'e9', eventName: 'INSERT', dynamodb: { SequenceNumber: '9', Keys: { PK: { S: 'E#Task' } } } };
    const handler = createStreamEventHandler(
      async (changes) => {
        handed.push(...changes.map((c) => c.changeId));
        return { handled: changes.length };
      },
      { onFailure: () => undefined },
    );
    expect(await handler({ Records: [lambdaRecord(1, 'E#Task'), broken, lambdaRecord(10, 'E#Task')] })).toEqual({ batchItemFailures: [{ itemIdentifier: '9' }] });
    expect(handed).toEqual(['e1']);
  });
});
