/**
 * The control plane's projects. Ownership is enforced here, in the data access path: a read
 * returns nothing for another user's project (-> 404, never revealing it exists), and every
 * write is conditioned on the owner, so no use case can forget the check.
 * DynamoDB: lambdas/adapters/dynamodb/project-repository.ts.
 */
import type { CursorKey } from '../core/cursor';
import type { Project, ProjectStatus } from '../core/control-plane-records';
import type { KeyedPage } from './keyed-page';

export type { Project, ProjectStatus };

export type ProjectPage = KeyedPage<Project>;

export interface ProjectRepository {
  /**
   * Creates a project and, with it, its spec version 1 and (when given) the first message of its
   * conversation, the assistant's account of that draft: all exist afterwards or none does. A
   * spec too large for one version is 413 and creates nothing.
   */
  create(
    ownerId: string,
    input: { name: string; description: string },
    now: Date,
    initialSpec: { content: string; lastUserMessage: string | null; assistantMessage?: string },
    id?: string,
  ): Promise<Project>;
  /** The project of `ownerId` if it can be changed: 404 if not theirs, 409 if archived. */
  getWritable(ownerId: string, id: string): Promise<Project>;
  /** The project of `ownerId`, or 404. */
  getOwned(ownerId: string, id: string): Promise<Project>;
  /** The project if it exists AND belongs to `ownerId`; otherwise null. */
  get(ownerId: string, id: string): Promise<Project | null>;
  /** The owner's projects with this status, newest first. */
  list(ownerId: string, status: ProjectStatus, limit: number, startKey?: CursorKey): Promise<ProjectPage>;
  /** Renames or re-describes an active project of `ownerId`. 404 if not theirs; 409 if archived. */
  update(ownerId: string, id: string, changes: { name?: string; description?: string }, now: Date): Promise<Project>;
  /** Points the project at its newest completed blueprint. */
  setLatestBlueprint(ownerId: string, id: string, blueprintId: string, now: Date): Promise<void>;
  /** Archives (idempotently) a project of `ownerId`; it moves to the owner's archived list. 404 if not theirs. */
  archive(ownerId: string, id: string, now: Date): Promise<Project>;
}
