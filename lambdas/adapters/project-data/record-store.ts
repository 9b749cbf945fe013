/**
 * The record store of a generated project API over its DynamoDB table (the port:
 * lambdas/ports/record-store.ts; the keys: project-table-keys.ts; the table: project-table.ts).
 *
 * One request per operation, and the table keeps the rules, not the handler:
 * - get: one consistent GetItem. list: one Query (more only for filtered pages).
 * - create/update/delete: ONE write request; a single conditional PutItem/UpdateItem/DeleteItem
 *   when the record is the only item involved, else ONE TransactWriteItems (DESIGN "Storage":
 *   no non-transactional fallback), so a unique value, a reference count and the record can
 *   never disagree.
 *
 * This class is a façade; the decisions live in records/, one module per concern:
 *   record-item       the item as stored (fields, index keys, reference counters) and as returned
 *   list-pages        list queries: which index, pages, cursors
 *   record-writes     create and PUT/PATCH plans: uniques, reference counters, owner conditions
 *   deletion          delete plans: restrict, cascade, set_null, the counters of what it referenced
 *   write-plan        the items of one write and their rendering as DynamoDB operations
 *   execute-plan      sending a plan as one request (a retry without stale targets)
 *   explain-failure   a refused condition (TransactionCanceledException reasons) -> the contract's error
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BlueprintIR, IrEntity } from '../../core/blueprint/ir';
import { systemClock, type Clock } from '../../core/clock';
import type { ListInput, RecordPage, RecordScope, RecordStore, StoredRecord, WriteGuard } from '../../ports/record-store';
import { recordKey } from './project-table-keys';
import { planDelete, planDeleteWithDependents } from './records/deletion';
import { executePlan } from './records/execute-plan';
import { DependentsExist, tooManyDependents, tooManyReferences } from './records/explain-failure';
import { listRecords, type ListCursors } from './records/list-pages';
import { toRecord } from './records/record-item';
import { planCreate, planUpdate } from './records/record-writes';
import { prefixOf, recordStoreContext, type RecordStoreContext } from './records/store-context';

export { FILTER_BATCH, MAX_FILTERED_QUERIES } from './records/list-pages';
export { refCounterAttribute } from './records/record-item';
export { MAX_TRANSACTION_ITEMS } from './records/write-plan';

export interface DynamoRecordStoreProps {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly ir: BlueprintIR;
  /** Signs list cursors (the project's cursor key). */
  readonly cursorSecret: string;
  /** Binds cursors to this project. */
  readonly projectId: string;
  /** The new updated_at of records a `set_null` delete clears. @default systemClock */
  readonly clock?: Clock;
}

export class DynamoRecordStore implements RecordStore {
  private readonly ctx: RecordStoreContext;
  private readonly cursors: ListCursors;

  constructor(props: DynamoRecordStoreProps) {
    this.ctx = recordStoreContext({ doc: props.doc, tableName: props.tableName, ir: props.ir, clock: props.clock ?? systemClock });
    this.cursors = { projectId: props.projectId, cursorSecret: props.cursorSecret };
  }

  async get(entity: IrEntity, scope: RecordScope, id: string): Promise<StoredRecord | null> {
    const { Item } = await this.ctx.doc.send(new GetCommand({ TableName: this.ctx.tableName, Key: recordKey(prefixOf(this.ctx, entity, scope), entity.name, id), ConsistentRead: true }));
    return Item ? toRecord(entity, Item) : null;
  }

  list(entity: IrEntity, scope: RecordScope, input: ListInput): Promise<RecordPage> {
    return listRecords(this.ctx, this.cursors, entity, scope, input);
  }

  async create(entity: IrEntity, scope: RecordScope, record: StoredRecord, guard?: Pick<WriteGuard, 'writtenBy'>): Promise<void> {
    await executePlan(this.ctx, planCreate(this.ctx, entity, scope, record, guard), () => tooManyReferences(entity, record));
  }

  async update(entity: IrEntity, scope: RecordScope, before: StoredRecord, after: StoredRecord, guard?: WriteGuard): Promise<void> {
    await executePlan(this.ctx, planUpdate(this.ctx, entity, scope, before, after, guard), () => tooManyReferences(entity, after));
  }

  async delete(entity: IrEntity, scope: RecordScope, record: StoredRecord, guard?: WriteGuard): Promise<void> {
    // First as if nothing referenced it (the counters decide): one request in the common case.
    try {
      await executePlan(this.ctx, planDelete(this.ctx, entity, scope, record, guard), tooManyDependents);
    } catch (err) {
      if (!(err instanceof DependentsExist)) throw err;
      await executePlan(this.ctx, await planDeleteWithDependents(this.ctx, entity, scope, record, guard, err.counters), tooManyDependents);
    }
  }
}
