/**
 * Spec versions of a project (`PROJECT#<id>` / `SPEC#<version>`). A new version is written in
 * one transaction with the project's `latestSpecVersion`, conditioned on the version it was
 * based on, so two concurrent applies can never both write version n+1: the loser re-reads and
 * takes n+2 (or, when it named a `baseVersion`, gets 409 VERSION_CONFLICT). No gap, no duplicate.
 */
import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MAX_SPEC_BYTES, type AppendInput, type Spec, type SpecPage, type SpecRepository } from '../../ports/spec-repository';
import { ConflictError, NotFoundError, PayloadTooLargeError, VersionConflictError } from '../../core/errors';
import { keys } from './keys';

/**
 * The item of a spec version; every write of one builds it here, before anything is sent. A
 * content within the character limit can still be too many bytes for one item (four-byte
 * characters): 413 naming the limit, nothing written.
 */
export function specItem(spec: Spec): Record<string, unknown> {
  const bytes = Buffer.byteLength(spec.content, 'utf8');
  if (bytes > MAX_SPEC_BYTES) {
    throw new PayloadTooLargeError(`The spec is ${bytes} bytes in UTF-8; a spec version may hold at most ${MAX_SPEC_BYTES} bytes (${MAX_SPEC_BYTES / 1024} KB)`);
  }
  return { ...keys.specVersion(spec.projectId, spec.version), ...spec };
}

function toSpec(item: Record<string, unknown>): Spec {
  return {
    id: item.id as string,
    projectId: item.projectId as string,
    version: item.version as number,
    content: item.content as string,
    lastUserMessage: (item.lastUserMessage as string | null | undefined) ?? null,
    createdAt: item.createdAt as string,
  };
}

/** Attempts before giving up under extreme contention (each round lets at least one writer through). */
const MAX_ATTEMPTS = 200;

export class DynamoSpecRepository implements SpecRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(projectId: string, version: number): Promise<Spec | null> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.specVersion(projectId, version) }));
    return Item ? toSpec(Item) : null;
  }

  /** Newest first, without loading more than a page. */
  async list(projectId: string, limit: number, startKey?: Record<string, string | number>): Promise<SpecPage> {
    const { Items = [] } = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.projectPartition(projectId), ':prefix': keys.specPrefix },
        ScanIndexForward: false,
        Limit: limit + 1,
        ExclusiveStartKey: startKey,
      }),
    );
    const page = Items.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(toSpec),
      lastKey: Items.length > limit && last ? { PK: last.PK as string, SK: last.SK as string } : undefined,
    };
  }

  /** Saves `content` as the project's next version and moves the project's pointer, atomically. */
  async append(input: AppendInput): Promise<Spec> {
    for (let attempt = 1; ; attempt++) {
      const { Item: project } = await this.doc.send(
        new GetCommand({ TableName: this.tableName, Key: keys.project(input.projectId), ConsistentRead: true }),
      );
      if (!project || project.ownerId !== input.ownerId) throw new NotFoundError('Project not found');
      if (project.status !== 'active') throw new ConflictError('The project is archived; it can be read but not changed');
      const current = (project.latestSpecVersion as number | null | undefined) ?? 0;
      if (input.baseVersion !== undefined && input.baseVersion !== current) {
        throw new VersionConflictError(
          input.baseVersion < current
            ? `The spec changed since version ${input.baseVersion}: the latest is version ${current}. Merge your change into it and apply again.`
            : `Version ${input.baseVersion} does not exist yet: the latest is version ${current}.`,
        );
      }
      const at = input.now().toISOString();
      const spec: Spec = {
        id: randomUUID(),
        projectId: input.projectId,
        version: current + 1,
        content: input.content,
        lastUserMessage: input.lastUserMessage,
        createdAt: at,
      };
      try {
        await this.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: this.tableName,
                  Key: keys.project(input.projectId),
                  UpdateExpression: 'SET latestSpecVersion = :next, updatedAt = :at',
                  ConditionExpression:
                    current === 0
                      ? 'ownerId = :owner AND #status = :active AND (attribute_not_exists(latestSpecVersion) OR latestSpecVersion = :null)'
                      : 'ownerId = :owner AND #status = :active AND latestSpecVersion = :current',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: {
                    ':next': spec.version,
                    ':at': at,
                    ':owner': input.ownerId,
                    ':active': 'active',
                    ...(current === 0 ? { ':null': null } : { ':current': current }),
                  },
                },
              },
              { Put: { TableName: this.tableName, Item: specItem(spec), ConditionExpression: 'attribute_not_exists(PK)' } },
            ],
          }),
        );
        return spec;
      } catch (err) {
        if (!(err instanceof TransactionCanceledException) || attempt >= MAX_ATTEMPTS) throw err;
        // Another apply (or an archive) won the race: re-read and decide again.
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, attempt * 5)));
      }
    }
  }
}

/** @deprecated The class's old name, until the composition root constructs DynamoSpecRepository (the port is SpecRepository). */
