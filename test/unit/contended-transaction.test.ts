/**
 * Transactions on the running-instances counter under contention (contended-transaction.ts, used
 * by the workflow instance store's create and finish): DynamoDB on AWS cancels a transaction that
 * meets another on the same item (TransactionConflict) and the SDK does not retry it; DynamoDB
 * Local never does, so the conflicts are injected with aws-sdk-client-mock. A conflict is sent
 * again; a refused condition is the answer at once; past the attempts, a 503 that says why.
 */
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ServiceUnavailableError } from '../../lambdas/core/errors';
import { CONTENDED_TRANSACTION_ATTEMPTS, isTransactionConflict, sendContendedTransaction } from '../../lambdas/adapters/dynamodb/contended-transaction';
import { DynamoWorkflowInstanceStore } from '../../lambdas/adapters/project-data/workflow-instance-store';

const cancelled = (...codes: string[]) => Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code })) });

const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-2' }));
const mock = mockClient(doc);
beforeEach(() => mock.reset());
const instance = { id: 'i-1', workflow: 'approval', orgId: 'o1', input: {}, at: '2026-11-26T10:00:00.000Z' };
const store = new DynamoWorkflowInstanceStore({ doc, tableName: 'project-p1' });

test('a conflict is a conflict only when no condition was refused', () => {
  expect(isTransactionConflict(cancelled('None', 'TransactionConflict'))).toBe(true);
  expect(isTransactionConflict(cancelled('ConditionalCheckFailed', 'TransactionConflict'))).toBe(false);
  expect(isTransactionConflict(new Error('ProvisionedThroughputExceeded'))).toBe(false);
});

test('a start that meets other transactions on the counter is sent again, and counted once', async () => {
  mock.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'TransactionConflict')).rejectsOnce(cancelled('TransactionConflict', 'TransactionConflict')).resolves({});
  expect(await store.create(instance, 10_000)).toBe('created');
  expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(3);
});

test('a refused condition answers at once: the instance exists, or the project is at its limit', async () => {
  mock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
  expect(await store.create(instance, 10_000)).toBe('exists');
  mock.reset();
  mock.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
  expect(await store.create(instance, 10_000)).toBe('full');
  expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(1);
});

test('past the attempts, a start or an end answers 503 saying why, never a 500', async () => {
  mock.on(TransactWriteCommand).rejects(cancelled('None', 'TransactionConflict'));
  await expect(store.create(instance, 10_000)).rejects.toThrow(ServiceUnavailableError);
  expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(CONTENDED_TRANSACTION_ATTEMPTS);
  await expect(store.finish('o1', 'i-1', { status: 'succeeded', at: instance.at })).rejects.toThrow(/starting or ending at once.*try again/);
});

test('an end that meets a start is sent again; an instance already ended stays so', async () => {
  mock.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'TransactionConflict')).resolves({});
  expect(await store.finish('o1', 'i-1', { status: 'succeeded', at: instance.at })).toBe(true);
  mock.reset();
  mock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
  expect(await store.finish('o1', 'i-1', { status: 'succeeded', at: instance.at })).toBe(false);
});

test('the waits between attempts stay short (full jitter over a doubling bound)', async () => {
  mock.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
  const started = Date.now();
  await expect(sendContendedTransaction(doc, { TransactItems: [] }, 1)).rejects.toThrow('Transaction cancelled');
  // At most 2 + 4 + 8 + 16 + 32 ms of waiting with a 1 ms base.
  expect(Date.now() - started).toBeLessThan(1000);
});
