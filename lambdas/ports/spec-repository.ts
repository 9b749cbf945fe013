/**
 * Spec versions of a project. A new version and the project's `latestSpecVersion` move
 * together, conditioned on the version it was based on, so two concurrent applies never both
 * write version n+1: the loser takes n+2 (or, when it named a `baseVersion`, gets 409
 * VERSION_CONFLICT). No gap, no duplicate. DynamoDB: lambdas/adapters/dynamodb/spec-repository.ts.
 */
import type { CursorKey } from '../core/cursor';
import type { Spec } from '../core/control-plane-records';
import type { KeyedPage } from './keyed-page';

/**
 * The most bytes (UTF-8) a spec version's content may hold, whatever its length in characters:
 * a version is one DynamoDB item (400 KB), and the rest of it (ids, times, the last user message)
 * fits in what is left. More -> 413 PAYLOAD_TOO_LARGE, nothing written.
 */
export const MAX_SPEC_BYTES = 350 * 1024;

export type { Spec };

export type SpecPage = KeyedPage<Spec>;

export interface AppendInput {
  readonly ownerId: string;
  readonly projectId: string;
  readonly content: string;
  readonly lastUserMessage: string | null;
  /** The version the content was based on; a newer saved version -> 409 VERSION_CONFLICT. */
  readonly baseVersion?: number;
  readonly now: () => Date;
}

export interface SpecRepository {
  get(projectId: string, version: number): Promise<Spec | null>;
  /** Newest first, without loading more than a page. */
  list(projectId: string, limit: number, startKey?: CursorKey): Promise<SpecPage>;
  /**
   * Saves `content` as the project's next version and moves the project's pointer, atomically.
   * 404 if the project is not the owner's, 409 if archived, 413 if the content is over MAX_SPEC_BYTES.
   */
  append(input: AppendInput): Promise<Spec>;
}
