/**
 * The workflow routes of a generated project API (CONTRACT "Workflows"): start, signal, the
 * admin's list, read and cancel, and a record's own instances. Instances belong to the caller's
 * organization (another one's id is not found). Who may signal an instance: the admin, the member
 * who started it, and for an instance a record started, whoever may update that record. A
 * deployment whose runtime has no workflow engine answers 501 with the contract's error body.
 */
import { decodeCursor, encodeCursor } from '../../core/cursor';
import { NotImplementedError, NotFoundError, ForbiddenError, PayloadTooLargeError, ValidationError } from '../../core/errors';
import type { IrWorkflow } from '../../core/blueprint/ir';
import type { HandlerResult } from '../../shared/http-types';
import { DurableExecutionFinishedError, DurableExecutionNotFoundError } from '../../ports/durable-executions';
import { WORKFLOW_INSTANCE_STATUSES, isEnded, type WorkflowInstance, type WorkflowInstanceStatus } from '../../ports/workflow-instances';
import type { ActionInput, Caller } from '../action-input';
import type { WorkflowRuntime } from '../runtime-services';
import { accessToRecord, allowedCaller, ownerOf } from './access';
import { pageLimit } from './paging';

/** What a caller may hand in as input or signal data (CONTRACT: 256 KB). */
const payloadBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value ?? {}), 'utf8');

function runtimeOf(input: ActionInput): WorkflowRuntime {
  const runtime = input.services.workflows;
  if (!runtime) throw new NotImplementedError('Workflows do not run in this deployment: its runtime has no workflow engine');
  return runtime;
}

/**
 * How deep a payload's objects and arrays may nest: it is stored inside an instance's items, and
 * DynamoDB refuses documents nested over 32 levels (the items add a few of their own).
 */
export const MAX_PAYLOAD_DEPTH = 24;

const depthOf = (value: unknown): number =>
  value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value as Record<string, unknown>).map(depthOf)) : 0;

function checkPayload(input: ActionInput, value: unknown, what: string, path: string): void {
  const max = input.services.ir.limits.workflowPayloadMaxBytes;
  if (payloadBytes(value) > max) throw new PayloadTooLargeError(`The ${what} is larger than ${max} bytes as JSON`);
  if (depthOf(value) > MAX_PAYLOAD_DEPTH) throw new ValidationError(`Invalid body: ${path} nests deeper than ${MAX_PAYLOAD_DEPTH} levels`, [{ path, message: `must nest at most ${MAX_PAYLOAD_DEPTH} levels of objects and arrays` }]);
}

function workflowOf(input: ActionInput, name: string): IrWorkflow {
  const workflow = input.services.ir.workflows.find((w) => w.name === name);
  if (!workflow) throw new Error(`The route ${input.route.id} names workflow ${name}, absent from the blueprint`);
  return workflow;
}

/** The events a workflow's steps can wait for. */
const eventsOf = (workflow: IrWorkflow): Set<string> => new Set(workflow.steps.flatMap((s) => (s.kind === 'waitForEvent' ? s.events : [])));

async function instanceOf(input: ActionInput, caller: Caller): Promise<WorkflowInstance> {
  const instance = await runtimeOf(input).instances.get(caller.orgId, input.params.workflow_id as string);
  if (!instance) throw new NotFoundError('No workflow instance with this id');
  return instance;
}

/** The instance as the API shows it. */
function instanceBody(instance: WorkflowInstance, completed: readonly { name: string; output: unknown; completedAt: string }[] = []) {
  return {
    workflow_id: instance.id,
    name: instance.workflow,
    status: instance.status,
    ...(instance.outcome !== undefined ? { outcome: instance.outcome } : {}),
    current_step: instance.currentStep,
    input: instance.input,
    ...(instance.record ? { record: { entity: instance.record.entity, id: instance.record.id } } : {}),
    ...(instance.error !== undefined ? { error: instance.error } : {}),
    completed_steps: completed.map((step) => ({ name: step.name, output: step.output, completed_at: step.completedAt })),
    history: instance.history.map((entry) => ({ at: entry.at, type: entry.type, ...(entry.step !== undefined ? { step: entry.step } : {}), ...(entry.message !== undefined ? { message: entry.message } : {}) })),
    created_at: instance.createdAt,
    updated_at: instance.updatedAt,
  };
}

/** Whether the caller may signal: the admin, its starter, or whoever may update the record that started it. */
async function maySignal(input: ActionInput, caller: Caller, instance: WorkflowInstance): Promise<boolean> {
  const { ir } = input.services;
  if (caller.role === ir.adminRole || instance.startedBy === caller.userId) return true;
  if (!instance.record) return false;
  const entity = ir.entities.find((e) => e.name === instance.record!.entity);
  const right = ir.roles.find((r) => r.name === caller.role)?.rights[instance.record.entity]?.update;
  if (!entity || !right) return false;
  if (right !== 'own') return true;
  const record = await input.services.records.get(entity, input.services.access.scope(ir, entity, caller), instance.record.id);
  return record !== null && ownerOf(entity, record) === caller.userId;
}

const listCursorScope = (input: ActionInput, caller: Caller, what: string): string => `${input.services.projectId}/${caller.orgId ?? '-'}/workflows/${what}`;

