/**
 * Deployments in the control-plane table.
 *
 *   DEPLOYMENT#<id> / DEPLOYMENT         the deployment (status, kind, logs, apiBaseUrl)
 *                                        GSI1PK `PROJECT#<projectId>#DEPLOYMENTS`  GSI1SK `<createdAt>#<id>`
 *   PROJECT#<projectId> / DEPLOYMENT_LOCK present while one of the project's deployments is unfinished
 *   DEPLOYMENTS#PENDING / <id>           present while a deployment is unfinished: a restart resumes these
 *   PROJECTS#DEPLOYED / <projectId>      present while the project's stack is deployed, with the count of
 *                                        them (PROJECTS#DEPLOYED#COUNT) changed in the same transaction
 *
 * One deployment per project at a time is enforced by the lock item's conditional Put in the
 * same transaction that creates the deployment (never a read-then-write). Status moves only
 * forward, each step conditional on the one before (pending -> in_progress -> succeeded |
 * failed); the step that ends a deployment releases the lock and the pending marker in the
 * same transaction, and a success also points the project at it.
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../../core/errors';
import type { DeploymentLogLevel } from '../../ports/project-deployer';
import type {
  DeploymentKind,
  DeploymentLogLine,
  DeploymentPage,
  DeploymentRecord,
  DeploymentRepository,
  DeploymentStatus,
  NewDeployment,
} from '../../ports/deployment-repository';
import type { RetainedResource } from '../../ports/project-stacks';
import { sendContendedTransaction } from './contended-transaction';
import { keys } from './keys';

/**
 * A deployment item must stay far below DynamoDB's 400 KB: a chatty deployer's lines beyond
 * these bounds are dropped (the final status line is always written).
 */
export const MAX_LOG_LINES = 200;
export const MAX_LOG_MESSAGE_CHARS = 1000;
/** Rounds of a deploy that keeps meeting concurrent transactions before it answers 409. */
const MAX_CREATE_ATTEMPTS = 5;

function line(level: DeploymentLogLevel, message: string, at: Date): DeploymentLogLine {
  const text = message.length > MAX_LOG_MESSAGE_CHARS ? `${message.slice(0, MAX_LOG_MESSAGE_CHARS - 1)}…` : message;
  return { at: at.toISOString(), level, message: text };
}

function toRecord(item: Record<string, unknown>): DeploymentRecord {
  return {
    id: item.id as string,
    projectId: item.projectId as string,
    ownerId: item.ownerId as string,
    blueprintId: item.blueprintId as string,
    status: item.status as DeploymentStatus,
    kind: item.kind as DeploymentKind,
    apiBaseUrl: (item.apiBaseUrl as string | null | undefined) ?? null,
    logs: (item.logs as DeploymentLogLine[] | undefined) ?? [],
    ...(item.allowDataLoss === true ? { allowDataLoss: true } : {}),
    ...(item.deleteData === true ? { deleteData: true } : {}),
    ...(Array.isArray(item.kept) && item.kept.length > 0 ? { kept: item.kept as RetainedResource[] } : {}),
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
  };
}

/** The first line of a deployment's logs: what was asked. */
function requestLine(input: NewDeployment): string {
  if (input.kind === 'destroy') return `Destroy of the project's stack requested (${input.deleteData ? 'deleting' : 'keeping'} its data)`;
  const risk = input.allowDataLoss ? ', allowing data loss' : '';
  return `${input.kind === 'rollback' ? 'Rollback' : 'Deployment'} of blueprint ${input.blueprintId} requested${risk}`;
}

