/**
 * Which record changes start which workflows (the trigger's event, a field reaching a value,
 * `where` conditions), the marks that keep a workflow from re-triggering itself and chains from
 * running away, and the record-wait keys both sides compute the same.
 */
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import type { IrEntityTrigger } from '../../lambdas/core/blueprint/ir-workflows';
import type { RecordChange } from '../../lambdas/ports/record-changes';
import { MAX_CHAIN_DEPTH, triggers } from '../../lambdas/project-runtime/workflows/workflow-change-consumers';
import { recordWaitKey, waitKeysOf } from '../../lambdas/project-runtime/workflows/record-waits';
import { readWorkflowMark, writeWorkflowMark } from '../../lambdas/project-runtime/workflows/workflow-mark';
import { instanceIdOf } from '../../lambdas/project-runtime/workflows/workflow-starter';
import { isDurableExecutionName } from '../../lambdas/ports/durable-executions';

const change = (over: Partial<RecordChange>): RecordChange => ({ changeId: 'e1', entity: 'Ticket', orgId: 'o1', recordId: 'T1', kind: 'created', at: '2026-01-01T00:00:00Z', ...over });

test('created, deleted and updated triggers with where conditions', () => {
  const sev1: IrEntityTrigger = { entity: 'Ticket', event: 'created', where: [{ field: 'severity', value: 'sev1' }] };
  expect(triggers(sev1, change({ after: { severity: 'sev1' } }))).toBe(true);
  expect(triggers(sev1, change({ after: { severity: 'sev2' } }))).toBe(false);
  expect(triggers(sev1, change({ entity: 'Reply', after: { severity: 'sev1' } }))).toBe(false);
  expect(triggers({ entity: 'Ticket', event: 'deleted' }, change({ kind: 'deleted', before: { severity: 'sev1' } }))).toBe(true);
  expect(triggers({ entity: 'Ticket', event: 'deleted' }, change({ kind: 'updated', before: {}, after: {} }))).toBe(false);
});

test('a field trigger fires on the update that sets the value, not on later updates of such a record', () => {
  const resolved: IrEntityTrigger = { entity: 'Ticket', event: 'updated', field: 'status', value: 'resolved' };
  expect(triggers(resolved, change({ kind: 'updated', before: { status: 'open' }, after: { status: 'resolved' } }))).toBe(true);
  expect(triggers(resolved, change({ kind: 'updated', before: { status: 'resolved' }, after: { status: 'resolved', note: 'x' } }))).toBe(false);
  expect(triggers(resolved, change({ kind: 'updated', before: { status: 'open' }, after: { status: 'closed' } }))).toBe(false);
  // Numbers and booleans compare as the IR writes them: text.
  expect(triggers({ entity: 'Ticket', event: 'updated', field: 'urgent', value: 'true' }, change({ kind: 'updated', before: { urgent: false }, after: { urgent: true } }))).toBe(true);
});

test('marks read back as written; anything else is no mark', () => {
  expect(readWorkflowMark(writeWorkflowMark({ workflow: 'sev1_escalation', depth: 2 }))).toEqual({ workflow: 'sev1_escalation', depth: 2 });
  for (const bad of [undefined, 3, 'x', 'x:0', ':2', 'x:1.5']) expect(readWorkflowMark(bad)).toBeNull();
  expect(MAX_CHAIN_DEPTH).toBeGreaterThan(1);
});

test('instance ids from changes are stable per change and workflow, and name durable executions', () => {
  expect(instanceIdOf('a', 'e1')).toBe(instanceIdOf('a', 'e1'));
  expect(instanceIdOf('a', 'e1')).not.toBe(instanceIdOf('b', 'e1'));
  expect(instanceIdOf('a', 'e1')).not.toBe(instanceIdOf('a', 'e2'));
  expect(isDurableExecutionName(instanceIdOf('a', 'e1'))).toBe(true);
});

test('a change finds exactly the record waits it satisfies', () => {
  const ir = {
    entities: [
      { name: 'Ticket', fields: [{ name: 'status', type: 'enum' }] },
      { name: 'Reply', fields: [{ name: 'ticket_id', type: 'ref' }, { name: 'body', type: 'text' }] },
    ],
  } as unknown as BlueprintIR;
  const run = { record: { entity: 'Ticket', id: 'T1' } };
  const replyWait = recordWaitKey({ kind: 'created', entity: 'Reply', field: 'ticket_id' }, run);
  const resolvedWait = recordWaitKey({ kind: 'fieldSet', field: 'status', value: 'resolved' }, run);
  expect(waitKeysOf(ir, change({ entity: 'Reply', recordId: 'R9', after: { ticket_id: 'T1', body: 'hi' } }))).toContain(replyWait);
  expect(waitKeysOf(ir, change({ entity: 'Reply', recordId: 'R9', after: { ticket_id: 'T2' } }))).not.toContain(replyWait);
  expect(waitKeysOf(ir, change({ kind: 'updated', before: { status: 'open' }, after: { status: 'resolved' } }))).toContain(resolvedWait);
  // An update that leaves the value as it was satisfies no new wait.
  expect(waitKeysOf(ir, change({ kind: 'updated', before: { status: 'resolved' }, after: { status: 'resolved' } }))).not.toContain(resolvedWait);
  expect(waitKeysOf(ir, change({ kind: 'deleted', before: { status: 'resolved' } }))).toEqual([]);
});
