/**
 * Record waits: what a waitForRecord step waits for, as the text that names its wait in the
 * project's table, computed the same from both sides, the waiting step (recordWaitKey) and a
 * change read from the stream (waitKeysOf), so a change finds exactly the waits it satisfies.
 *
 *   created   `new <Entity>.<field>=<triggering record id>`   (a Reply with ticket_id = the ticket)
 *   fieldSet  `<Entity>/<record id>.<field>=<value>`          (the ticket's status set to resolved)
 */
import type { BlueprintIR } from '../../core/blueprint/ir';
import type { IrRecordChange } from '../../core/blueprint/ir-workflows';
import type { RecordChange } from '../../ports/record-changes';
import type { WorkflowRecordRef } from '../../ports/workflow-instances';

/** Values compare as text, as the IR's conditions are written (`value: "sev1"`, `"true"`, `"3"`). */
export const conditionText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

const createdKey = (entity: string, field: string, parentId: string): string => `new ${entity}.${field}=${parentId}`;
const fieldSetKey = (entity: string, recordId: string, field: string, value: string): string => `${entity}/${recordId}.${field}=${value}`;

/** The wait of a step about the instance's triggering record (an instance without one waits for nothing that can come). */
export function recordWaitKey(change: IrRecordChange, run: { record?: WorkflowRecordRef }): string {
  const record = run.record ?? { entity: '-', id: '-' };
  return change.kind === 'created' ? createdKey(change.entity, change.field, record.id) : fieldSetKey(record.entity, record.id, change.field, change.value);
}

/** Every wait a change satisfies: a new record, by each reference it holds; an update, by each field it set to a new value. */
export function waitKeysOf(ir: BlueprintIR, change: RecordChange): string[] {
  const entity = ir.entities.find((e) => e.name === change.entity);
  if (!entity || !change.after) return [];
  const keys: string[] = [];
  if (change.kind === 'created') {
    for (const field of entity.fields) {
      const parent = field.type === 'ref' ? conditionText(change.after[field.name]) : undefined;
      if (parent !== undefined) keys.push(createdKey(entity.name, field.name, parent));
    }
  }
  if (change.kind === 'created' || change.kind === 'updated') {
    for (const field of entity.fields) {
      const now = conditionText(change.after[field.name]);
      if (now === undefined || now === conditionText(change.before?.[field.name])) continue;
      keys.push(fieldSetKey(entity.name, change.recordId, field.name, now));
    }
  }
  return keys;
}
