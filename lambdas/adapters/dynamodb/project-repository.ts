/**
 * Projects in the control-plane table. Ownership is enforced here, in the data access path:
 * reads return nothing for another user's project, and every write carries the owner in its
 * condition expression, so no handler can forget the check.
 *
 *   PK `PROJECT#<id>`  SK `PROJECT`  GSI1PK `OWNER#<userId>#PROJECTS#<status>`  GSI1SK `<createdAt>#<id>`
 *
 * Writing version 1 in the background (the spec writer) keeps `specStatus` (`writing`, `ready`,
 * `failed`), `specError` and `specWriteStartedAt` (the writer's claim) on the item. Items from
 * before those attributes existed have none and read as `ready`, as does every project with a
 * spec version (one saved with apply after a failed write included).
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { InitialSpec, Project, ProjectPage, ProjectRepository, ProjectStatus, SpecStatus } from '../../ports/project-repository';
import { ConflictError, NotFoundError } from '../../core/errors';
import { keys } from './keys';
import { chatMessageItems } from './conversation-repository';
import { specItem } from './spec-repository';

type ProjectItem = Omit<Project, 'specStatus' | 'specError'> & {
  PK: string;
  SK: string;
  GSI1PK: string;
  GSI1SK: string;
  ownerId: string;
  /** Absent on items written before background spec writing. */
  specStatus?: SpecStatus;
  specError?: string;
  /** When the spec writer claimed the project (at most once). */
  specWriteStartedAt?: string;
};

const projectKey = keys.project;
const ownerListKey = (ownerId: string, status: ProjectStatus) => keys.ownerProjects(ownerId, status);

function toProject(item: Record<string, unknown>): Project {
  const p = item as unknown as ProjectItem;
  // A spec version makes a project ready whatever the writer recorded; an item from before has no status and is ready.
  const specStatus: SpecStatus = p.latestSpecVersion != null ? 'ready' : (p.specStatus ?? 'ready');
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    status: p.status,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    latestSpecVersion: p.latestSpecVersion ?? null,
    latestBlueprintId: p.latestBlueprintId ?? null,
    activeDeploymentId: p.activeDeploymentId ?? null,
    apiBaseUrl: p.apiBaseUrl ?? null,
    specStatus,
    specError: specStatus === 'failed' ? (p.specError ?? null) : null,
  };
}

/** The conditions under which a project is still waiting for version 1. */
const WRITING = '#specStatus = :writing AND (attribute_not_exists(latestSpecVersion) OR latestSpecVersion = :null)';
const WRITING_NAMES = { '#specStatus': 'specStatus' };
const WRITING_VALUES = { ':writing': 'writing', ':null': null };

