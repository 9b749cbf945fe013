/**
 * The workflow routes of a generated API: one start route per workflow (`/workflows/<name>/start`,
 * a literal path, so `{workflow_id}` is the only parameter at that position), the signal route,
 * and the admin's list, read and cancel of instances; and their schemas.
 */
import type { IrWorkflow } from '../ir';
import { DEFAULT_MAX_LENGTH } from '../field-limits';
import { pascalCase } from '../../text/case';
import type { RouteBuilder } from './route-builder';
import { ID_PARAMS, TIMESTAMP, NEXT_CURSOR, objectSchema, responseObject } from './schema-parts';
import { denied, entityPaths, entityRoute } from './crud-routes';
import { formatBytes, withArticle } from '../../text/english';
import type { JsonSchema } from './types';

/** What a workflow instance can be. */
export const WORKFLOW_STATUSES = ['running', 'waiting', 'succeeded', 'failed', 'cancelled', 'timed_out'];
/** Workflow instance ids: bounded until the engine gives them a shape. */
const WORKFLOW_ID_MAX_LENGTH = 128;

export function defineWorkflowSchemas(b: RouteBuilder): void {
  const events = [...new Set(b.ir.workflows.flatMap((w) => w.steps.flatMap((s) => (s.kind === 'waitForEvent' ? s.events : []))))];
  const status: JsonSchema = { type: 'string', enum: [...WORKFLOW_STATUSES] };
  const payload = `At most ${formatBytes(b.ir.limits.workflowPayloadMaxBytes)} as JSON.`;
  b.define('WorkflowStartRequest', objectSchema({ input: { type: 'object', description: `The instance's input. ${payload}` } }, []));
  b.define(
    'WorkflowSignalRequest',
    objectSchema(
      {
        event: { type: 'string', ...(events.length > 0 ? { enum: events } : { maxLength: DEFAULT_MAX_LENGTH.string.maxLength }), description: 'The event a waiting step waits for.' },
        data: { type: 'object', description: `Handed to the waiting step as its output. ${payload}` },
      },
      ['event'],
    ),
  );
  b.define('WorkflowAccepted', responseObject({ workflow_id: { type: 'string' }, status }, ['workflow_id', 'status']));
  const step = responseObject({ name: { type: 'string' }, output: { type: 'object', nullable: true }, completed_at: TIMESTAMP }, ['name', 'completed_at']);
  const event = responseObject({ at: TIMESTAMP, type: { type: 'string' }, step: { type: 'string' }, message: { type: 'string' } }, ['at', 'type']);
  b.define(
    'WorkflowInstance',
    responseObject(
      {
        workflow_id: { type: 'string' },
        name: { type: 'string', enum: b.ir.workflows.map((w) => w.name) },
        status,
        current_step: { type: 'string', nullable: true },
        input: { type: 'object' },
        completed_steps: { type: 'array', items: step },
        history: { type: 'array', items: event },
        created_at: TIMESTAMP,
        updated_at: TIMESTAMP,
      },
      ['workflow_id', 'name', 'status', 'current_step', 'completed_steps', 'history', 'created_at', 'updated_at'],
    ),
  );
  b.define(
    'RecordWorkflowList',
    responseObject(
      {
        items: {
          type: 'array',
          items: responseObject(
            {
              workflow_id: { type: 'string' },
              name: { type: 'string', enum: b.ir.workflows.map((w) => w.name) },
              status,
              current_step: { type: 'string', nullable: true },
              waiting_for: { type: 'array', items: { type: 'string' }, description: 'The events (or the record change) the current step waits for.' },
              created_at: TIMESTAMP,
            },
            ['workflow_id', 'name', 'status', 'current_step', 'waiting_for', 'created_at'],
          ),
        },
        next_cursor: NEXT_CURSOR,
      },
      ['items', 'next_cursor'],
    ),
  );
  b.define(
    'WorkflowInstanceList',
    responseObject({ items: { type: 'array', items: b.ref('WorkflowInstance') }, next_cursor: NEXT_CURSOR }, ['items', 'next_cursor']),
  );
}

