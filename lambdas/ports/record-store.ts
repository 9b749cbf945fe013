/**
 * The record store of a generated project API: where its entity records live (DynamoDB on AWS
 * and locally; lambdas/adapters/project-data/). Tenancy and ownership are enforced HERE, in the
 * data access path, not only by the handler: every key carries the organization, and writes
 * limited to own records are conditioned on the owner field.
 *
 * Key design (one table per deployed project; `<o>` = `O#<orgId>#` for a tenant-scoped entity
 * of a multi-tenant project, else the empty string):
 *   record        PK `<o>E#<Entity>`                      SK `<id>` (ids sort by creation time)
 *   member        PK `<o>E#User`                          SK `<userId>` (the built-in User entity)
 *   index entry   GSI<n>PK `<o><Entity>#<field>#<value>`  GSI<n>SK `<created_at>#<id>` (IR `indexes`)
 *   unique value  PK `<o>U#<Entity>#<field>#<value>`      SK `U`
 * A record of another organization therefore cannot be addressed at all: it is simply not found.
 */
import type { IrEntity } from '../core/blueprint/ir';
import type { FilterValue } from '../core/project-api/list-query';

/** The organization every key of a request is built from: the token's `org_id` (null when single-tenant). */
export interface RecordScope {
  readonly orgId: string | null;
}

/** A record as stored and returned: the server-owned fields and the entity's fields (absent = unset). */
export type StoredRecord = Record<string, unknown> & {
  id: string;
  owner_id: string;
  created_at: string;
  updated_at: string;
  /** Present on tenant-scoped entities of a multi-tenant project. */
  org_id?: string;
};

export interface ListInput {
  /** 1..maxPageSize, already validated. */
  readonly limit: number;
  /** As given by the client; verified (tamper-evident, bound to this list) by the store -> 400. */
  readonly cursor?: string;
  /** One filter on an indexed field (list-query.ts). */
  readonly filter?: { readonly field: string; readonly value: FilterValue };
  /** Only records whose owner field is this user (a right or level limited to own records). */
  readonly ownerId?: string;
}

export interface RecordPage {
  readonly items: StoredRecord[];
  /** Opaque, tamper-evident; null on the last page. */
  readonly nextCursor: string | null;
}

/** Which workflow's task wrote a record last (WriteGuard.writtenBy), an attribute beside its fields; never returned. */
export const WORKFLOW_MARK_ATTRIBUTE = '_wf';

/** Conditions a write must meet in the table, besides the record's existence in the scope. */
export interface WriteGuard {
  /**
   * Limited to own records: the stored record's owner field must equal this user, else 403
   * FORBIDDEN (the record exists in the scope and is visible; it may not be changed).
   */
  readonly ownerId?: string;
  /**
   * The workflow whose task writes (its mark, `<workflow>:<chain depth>`), kept on the record as
   * WORKFLOW_MARK_ATTRIBUTE so the change it makes does not start that workflow again; a write
   * without it clears the mark (the next change is not the workflow's).
   */
  readonly writtenBy?: string;
}

export interface RecordStore {
  /** One consistent GetItem; null when absent in this scope (another organization's record too). */
  get(entity: IrEntity, scope: RecordScope, id: string): Promise<StoredRecord | null>;
  /** One Query (the entity's partition, or the filter's / owner's index); newest last (creation order). */
  list(entity: IrEntity, scope: RecordScope, input: ListInput): Promise<RecordPage>;
  /**
   * Writes a new record (server fields already set). One PutItem, or one transaction when the
   * record has unique values (409 CONFLICT naming the field) or references (the target must
   * exist in the same scope, else 400 VALIDATION_ERROR at `body.<field>`). The server-owned
   * `owner_id` is not checked: the server sets it to the (verified) caller.
   */
  create(entity: IrEntity, scope: RecordScope, record: StoredRecord, guard?: Pick<WriteGuard, 'writtenBy'>): Promise<void>;
  /**
   * Replaces `before` by `after` (same id; PUT and PATCH both come here), conditioned on the
   * stored record still being `before` (its `updated_at`) and on the guard: a concurrent change
   * -> 409 CONFLICT; gone -> 404. Unique values and references that change are handled in the
   * same transaction.
   */
  update(entity: IrEntity, scope: RecordScope, before: StoredRecord, after: StoredRecord, guard?: WriteGuard): Promise<void>;
  /**
   * Deletes the record, conditioned as `update` is. Records that reference it: `restrict` ->
   * 409 CONFLICT; `cascade` -> deleted in the same transaction; `set_null` -> cleared in it.
   */
  delete(entity: IrEntity, scope: RecordScope, record: StoredRecord, guard?: WriteGuard): Promise<void>;
}
