/**
 * The control plane's projects. Ownership is enforced here, in the data access path: a read
 * returns nothing for another user's project (-> 404, never revealing it exists), and every
 * write is conditioned on the owner, so no use case can forget the check.
 * DynamoDB: lambdas/adapters/dynamodb/project-repository.ts.
 */
import type { CursorKey } from '../core/cursor';
import type { Project, ProjectStatus, SpecStatus } from '../core/control-plane-records';
import type { KeyedPage } from './keyed-page';

export type { Project, ProjectStatus, SpecStatus };

export type ProjectPage = KeyedPage<Project>;

/** Spec version 1 as written with a project, and the first message of its conversation (the author's account of the draft). */
export interface InitialSpec {
  readonly content: string;
  readonly lastUserMessage: string | null;
  readonly assistantMessage?: string;
}

export interface ProjectRepository {
  /**
   * Creates a project and, with it, its spec version 1 and (when given) the first message of its
   * conversation, the assistant's account of that draft: all exist afterwards or none does. A
   * spec too large for one version is 413 and creates nothing. Without an initial spec (null) the
   * project is created `writing`: the spec writer writes version 1 after (recordFirstVersion).
   */
  create(ownerId: string, input: { name: string; description: string }, now: Date, initialSpec: InitialSpec | null, id?: string): Promise<Project>;
  /**
   * Claims writing version 1 of a project created `writing`: once ever, and only if the project
   * was created at or after `createdSince` (a writer starting later than that is past its
   * window). The project and its owner, or null: nothing to write (written, failed, claimed
   * before, too late, or no such project).
   */
  claimSpecWriting(id: string, now: Date, createdSince: Date): Promise<{ project: Project; ownerId: string } | null>;
  /**
   * Writes version 1 and the first assistant message and makes the project `ready`, all or
   * nothing; false, with nothing written, when the project is no longer `writing` or has a
   * version already (a spec saved meanwhile). A spec too large for one version is 413.
   */
  recordFirstVersion(id: string, now: Date, initialSpec: InitialSpec): Promise<boolean>;
  /** Ends writing version 1 as `failed`, with why (shown to the user); false when the project was no longer `writing`. */
  failSpecWriting(id: string, now: Date, error: string): Promise<boolean>;
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
