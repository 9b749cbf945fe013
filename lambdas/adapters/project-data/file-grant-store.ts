/**
 * Upload grants of a generated project API: which fileKeys were handed out for which record
 * and field, with the type (and size) the client declared, and whether the key has been
 * attached. Attaching a key (PATCH of a file field) needs its grant, so a key of another record
 * or organization is useless (CONTRACT "Files"); a grant attaches at most once.
 *
 *   grant (grantKey, project-table-keys.ts): field, contentType, size?, filename, expiresAt, attachedAt?, _ttl
 *
 * The storage keys (staging and final) are not stored: they are derived from the same parts
 * (lambdas/core/project-api/file-keys.ts). Grants written before staging keys existed carry a
 * `storageKey` attribute, which is ignored.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GRANT_GRACE_SECONDS } from '../../core/project-api/file-keys';
import type { FileGrant, FileGrantRef, FileGrantStore } from '../../ports/file-grant-store';
import { PROJECT_TTL_ATTRIBUTE } from './project-table';
import { grantKey } from './project-table-keys';

export class DynamoFileGrantStore implements FileGrantStore {
  constructor(private readonly props: { doc: DynamoDBDocumentClient; tableName: string }) {}

  async put(orgId: string | null, grant: FileGrant): Promise<void> {
    const ttl = Math.ceil(Date.parse(grant.expiresAt) / 1000) + GRANT_GRACE_SECONDS;
    await this.props.doc.send(
      new PutCommand({
        TableName: this.props.tableName,
        Item: { ...grantKey(orgId, grant.entity, grant.recordId, grant.fileKey), kind: 'file-grant', ...grant, [PROJECT_TTL_ATTRIBUTE]: ttl },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  }

  /** The grant of this key for this record, or null (never granted, granted for another record, or forgotten). */
  async get(orgId: string | null, entity: string, recordId: string, fileKey: string, now: Date): Promise<FileGrant | null> {
    const got = await this.props.doc.send(new GetCommand({ TableName: this.props.tableName, Key: grantKey(orgId, entity, recordId, fileKey), ConsistentRead: true }));
    const item = got.Item;
    // DynamoDB's TTL deletes lazily: an item past its ttl is treated as gone.
    const expires = item?.[PROJECT_TTL_ATTRIBUTE];
    if (!item || (typeof expires === 'number' && expires * 1000 <= now.getTime())) return null;
    const { PK: _pk, SK: _sk, kind: _kind, storageKey: _legacy, [PROJECT_TTL_ATTRIBUTE]: _expires, ...grant } = item;
    return grant as FileGrant;
  }

  /**
   * Takes the grant for one attach: sets `attachedAt` unless the grant is gone, expired or
   * already taken. False then. One conditional write, so two requests attaching the same key
   * at once cannot both go on to move its object.
   */
  async claim(orgId: string | null, grant: FileGrantRef, now: Date): Promise<boolean> {
    try {
      await this.props.doc.send(
        new UpdateCommand({
          TableName: this.props.tableName,
          Key: grantKey(orgId, grant.entity, grant.recordId, grant.fileKey),
          UpdateExpression: 'SET attachedAt = :at',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(attachedAt) AND #ttl > :nowSeconds',
          ExpressionAttributeNames: { '#ttl': PROJECT_TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':at': now.toISOString(), ':nowSeconds': Math.floor(now.getTime() / 1000) },
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  /** Gives a claim back (the attach did not complete): the key can be attached again. Only our own claim (`claimedAt`). */
  async release(orgId: string | null, grant: FileGrantRef, claimedAt: Date): Promise<void> {
    try {
      await this.props.doc.send(
        new UpdateCommand({
          TableName: this.props.tableName,
          Key: grantKey(orgId, grant.entity, grant.recordId, grant.fileKey),
          UpdateExpression: 'REMOVE attachedAt',
          ConditionExpression: 'attachedAt = :at',
          ExpressionAttributeValues: { ':at': claimedAt.toISOString() },
        }),
      );
    } catch (err) {
      // Not ours any more (or gone): nothing to give back.
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    }
  }
}
