/**
 * The one rule that tells an event handler from a workflow (the spec format's documentation says
 * it too): a "when X, do Y" with no wait and no signal is an event handler; anything that waits
 * or takes a signal stays a workflow. The workflow reader drafts both alike; this moves every
 * drafted workflow that is only tasks, on a record trigger, to the handlers: its tasks' actions
 * in order, its retries the handler's. A flow with a task whose action the reader could not make
 * out (its phrase is among the open questions) stays a workflow as before handlers existed (that
 * task calls the endpoint named like it, which the owner may set or the user rephrase): a handler
 * never calls an endpoint nobody named. A workflow whose tasks lead elsewhere (`then: ...`) or
 * that another workflow starts stays one.
 */
import type { SpecEventHandler, SpecRetry, SpecWorkflow } from '../spec-model';
import { IrRetryPolicy } from '../../blueprint/ir';
import { snakeCase } from '../../text/case';

/** The most retries a handler takes (a task may take more: such a workflow stays one). */
const MAX_HANDLER_RETRIES = IrRetryPolicy.shape.retries.maxValue ?? 10;

export interface Split {
  workflows: SpecWorkflow[];
  events: SpecEventHandler[];
}

/** `taken`: handler names already in the spec (an edit adds to them). */
export function splitEventHandlers(workflows: readonly SpecWorkflow[], taken: Iterable<string> = []): Split {
  const started = new Set(workflows.flatMap((w) => w.steps.flatMap((s) => (s.kind === 'task' && s.action?.type === 'start' ? [s.action.workflow] : []))));
  const names = new Set(taken);
  const out: Split = { workflows: [], events: [] };
  for (const workflow of workflows) {
    const handler = started.has(workflow.name) ? undefined : handlerOf(workflow, names);
    if (handler) out.events.push(handler);
    else out.workflows.push(workflow);
  }
  // A workflow named apart from one that became a handler (`ticket_admins_2`) takes the name back.
  const kept = new Set(out.workflows.map((w) => w.name));
  for (const workflow of out.workflows) {
    const base = /^(.+)_\d+$/.exec(workflow.name)?.[1];
    if (base === undefined || kept.has(base) || started.has(workflow.name)) continue;
    kept.delete(workflow.name);
    kept.add(base);
    workflow.name = base;
  }
  return out;
}

function handlerOf(workflow: SpecWorkflow, names: Set<string>): SpecEventHandler | undefined {
  const on = workflow.trigger;
  const tasks = workflow.steps.flatMap((step) => (step.kind === 'task' && step.next === undefined ? [step] : []));
  if (!on || tasks.length === 0 || tasks.length !== workflow.steps.length) return undefined;
  const retried = tasks.find((task) => task.retries !== undefined || task.backoff !== undefined);
  if (retried && ((retried.retries ?? 0) > MAX_HANDLER_RETRIES || tasks.some((task) => task !== retried && (task.retries !== undefined || task.backoff !== undefined)))) return undefined;
  const retry: SpecRetry | undefined = retried ? { retries: retried.retries ?? 0, ...(retried.backoff !== undefined ? { backoff: retried.backoff } : {}) } : undefined;
  const actions = tasks.flatMap((task) => (task.action ? [task.action] : []));
  if (actions.length < tasks.length) return undefined;
  // ("Zine stock_count = 0": a number reached is named with its field, on_zine_stock_count_0.)
  const base = `on_${snakeCase(on.entity)}_${on.value === undefined ? on.event : /^\d/.test(on.value) && on.field !== undefined ? `${on.field}_${on.value.replace(/\W+/g, '_')}` : snakeCase(on.value)}`;
  let name = base;
  for (let n = 2; names.has(name); n += 1) name = `${base}_${n}`;
  names.add(name);
  return {
    name,
    ...(workflow.description !== undefined ? { description: workflow.description } : {}),
    on,
    actions,
    ...(retry ? { retry } : {}),
  };
}
