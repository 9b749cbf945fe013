/**
 * A project's one conversation with the spec assistant. Messages appended together (a user
 * message and the assistant's reply) are written together and listed in the order given.
 * DynamoDB: lambdas/adapters/dynamodb/conversation-repository.ts.
 */

export type ChatRole = 'user' | 'assistant';

export interface ChatMessage {
  readonly id: string;
  readonly role: ChatRole;
  readonly content: string;
  readonly createdAt: string;
}

export interface ConversationRepository {
  append(projectId: string, messages: ReadonlyArray<Pick<ChatMessage, 'role' | 'content'>>, now: Date): Promise<ChatMessage[]>;
  /** The latest `limit` messages, oldest first. */
  history(projectId: string, limit: number): Promise<ChatMessage[]>;
}
