/**
 * The local stand-in for SES: verification and reset emails are stored in the DynamoDB table
 * instead of being sent, and read back through `GET /_local/mail` (local mode only; the route
 * does not exist on AWS). One partition per recipient (outboxPartition, local-identity-table-keys.ts),
 * sorted by the time sent, so one Query per recipient lists the mail in time order with no Scan.
 */
import { randomBytes } from 'node:crypto';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { systemClock, type Clock } from '../core/clock';
import { outboxMailKey, outboxPartition } from './identity/local-identity-table-keys';

/** One stored email, as `GET /_local/mail` answers it (CONTRACT.md, "Local mode only"). */
export interface MailItem {
  to: string;
  /** The generated project the mail belongs to; null for control-plane mail. */
  projectId: string | null;
  subject: string;
  body: string;
  code: string;
  sentAt: string;
}

export interface LocalOutboxProps {
  doc: DynamoDBDocumentClient;
  tableName: string;
  clock?: Clock;
}

export interface ListMailInput {
  to: string;
  /** Omitted: all mail of the address; null: control-plane mail only; a string: that project's. */
  projectId?: string | null;
  /** @default 50, at most 200 */
  limit?: number;
}

export const OUTBOX_DEFAULT_LIMIT = 50;
export const OUTBOX_MAX_LIMIT = 200;

// ISO timestamps have millisecond precision; mail sent within one millisecond (a frozen test
// clock, or signup and forgot-password back to back) still lists in send order thanks to this
// per-process sequence. Across processes the random tail keeps keys unique.
let sequence = 0;

export class LocalOutbox {
  private readonly doc: DynamoDBDocumentClient;
  private readonly tableName: string;
  private readonly clock: Clock;

  constructor(props: LocalOutboxProps) {
    this.doc = props.doc;
    this.tableName = props.tableName;
    this.clock = props.clock ?? systemClock;
  }

  async send(mail: { to: string; projectId: string | null; subject: string; body: string; code: string }): Promise<void> {
    const sentAt = this.clock.now().toISOString();
    sequence = (sequence + 1) % 0x1_0000_0000;
    const unique = `${sequence.toString(16).padStart(8, '0')}${randomBytes(6).toString('hex')}`;
    const item: MailItem = {
      to: mail.to,
      projectId: mail.projectId,
      subject: mail.subject,
      body: mail.body,
      code: mail.code,
      sentAt,
    };
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { ...outboxMailKey(mail.to, sentAt, unique), kind: 'mail', ...item },
        // The key is unique by construction; the condition makes a collision an error, not a lost mail.
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  }

  /** The newest mail of an address first, optionally only one project's (or the control plane's). */
  async list(input: ListMailInput): Promise<MailItem[]> {
    const asked = Number.isFinite(input.limit) ? Math.trunc(input.limit as number) : OUTBOX_DEFAULT_LIMIT;
    const limit = Math.min(Math.max(asked, 1), OUTBOX_MAX_LIMIT);
    const filter: MailFilter = input.projectId === undefined ? {} : projectFilter(input.projectId);
    const items: MailItem[] = [];
    let startKey: Record<string, unknown> | undefined;
    // With a filter, DynamoDB's Limit counts items before filtering: keep paging until enough
    // matches are found or the recipient's mail runs out.
    do {
      const page = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': outboxPartition(input.to), ...filter.values },
          ...(filter.expression ? { FilterExpression: filter.expression } : {}),
          ...(filter.names ? { ExpressionAttributeNames: filter.names } : {}),
          ScanIndexForward: false,
          ConsistentRead: true,
          Limit: limit,
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      for (const raw of page.Items ?? []) {
        if (items.length >= limit) break;
        items.push(toMailItem(raw));
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey && items.length < limit);
    return items;
  }
}

interface MailFilter {
  expression?: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

function projectFilter(projectId: string | null): MailFilter {
  // Control-plane mail stores projectId as NULL; `= :null` would not match a NULL attribute.
  if (projectId === null) {
    return { expression: 'attribute_type(#p, :nullType)', names: { '#p': 'projectId' }, values: { ':nullType': 'NULL' } };
  }
  return { expression: '#p = :project', names: { '#p': 'projectId' }, values: { ':project': projectId } };
}

function toMailItem(raw: Record<string, unknown>): MailItem {
  return {
    to: String(raw.to),
    projectId: typeof raw.projectId === 'string' ? raw.projectId : null,
    subject: String(raw.subject),
    body: String(raw.body),
    code: String(raw.code),
    sentAt: String(raw.sentAt),
  };
}