export class DynamoDeploymentRepository implements DeploymentRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /**
   * A new `pending` deployment of an active project of `ownerId`, holding the project's lock
   * and registered as pending, all in one transaction. 409 CONFLICT when another deployment of
   * the project is unfinished or the project was archived meanwhile.
   */
  async create(input: NewDeployment): Promise<DeploymentRecord> {
    const at = input.now.toISOString();
    const record: DeploymentRecord = {
      id: randomUUID(),
      projectId: input.projectId,
      ownerId: input.ownerId,
      blueprintId: input.blueprintId,
      status: 'pending',
      kind: input.kind,
      apiBaseUrl: null,
      logs: [line('info', requestLine(input), input.now)],
      ...(input.allowDataLoss ? { allowDataLoss: true } : {}),
      ...(input.deleteData ? { deleteData: true } : {}),
      createdAt: at,
      updatedAt: at,
    };
    const transaction = {
      TransactItems: [
        // A deploy or rollback needs an active project; a destroy a deployed one (archived or not).
        input.kind === 'destroy'
          ? {
              ConditionCheck: {
                TableName: this.tableName,
                Key: keys.project(input.projectId),
                ConditionExpression: 'ownerId = :owner AND attribute_type(activeDeploymentId, :string)',
                ExpressionAttributeValues: { ':owner': input.ownerId, ':string': 'S' },
              },
            }
          : {
              ConditionCheck: {
                TableName: this.tableName,
                Key: keys.project(input.projectId),
                ConditionExpression: 'ownerId = :owner AND #status = :active',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':owner': input.ownerId, ':active': 'active' },
              },
            },
        {
          Put: {
            TableName: this.tableName,
            Item: { ...keys.deploymentLock(input.projectId), deploymentId: record.id, createdAt: at },
            ConditionExpression: 'attribute_not_exists(PK)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        {
          Put: {
            TableName: this.tableName,
            Item: { ...keys.deployment(record.id), GSI1PK: keys.projectDeployments(input.projectId), GSI1SK: keys.listOrder(at, record.id), ...record },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        { Put: { TableName: this.tableName, Item: { ...keys.pendingDeployment(record.id), createdAt: at } } },
      ],
    } satisfies ConstructorParameters<typeof TransactWriteCommand>[0];
    for (let attempt = 1; ; attempt++) {
      try {
        // A fresh command per attempt: a sent command keeps the middleware it was sent with.
        await this.doc.send(new TransactWriteCommand(transaction));
        return record;
      } catch (err) {
        if (!(err instanceof TransactionCanceledException)) throw err;
        const [project, lock] = err.CancellationReasons ?? [];
        if (lock?.Code === 'ConditionalCheckFailed') {
          const holder = (lock.Item as Record<string, { S?: string }> | undefined)?.deploymentId?.S;
          throw new ConflictError(`A deployment of this project is already running${holder ? ` (${holder})` : ''}; wait for it to finish`);
        }
        if (project?.Code === 'ConditionalCheckFailed') {
          throw new ConflictError(input.kind === 'destroy' ? 'The project is not deployed: there is no stack to destroy' : 'The project is archived; it can be read but not changed');
        }
        // Two deploys racing on the lock: DynamoDB cancels one with TransactionConflict. Going
        // again lets the winner's lock decide (the retry then meets it: 409 above).
        const conflicted = (err.CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict');
        if (!conflicted || attempt >= MAX_CREATE_ATTEMPTS) {
          if (conflicted) throw new ConflictError('Another deployment of this project is being started; try again');
          throw err;
        }
        await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
      }
    }
  }

  async get(id: string): Promise<DeploymentRecord | null> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.deployment(id), ConsistentRead: true }));
    return Item ? toRecord(Item) : null;
  }

  /** The deployment if it belongs to `ownerId`; otherwise null (never reveal it exists). */
  async getOwned(ownerId: string, id: string): Promise<DeploymentRecord | null> {
    const record = await this.get(id);
    return record && record.ownerId === ownerId ? record : null;
  }

  /** A project's deployments, newest first. `startKey` comes from a verified cursor. One Query per page. */
  async list(projectId: string, limit: number, startKey?: Record<string, string | number>): Promise<DeploymentPage> {
    const { Items = [], LastEvaluatedKey } = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.projectDeployments(projectId) },
        ScanIndexForward: false,
        // One more than asked tells whether a next page exists without an empty last page.
        Limit: limit + 1,
        ExclusiveStartKey: startKey,
      }),
    );
    const page = Items.slice(0, limit);
    const last = page[page.length - 1];
    // A Query also stops at 1 MB (deployments carry their logs): then the page is short and
    // DynamoDB's own LastEvaluatedKey says where to go on.
    const more = Items.length > limit || LastEvaluatedKey !== undefined;
    return {
      items: page.map(toRecord),
      lastKey:
        more && last
          ? { PK: last.PK as string, SK: last.SK as string, GSI1PK: last.GSI1PK as string, GSI1SK: last.GSI1SK as string }
          : undefined,
    };
  }

  /**
   * pending -> in_progress (also in_progress -> in_progress: a resume after a restart runs an
   * unfinished deployment again), with a log line. False when the deployment has ended.
   */
  async markInProgress(id: string, message: string, now: Date): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.deployment(id),
          UpdateExpression: 'SET #status = :inProgress, updatedAt = :now, logs = list_append(logs, :line)',
          ConditionExpression: '#status IN (:pending, :inProgress)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':inProgress': 'in_progress',
            ':pending': 'pending',
            ':now': now.toISOString(),
            ':line': [line('info', message, now)],
          },
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  /**
   * Appends a line atomically (list_append: concurrent writers never lose each other's lines).
   * Only an unfinished deployment takes lines, and at most MAX_LOG_LINES; false when dropped.
   */
  async appendLog(id: string, level: DeploymentLogLevel, message: string, now: Date): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.deployment(id),
          UpdateExpression: 'SET logs = list_append(logs, :line), updatedAt = :now',
          ConditionExpression: '#status IN (:pending, :inProgress) AND size(logs) < :max',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':line': [line(level, message, now)],
            ':now': now.toISOString(),
            ':pending': 'pending',
            ':inProgress': 'in_progress',
            ':max': MAX_LOG_LINES,
          },
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  /**
   * in_progress -> succeeded, in ONE transaction with the project's `activeDeploymentId` and
   * `apiBaseUrl`, the lock's release and the pending marker's removal. False when the
   * deployment was no longer in progress (a racing run ended it first): nothing changes.
   */
  async succeed(record: Pick<DeploymentRecord, 'id' | 'projectId' | 'ownerId'>, apiBaseUrl: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    return this.end(
      record,
      {
        UpdateExpression: 'SET #status = :succeeded, apiBaseUrl = :url, updatedAt = :now, logs = list_append(logs, :line)',
        ConditionExpression: '#status = :inProgress',
        ExpressionAttributeValues: { ':succeeded': 'succeeded', ':inProgress': 'in_progress', ':url': apiBaseUrl, ':now': at, ':line': [line('info', 'Deployment succeeded', now)] },
      },
      [
        {
          Update: {
            TableName: this.tableName,
            Key: keys.project(record.projectId),
            UpdateExpression: 'SET activeDeploymentId = :id, apiBaseUrl = :url, updatedAt = :now',
            ConditionExpression: 'attribute_exists(PK) AND ownerId = :owner',
            ExpressionAttributeValues: { ':id': record.id, ':url': apiBaseUrl, ':now': at, ':owner': record.ownerId },
          },
        },
        ...(await this.countDeployed(record.projectId, true, at)),
      ],
    );
  }

  /**
   * in_progress -> destroyed, in ONE transaction with clearing the project's `activeDeploymentId`
   * and `apiBaseUrl`, the lock's release and the pending marker's removal. False when the
   * deployment was no longer in progress.
   */
  async destroyed(record: Pick<DeploymentRecord, 'id' | 'projectId' | 'ownerId'>, now: Date, kept: readonly RetainedResource[] = []): Promise<boolean> {
    const at = now.toISOString();
    return this.end(
      record,
      {
        UpdateExpression: 'SET #status = :destroyed, updatedAt = :now, logs = list_append(logs, :line), kept = :kept',
        ConditionExpression: '#status = :inProgress',
        ExpressionAttributeValues: { ':destroyed': 'destroyed', ':inProgress': 'in_progress', ':now': at, ':line': [line('info', 'Stack destroyed', now)], ':kept': [...kept] },
      },
      [
        {
          Update: {
            TableName: this.tableName,
            Key: keys.project(record.projectId),
            UpdateExpression: 'SET activeDeploymentId = :none, apiBaseUrl = :none, updatedAt = :now',
            ConditionExpression: 'attribute_exists(PK) AND ownerId = :owner',
            ExpressionAttributeValues: { ':none': null, ':now': at, ':owner': record.ownerId },
          },
        },
        ...(await this.countDeployed(record.projectId, false, at)),
      ],
    );
  }

  /** How many projects have their stack deployed (the count item; none yet: 0). */
  async deployedProjectCount(): Promise<number> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.deployedProjectCount }));
    return Math.max(0, Number(Item?.projects ?? 0));
  }

  /**
   * The items of a deployment's end that keep the deployed-project marker and its count right:
   * put and +1 when the project becomes deployed, delete and -1 when it stops being, nothing when
   * the marker already says so. Read first: only the holder of the project's deployment lock
   * ends its deployments, so nothing else changes the marker in between (the conditions refuse,
   * and the transaction fails whole, should it happen anyway).
   */
  private async countDeployed(projectId: string, deployed: boolean, at: string): Promise<NonNullable<TransactWriteCommandInput['TransactItems']>> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.deployedProject(projectId), ConsistentRead: true }));
    if (Boolean(Item) === deployed) return [];
    const marker = keys.deployedProject(projectId);
    const count = { Update: { TableName: this.tableName, Key: keys.deployedProjectCount, UpdateExpression: 'ADD projects :delta', ExpressionAttributeValues: { ':delta': deployed ? 1 : -1 } } };
    return deployed
      ? [{ Put: { TableName: this.tableName, Item: { ...marker, projectId, deployedAt: at }, ConditionExpression: 'attribute_not_exists(PK)' } }, count]
      : [{ Delete: { TableName: this.tableName, Key: marker, ConditionExpression: 'attribute_exists(PK)' } }, count];
  }

  /**
   * pending | in_progress -> failed with an error line, releasing the lock and the pending
   * marker in the same transaction, so the next deploy of the project is allowed at once.
   * False when the deployment had already ended.
   */
  async fail(record: Pick<DeploymentRecord, 'id' | 'projectId'>, message: string, now: Date): Promise<boolean> {
    return this.end(record, {
      UpdateExpression: 'SET #status = :failed, updatedAt = :now, logs = list_append(logs, :line)',
      ConditionExpression: '#status IN (:pending, :inProgress)',
      ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending', ':inProgress': 'in_progress', ':now': now.toISOString(), ':line': [line('error', message, now)] },
    });
  }

  /**
   * Ends a deployment: its own conditional update (first in the transaction), `also`, the
   * lock's release and the pending marker's removal, all or nothing. False when the
   * deployment's condition failed (it had already ended): nothing changes.
   */
  private async end(
    record: Pick<DeploymentRecord, 'id' | 'projectId'>,
    update: { UpdateExpression: string; ConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> },
    also: NonNullable<TransactWriteCommandInput['TransactItems']> = [],
  ): Promise<boolean> {
    try {
      // Contended: the count of deployed projects is one item every project's first deploy and destroy changes.
      await sendContendedTransaction(this.doc, {
        TransactItems: [
          { Update: { TableName: this.tableName, Key: keys.deployment(record.id), ExpressionAttributeNames: { '#status': 'status' }, ...update } },
          ...also,
          this.releaseLock(record),
          { Delete: { TableName: this.tableName, Key: keys.pendingDeployment(record.id) } },
        ],
      });
      return true;
    } catch (err) {
      if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
      throw err;
    }
  }

  /** Ids of the deployments that were unfinished when the service stopped. */
  async pending(): Promise<string[]> {
    const ids: string[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.pendingDeploymentsPartition },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) ids.push(item.SK as string);
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return ids;
  }

  /** Deletes the project's lock only if this deployment holds it (a missing lock is fine). */
  private releaseLock(record: Pick<DeploymentRecord, 'id' | 'projectId'>) {
    return {
      Delete: {
        TableName: this.tableName,
        Key: keys.deploymentLock(record.projectId),
        ConditionExpression: 'attribute_not_exists(PK) OR deploymentId = :id',
        ExpressionAttributeValues: { ':id': record.id },
      },
    };
  }
}

/** @deprecated The class's old name, until the composition root constructs DynamoDeploymentRepository (the port is DeploymentRepository). */
