/**
 * Workflow instances in the project's own table (ports/workflow-instances.ts). The keys are
 * project-table-keys.ts's; what each write guarantees:
 *
 *   create          one transaction: the instance (unless it exists) and the project's running
 *                   counter (unless it is at the limit), so a redelivered change starts nothing
 *                   and the limit holds under concurrency
 *   finish          one transaction: the instance ends (unless it has) and the counter goes down,
 *                   so a repeated finish counts once
 *   signals         the instance holds the callback of the step waiting for events; a signal for
 *                   an instance that does not wait for it (yet) goes to the inbox in a transaction
 *                   conditioned on exactly that, and a wait that starts records its callback
 *                   before it looks in the inbox: whichever comes second sees the first
 *   record waits    a pointer per (change waited for, instance), deleted as it is taken, so one
 *                   change resumes a wait once
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../core/errors';
import type { CursorKey } from '../../core/cursor';
import type { KeyedPage } from '../../ports/keyed-page';
import {
  ENDED_STATUSES,
  type CompletedWorkflowStep,
  type InboxSignal,
  type NewWorkflowInstance,
  type RecordWaiter,
  type SignalDelivery,
  type WorkflowHistoryEntry,
  type WorkflowInstance,
  type WorkflowInstanceStatus,
  type WorkflowInstanceStore,
  type WorkflowRecordRef,
} from '../../ports/workflow-instances';
import { cancellationCodes, isConditionalCheckFailed } from '../dynamodb/transaction-errors';
import { isTransactionConflict, sendContendedTransaction } from '../dynamodb/contended-transaction';
import { projectIndexKeys } from './project-table';
import {
  WORKFLOW_INBOX_PREFIX,
  WORKFLOW_INDEXES,
  WORKFLOW_STEP_PREFIX,
  WORKFLOWS_RUNNING_KEY,
  workflowInboxKey,
  workflowInstanceKey,
  workflowInstancePartition,
  workflowListPartition,
  workflowRecordPartition,
  workflowRecordWaitKey,
  workflowRecordWaitPartition,
  workflowStatusPartition,
  workflowStepKey,
} from './project-table-keys';

/** History entries kept per instance; later ones are dropped (the steps and status stay exact). */
export const MAX_HISTORY_ENTRIES = 200;

/** Every start and end updates the project's count of running instances: past a few conflicts there, the caller may try again. */
const CONTENDED = 'Too many workflow instances are starting or ending at once in this project; try again in a moment';
/** Conflicting signal deliveries re-read the instance at most this often. */
const SIGNAL_ROUNDS = 5;

const ALL = projectIndexKeys(WORKFLOW_INDEXES.all);
const BY_RECORD = projectIndexKeys(WORKFLOW_INDEXES.record);
const BY_STATUS = projectIndexKeys(WORKFLOW_INDEXES.status);
const NOT_ENDED = 'NOT (#status IN (:ended0, :ended1, :ended2, :ended3))';
const ENDED_VALUES = Object.fromEntries(ENDED_STATUSES.map((status, i) => [`:ended${i}`, status]));

export interface WorkflowInstanceStoreProps {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
}

export class DynamoWorkflowInstanceStore implements WorkflowInstanceStore {
  constructor(private readonly props: WorkflowInstanceStoreProps) {}

