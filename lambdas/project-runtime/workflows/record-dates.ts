/**
 * What waits read from records: the date a waitUntil step waits for (a field of the triggering
 * record, or with `via` of the record it references: a course's start for an enrolment), and
 * whether the change a waitForRecord step waits for happened before its wait was recorded.
 */
import type { BlueprintIR, IrEntity } from '../../core/blueprint/ir';
import type { IrStep } from '../../core/blueprint/ir-workflows';
import type { RecordScope, RecordStore, StoredRecord } from '../../ports/record-store';
import { conditionText } from './record-waits';
import type { WaitDateReader, WorkflowExecutionInput } from './workflow-handler';

/** How many records a waitForRecord looks through for one made before its wait was recorded. */
const RECENT_PAGE = 100;

export class RecordDates implements WaitDateReader {
  constructor(private readonly props: { ir: BlueprintIR; records: RecordStore }) {}

  async dateOf(step: Extract<IrStep, { kind: 'waitUntil' }>, run: WorkflowExecutionInput): Promise<string | null> {
    const found = await this.triggering(run);
    if (!found) return null;
    let { entity, record } = found;
    if (step.via !== undefined) {
      const field = entity.fields.find((f) => f.name === step.via);
      const target = field?.ref?.entity;
      const id = record[step.via];
      const targetEntity = this.props.ir.entities.find((e) => e.name === target);
      if (!targetEntity || typeof id !== 'string') return null;
      const referenced = await this.props.records.get(targetEntity, scopeOf(targetEntity, run), id);
      if (!referenced) return null;
      entity = targetEntity;
      record = referenced;
    }
    const value = record[step.field];
    // A date (no time) is its start in UTC.
    return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(Date.parse(value)).toISOString() : null;
  }

  async changeHappened(step: Extract<IrStep, { kind: 'waitForRecord' }>, run: WorkflowExecutionInput, since: string): Promise<boolean> {
    const change = step.change;
    if (change.kind === 'fieldSet') {
      const found = await this.triggering(run);
      return found !== null && conditionText(found.record[change.field]) === change.value;
    }
    const entity = this.props.ir.entities.find((e) => e.name === change.entity);
    if (!entity || !run.record) return false;
    const page = await this.props.records.list(entity, scopeOf(entity, run), { filter: { field: change.field, value: run.record.id }, limit: RECENT_PAGE });
    return page.items.some((item) => typeof item.created_at === 'string' && item.created_at >= since);
  }

  private async triggering(run: WorkflowExecutionInput): Promise<{ entity: IrEntity; record: StoredRecord } | null> {
    if (!run.record) return null;
    const entity = this.props.ir.entities.find((e) => e.name === run.record!.entity);
    if (!entity) return null;
    const record = await this.props.records.get(entity, scopeOf(entity, run), run.record.id);
    return record ? { entity, record } : null;
  }
}

const scopeOf = (entity: IrEntity, run: WorkflowExecutionInput): RecordScope => ({ orgId: entity.tenantScoped ? run.orgId : null });
