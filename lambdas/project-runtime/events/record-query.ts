/**
 * The records a scheduled job acts on (ir-events.ts IrRecordQuery), within one organization.
 * Read through the record store's list, which is a Query: of the first condition's index when
 * there is one (validation allows conditions on indexed fields only), else of the entity's own
 * partition — never a Scan of the organization. The other conditions and the age are checked on
 * the records read.
 */
import type { IrEntity, IrRecordQuery } from '../../core/blueprint/ir';
import type { FilterValue } from '../../core/project-api/list-query';
import type { RecordStore, StoredRecord } from '../../ports/record-store';
import { conditionText } from '../workflows/record-waits';

export type RecordQueryReader = Pick<RecordStore, 'list'>;

/** Records read per page. */
const PAGE = 100;

/** A condition's text as the value the index holds (`true` for a boolean field, 3 for an integer). */
function filterValue(entity: IrEntity, field: string, text: string): FilterValue {
  const type = entity.fields.find((f) => f.name === field)?.type;
  if (type === 'boolean') return text === 'true';
  if (type === 'integer' || type === 'number') return Number(text);
  return text;
}

/** Whether the record's timestamp meets the age condition at `now`. */
function ageHolds(query: IrRecordQuery, record: StoredRecord, now: Date): boolean {
  if (!query.age) return true;
  const at = Date.parse(String(record[query.age.field] ?? ''));
  if (Number.isNaN(at)) return false;
  const age = now.getTime() - at;
  if (query.age.olderThanSeconds !== undefined && age < query.age.olderThanSeconds * 1000) return false;
  if (query.age.newerThanSeconds !== undefined && age > query.age.newerThanSeconds * 1000) return false;
  return true;
}

/** The matching records, oldest first, at most `max`. */
export async function queryRecords(store: RecordQueryReader, entity: IrEntity, query: IrRecordQuery, orgId: string | null, now: Date, max: number): Promise<StoredRecord[]> {
  const [first, ...others] = query.where ?? [];
  const scope = { orgId: entity.tenantScoped ? orgId : null };
  const found: StoredRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list(entity, scope, {
      limit: PAGE,
      ...(cursor ? { cursor } : {}),
      ...(first ? { filter: { field: first.field, value: filterValue(entity, first.field, first.value) } } : {}),
    });
    for (const record of page.items) {
      if (others.every((c) => conditionText(record[c.field]) === c.value) && ageHolds(query, record, now)) found.push(record);
      if (found.length >= max) return found;
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return found;
}
