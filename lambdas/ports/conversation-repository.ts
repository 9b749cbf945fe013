/**
 * A project's one conversation with the spec assistant. Messages appended together (a user
 * message and the assistant's reply) are written together and listed in the order given.
 * DynamoDB: lambdas/adapters/dynamodb/conversation-repository.ts.
 */

import type { ChatMessage, ChatRole } from '../core/control-plane-records';

export type { ChatMessage, ChatRole };

export interface ConversationRepository {
  append(projectId: string, messages: ReadonlyArray<Pick<ChatMessage, 'role' | 'content'>>, now: Date): Promise<ChatMessage[]>;
  /** The latest `limit` messages, oldest first. */
  history(projectId: string, limit: number): Promise<ChatMessage[]>;
}