export function workflowRoutes(b: RouteBuilder): void {
  const base = { kind: 'workflows' as const, tag: 'Workflows' };
  // Who may read a record finds the instances it started and what they wait for (a manager who must approve).
  const triggering = new Set(b.ir.workflows.flatMap((w) => ('manual' in w.trigger ? [] : [w.trigger.entity])));
  for (const entity of b.ir.entities.filter((e) => triggering.has(e.name))) {
    b.add(
      {
        ...entityRoute(entity, 'read', 'read'),
        kind: 'workflows',
        id: `${entity.collection}.workflows`,
        operationId: `list${entity.name}Workflows`,
        method: 'GET',
        path: `${entityPaths(entity).item}/workflows`,
        action: 'workflows.forRecord',
        summary: `The workflow instances ${withArticle(entity.name)} started, newest first, with what they wait for`,
        request: { params: ID_PARAMS, query: b.pageQuery({}) },
      },
      { status: 200, description: 'A page of instances', schema: b.ref('RecordWorkflowList') },
      [...denied(entity.operations.read.level), 404],
    );
  }
  for (const workflow of b.ir.workflows) {
    b.add(
      {
        ...base,
        id: `workflows.${workflow.name}.start`,
        operationId: `start${pascalCase(workflow.name)}`,
        method: 'POST',
        path: `/workflows/${workflow.name}/start`,
        action: 'workflows.start',
        workflow: workflow.name,
        level: 'authenticated',
        summary: `Start the ${workflow.name} workflow${triggerText(workflow)}`,
        request: { body: b.ref('WorkflowStartRequest') },
      },
      { status: 202, description: 'The instance started', schema: b.ref('WorkflowAccepted') },
      [400, 403, [413, `Input over ${formatBytes(b.ir.limits.workflowPayloadMaxBytes)} (PAYLOAD_TOO_LARGE)`], [429, `Too many running instances (at most ${b.ir.limits.maxConcurrentWorkflows}) (WORKFLOW_LIMIT)`]],
    );
  }
  const instance = objectSchema({ workflow_id: { type: 'string', minLength: 1, maxLength: WORKFLOW_ID_MAX_LENGTH, description: 'The instance id.' } }, ['workflow_id']);
  b.add(
    {
      ...base,
      id: 'workflows.signal',
      operationId: 'signalWorkflow',
      method: 'POST',
      path: '/workflows/{workflow_id}/signal',
      action: 'workflows.signal',
      level: 'authenticated',
      summary: 'Send an event with data to a waiting workflow instance',
      request: { params: instance, body: b.ref('WorkflowSignalRequest') },
    },
    { status: 202, description: 'The event was handed to the waiting step, or kept until a step waits for it', schema: b.ref('WorkflowAccepted') },
    // A signal for a step not reached yet waits in the instance's inbox (202); only an end refuses it.
    [400, 403, 404, [409, 'The instance has ended or was cancelled, or the wait it was for timed out meanwhile (CONFLICT)'], [413, `Data over ${formatBytes(b.ir.limits.workflowPayloadMaxBytes)} (PAYLOAD_TOO_LARGE)`]],
  );
  const admin = { ...base, tag: 'Workflow administration', level: 'admin' as const };
  b.add(
    {
      ...admin,
      id: 'workflows.list',
      operationId: 'listWorkflowInstances',
      method: 'GET',
      path: '/admin/workflows',
      action: 'workflows.list',
      summary: 'List workflow instances, newest first',
      request: { query: b.pageQuery({ status: { type: 'string', enum: [...WORKFLOW_STATUSES], description: 'Only instances in this status.' } }) },
    },
    { status: 200, description: 'A page of instances', schema: b.ref('WorkflowInstanceList') },
    [403],
  );
  b.add(
    { ...admin, id: 'workflows.read', operationId: 'getWorkflowInstance', method: 'GET', path: '/admin/workflows/{workflow_id}', action: 'workflows.read', summary: 'Read an instance: status, current step, completed steps with outputs, history', request: { params: instance } },
    { status: 200, description: 'The instance', schema: b.ref('WorkflowInstance') },
    [403, 404],
  );
  b.add(
    { ...admin, id: 'workflows.cancel', operationId: 'cancelWorkflowInstance', method: 'POST', path: '/admin/workflows/{workflow_id}/cancel', action: 'workflows.cancel', summary: 'Cancel a running or waiting instance', request: { params: instance } },
    { status: 200, description: 'The cancelled instance', schema: b.ref('WorkflowInstance') },
    [403, 404, [409, 'The instance has already ended (CONFLICT)']],
  );
}

function triggerText(workflow: IrWorkflow): string {
  const trigger = workflow.trigger;
  if ('manual' in trigger) return '';
  const what = trigger.field !== undefined ? `${trigger.entity} ${trigger.field} = ${trigger.value ?? ''}`.trim() : `${trigger.entity} ${trigger.event}`;
  return ` (also started automatically on: ${what})`;
}