export const workflowActions = {
  'workflows.start': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await allowedCaller(input);
    const runtime = runtimeOf(input);
    const body = (input.body ?? {}) as { input?: Record<string, unknown> };
    checkPayload(input, body.input, 'input', 'body.input');
    const started = await runtime.starter.start({ workflow: workflowOf(input, input.route.workflow!).name, orgId: caller.orgId, input: body.input ?? {}, startedBy: caller.userId });
    return { status: 202, body: { workflow_id: started.instanceId, status: 'running' } };
  },

  'workflows.signal': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await allowedCaller(input);
    const runtime = runtimeOf(input);
    const instance = await instanceOf(input, caller);
    const body = input.body as { event: string; data?: Record<string, unknown> };
    const workflow = input.services.ir.workflows.find((w) => w.name === instance.workflow);
    if (!workflow || !eventsOf(workflow).has(body.event)) {
      throw new ValidationError(`Unknown event '${body.event}' for workflow ${instance.workflow}`, [{ path: 'body.event', message: `must be one of ${[...(workflow ? eventsOf(workflow) : [])].join(', ') || '(this workflow waits for no events)'}` }]);
    }
    checkPayload(input, body.data, 'signal data', 'body.data');
    if (!(await maySignal(input, caller, instance))) throw new ForbiddenError('Not allowed: your role may not signal this workflow instance');
    const delivery = await runtime.instances.deliverSignal(caller.orgId, instance.id, { event: body.event, data: body.data ?? {}, at: input.now.toISOString() });
    if (delivery.kind === 'resume') {
      try {
        await runtime.executions.sendCallbackSuccess(delivery.callbackId, { event: body.event, data: body.data ?? {} });
      } catch (err) {
        if (err instanceof DurableExecutionFinishedError || err instanceof DurableExecutionNotFoundError) throw new DurableExecutionFinishedError('The instance stopped waiting for this event (its wait timed out or it ended)');
        throw err;
      }
    }
    return { status: 202, body: { workflow_id: instance.id, status: delivery.kind === 'resume' ? 'running' : instance.status } };
  },

  'workflows.list': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await allowedCaller(input);
    const runtime = runtimeOf(input);
    const { status, ...paging } = input.query;
    if (status !== undefined && !WORKFLOW_INSTANCE_STATUSES.includes(status as WorkflowInstanceStatus)) {
      throw new ValidationError('Invalid query: query.status is not an instance status', [{ path: 'query.status', message: `must be one of ${WORKFLOW_INSTANCE_STATUSES.join(', ')}` }]);
    }
    const { limit, cursor } = pageLimit(paging, input.services.ir.limits);
    const scope = listCursorScope(input, caller, status ?? '*');
    const page = await runtime.instances.list(caller.orgId, {
      ...(status ? { status: status as WorkflowInstanceStatus } : {}),
      limit,
      ...(cursor ? { startKey: decodeCursor(cursor, scope, runtime.cursorSecret) } : {}),
    });
    return { body: { items: page.items.map((i) => instanceBody(i)), next_cursor: page.lastKey ? encodeCursor(page.lastKey, scope, runtime.cursorSecret) : null } };
  },

  'workflows.read': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await allowedCaller(input);
    const instance = await instanceOf(input, caller);
    return { body: instanceBody(instance, await runtimeOf(input).instances.completedSteps(caller.orgId, instance.id)) };
  },

  'workflows.cancel': async (input: ActionInput): Promise<HandlerResult> => {
    const caller = await allowedCaller(input);
    const runtime = runtimeOf(input);
    const instance = await instanceOf(input, caller);
    if (isEnded(instance.status)) throw new DurableExecutionFinishedError(`The instance has already ended (${instance.status})`);
    try {
      await runtime.executions.stop(instance.id);
    } catch (err) {
      // An execution that ended or never started leaves only the instance to end.
      if (!(err instanceof DurableExecutionFinishedError || err instanceof DurableExecutionNotFoundError)) throw err;
    }
    const ended = await runtime.instances.finish(caller.orgId, instance.id, { status: 'cancelled', at: input.now.toISOString() });
    const after = await runtime.instances.get(caller.orgId, instance.id);
    if (!ended && after && after.status !== 'cancelled') throw new DurableExecutionFinishedError(`The instance has already ended (${after.status})`);
    return { body: instanceBody(after ?? instance, await runtime.instances.completedSteps(caller.orgId, instance.id)) };
  },

  'workflows.forRecord': async (input: ActionInput): Promise<HandlerResult> => {
    const access = await accessToRecord(input);
    const runtime = runtimeOf(input);
    const caller = access.caller;
    const orgId = caller?.orgId ?? null;
    const { limit, cursor } = pageLimit(input.query, input.services.ir.limits);
    const scope = `${input.services.projectId}/${orgId ?? '-'}/workflows/${access.entity.name}/${access.record.id}`;
    const page = await runtime.instances.listForRecord(orgId, { entity: access.entity.name, id: access.record.id }, { limit, ...(cursor ? { startKey: decodeCursor(cursor, scope, runtime.cursorSecret) } : {}) });
    return {
      body: {
        items: page.items.map((i) => ({ workflow_id: i.id, name: i.workflow, status: i.status, current_step: i.currentStep, waiting_for: i.waitingFor, created_at: i.createdAt })),
        next_cursor: page.lastKey ? encodeCursor(page.lastKey, scope, runtime.cursorSecret) : null,
      },
    };
  },
};
