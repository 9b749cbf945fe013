/**
 * The store-free parts of webhooks: the event types a blueprint has and what a subscription may
 * name (core/project-api/webhook-events.ts), the payload a change makes and its ids
 * (webhook-payload.ts), and the backoff of failed attempts (webhook-retries.ts).
 */
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { WEBHOOK_EVENT_PATTERN, wantsEvent, webhookEventProblems, webhookEventType, webhookEventTypes } from '../../lambdas/core/project-api/webhook-events';
import { isRecordId } from '../../lambdas/core/project-api/record-id';
import type { RecordChange } from '../../lambdas/ports/record-changes';
import { webhookDeliveryIdOf, webhookEventOf } from '../../lambdas/project-runtime/webhooks/webhook-payload';
import { DEFAULT_WEBHOOK_RETRY_POLICY, retryDelaySeconds } from '../../lambdas/project-runtime/webhooks/webhook-retries';
import { exampleBlueprints } from '../fixtures/producers/artifacts';

const ir = { entities: [{ name: 'Task' }, { name: 'ExpenseReport' }, { name: 'HTTPLog' }] } as unknown as Pick<BlueprintIR, 'entities'>;

describe('event types', () => {
  it('are <entity>.created|updated|deleted with the entity in snake_case', () => {
    expect(webhookEventTypes(ir)).toEqual([
      'task.created', 'task.updated', 'task.deleted',
      'expense_report.created', 'expense_report.updated', 'expense_report.deleted',
      'http_log.created', 'http_log.updated', 'http_log.deleted',
    ]);
    expect(webhookEventType('ExpenseReport', 'updated')).toBe('expense_report.updated');
  });

  it('every type of every example matches the published pattern', () => {
    const pattern = new RegExp(WEBHOOK_EVENT_PATTERN);
    for (const { ir: example } of exampleBlueprints()) for (const type of webhookEventTypes(example)) expect(type).toMatch(pattern);
  });

  it('a subscription may name types, <entity>.* and *; an unknown entity or shape is named', () => {
    expect(webhookEventProblems(ir, ['task.created', 'expense_report.*', '*'])).toEqual([]);
    expect(webhookEventProblems(ir, [])).toEqual([{ index: -1, message: 'must name at least one event type' }]);
    const problems = webhookEventProblems(ir, ['task.created', 'invoice.created', 'task.archived', 'Task.created']);
    expect(problems.map((p) => p.index)).toEqual([1, 2, 3]);
    expect(problems[0]!.message).toContain("'invoice.created' names no entity of this API");
    expect(problems[0]!.message).toContain('task, expense_report, http_log');
    expect(problems[1]!.message).toContain("'task.archived' is not an event type");
  });

  it('wildcards match as documented, and nothing else does', () => {
    expect(wantsEvent(['*'], 'task.deleted')).toBe(true);
    expect(wantsEvent(['task.*'], 'task.deleted')).toBe(true);
    expect(wantsEvent(['task.*'], 'expense_report.deleted')).toBe(false);
    expect(wantsEvent(['task.created'], 'task.updated')).toBe(false);
    // `task.*` is not a prefix match: `task_list.created` is another entity.
    expect(wantsEvent(['task.*'], 'task_list.created')).toBe(false);
  });
});

describe('payload', () => {
  const base: RecordChange = {
    changeId: 'evt-1',
    entity: 'Task',
    orgId: 'ORG1',
    recordId: 'R1',
    kind: 'updated',
    before: { id: 'R1', title: 'old', updated_at: '2026-01-01T00:00:00.000Z' },
    after: { id: 'R1', title: 'new', updated_at: '2026-01-01T00:00:05.123Z' },
    at: '2026-01-01T00:00:00Z',
  };

  it('is { id, type, occurred_at, org_id, data, previous } for an update', () => {
    const event = webhookEventOf(base);
    expect(Object.keys(event)).toEqual(['id', 'type', 'occurred_at', 'org_id', 'data', 'previous']);
    expect(event).toMatchObject({ type: 'task.updated', occurred_at: '2026-01-01T00:00:05.123Z', org_id: 'ORG1', data: base.after, previous: base.before });
    expect(isRecordId(event.id)).toBe(true);
  });

  it('a creation has no previous; a deletion carries the record as it was, at the change time', () => {
    const created = webhookEventOf({ ...base, kind: 'created', before: undefined });
    expect(created).not.toHaveProperty('previous');
    expect(created.data).toEqual(base.after);
    const deleted = webhookEventOf({ ...base, kind: 'deleted', after: undefined });
    expect(deleted).toMatchObject({ type: 'task.deleted', data: base.before, occurred_at: base.at });
    expect(deleted).not.toHaveProperty('previous');
  });

  it('ids come from the change: the same change makes the same event and delivery ids, another change or subscription others', () => {
    expect(webhookEventOf(base).id).toBe(webhookEventOf({ ...base }).id);
    expect(webhookEventOf({ ...base, changeId: 'evt-2' }).id).not.toBe(webhookEventOf(base).id);
    const a = webhookDeliveryIdOf(base, 'W1');
    expect(isRecordId(a)).toBe(true);
    expect(webhookDeliveryIdOf({ ...base }, 'W1')).toBe(a);
    expect(webhookDeliveryIdOf(base, 'W2')).not.toBe(a);
    expect(webhookDeliveryIdOf({ ...base, changeId: 'evt-2' }, 'W1')).not.toBe(a);
  });
});

describe('retries', () => {
  it('default: 6 attempts, 30 s doubling, then none', () => {
    expect(DEFAULT_WEBHOOK_RETRY_POLICY).toEqual({ maxAttempts: 6, firstDelaySeconds: 30, factor: 2 });
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelaySeconds(DEFAULT_WEBHOOK_RETRY_POLICY, n, 'status'))).toEqual([30, 60, 120, 240, 480, null]);
  });

  it('a refused address is not tried again; timeouts, network errors and our own failures are', () => {
    expect(retryDelaySeconds(DEFAULT_WEBHOOK_RETRY_POLICY, 1, 'refused_address')).toBeNull();
    for (const kind of ['timeout', 'network', 'dns', 'redirect', 'internal'] as const) expect(retryDelaySeconds(DEFAULT_WEBHOOK_RETRY_POLICY, 1, kind)).toBe(30);
    expect(retryDelaySeconds({ maxAttempts: 3, firstDelaySeconds: 1, factor: 3 }, 2, 'status')).toBe(3);
    expect(retryDelaySeconds({ maxAttempts: 3, firstDelaySeconds: 1, factor: 3 }, 3, 'status')).toBeNull();
  });
});
