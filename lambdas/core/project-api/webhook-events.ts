/**
 * The event types of a generated project's webhooks, from its blueprint: `<entity>.created`,
 * `<entity>.updated`, `<entity>.deleted`, the entity in snake_case (`ExpenseReport` ->
 * `expense_report`). A subscription names types, `<entity>.*` (every change of that entity) or
 * `*` (every change). The route manifest publishes the pattern, the create and update actions
 * check the entity names against the blueprint, and the change consumer matches changes with
 * `wantsEvent`: one definition for all three.
 */
import type { BlueprintIR } from '../blueprint/ir';
import { kebabCase } from '../text/case';

export const WEBHOOK_CHANGE_KINDS = ['created', 'updated', 'deleted'] as const;
export type WebhookChangeKind = (typeof WEBHOOK_CHANGE_KINDS)[number];

/** What a delivery can be: waiting for an attempt, delivered (a 2xx), or given up (attempts spent, refused, or its subscription gone). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** What an item of a subscription's `events` may look like (the entity is checked against the blueprint apart). */
export const WEBHOOK_EVENT_PATTERN = `^(\\*|[a-z][a-z0-9_]*\\.(\\*|${WEBHOOK_CHANGE_KINDS.join('|')}))$`;
const EVENT = new RegExp(WEBHOOK_EVENT_PATTERN);

/** The event name of an entity: `ExpenseReport` -> `expense_report`, `HTTPLog` -> `http_log`. */
export const webhookEntityName = (entity: string): string => kebabCase(entity).replace(/-/g, '_');

/** The event type of a change: `task.created`. */
export const webhookEventType = (entity: string, kind: WebhookChangeKind): string => `${webhookEntityName(entity)}.${kind}`;

/** Every event type of the blueprint, entity by entity. */
export function webhookEventTypes(ir: Pick<BlueprintIR, 'entities'>): string[] {
  return ir.entities.flatMap((entity) => WEBHOOK_CHANGE_KINDS.map((kind) => webhookEventType(entity.name, kind)));
}

export interface EventProblem {
  readonly index: number;
  readonly message: string;
}

/** What is wrong with a subscription's `events` (empty: nothing); each problem names the item. */
export function webhookEventProblems(ir: Pick<BlueprintIR, 'entities'>, events: readonly string[]): EventProblem[] {
  const entities = new Set(ir.entities.map((e) => webhookEntityName(e.name)));
  const problems: EventProblem[] = [];
  if (events.length === 0) problems.push({ index: -1, message: 'must name at least one event type' });
  events.forEach((event, index) => {
    if (!EVENT.test(event)) {
      problems.push({ index, message: `'${event}' is not an event type: use <entity>.created, <entity>.updated, <entity>.deleted, <entity>.* or *` });
      return;
    }
    const entity = event.split('.')[0]!;
    if (event !== '*' && !entities.has(entity)) {
      problems.push({ index, message: `'${event}' names no entity of this API: '${entity}' is not one of ${[...entities].join(', ')}` });
    }
  });
  return problems;
}

/** Whether a subscription's `events` take an event of `type` (`task.created`). */
export function wantsEvent(events: readonly string[], type: string): boolean {
  const entity = type.slice(0, type.indexOf('.'));
  return events.some((event) => event === '*' || event === type || event === `${entity}.*`);
}