  async create(instance: NewWorkflowInstance, maxRunning: number): Promise<'created' | 'exists' | 'full'> {
    const sortKey = `${instance.at}#${instance.id}`;
    const status: WorkflowInstanceStatus = 'running';
    const item = {
      ...workflowInstanceKey(instance.orgId, instance.id),
      kind: 'workflow-instance',
      id: instance.id,
      workflow: instance.workflow,
      orgId: instance.orgId,
      status,
      currentStep: null,
      waitingFor: [],
      input: instance.input,
      ...(instance.record ? { record: instance.record, [BY_RECORD.partitionKey]: workflowRecordPartition(instance.orgId, instance.record.entity, instance.record.id), [BY_RECORD.sortKey]: sortKey } : {}),
      ...(instance.startedBy ? { startedBy: instance.startedBy } : {}),
      history: [{ at: instance.at, type: 'started', ...(instance.record ? { message: `by a change of ${instance.record.entity} ${instance.record.id}` } : {}) }],
      createdAt: instance.at,
      updatedAt: instance.at,
      [ALL.partitionKey]: workflowListPartition(instance.orgId),
      [ALL.sortKey]: sortKey,
      [BY_STATUS.partitionKey]: workflowStatusPartition(instance.orgId, status),
      [BY_STATUS.sortKey]: sortKey,
    };
    try {
      await sendContendedTransaction(
        this.props.doc,
        {
          TransactItems: [
            { Put: { TableName: this.props.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
            {
              Update: {
                TableName: this.props.tableName,
                Key: WORKFLOWS_RUNNING_KEY,
                UpdateExpression: 'ADD running :one',
                ConditionExpression: 'attribute_not_exists(running) OR running < :max',
                ExpressionAttributeValues: { ':one': 1, ':max': maxRunning },
              },
            },
          ],
        },
      );
      return 'created';
    } catch (err) {
      if (isTransactionConflict(err)) throw new ServiceUnavailableError(CONTENDED);
      const [instanceCode, counterCode] = cancellationCodes(err);
      if (instanceCode === 'ConditionalCheckFailed') return 'exists';
      if (counterCode === 'ConditionalCheckFailed') return 'full';
      throw err;
    }
  }

  async get(orgId: string | null, id: string): Promise<WorkflowInstance | null> {
    const got = await this.props.doc.send(new GetCommand({ TableName: this.props.tableName, Key: workflowInstanceKey(orgId, id), ConsistentRead: true }));
    return got.Item ? instanceOf(got.Item) : null;
  }

  async completedSteps(orgId: string | null, id: string): Promise<CompletedWorkflowStep[]> {
    const steps: CompletedWorkflowStep[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.props.doc.send(
        new QueryCommand({
          TableName: this.props.tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': workflowInstancePartition(orgId, id), ':prefix': WORKFLOW_STEP_PREFIX },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) steps.push({ name: String(item.name), output: item.output ?? null, completedAt: String(item.completedAt) });
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return steps;
  }

  list(orgId: string | null, query: { status?: WorkflowInstanceStatus; limit: number; startKey?: CursorKey }): Promise<KeyedPage<WorkflowInstance>> {
    return query.status
      ? this.page(BY_STATUS, workflowStatusPartition(orgId, query.status), query)
      : this.page(ALL, workflowListPartition(orgId), query);
  }

  listForRecord(orgId: string | null, record: WorkflowRecordRef, query: { limit: number; startKey?: CursorKey }): Promise<KeyedPage<WorkflowInstance>> {
    return this.page(BY_RECORD, workflowRecordPartition(orgId, record.entity, record.id), query);
  }

  async enterStep(orgId: string | null, id: string, step: string, state: { status: 'running' | 'waiting'; waitingFor?: readonly string[]; at: string }): Promise<void> {
    const entry: WorkflowHistoryEntry = { at: state.at, type: state.status === 'waiting' ? 'waiting' : 'step_started', step, ...(state.waitingFor?.length ? { message: `for ${state.waitingFor.join(', ')}` } : {}) };
    await this.updateUnlessEnded(orgId, id, 'SET #status = :status, currentStep = :step, waitingFor = :waiting, updatedAt = :at, #statusPk = :statusPk REMOVE callbackId', entry, {
      ':status': state.status,
      ':step': step,
      ':waiting': state.waitingFor ?? [],
      ':at': state.at,
      ':statusPk': workflowStatusPartition(orgId, state.status),
    });
  }

  async completeStep(orgId: string | null, id: string, seq: number, step: CompletedWorkflowStep): Promise<void> {
    try {
      await this.props.doc.send(
        new PutCommand({
          TableName: this.props.tableName,
          Item: { ...workflowStepKey(orgId, id, seq), kind: 'workflow-step', name: step.name, output: step.output ?? null, completedAt: step.completedAt },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    } catch (err) {
      // A step re-run after a crash records the same step again: the first record stands.
      if (!isConditionalCheckFailed(err)) throw err;
    }
  }

  async finish(orgId: string | null, id: string, end: { status: WorkflowInstanceStatus; outcome?: string; error?: string; at: string }): Promise<boolean> {
    const entry: WorkflowHistoryEntry = { at: end.at, type: end.status === 'cancelled' ? 'cancelled' : 'ended', message: end.error ?? end.outcome ?? end.status };
    try {
      await sendContendedTransaction(this.props.doc, {
        TransactItems: [
          {
            Update: {
              TableName: this.props.tableName,
              Key: workflowInstanceKey(orgId, id),
              UpdateExpression: `SET #status = :status, updatedAt = :at, #statusPk = :statusPk, waitingFor = :none, history = list_append(history, :entry)${end.outcome ? ', outcome = :outcome' : ''}${end.error ? ', #error = :error' : ''} REMOVE callbackId`,
              ConditionExpression: `attribute_exists(PK) AND ${NOT_ENDED}`,
              ExpressionAttributeNames: { '#status': 'status', '#statusPk': BY_STATUS.partitionKey, ...(end.error ? { '#error': 'error' } : {}) },
              ExpressionAttributeValues: {
                ...ENDED_VALUES,
                ':status': end.status,
                ':at': end.at,
                ':statusPk': workflowStatusPartition(orgId, end.status),
                ':none': [],
                ':entry': [entry],
                ...(end.outcome ? { ':outcome': end.outcome } : {}),
                ...(end.error ? { ':error': end.error } : {}),
              },
            },
          },
          { Update: { TableName: this.props.tableName, Key: WORKFLOWS_RUNNING_KEY, UpdateExpression: 'ADD running :minusOne', ExpressionAttributeValues: { ':minusOne': -1 } } },
        ],
      });
      return true;
    } catch (err) {
      if (cancellationCodes(err)[0] === 'ConditionalCheckFailed') return false;
      if (isTransactionConflict(err)) throw new ServiceUnavailableError(CONTENDED);
      throw err;
    }
  }

  async awaitSignal(orgId: string | null, id: string, wait: { step: string; events: readonly string[]; callbackId: string; at: string }): Promise<InboxSignal | null> {
    // First the callback, then the inbox: a signal delivered in between is seen by one of the two.
    await this.props.doc.send(
      new UpdateCommand({
        TableName: this.props.tableName,
        Key: workflowInstanceKey(orgId, id),
        UpdateExpression: 'SET callbackId = :callback, waitingFor = :events, updatedAt = :at',
        ConditionExpression: `attribute_exists(PK) AND ${NOT_ENDED}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ...ENDED_VALUES, ':callback': wait.callbackId, ':events': [...wait.events], ':at': wait.at },
      }),
    );
    const inbox = await this.props.doc.send(
      new QueryCommand({
        TableName: this.props.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': workflowInstancePartition(orgId, id), ':prefix': WORKFLOW_INBOX_PREFIX },
        ConsistentRead: true,
      }),
    );
    const kept = (inbox.Items ?? []).find((item) => wait.events.includes(String(item.event)));
    if (!kept) return null;
    try {
      await this.props.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: this.props.tableName, Key: { PK: kept.PK, SK: kept.SK }, ConditionExpression: 'attribute_exists(PK)' } },
            // The callback is taken too, so a signal arriving now queues for a later wait instead of resuming this one twice.
            { Update: { TableName: this.props.tableName, Key: workflowInstanceKey(orgId, id), UpdateExpression: 'REMOVE callbackId', ConditionExpression: 'callbackId = :callback', ExpressionAttributeValues: { ':callback': wait.callbackId } } },
          ],
        }),
      );
    } catch (err) {
      // A signal delivered meanwhile took the callback: it resumes this wait; the kept one stays for a later one.
      if (cancellationCodes(err).length > 0) return null;
      throw err;
    }
    return { event: String(kept.event), data: (kept.data as Record<string, unknown> | undefined) ?? {} };
  }

  async deliverSignal(orgId: string | null, id: string, signal: InboxSignal & { at: string }): Promise<SignalDelivery> {
    for (let round = 0; round < SIGNAL_ROUNDS; round += 1) {
      const instance = await this.props.doc.send(new GetCommand({ TableName: this.props.tableName, Key: workflowInstanceKey(orgId, id), ConsistentRead: true }));
      const item = instance.Item;
      if (!item) throw new NotFoundError('No workflow instance with this id');
      if (ENDED_STATUSES.includes(item.status as WorkflowInstanceStatus)) throw new ConflictError(`The workflow instance has ended (${String(item.status)})`);
      const waiting = Array.isArray(item.waitingFor) ? (item.waitingFor as string[]) : [];
      if (typeof item.callbackId === 'string' && waiting.includes(signal.event)) {
        const taken = await this.takeCallback(orgId, id, item.callbackId);
        if (taken) return { kind: 'resume', callbackId: item.callbackId };
        continue;
      }
      try {
        await this.props.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                ConditionCheck: {
                  TableName: this.props.tableName,
                  Key: workflowInstanceKey(orgId, id),
                  ConditionExpression: `attribute_exists(PK) AND ${NOT_ENDED} AND (attribute_not_exists(callbackId) OR NOT contains(waitingFor, :event))`,
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ...ENDED_VALUES, ':event': signal.event },
                },
              },
              { Put: { TableName: this.props.tableName, Item: { ...workflowInboxKey(orgId, id, signal.at, randomUUID()), kind: 'workflow-signal', event: signal.event, data: signal.data, at: signal.at } } },
            ],
          }),
        );
        return { kind: 'queued' };
      } catch (err) {
        // The instance changed under us (a wait started, or it ended): read it again.
        if (cancellationCodes(err).length === 0) throw err;
      }
    }
    throw new ConflictError('The workflow instance changed while the signal was delivered; send it again');
  }

  async awaitRecordChange(orgId: string | null, id: string, waitKey: string, callbackId: string): Promise<void> {
    await this.props.doc.send(
      new PutCommand({ TableName: this.props.tableName, Item: { ...workflowRecordWaitKey(orgId, waitKey, id), kind: 'workflow-record-wait', instanceId: id, orgId, callbackId } }),
    );
  }

  async takeRecordWaiters(orgId: string | null, waitKey: string): Promise<RecordWaiter[]> {
    const found = await this.props.doc.send(
      new QueryCommand({ TableName: this.props.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': workflowRecordWaitPartition(orgId, waitKey) }, ConsistentRead: true }),
    );
    const taken: RecordWaiter[] = [];
    for (const item of found.Items ?? []) {
      try {
        await this.props.doc.send(new DeleteCommand({ TableName: this.props.tableName, Key: { PK: item.PK, SK: item.SK }, ConditionExpression: 'callbackId = :callback', ExpressionAttributeValues: { ':callback': item.callbackId } }));
        taken.push({ instanceId: String(item.instanceId), orgId: (item.orgId as string | null | undefined) ?? null, callbackId: String(item.callbackId) });
      } catch (err) {
        // Another change took it first: that one resumes the wait.
        if (!isConditionalCheckFailed(err)) throw err;
      }
    }
    return taken;
  }

  /** Removes the instance's callback if it is still `callbackId`: true for the one caller that does. */
  private async takeCallback(orgId: string | null, id: string, callbackId: string): Promise<boolean> {
    try {
      await this.props.doc.send(
        new UpdateCommand({
          TableName: this.props.tableName,
          Key: workflowInstanceKey(orgId, id),
          UpdateExpression: 'REMOVE callbackId',
          ConditionExpression: 'callbackId = :callback',
          ExpressionAttributeValues: { ':callback': callbackId },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  }

  /** An update of a live instance that also appends `entry` to its history while there is room. */
  private async updateUnlessEnded(orgId: string | null, id: string, expression: string, entry: WorkflowHistoryEntry, values: Record<string, unknown>): Promise<void> {
    const names = { '#status': 'status', '#statusPk': BY_STATUS.partitionKey };
    const base = { TableName: this.props.tableName, Key: workflowInstanceKey(orgId, id), ExpressionAttributeNames: names };
    try {
      await this.props.doc.send(
        new UpdateCommand({
          ...base,
          UpdateExpression: expression.replace('SET ', 'SET history = list_append(history, :entry), '),
          ConditionExpression: `attribute_exists(PK) AND ${NOT_ENDED} AND size(history) < :cap`,
          ExpressionAttributeValues: { ...values, ...ENDED_VALUES, ':entry': [entry], ':cap': MAX_HISTORY_ENTRIES },
        }),
      );
      return;
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
    }
    try {
      await this.props.doc.send(new UpdateCommand({ ...base, UpdateExpression: expression, ConditionExpression: `attribute_exists(PK) AND ${NOT_ENDED}`, ExpressionAttributeValues: { ...values, ...ENDED_VALUES } }));
    } catch (err) {
      // Ended (cancelled, say) while the step ran: what the step did no longer changes the instance.
      if (!isConditionalCheckFailed(err)) throw err;
    }
  }

  private async page(index: { indexName: string; partitionKey: string }, partition: string, query: { limit: number; startKey?: CursorKey }): Promise<KeyedPage<WorkflowInstance>> {
    const got = await this.props.doc.send(
      new QueryCommand({
        TableName: this.props.tableName,
        IndexName: index.indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': index.partitionKey },
        ExpressionAttributeValues: { ':pk': partition },
        ScanIndexForward: false,
        Limit: query.limit,
        ...(query.startKey ? { ExclusiveStartKey: query.startKey } : {}),
      }),
    );
    return { items: (got.Items ?? []).map(instanceOf), ...(got.LastEvaluatedKey ? { lastKey: got.LastEvaluatedKey as CursorKey } : {}) };
  }
}

function instanceOf(item: Record<string, unknown>): WorkflowInstance {
  return {
    id: String(item.id),
    workflow: String(item.workflow),
    orgId: (item.orgId as string | null | undefined) ?? null,
    status: item.status as WorkflowInstanceStatus,
    ...(typeof item.outcome === 'string' ? { outcome: item.outcome } : {}),
    currentStep: typeof item.currentStep === 'string' ? item.currentStep : null,
    waitingFor: Array.isArray(item.waitingFor) ? (item.waitingFor as string[]) : [],
    input: (item.input as Record<string, unknown> | undefined) ?? {},
    ...(item.record ? { record: item.record as WorkflowRecordRef } : {}),
    ...(typeof item.startedBy === 'string' ? { startedBy: item.startedBy } : {}),
    ...(typeof item.error === 'string' ? { error: item.error } : {}),
    history: Array.isArray(item.history) ? (item.history as WorkflowHistoryEntry[]) : [],
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
  };
}
