/**
 * A project's one conversation with the spec assistant (`PROJECT#<id>` / `MSG#<time>#<seq>-<id>`).
 * Messages written together (a user message and the assistant's reply) go in one transaction
 * and sort in the order given.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ChatMessage, ConversationRepository } from '../../ports/conversation-repository';
import { keys } from './keys';

/** Messages as stored and as table items, in the order given; project creation writes the first one with the project. */
export function chatMessageItems(projectId: string, messages: ReadonlyArray<Pick<ChatMessage, 'role' | 'content'>>, now: Date): { stored: ChatMessage[]; items: Record<string, unknown>[] } {
  const at = now.toISOString();
  const stored = messages.map((m) => ({ id: randomUUID(), role: m.role, content: m.content, createdAt: at }));
  return { stored, items: stored.map((m, i) => ({ ...keys.chatMessage(projectId, at, i, m.id), ...m })) };
}

export class DynamoConversationRepository implements ConversationRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async append(projectId: string, messages: ReadonlyArray<Pick<ChatMessage, 'role' | 'content'>>, now: Date): Promise<ChatMessage[]> {
    const { stored, items } = chatMessageItems(projectId, messages, now);
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

/** @deprecated The class's old name, until the composition root constructs DynamoConversationRepository (the port is ConversationRepository). */
