/**
 * A project has one conversation with the spec assistant; its id is derived from the project id
 * (stable, nothing stored), shaped as a UUID (version 5 bits, RFC 4122 variant).
 */
import { createHash } from 'node:crypto';

export function conversationIdOf(projectId: string): string {
  const hex = createHash('sha256').update(`bgs:conversation:${projectId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
