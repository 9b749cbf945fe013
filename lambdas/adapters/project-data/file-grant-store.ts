/**
 * Upload grants of a generated project API: which fileKeys were handed out for which record
 * and field, with the type (and size) the client declared. Attaching a key (PATCH of a file
 * field) and signing a download both need a grant or the key on the record itself, so a key of
 * another record or organization is useless (CONTRACT "Files").
 *
 *   grant  PK `<o>G#<Entity>#<recordId>`  SK `<fileKey>`  field, contentType, size?, filename, expiresAt, _ttl
 */
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { orgPrefix } from './membership-store';
import { PROJECT_TTL_ATTRIBUTE } from './project-table';

export interface FileGrant {
  fileKey: string;
  entity: string;
  recordId: string;
  field: string;
  contentType: string;
  /** Declared size in bytes (signed into the upload URL), when given. */
  size?: number;
  filename: string;
  /** The storage key the server derived (organization, entity, record, fileKey). */
  storageKey: string;
  createdAt: string;
  /** When the upload URL stops working. */
  expiresAt: string;
}

/** Kept for a while after the upload URL expires, so a slow client can still attach its upload. */
const GRANT_GRACE_SECONDS = 24 * 3600;

export class DynamoFileGrantStore {
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
    const { PK: _pk, SK: _sk, kind: _kind, [PROJECT_TTL_ATTRIBUTE]: _expires, ...grant } = item;
    return grant as FileGrant;
  }
}

const grantKey = (orgId: string | null, entity: string, recordId: string, fileKey: string) => ({ PK: `${orgPrefix(orgId)}G#${entity}#${recordId}`, SK: fileKey });
