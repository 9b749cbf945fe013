/**
 * A project's one conversation with the spec assistant (`PROJECT#<id>` / `MSG#<time>#<seq>-<id>`).
 * Messages written together (a user message and the assistant's reply) go in one transaction
 * and sort in the order given.
 */
import { createHash, randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ChatMessage } from '../../control-plane/schemas';
import { keys } from './keys';

/** The conversation id of a project: stable, derived from the project id (one conversation each). */
export function conversationIdOf(projectId: string): string {
  const hex = createHash('sha256').update(`bgs:conversation:${projectId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export class ConversationRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async append(projectId: string, messages: ReadonlyArray<Pick<ChatMessage, 'role' | 'content'>>, now: Date): Promise<ChatMessage[]> {
    const at = now.toISOString();
    const stored = messages.map((m) => ({ id: randomUUID(), role: m.role, content: m.content, createdAt: at }));
    const items = stored.map((m, i) => ({ ...keys.chatMessage(projectId, `${at}#${i}-${m.id}`), ...m }));
    if (items.length === 1) {
      await this.doc.send(new PutCommand({ TableName: this.tableName, Item: items[0] }));
    } else {
      await this.doc.send(new TransactWriteCommand({ TransactItems: items.map((Item) => ({ Put: { TableName: this.tableName, Item } })) }));
    }
    return stored;
  }

  /** The latest `limit` messages, oldest first. */
  async history(projectId: string, limit: number): Promise<ChatMessage[]> {
    const { Items = [] } = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.projectPartition(projectId), ':prefix': keys.chatPrefix },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return Items.reverse().map((i) => ({ id: i.id as string, role: i.role as ChatMessage['role'], content: i.content as string, createdAt: i.createdAt as string }));
  }
}