/** Spec version 1 and the first assistant message as transaction items: written with the project, or by the spec writer after. */
function firstVersionItems(tableName: string, projectId: string, initialSpec: InitialSpec, now: Date) {
  return [
    {
      Put: {
        TableName: tableName,
        Item: specItem({ id: randomUUID(), projectId, version: 1, content: initialSpec.content, lastUserMessage: initialSpec.lastUserMessage, createdAt: now.toISOString() }),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    ...(initialSpec.assistantMessage === undefined
      ? []
      : chatMessageItems(projectId, [{ role: 'assistant', content: initialSpec.assistantMessage }], now).items.map((Item) => ({ Put: { TableName: tableName, Item } }))),
  ];
}

/** Whether a transaction or update failed only on its conditions (someone else got there first). */
function conditionFailed(err: unknown): boolean {
  if (err instanceof ConditionalCheckFailedException) return true;
  return err instanceof TransactionCanceledException && (err.CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed');
}

/** What a conditional write answers, or undefined when only its conditions failed. */
async function unlessConditionFailed<T>(write: Promise<T>): Promise<T | undefined> {
  try {
    return await write;
  } catch (err) {
    if (conditionFailed(err)) return undefined;
    throw err;
  }
}

export class DynamoProjectRepository implements ProjectRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /**
   * Creates a project and, in the same transaction, its spec version 1: either both exist
   * afterwards or neither does. Without an initial spec, the project alone, `writing`.
   */
  async create(ownerId: string, input: { name: string; description: string }, now: Date, initialSpec: InitialSpec | null, id: string = randomUUID()): Promise<Project> {
    const at = now.toISOString();
    const project: Project = {
      id,
      name: input.name,
      description: input.description,
      status: 'active',
      createdAt: at,
      updatedAt: at,
      latestSpecVersion: initialSpec ? 1 : null,
      latestBlueprintId: null,
      activeDeploymentId: null,
      apiBaseUrl: null,
      specStatus: initialSpec ? 'ready' : 'writing',
      specError: null,
    };
    const { specError: _none, ...stored } = project;
    const item: ProjectItem = { ...projectKey(id), GSI1PK: ownerListKey(ownerId, 'active'), GSI1SK: keys.listOrder(at, id), ownerId, ...stored };
    await this.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
          ...(initialSpec ? firstVersionItems(this.tableName, id, initialSpec, now) : []),
        ],
      }),
    );
    return project;
  }

  async claimSpecWriting(id: string, now: Date, createdSince: Date): Promise<{ project: Project; ownerId: string } | null> {
    const written = await unlessConditionFailed(
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: projectKey(id),
          UpdateExpression: 'SET specWriteStartedAt = :now',
          ConditionExpression: `${WRITING} AND attribute_not_exists(specWriteStartedAt) AND createdAt >= :since`,
          ExpressionAttributeNames: WRITING_NAMES,
          ExpressionAttributeValues: { ...WRITING_VALUES, ':now': now.toISOString(), ':since': createdSince.toISOString() },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    if (!written) return null;
    const item = written.Attributes as Record<string, unknown>;
    return { project: toProject(item), ownerId: item.ownerId as string };
  }

  async recordFirstVersion(id: string, now: Date, initialSpec: InitialSpec): Promise<boolean> {
    const written = await unlessConditionFailed(
      this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.tableName,
                Key: projectKey(id),
                UpdateExpression: 'SET latestSpecVersion = :one, #specStatus = :ready, updatedAt = :now REMOVE specError',
                ConditionExpression: WRITING,
                ExpressionAttributeNames: WRITING_NAMES,
                ExpressionAttributeValues: { ...WRITING_VALUES, ':one': 1, ':ready': 'ready', ':now': now.toISOString() },
              },
            },
            ...firstVersionItems(this.tableName, id, initialSpec, now),
          ],
        }),
      ),
    );
    return written !== undefined;
  }

  async failSpecWriting(id: string, now: Date, error: string): Promise<boolean> {
    const written = await unlessConditionFailed(
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: projectKey(id),
          UpdateExpression: 'SET #specStatus = :failed, specError = :error, updatedAt = :now',
          ConditionExpression: WRITING,
          ExpressionAttributeNames: WRITING_NAMES,
          ExpressionAttributeValues: { ...WRITING_VALUES, ':failed': 'failed', ':error': error, ':now': now.toISOString() },
        }),
      ),
    );
    return written !== undefined;
  }

  /** The project of `ownerId` if it can be changed: 404 if not theirs, 409 if archived. */
  async getWritable(ownerId: string, id: string): Promise<Project> {
    const project = await this.get(ownerId, id);
    if (!project) throw new NotFoundError('Project not found');
    if (project.status === 'archived') throw new ConflictError('The project is archived; it can be read but not changed');
    return project;
  }

  /** The project of `ownerId`, or 404. */
  async getOwned(ownerId: string, id: string): Promise<Project> {
    const project = await this.get(ownerId, id);
    if (!project) throw new NotFoundError('Project not found');
    return project;
  }

  /** The project if it exists AND belongs to `ownerId`; otherwise null (never reveal it exists). */
  async get(ownerId: string, id: string): Promise<Project | null> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: projectKey(id) }));
    if (!Item || Item.ownerId !== ownerId) return null;
    return toProject(Item);
  }

  /** Newest first. `startKey` comes from a verified cursor. One Query per page. */
  async list(ownerId: string, status: ProjectStatus, limit: number, startKey?: Record<string, string | number>): Promise<ProjectPage> {
    const { Items = [] } = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': ownerListKey(ownerId, status) },
        ScanIndexForward: false,
        // One more than asked tells whether a next page exists without an empty last page.
        Limit: limit + 1,
        ExclusiveStartKey: startKey,
      }),
    );
    const page = Items.slice(0, limit);
    const last = page[page.length - 1] as ProjectItem | undefined;
    return {
      items: page.map(toProject),
      lastKey:
        Items.length > limit && last ? { PK: last.PK, SK: last.SK, GSI1PK: last.GSI1PK, GSI1SK: last.GSI1SK } : undefined,
    };
  }

  /** Renames or re-describes an active project of `ownerId`. 404 if not theirs; 409 if archived. */
  async update(ownerId: string, id: string, changes: { name?: string; description?: string }, now: Date): Promise<Project> {
    const names: Record<string, string> = { '#updatedAt': 'updatedAt', '#status': 'status', '#ownerId': 'ownerId' };
    const values: Record<string, unknown> = { ':now': now.toISOString(), ':owner': ownerId, ':active': 'active' };
    const sets = ['#updatedAt = :now'];
    for (const field of ['name', 'description'] as const) {
      if (changes[field] !== undefined) {
        names[`#${field}`] = field;
        values[`:${field}`] = changes[field];
        sets.push(`#${field} = :${field}`);
      }
    }
    return this.conditionalUpdate(id, ownerId, {
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(PK) AND #ownerId = :owner AND #status = :active',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
  }

  /** Points the project at its newest completed blueprint. */
  async setLatestBlueprint(ownerId: string, id: string, blueprintId: string, now: Date): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: projectKey(id),
        UpdateExpression: 'SET latestBlueprintId = :bp, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND ownerId = :owner',
        ExpressionAttributeValues: { ':bp': blueprintId, ':now': now.toISOString(), ':owner': ownerId },
      }),
    );
  }

  /**
   * Archives (idempotently) a project of `ownerId`; it moves to the owner's archived list. A
   * project whose API is deployed, or with a deployment running, is refused with 409 (destroy
   * its stack first): one transaction checks the deployment lock and conditions the update on
   * no active deployment, so a deploy cannot slip in between.
   */
  async archive(ownerId: string, id: string, now: Date): Promise<Project> {
    const current = await this.get(ownerId, id);
    if (!current) throw new NotFoundError('Project not found');
    if (current.status === 'archived') return current;
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.tableName,
                Key: projectKey(id),
                UpdateExpression: 'SET #status = :archived, #updatedAt = :now, GSI1PK = :list',
                ConditionExpression: 'attribute_exists(PK) AND #ownerId = :owner AND #status = :active AND NOT attribute_type(activeDeploymentId, :string)',
                ExpressionAttributeNames: { '#status': 'status', '#updatedAt': 'updatedAt', '#ownerId': 'ownerId' },
                ExpressionAttributeValues: {
                  ':archived': 'archived',
                  ':active': 'active',
                  ':now': now.toISOString(),
                  ':owner': ownerId,
                  ':list': ownerListKey(ownerId, 'archived'),
                  ':string': 'S',
                },
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
            { ConditionCheck: { TableName: this.tableName, Key: keys.deploymentLock(id), ConditionExpression: 'attribute_not_exists(PK)' } },
          ],
        }),
      );
    } catch (err) {
      if (!(err instanceof TransactionCanceledException)) throw err;
      const [project, lock] = err.CancellationReasons ?? [];
      if (lock?.Code === 'ConditionalCheckFailed') throw new ConflictError('A deployment of this project is running; archive it once the deployment has ended');
      if (project?.Code !== 'ConditionalCheckFailed') throw err;
      const old = project.Item as Record<string, { S?: string; NULL?: boolean }> | undefined;
      if (!old || old.ownerId?.S !== ownerId) throw new NotFoundError('Project not found');
      if (old.status?.S === 'archived') return (await this.get(ownerId, id)) ?? current;
      if (old.activeDeploymentId?.S) {
        throw new ConflictError("The project's API is deployed: destroy its stack first (DELETE /projects/{projectId}/stack), then archive it");
      }
      throw err;
    }
    // What the update wrote (a read now could be an eventually consistent one from before it).
    return { ...current, status: 'archived', updatedAt: now.toISOString() };
  }

  private async conditionalUpdate(
    id: string,
    ownerId: string,
    update: Pick<ConstructorParameters<typeof UpdateCommand>[0], 'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>,
  ): Promise<Project> {
    try {
      const { Attributes } = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: projectKey(id),
          ...update,
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return toProject(Attributes as Record<string, unknown>);
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) {
        const old = err.Item ? (err.Item as Record<string, { S?: string }>) : undefined;
        if (!old || old.ownerId?.S !== ownerId) throw new NotFoundError('Project not found');
        throw new ConflictError('The project is archived; it can be read but not changed');
      }
      throw err;
    }
  }
}

/** @deprecated The class's old name, until the composition root constructs DynamoProjectRepository (the port is ProjectRepository). */
